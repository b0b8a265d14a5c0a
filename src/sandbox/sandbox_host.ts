/**
 * The sandbox host: the process a run happens in (`ctx-mode __host SETUP`;
 * `deno run … sandbox_host.ts SETUP` under `deno run`). The server starts it
 * ahead of time, already confined (inside bubblewrap, or with its main thread
 * restricted by Landlock), so that a run only has to send its request: one
 * JSON line on stdin. The host then runs JavaScript/TypeScript in a Worker
 * with exactly that run's permissions (a compiled binary), passes the request
 * to the JavaScript sandbox process it started ahead, or spawns the run's
 * program (its build step first), stdout and stderr passed through, and
 * exits with its exit code. One host serves one run: a crash, a timeout or a
 * memory blow-up ends that host, never the server.
 *
 * Under Landlock only the main thread is restricted (Deno's other threads
 * started before it), so the host never runs untrusted code itself there:
 * every run is a child process spawned from the restricted thread, which
 * first gives up every capability and installs the seccomp filter. The host
 * adopts what leaves its parent during the run (a child subreaper) and ends
 * all of it before it reports the end of the run.
 *
 * Like `main.ts` this is an edge: it writes to stderr and exits. It imports
 * only modules of its own folder (a confined host mounts only this folder).
 *
 * @module
 */

import {
  type HostConfig,
  runInWorker,
  startParentWatch,
  writeAll,
} from "./worker_host.ts";
import { DONE_MARK } from "./_done_mark.ts";
import {
  HOST_SETUP_FAILED,
  HOST_SETUP_MARK,
  readRequestLine,
} from "./_host_protocol.ts";
import { type LandlockRules, restrictCurrentThread } from "./_landlock.ts";
import { dropPowers } from "./_drop_powers.ts";
import { becomeSubreaper, killDescendants, reapZombies } from "./_reap.ts";

/** How the host is set up, fixed when it starts (its one argument, as JSON). */
export interface HostSetup {
  /** Restrict the main thread with these rules before anything runs. */
  landlock?: LandlockRules;
  /**
   * A process to start right after confining (ahead of the request), which
   * the request line is then passed to: the JavaScript sandbox process.
   */
  child?: { argv: string[]; env: Record<string, string> };
  /** Exit when no request arrives within this many milliseconds. */
  idleMs: number;
  /** Exit when the process that started us dies (outside a PID namespace). */
  watchParent: boolean;
  /** The run's temp dir, removed when the server dies before it could. */
  scratch: string;
}

/** One run's request (one JSON line on stdin). */
export type HostRequest =
  | { kind: "worker"; worker: HostConfig; code: CodeFile }
  | { kind: "forward"; line: string }
  | {
    kind: "spawn";
    code: CodeFile;
    /** A build step (Go, Rust) then the run; a failing step ends the run. */
    steps: { argv: string[]; cwd: string }[];
    /** The complete environment of the steps. */
    env: Record<string, string>;
  };

/** The code of a run, written by the host into its temp dir (which may exist only inside its namespace). */
export interface CodeFile {
  path: string;
  text: string;
}

const PARENT_POLL_MS = 500;
const SIGNAL_NUMBERS: Record<string, number> = {
  SIGHUP: 1,
  SIGINT: 2,
  SIGQUIT: 3,
  SIGILL: 4,
  SIGABRT: 6,
  SIGFPE: 8,
  SIGKILL: 9,
  SIGSEGV: 11,
  SIGPIPE: 13,
  SIGALRM: 14,
  SIGTERM: 15,
};

function writeError(text: string): Promise<void> {
  return writeAll(Deno.stderr, text);
}

function exitCode(status: Deno.CommandStatus): number {
  return status.signal === null
    ? status.code
    : 128 + (SIGNAL_NUMBERS[status.signal] ?? 9);
}

/** Starts the setup's child, its stdin kept for the request line. */
function startChild(child: NonNullable<HostSetup["child"]>): Deno.ChildProcess {
  const [program, ...args] = child.argv;
  return new Deno.Command(program ?? "", {
    args,
    env: child.env,
    clearEnv: true,
    stdin: "piped",
    stdout: "inherit",
    stderr: "inherit",
  }).spawn();
}

/**
 * Deno's first spawn in a process costs about 8 ms more than the next ones:
 * pay it while waiting for the request.
 */
function warmSpawn(): void {
  try {
    new Deno.Command("true", { stdin: "null", stdout: "null", stderr: "null" })
      .spawn().status.catch(() => {});
  } catch {
    // no `true` on PATH: the run pays the first spawn itself
  }
}

async function forward(
  child: Deno.ChildProcess,
  line: string,
): Promise<number> {
  const writer = child.stdin.getWriter();
  try {
    await writer.write(new TextEncoder().encode(line + "\n"));
    await writer.close();
  } catch {
    // the child died first; its status says how
  }
  return exitCode(await child.status);
}

async function runSteps(
  request: Extract<HostRequest, { kind: "spawn" }>,
): Promise<number> {
  let code = 0;
  for (const step of request.steps) {
    const [program, ...args] = step.argv;
    if (program === undefined) continue;
    const child = new Deno.Command(program, {
      args,
      cwd: step.cwd,
      env: request.env,
      clearEnv: true,
      stdin: "null",
      stdout: "inherit",
      stderr: "inherit",
    }).spawn();
    code = exitCode(await child.status);
    if (code !== 0) return code;
  }
  return code;
}

/**
 * Watches the server. Under Landlock the watch runs in a Worker started
 * before the main thread is restricted: its thread keeps the right to remove
 * the temp dir itself, which the restricted thread lacks.
 */
async function watchParent(
  scratch: string,
  inWorker: boolean,
): Promise<() => void> {
  const reap = () => killDescendants(Deno.pid);
  if (!inWorker) {
    startParentWatch(scratch, PARENT_POLL_MS, reap);
    return () => {};
  }
  const source =
    `${killDescendants.toString()}\n(${startParentWatch.toString()})(${
      JSON.stringify(scratch)
    }, ${PARENT_POLL_MS}, () => killDescendants(Deno.pid)); postMessage("watching");`;
  const worker = new Worker(
    URL.createObjectURL(new Blob([source], { type: "application/javascript" })),
    { type: "module", name: "ctx-mode-parent-watch" },
  );
  await new Promise((resolve) => worker.onmessage = resolve);
  return () => worker.terminate();
}

/**
 * Runs the host: set up, wait for one request, run it.
 *
 * @param args `[SETUP]`, the JSON of a {@link HostSetup}.
 * @returns The exit code of the run.
 */
export async function runSandboxHost(args: string[]): Promise<number> {
  const setup = JSON.parse(args[0] ?? "null") as HostSetup | null;
  if (setup === null || typeof setup !== "object") {
    throw new TypeError('Cannot start the sandbox host "": no setup');
  }
  // What leaves its parent during the run stays below this host, to be ended with it.
  becomeSubreaper();
  const stopWatch = setup.watchParent
    ? await watchParent(setup.scratch, setup.landlock !== undefined)
    : () => {};
  try {
    const code = await serve(setup);
    // Nothing of the run outlives it: background and detached processes end here.
    killDescendants(Deno.pid);
    reapZombies();
    if (code !== HOST_SETUP_FAILED) {
      await writeAll(Deno.stdout, `${DONE_MARK}${code}\n`);
      await writeAll(Deno.stderr, `${DONE_MARK}${code}\n`);
    }
    return code;
  } finally {
    stopWatch();
  }
}

async function serve(setup: HostSetup): Promise<number> {
  if (setup.landlock) {
    const outcome = restrictCurrentThread(setup.landlock);
    const dropped = outcome.ok ? dropPowers({ protect: Deno.pid }) : outcome;
    if (!dropped.ok) {
      await writeError(`${HOST_SETUP_MARK} ${dropped.reason}\n`);
      return HOST_SETUP_FAILED;
    }
  }
  if (!setup.child) warmSpawn();
  const child = setup.child ? startChild(setup.child) : undefined;
  const line = await readRequestLine(setup.idleMs);
  if (line === undefined) return 0;
  const request = JSON.parse(line) as HostRequest;
  if (request.kind === "forward" && child) {
    return await forward(child, request.line);
  }
  if (request.kind === "worker") {
    if (setup.landlock) {
      // A Worker would run the code on threads Landlock does not cover.
      await writeError(
        `${HOST_SETUP_MARK} a Worker cannot run under Landlock\n`,
      );
      return HOST_SETUP_FAILED;
    }
    await Deno.writeTextFile(request.code.path, request.code.text);
    return await runInWorker(request.worker);
  }
  if (request.kind === "spawn") {
    await Deno.writeTextFile(request.code.path, request.code.text);
    return await runSteps(request);
  }
  await writeError(`${HOST_SETUP_MARK} a request of an unknown kind\n`);
  return HOST_SETUP_FAILED;
}

if (import.meta.main) {
  Deno.exit(await runSandboxHost(Deno.args));
}
