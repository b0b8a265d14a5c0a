/**
 * The sandbox host: the process a run happens in (`ctx-mode __host SETUP`;
 * `deno run … sandbox_host.ts SETUP` under `deno run`). The server starts it
 * ahead of time, already confined (inside bubblewrap, or with its main thread
 * restricted by Landlock), so that a run only has to send its request: one
 * JSON line on stdin. The host then runs JavaScript/TypeScript in a Worker
 * with exactly that run's permissions, or spawns the run's program (its build
 * step first) with stdout and stderr passed through, watches its memory, and
 * exits with its exit code. One host serves one run: a crash, a timeout or a
 * memory blow-up ends that host, never the server.
 *
 * Under Landlock only the main thread is restricted (Deno's other threads
 * started before it), so the host never runs untrusted code itself there:
 * every run is a child process spawned from the restricted thread.
 *
 * Like `main.ts` this is an edge: it writes to stderr and exits. It imports
 * only modules of its own folder (a confined host mounts only this folder).
 *
 * @module
 */

import { type HostConfig, runInWorker } from "./worker_host.ts";
import { type LandlockRules, restrictCurrentThread } from "./_landlock.ts";

/** How the host is set up, fixed when it starts (its one argument, as JSON). */
export interface HostSetup {
  /** Restrict the main thread with these rules before anything runs. */
  landlock?: LandlockRules;
  /** The resident memory a run may use, in MB; past it the run is killed. */
  memoryMb: number;
  /** Exit when no request arrives within this many milliseconds. */
  idleMs: number;
  /** Exit when the process that started us dies (outside a PID namespace). */
  watchParent: boolean;
  /** The run's temp dir, removed when the server dies before it could. */
  scratch: string;
}

/** One run's request (one JSON line on stdin). */
export type HostRequest =
  | { kind: "worker"; worker: HostConfig }
  | {
    kind: "spawn";
    /** A build step (Go, Rust) then the run; a failing step ends the run. */
    steps: { argv: string[]; cwd: string }[];
    /** The complete environment of the steps. */
    env: Record<string, string>;
  };

/** The exit code of a host that could not confine itself; the server refuses the run. */
export const HOST_SETUP_FAILED = 125;
/** The line a host prints before it exits with {@link HOST_SETUP_FAILED}. */
export const HOST_SETUP_MARK = "ctx-mode sandbox host:";
/** The reason a host gives when it ended unused. */
export const HOST_IDLE = "idle, ended unused";

const MEMORY_POLL_MS = 100;
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

async function writeError(text: string): Promise<void> {
  const bytes = new TextEncoder().encode(text);
  let written = 0;
  while (written < bytes.length) {
    written += await Deno.stderr.write(bytes.subarray(written));
  }
}

/** Reads stdin up to the first newline, or `undefined` at end of file or after `idleMs`. */
async function readRequestLine(idleMs: number): Promise<string | undefined> {
  const chunks: Uint8Array[] = [];
  const buffer = new Uint8Array(64 * 1024);
  const idle = setTimeout(() => {
    // Said on stderr, so that a run that took this host just now starts another.
    writeError(`${HOST_SETUP_MARK} ${HOST_IDLE}\n`).finally(() =>
      Deno.exit(HOST_SETUP_FAILED)
    );
  }, idleMs);
  try {
    while (true) {
      const count = await Deno.stdin.read(buffer);
      if (count === null) break;
      const chunk = buffer.slice(0, count);
      chunks.push(chunk);
      if (chunk.includes(0x0a)) break;
    }
  } finally {
    clearTimeout(idle);
  }
  if (chunks.length === 0) return undefined;
  const text = new TextDecoder().decode(
    new Uint8Array(chunks.flatMap((chunk) => [...chunk])),
  );
  return text.split("\n")[0];
}

function residentBytes(pid: number | "self"): number {
  try {
    const statm = Deno.readTextFileSync(`/proc/${pid}/statm`);
    return Number(statm.split(" ")[1] ?? 0) * 4096;
  } catch {
    return 0;
  }
}

/** Kills the run when its resident memory passes the cap; returns a stop function. */
function watchMemory(
  measure: () => number,
  memoryMb: number,
  onExceeded: () => void,
): () => void {
  if (Deno.build.os !== "linux") return () => {};
  const limit = memoryMb * 1024 * 1024;
  const timer = setInterval(() => {
    if (measure() > limit) {
      clearInterval(timer);
      onExceeded();
    }
  }, MEMORY_POLL_MS);
  return () => clearInterval(timer);
}

function outOfMemoryNote(memoryMb: number): string {
  return `error: out of memory: the run used more than ${memoryMb} MB\n`;
}

async function runSteps(
  request: Extract<HostRequest, { kind: "spawn" }>,
  setup: HostSetup,
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
    let exceeded = false;
    const stop = watchMemory(
      () => residentBytes(child.pid),
      setup.memoryMb,
      () => {
        exceeded = true;
        try {
          child.kill("SIGKILL");
        } catch {
          // already gone
        }
      },
    );
    const status = await child.status;
    stop();
    if (exceeded) {
      await writeError(outOfMemoryNote(setup.memoryMb));
      return 137;
    }
    code = status.signal === null
      ? status.code
      : 128 + (SIGNAL_NUMBERS[status.signal] ?? 9);
    if (code !== 0) return code;
  }
  return code;
}

async function runWorker(
  config: HostConfig,
  setup: HostSetup,
): Promise<number> {
  const baseline = residentBytes("self");
  let exceeded = false;
  const stop = watchMemory(
    () => residentBytes("self") - baseline,
    setup.memoryMb,
    () => {
      exceeded = true;
      // ArrayBuffers live outside the heap cap; the whole host goes, the server stays.
      writeError(outOfMemoryNote(setup.memoryMb)).finally(() =>
        Deno.exit(137)
      );
    },
  );
  const code = await runInWorker(config);
  stop();
  return exceeded ? 137 : code;
}

function watchParent(scratch: string): void {
  const parent = Deno.ppid;
  const timer = setInterval(() => {
    if (Deno.ppid === parent) return;
    // The server died: clean up, then end our whole group (the run's processes are in it).
    try {
      Deno.removeSync(scratch, { recursive: true });
    } catch {
      // best effort
    }
    try {
      Deno.kill(-Deno.pid, "SIGKILL");
    } catch {
      Deno.exit(137);
    }
  }, PARENT_POLL_MS);
  Deno.unrefTimer(timer);
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
  if (setup.watchParent) watchParent(setup.scratch);
  if (setup.landlock) {
    const outcome = restrictCurrentThread(setup.landlock);
    if (!outcome.ok) {
      await writeError(`${HOST_SETUP_MARK} ${outcome.reason}\n`);
      return HOST_SETUP_FAILED;
    }
  }
  const line = await readRequestLine(setup.idleMs);
  if (line === undefined) return 0;
  const request = JSON.parse(line) as HostRequest;
  if (request.kind === "worker") {
    if (setup.landlock) {
      // A Worker would run the code on threads Landlock does not cover.
      await writeError(
        `${HOST_SETUP_MARK} a Worker cannot run under Landlock\n`,
      );
      return HOST_SETUP_FAILED;
    }
    return await runWorker(request.worker, setup);
  }
  return await runSteps(request, setup);
}

if (import.meta.main) {
  Deno.exit(await runSandboxHost(Deno.args));
}
