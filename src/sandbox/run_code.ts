/**
 * Runs a piece of code in a sandbox host and returns what it printed, bounded.
 *
 * Each run happens in a host process started for it (ahead of time when a
 * {@link WarmHosts} pool is given): inside bubblewrap where it works (a user,
 * mount and PID namespace without capabilities, holding only the project, the
 * run's temp dir and the runtime's files), else under Landlock on Linux,
 * else unconfined but for Deno's permissions. JavaScript and TypeScript run in
 * a Worker (or, under Landlock, a Deno process) whose permissions allow
 * reading and writing the project and the temp dir, and the network; other
 * languages are spawned by the host. The project's control files are kept
 * read-only, and put back when a run changed them anyway. Every run has a
 * timeout that kills its whole process group, output caps, a memory cap, and
 * at most a set number of runs go at once.
 *
 * A run that fails (non-zero exit, syntax error, timeout) is a result, not an
 * exception. This module throws only for bad requests, and never prints.
 *
 * @module
 */

import { isAbsolute, resolve } from "node:path";
import { isInside } from "./_bwrap.ts";
import { currentRuntime, type Runtime } from "./js_launch.ts";
import { cacheRemoteHosts } from "./_remote_hosts.ts";
import type { LanguageId } from "./_languages.ts";
import type { OutputSink } from "./_output.ts";
import { findEscapingLinks } from "./_symlinks.ts";
import { type Confinement, detectConfinement } from "./confine.ts";
import { resolveLanguage } from "./languages.ts";
import { controlStillHeld } from "./_host_plan.ts";
import type { PlanOptions } from "./_host_types.ts";
import { discardProcess } from "./_process.ts";
import { launchHost, type WarmHosts } from "./warm_hosts.ts";
import { HOST_IDLE } from "./_host_protocol.ts";
import { finishRun, runOnHost, type RunResult } from "./_host_run.ts";
import { KindTurns, RunSlots } from "./_run_slots.ts";
import { checkCode } from "../safety/mod.ts";
import { refuseGuardedProject } from "./project_guard.ts";

/** The timeout of a run when the request names none. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** The longest timeout a request may ask for, unless the options raise it. */
export const DEFAULT_MAX_TIMEOUT_MS = 300_000;
/** Bytes kept per stream (half head, half tail). */
export const DEFAULT_MAX_OUTPUT_BYTES = 256 * 1024;
/** The JavaScript heap limit of the sandbox, in MB. */
export const DEFAULT_MAX_HEAP_MB = 512;
/** The resident memory a run may use, in MB (ArrayBuffers and child programs included). */
export const DEFAULT_MAX_MEMORY_MB = 2048;
/** How many runs go at once in one process; more wait for a free slot. */
export const DEFAULT_MAX_CONCURRENT_RUNS = 8;
/** How long after a run its language's next host starts (the answer goes out first). */
const REFILL_DELAY_MS = 30;
/** A JavaScript host (a Deno process) younger than this was likely still starting. */
const JS_HOST_UP_AFTER_MS = 150;
/** How long a warm host waits for its run before it ends. */
const HOST_IDLE_MS = 5 * 60_000;
const RUN_SLOTS = new RunSlots();
const KIND_TURNS = new KindTurns();

/** One piece of code to run. */
export interface RunRequest {
  /** A language id or alias (`"js"`, `"py"`, `"bash"`…). */
  language: string;
  /** The source text. */
  code: string;
  /** The project directory: the working directory, and for JavaScript the only readable/writable tree besides the temp dir. */
  projectDir: string;
  /** Milliseconds before the run is killed. @default {30_000} */
  timeoutMs?: number;
  /**
   * For exec-file: a file (relative to `projectDir` or absolute) whose path
   * and content the code gets: `FILE_PATH`/`FILE_CONTENT` globals in
   * JavaScript, variables of those names in shell, Python, Ruby, Perl, PHP
   * and R (`file_path`/`file_content` in Elixir), and a `FILE_PATH`
   * environment variable everywhere.
   */
  file?: { path: string };
}

export type { RunResult } from "./_host_run.ts";

/** Limits and environment for {@link runCode}. */
export interface RunOptions {
  /** The longest timeout a request may ask for. @default {300_000} */
  maxTimeoutMs?: number;
  /** Bytes kept per stream; the rest is dropped from the middle. @default {262_144} */
  maxOutputBytes?: number;
  /** The JavaScript heap limit in MB. @default {512} */
  maxHeapMb?: number;
  /** The parent environment passed (cleaned) to runs. @default {Deno.env.toObject()} */
  env?: Readonly<Record<string, string>>;
  /** More variable names to remove from the environment of runs. @default {[]} */
  denyEnv?: readonly string[];
  /** Check the code with the safety guard first (shell commands; calls in Python, JavaScript, Ruby, Perl, PHP), refusing destructive ones. @default {true} */
  guard?: boolean;
  /**
   * Confine runs: `true` with the strongest mechanism that works here
   * (bubblewrap, else Landlock), `"landlock"` with Landlock only, `false` not
   * at all (JavaScript keeps Deno's permissions).
   * @default {true}
   */
  confine?: boolean | "landlock";
  /** The resident memory a run may use, in MB. @default {2048} */
  maxMemoryMb?: number;
  /** How many runs go at once in this process. @default {8} */
  maxConcurrentRuns?: number;
  /** Started hosts kept ready (the server keeps one pool); without it every run starts its own. @default {undefined} */
  warm?: WarmHosts;
  /** Aborting kills the run; `runCode` then rejects with the signal's reason. @default {undefined} */
  signal?: AbortSignal;
  /** Where the sandbox process comes from. @default {currentRuntime()} */
  runtime?: Runtime;
  /**
   * Receives every byte of stdout as it arrives, beyond what the capture
   * keeps (an `OutputSpool`, so the whole output can be indexed).
   * @default {undefined}
   */
  stdoutSink?: OutputSink;
}

function checkTimeout(value: number | undefined, max: number): number {
  const timeout = value ?? DEFAULT_TIMEOUT_MS;
  if (
    typeof timeout !== "number" || !Number.isFinite(timeout) || timeout <= 0 ||
    timeout > max
  ) {
    throw new RangeError(
      `Cannot use timeout "${value}": it must be more than 0 and at most ${max} ms`,
    );
  }
  return timeout;
}

function realDirectory(path: string): string {
  try {
    // Synchronous: two quick calls, cheaper than two trips through the thread pool.
    const real = Deno.realPathSync(path);
    if (Deno.statSync(real).isDirectory) return real;
  } catch {
    // reported below
  }
  throw new Deno.errors.NotFound(
    `Cannot run code in "${path}": no such directory`,
  );
}

async function realFile(path: string, projectDir: string): Promise<string> {
  const absolute = isAbsolute(path) ? path : resolve(projectDir, path);
  let real: string | undefined;
  try {
    real = await Deno.realPath(absolute);
  } catch {
    // reported below
  }
  if (real !== undefined && !isInside(real, projectDir)) {
    throw new Deno.errors.PermissionDenied(
      `Cannot read file "${path}": its real path "${real}" is outside the project`,
    );
  }
  if (real !== undefined && (await Deno.stat(real)).isFile) return real;
  throw new Deno.errors.NotFound(`Cannot read file "${path}": no such file`);
}

/**
 * Runs code in a subprocess under the sandbox's limits.
 *
 * @param request The language, the code, the project dir, and optionally a timeout and an exec-file target.
 * @param options Limits, the environment, confinement, an abort signal.
 * @returns What the run printed and how it ended; a failing program is a result, not an error.
 * @throws {TypeError} When the code is empty.
 * @throws {RangeError} When the timeout is not in (0, max], or the language is unknown or not installed (the message lists the available ones).
 * @throws {Deno.errors.NotFound} When the project dir or the exec-file target does not exist.
 * @throws {Error} When a JavaScript run cannot be confined (links lead out of an unconfined project).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runCode } from "./run_code.ts";
 * const result = await runCode({ language: "ts", code: "console.log(6 * 7 as number)", projectDir: "." });
 * assert.equal(result.stdout, "42\n");
 * assert.equal(result.exitCode, 0);
 * ```
 */
export async function runCode(
  request: RunRequest,
  options: RunOptions = {},
): Promise<RunResult> {
  if (typeof request.code !== "string" || request.code.trim() === "") {
    throw new TypeError('Cannot run code "": it is empty');
  }
  const timeoutMs = checkTimeout(
    request.timeoutMs,
    options.maxTimeoutMs ?? DEFAULT_MAX_TIMEOUT_MS,
  );
  const maxOutputBytes = options.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES;
  if (!Number.isSafeInteger(maxOutputBytes) || maxOutputBytes < 2) {
    throw new RangeError(
      `Cannot keep "${maxOutputBytes}" bytes of output: it must be an integer of at least 2`,
    );
  }
  const parent = options.env ?? Deno.env.toObject();
  const language = resolveLanguage(request.language, { env: parent });
  const project = realDirectory(request.projectDir);
  refuseGuardedProject(project, parent);
  if (options.guard !== false) {
    // Shell code: the agents' own shell rules, unparsable code refused. Python, JavaScript, Ruby,
    // Perl, PHP: the same rules read call by call. An ask (a control-file write) is a refusal here.
    const verdict = checkCode(language, request.code, {
      cwd: project,
      home: parent.HOME ?? parent.USERPROFILE ?? "/",
    });
    if (verdict.verdict !== "allow") {
      throw new Error(
        `Cannot run this ${language} code: ${
          verdict.reason ?? "the safety guard refused it"
        } [ctx-mode rule ${verdict.rule ?? "guard"}]`,
      );
    }
  }
  const file = request.file
    ? await realFile(request.file.path, project)
    : undefined;
  const confinement = await chooseConfinement(options, parent);
  const isJs = language === "javascript" || language === "typescript";
  // Unconfined, links are checked before a JavaScript run: no other run may make one meanwhile.
  const leaveTurn = confinement.kind === "none"
    ? await KIND_TURNS.enter(isJs ? "javascript" : "other")
    : () => {};
  let release = () => {};
  try {
    if (isJs && confinement.kind === "none") {
      refuseEscapingLinks(language, project);
    }
    release = await RUN_SLOTS.acquire(
      options.maxConcurrentRuns ?? DEFAULT_MAX_CONCURRENT_RUNS,
    );
  } catch (error) {
    leaveTurn();
    throw error;
  }
  const started = performance.now();
  const planOptions: PlanOptions = {
    confinement,
    runtime: options.runtime ?? currentRuntime(),
    parent,
    denyEnv: options.denyEnv ?? [],
    heapMb: options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB,
    memoryMb: options.maxMemoryMb ?? DEFAULT_MAX_MEMORY_MB,
    idleMs: HOST_IDLE_MS,
  };
  const launch = () => launchHost(language, project, planOptions);
  const key = JSON.stringify([language, project, confinement.kind]);
  try {
    await cacheRemoteHosts(planOptions.runtime);
    let host = options.warm
      ? options.warm.take(
        key,
        launch,
        isJs ? JS_HOST_UP_AFTER_MS : undefined,
      )
      : launch();
    if (options.warm && !controlStillHeld(host.plan)) {
      // Started before the last run made a repository: its mounts miss it.
      discardProcess(host.process);
      await host.cleanup();
      host = launch();
    }
    let attempt = await runOnHost(host, request.code, file, {
      deadline: started + timeoutMs,
      maxOutputBytes,
      memoryMb: planOptions.memoryMb,
      signal: options.signal,
      stdoutSink: options.stdoutSink,
    });
    if (attempt.setupFailure === HOST_IDLE) {
      // The warm host ended unused just as this run took it: start a fresh one.
      host = launch();
      attempt = await runOnHost(host, request.code, file, {
        deadline: started + timeoutMs,
        maxOutputBytes,
        memoryMb: planOptions.memoryMb,
        signal: options.signal,
        stdoutSink: options.stdoutSink,
      });
    }
    if (attempt.setupFailure !== undefined) {
      throw new Error(
        `Cannot confine the ${language} run in "${project}": ${attempt.setupFailure}`,
      );
    }
    return finishRun(language, attempt, host.plan, started, {
      isJs,
      heapMb: planOptions.heapMb,
      memoryMb: planOptions.memoryMb,
    });
  } finally {
    release();
    leaveTurn();
    // The next host starts once this run is over and answered, not while it competes for the CPU.
    const warm = options.warm;
    if (warm) {
      Deno.unrefTimer(
        setTimeout(() => warm.refill(key, launch), REFILL_DELAY_MS),
      );
    }
  }
}

/** The confinement a run gets: what the options allow, the strongest that works. */
async function chooseConfinement(
  options: RunOptions,
  parent: Readonly<Record<string, string>>,
): Promise<Confinement> {
  if (options.confine === false) {
    return { kind: "none", reason: "confinement turned off" };
  }
  return await detectConfinement({
    env: parent,
    bwrap: options.confine !== "landlock",
  });
}

/** Without a kernel that resolves links for us, a link out of the project is refused before a JavaScript run. */
function refuseEscapingLinks(language: LanguageId, project: string): void {
  const scan = findEscapingLinks(project, { allowed: [project] });
  if (scan.links.length > 0) {
    const shown = scan.links.slice(0, 3).map((link) =>
      `${link.path} -> ${link.target}`
    ).join(", ");
    const more = scan.links.length > 3
      ? ` and ${scan.links.length - 3} more`
      : "";
    throw new Error(
      `Cannot run ${language} in "${project}": symbolic links lead out of the project (${shown}${more}); remove them, or install bubblewrap to confine runs`,
    );
  }
  if (!scan.complete) {
    throw new Error(
      `Cannot run ${language} in "${project}": over ${scan.entries} entries to check for symbolic links leading out of the project; run from a smaller directory, or install bubblewrap to confine runs`,
    );
  }
}
