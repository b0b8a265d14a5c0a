/**
 * The JavaScript/TypeScript sandbox host of the compiled binary
 * (`ctx-mode __sandbox CONFIG`; `deno run … worker_host.ts CONFIG` stands in
 * for it in tests).
 *
 * Under `deno run` the sandbox is a process started with exactly the grants
 * of the run (see `js_host.ts`). In the compiled binary, whose own
 * permissions are fixed at compile time, a `Worker` carries the grants
 * (`deno.permissions`), and a `node:worker_threads` worker inside it runs the
 * module, because only those end on their own when the event loop is empty
 * (they inherit the grants of the worker that starts them and take a heap
 * limit).
 *
 * Like `main.ts` this is an edge: it writes to stderr and exits. It must not
 * import other ctx-mode modules (a confined run mounts only this folder).
 *
 * @module
 */

/** What the runner tells the sandbox process, as one JSON argument. */
export interface HostConfig {
  mode: "process" | "worker";
  /** The code file (absolute path). */
  code: string;
  /** The project dir (real path), exposed as `PROJECT_DIR`. */
  project: string;
  /** For exec-file: the file exposed as `FILE_PATH`, its text as `FILE_CONTENT`. */
  file?: string;
  /** The run's temp dir. */
  scratch: string;
  /** Paths the code may read (worker mode). */
  read: string[];
  /** Paths the code may write (worker mode). */
  write: string[];
  /** The JavaScript heap limit in MB (worker mode; process mode uses `--v8-flags`). */
  heapMb: number;
  /** Paths the code may never write, existing or not (process mode). */
  denyWrite?: string[];
}

/** How often to check whether the runner that started us is still alive. */
const PARENT_POLL_MS = 1_000;

const MID_WORKER_SOURCE = `
import { Worker } from "node:worker_threads";
self.onmessage = ({ data }) => {
  self.onmessage = null;
  const worker = new Worker(new URL(data.entry), {
    workerData: data.workerData,
    resourceLimits: { maxOldGenerationSizeMb: data.heapMb },
  });
  let failure;
  worker.on("error", (error) => {
    failure = {
      message: String(error?.stack ?? error),
      outOfMemory: error?.code === "ERR_WORKER_OUT_OF_MEMORY",
    };
  });
  worker.on("exit", (code) => postMessage({ code, failure }));
};
`;

const PRELUDE_SOURCE = `
import { workerData } from "node:worker_threads";
globalThis.PROJECT_DIR = workerData.project;
if (workerData.file !== undefined) {
  globalThis.FILE_PATH = workerData.file;
  globalThis.FILE_CONTENT = workerData.content;
}
await import(workerData.code);
`;

function fileUrl(path: string): string {
  const normalized = path.replaceAll("\\", "/");
  const url = new URL("file://");
  url.pathname = normalized.startsWith("/") ? normalized : `/${normalized}`;
  return url.href;
}

/**
 * Writes all of `text` to a standard stream.
 *
 * @param stream `Deno.stdout` or `Deno.stderr`.
 * @param text The text.
 */
export async function writeAll(
  stream: typeof Deno.stdout | typeof Deno.stderr,
  text: string,
): Promise<void> {
  const bytes = new TextEncoder().encode(text);
  let written = 0;
  while (written < bytes.length) {
    written += await stream.write(bytes.subarray(written));
  }
}

function writeError(text: string): Promise<void> {
  return writeAll(Deno.stderr, text);
}

/**
 * Watches the process that started this one: when it dies, removes the
 * run's temp dir, ends the processes below this one (`reap`) and this
 * process's whole group. In a run's own `pids` cgroup (a root server
 * without a PID namespace) the kernel ends the run instead, this process
 * included (`cgroup.kill`), once the temp dir is removed: a run that forks
 * as fast as it can is never outpaced, and one that took every task of its
 * cgroup cannot outlive this process. Self-contained: a Worker can run it
 * from its source text.
 *
 * @param scratch The run's temp dir.
 * @param pollMs How often to look.
 * @param reap Ends the processes below this one. @default {() => {}}
 */
export function startParentWatch(
  scratch: string,
  pollMs: number,
  reap: () => void = () => {},
): void {
  const parent = Deno.ppid;
  /** The cgroup v2 folder of this process, when it is a run's own (made by `_process_limit.ts`). */
  const runGroup = (): string | null => {
    try {
      const text = Deno.readTextFileSync("/proc/self/cgroup");
      const path = /^0::(\/.*)$/m.exec(text)?.[1];
      return path && /\/ctx-mode-run-[^/]+$/.test(path) ? path : null;
    } catch {
      return null;
    }
  };
  const timer = setInterval(() => {
    if (Deno.ppid === parent) return;
    const group = runGroup();
    try {
      Deno.removeSync(scratch, { recursive: true });
    } catch {
      // best effort
    }
    try {
      if (group === null) throw new Error("no cgroup of the run's own");
      Deno.writeTextFileSync(`/sys/fs/cgroup${group}/cgroup.kill`, "1");
    } catch {
      // No such cgroup, or cgroup v1, or a kernel before 5.14.
      try {
        reap();
      } catch {
        // best effort: the group kill below still comes
      }
    }
    try {
      Deno.kill(-Deno.pid, "SIGKILL");
    } catch {
      Deno.exit(137);
    }
  }, pollMs);
  Deno.unrefTimer(timer);
}

async function readText(path: string): Promise<string> {
  return new TextDecoder().decode(await Deno.readFile(path));
}

interface WorkerOutcome {
  code: number;
  failure?: { message: string; outOfMemory?: boolean; inHost?: boolean };
}

/**
 * Runs the code file of `config` in a Worker that holds exactly the run's
 * permissions, and waits for it.
 *
 * @param config The run.
 * @returns The exit code: the code's own, 1 when it threw.
 */
export async function runInWorker(config: HostConfig): Promise<number> {
  const entry = `${config.scratch}/prelude.mjs`;
  await Deno.writeTextFile(entry, PRELUDE_SOURCE);
  const content = config.file === undefined
    ? undefined
    : await readText(config.file);
  const source = URL.createObjectURL(
    new Blob([MID_WORKER_SOURCE], { type: "application/javascript" }),
  );
  // `deno.permissions` needs --unstable-worker-options (baked into the compiled binary).
  const options = {
    type: "module",
    name: "ctx-mode-sandbox",
    deno: {
      permissions: {
        read: config.read,
        write: config.write,
        net: true,
        import: true,
        env: false,
        run: false,
        ffi: false,
        sys: false,
      },
    },
  } as WorkerOptions;
  const worker = new Worker(source, options);
  const outcome = await new Promise<WorkerOutcome>((resolve) => {
    worker.onmessage = (event: MessageEvent<WorkerOutcome>) =>
      resolve(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      resolve({ code: 1, failure: { message: event.message, inHost: true } });
    };
    worker.postMessage({
      entry: fileUrl(entry),
      heapMb: config.heapMb,
      workerData: {
        project: config.project,
        file: config.file,
        content,
        code: fileUrl(config.code),
      },
    });
  });
  worker.terminate();
  URL.revokeObjectURL(source);
  if (outcome.failure) {
    // Deno has already printed an uncaught error of the code; a heap overflow it reports to us only.
    if (outcome.failure.outOfMemory) {
      await writeError(
        `error: out of memory: the JavaScript heap limit of ${config.heapMb} MB was reached\n`,
      );
    } else if (outcome.failure.inHost) {
      await writeError(
        `error: the sandbox worker failed: ${outcome.failure.message}\n`,
      );
    }
    return outcome.code === 0 ? 1 : outcome.code;
  }
  return outcome.code;
}

/**
 * Runs the sandbox for one code file.
 *
 * @param args `[CONFIG]`, the JSON of a {@link HostConfig}.
 * @returns The exit code: the code's own, 1 when it threw.
 */
export async function runWorkerHost(args: string[]): Promise<number> {
  const [json] = args;
  if (json === undefined) {
    throw new TypeError('Cannot start the sandbox "": no configuration');
  }
  const config = JSON.parse(json) as HostConfig;
  startParentWatch(config.scratch, PARENT_POLL_MS);
  if (config.mode !== "worker") {
    throw new TypeError(
      `Cannot start the sandbox "${config.mode}": the host only runs worker mode; process mode runs the code file directly`,
    );
  }
  return await runInWorker(config);
}

if (import.meta.main) {
  const code = await runWorkerHost(Deno.args);
  // In process mode the code's pending work goes on; an error ends it at once, as in `deno run`.
  if (code !== 0) Deno.exit(code);
}
