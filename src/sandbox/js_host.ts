/**
 * The JavaScript/TypeScript sandbox process under `deno run`
 * (`deno run <the run's permission flags> js_host.ts CONFIG`): started ahead
 * of its run with exactly that run's grants, it waits for one request line on
 * stdin, writes the code it carries to the code file in the run's temp dir,
 * defines the helper globals, and imports the code file. The process
 * ends when the code's event loop is empty, as under a plain `deno run`; an
 * uncaught error ends it with exit code 1.
 *
 * It holds no grant beyond the run's, so nothing here is trusted once the
 * code runs: time limits, memory caps and the end of the server are watched
 * from outside (the server, bubblewrap or a parent-death signal).
 *
 * When the event loop empties it says so on stderr with the done mark, so
 * that the server need not wait for Deno's teardown.
 *
 * Like `main.ts` this is an edge: it writes to stderr and exits. It imports
 * only the host protocol's modules, which import nothing.
 *
 * @module
 */

import { DONE_MARK } from "./_done_mark.ts";
import { readRequestLine } from "./_host_protocol.ts";

/** What the process is told when it starts (its one argument, as JSON). */
export interface JsHostConfig {
  /** The code file (absolute path). */
  code: string;
  /** The project dir, exposed as `PROJECT_DIR`. */
  project: string;
  /** Exit when no request arrives within this many milliseconds. */
  idleMs: number;
}

/** The run's request, one JSON line on stdin. */
export interface JsHostRequest {
  /** The code, written to the code file before it is imported. */
  code: string;
  /** For exec-file: the file exposed as `FILE_PATH`, its text as `FILE_CONTENT`. */
  file?: string;
}

function fileUrl(path: string): string {
  const url = new URL("file://");
  url.pathname = path.replaceAll("\\", "/");
  return url.href;
}

if (import.meta.main) {
  const config = JSON.parse(Deno.args[0] ?? "{}") as JsHostConfig;
  const line = await readRequestLine(config.idleMs);
  if (line === undefined) Deno.exit(0);
  const request = JSON.parse(line) as JsHostRequest;
  // `unload` comes once the event loop is empty, or on Deno.exit(), with the exit code set.
  addEventListener("unload", () => {
    const mark = new TextEncoder().encode(`${DONE_MARK}${Deno.exitCode}\n`);
    Deno.stdout.writeSync(mark);
    Deno.stderr.writeSync(mark);
  });
  Deno.writeTextFileSync(config.code, request.code);
  const globals = globalThis as Record<string, unknown>;
  globals.PROJECT_DIR = config.project;
  if (request.file !== undefined) {
    globals.FILE_PATH = request.file;
    globals.FILE_CONTENT = Deno.readTextFileSync(request.file);
  }
  await import(fileUrl(config.code));
}
