/**
 * Thirty relevance questions over the Node.js API docs, each with the
 * sections that answer it, for the benchmark's hit@1 and hit@5.
 *
 * A hit counts when its source ends with `file` and its title contains one
 * of `sections`.
 *
 * @module
 */

/** One benchmark question and where its answer lives. */
export interface BenchQuestion {
  /** What a user or agent would type. */
  query: string;
  /** natural language, exact API name, partial identifier, or typo. */
  style: "natural" | "exact" | "partial" | "typo";
  /** The Markdown file of the answer. */
  file: string;
  /** Title fragments of the sections that answer it. */
  sections: string[];
}

/** The question set. */
export const BENCH_QUESTIONS: readonly BenchQuestion[] = [
  {
    query: "remove a directory and everything in it recursively",
    style: "natural",
    file: "fs.md",
    sections: ["fsPromises.rm(", "fs.rm(", "fs.rmSync("],
  },
  {
    query: "generate a random UUID",
    style: "natural",
    file: "crypto.md",
    sections: ["crypto.randomUUID"],
  },
  {
    query: "compare two secrets in constant time to avoid timing attacks",
    style: "natural",
    file: "crypto.md",
    sections: ["crypto.timingSafeEqual"],
  },
  {
    query: "raise the limit on the number of listeners for an event",
    style: "natural",
    file: "events.md",
    sections: ["setMaxListeners"],
  },
  {
    query: "run a shell command synchronously and return its output",
    style: "natural",
    file: "child_process.md",
    sections: ["child_process.execSync", "child_process.execFileSync"],
  },
  {
    query: "how many logical CPU cores does the machine have",
    style: "natural",
    file: "os.md",
    sections: ["os.cpus()", "os.availableParallelism"],
  },
  {
    query: "schedule a callback to run after I/O events callbacks",
    style: "natural",
    file: "timers.md",
    sections: ["setImmediate("],
  },
  {
    query: "read a file stream line by line",
    style: "natural",
    file: "readline.md",
    sections: ["line-by-Line"],
  },
  {
    query: "resolve a sequence of path segments into an absolute path",
    style: "natural",
    file: "path.md",
    sections: ["path.resolve("],
  },
  {
    query: "watch for changes on a file or directory",
    style: "natural",
    file: "fs.md",
    sections: ["fs.watch(", "fs.watchFile(", "fsPromises.watch("],
  },
  {
    query: "compress a stream with gzip",
    style: "natural",
    file: "zlib.md",
    sections: ["zlib.createGzip", "zlib.gzip(", "Compressing"],
  },
  {
    query: "send a message from a worker thread back to the parent thread",
    style: "natural",
    file: "worker_threads.md",
    sections: ["parentPort", "port.postMessage"],
  },
  {
    query: "set the exit code of the process without exiting immediately",
    style: "natural",
    file: "process.md",
    sections: ["process.exitCode", "process.exit("],
  },
  {
    query: "fs.readFileSync",
    style: "exact",
    file: "fs.md",
    sections: ["fs.readFileSync("],
  },
  {
    query: "crypto.createHash",
    style: "exact",
    file: "crypto.md",
    sections: ["crypto.createHash("],
  },
  {
    query: "util.promisify",
    style: "exact",
    file: "util.md",
    sections: ["util.promisify("],
  },
  {
    query: "http.createServer",
    style: "exact",
    file: "http.md",
    sections: ["http.createServer("],
  },
  {
    query: "path.basename",
    style: "exact",
    file: "path.md",
    sections: ["path.basename("],
  },
  {
    query: "process.nextTick",
    style: "exact",
    file: "process.md",
    sections: ["process.nextTick("],
  },
  {
    query: "Buffer.alloc",
    style: "exact",
    file: "buffer.md",
    sections: ["Buffer.alloc("],
  },
  {
    query: "url.fileURLToPath",
    style: "exact",
    file: "url.md",
    sections: ["url.fileURLToPath("],
  },
  {
    query: "readFileSyn",
    style: "partial",
    file: "fs.md",
    sections: ["fs.readFileSync("],
  },
  {
    query: "createReadStr",
    style: "partial",
    file: "fs.md",
    sections: ["fs.createReadStream(", "filehandle.createReadStream("],
  },
  {
    query: "timingSafe",
    style: "partial",
    file: "crypto.md",
    sections: ["crypto.timingSafeEqual"],
  },
  {
    query: "setMaxListen",
    style: "partial",
    file: "events.md",
    sections: ["setMaxListeners"],
  },
  {
    query: "fileURLTo",
    style: "partial",
    file: "url.md",
    sections: ["url.fileURLToPath("],
  },
  {
    query: "randomUUDI",
    style: "typo",
    file: "crypto.md",
    sections: ["crypto.randomUUID"],
  },
  {
    query: "util promisfy",
    style: "typo",
    file: "util.md",
    sections: ["util.promisify("],
  },
  {
    query: "setImmedate",
    style: "typo",
    file: "timers.md",
    sections: ["setImmediate("],
  },
  {
    query: "chlid_process spwan",
    style: "typo",
    file: "child_process.md",
    sections: ["child_process.spawn("],
  },
];
