/**
 * Runs a piece of code in a subprocess and returns what it printed, bounded.
 *
 * JavaScript and TypeScript run in a Deno process whose permissions allow
 * reading and writing the project and a private temp dir, and the network,
 * nothing else. Other languages run as plain subprocesses in the project dir
 * with a cleaned environment. Where bubblewrap works, every run is also
 * confined to a mount namespace that holds only the project, the temp dir and
 * the runtime's own files; where it does not, a JavaScript run refuses to
 * start while the project holds links that lead out of it. Every run has a
 * timeout that kills its whole process group, and output caps.
 *
 * A run that fails (non-zero exit, syntax error, timeout) is a result, not an
 * exception. This module throws only for bad requests, and never prints.
 *
 * @module
 */

import { delimiter, dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { bwrapArgs, isInside, isSystemPath, runtimeRoots } from "./_bwrap.ts";
import { denoSandboxEnv, sandboxEnv } from "./env.ts";
import {
  chooseMode,
  currentRuntime,
  isCompiled,
  type JsSandboxMode,
  type Runtime,
  sandboxArgv,
} from "./js_launch.ts";
import { findOnPath, type LanguageId } from "./_languages.ts";
import { OutputCapture } from "./_output.ts";
import { type ProcessOutcome, removeOnExit, runProcess } from "./_process.ts";
import { findEscapingLinks } from "./_symlinks.ts";
import { type Confinement, detectConfinement } from "./confine.ts";
import { languageRuntime, resolveLanguage } from "./languages.ts";
import type { HostConfig } from "./worker_host.ts";
import { checkCode } from "../safety/mod.ts";

/** The timeout of a run when the request names none. */
export const DEFAULT_TIMEOUT_MS = 30_000;
/** The longest timeout a request may ask for, unless the options raise it. */
export const DEFAULT_MAX_TIMEOUT_MS = 300_000;
/** Bytes kept per stream (half head, half tail). */
export const DEFAULT_MAX_OUTPUT_BYTES = 256 * 1024;
/** The JavaScript heap limit of the sandbox, in MB. */
export const DEFAULT_MAX_HEAP_MB = 512;

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

/** What a run produced. */
export interface RunResult {
  /** The language that ran. */
  language: LanguageId;
  /** Standard output, head and tail when longer than the cap, with a marker line where bytes were dropped. */
  stdout: string;
  /** Standard error, bounded the same way. */
  stderr: string;
  /** The exit code, or `null` when a signal ended the process. */
  exitCode: number | null;
  /** The signal that ended the process (`"SIGKILL"` after a timeout), or `null`. */
  signal: string | null;
  /** Whether the timeout ended the run. */
  timedOut: boolean;
  /** Whether the JavaScript heap limit ended the run. */
  outOfMemory: boolean;
  /** Whether any output was dropped. */
  truncated: boolean;
  /** Wall-clock time of the run, build step included. */
  durationMs: number;
  /** Bytes the code wrote to stdout and stderr. */
  bytesProduced: number;
  /** Bytes of stdout and stderr kept. */
  bytesReturned: number;
  /** Bytes dropped from the middle of stdout and stderr. */
  droppedBytes: number;
  /** Lines dropped from the middle of stdout and stderr. */
  droppedLines: number;
  /**
   * How the run was confined: `"bwrap"` a mount namespace (plus Deno's
   * permissions for JavaScript), `"permissions"` Deno's permissions only,
   * `"none"` an ordinary subprocess.
   */
  confinement: "bwrap" | "permissions" | "none";
}

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
  /** Use bubblewrap when it works here. @default {true} */
  confine?: boolean;
  /** Aborting kills the run; `runCode` then rejects with the signal's reason. @default {undefined} */
  signal?: AbortSignal;
  /**
   * How JavaScript permissions are enforced: `"process"` by the sandbox
   * process's own flags (needs the Deno CLI, i.e. `deno run`), `"worker"` by
   * a Worker inside it (what a compiled binary always does).
   * @default {"auto"}
   */
  jsSandbox?: JsSandboxMode | "auto";
  /** Where the sandbox process comes from. @default {currentRuntime()} */
  runtime?: Runtime;
}

/** A prepared run: the processes to start and the confinement they get. */
interface Prepared {
  build?: { argv: string[]; cwd: string };
  run: { argv: string[]; cwd: string };
  env: Record<string, string>;
  confinement: RunResult["confinement"];
  /** Read-only mounts besides the system's (bwrap only). */
  readable: string[];
  /** Read-write mounts besides the project and temp dir (bwrap only). */
  writable: string[];
}

/** V8's fatal report (process mode) and the worker host's note (worker mode). */
const OOM_PATTERN =
  /Fatal JavaScript out of memory|the JavaScript heap limit of \d+ MB was reached/;

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

async function realDirectory(path: string): Promise<string> {
  try {
    const real = await Deno.realPath(path);
    if ((await Deno.stat(real)).isDirectory) return real;
  } catch {
    // reported below
  }
  throw new Deno.errors.NotFound(
    `Cannot run code in "${path}": no such directory`,
  );
}

async function realFile(path: string, projectDir: string): Promise<string> {
  const absolute = isAbsolute(path) ? path : resolve(projectDir, path);
  try {
    const real = await Deno.realPath(absolute);
    if ((await Deno.stat(real)).isFile) return real;
  } catch {
    // reported below
  }
  throw new Deno.errors.NotFound(`Cannot read file "${path}": no such file`);
}

/** One line that defines FILE_PATH and FILE_CONTENT from the FILE_PATH variable, per language. */
function filePreamble(language: LanguageId, os: typeof Deno.build.os): string {
  switch (language) {
    case "shell":
      return os === "windows"
        ? "$FILE_PATH = $env:FILE_PATH; $FILE_CONTENT = Get-Content -Raw -LiteralPath $FILE_PATH\n"
        : 'FILE_PATH="$FILE_PATH"; FILE_CONTENT="$(cat -- "$FILE_PATH")"\n';
    case "python":
      return 'import os as _ctx_os; FILE_PATH = _ctx_os.environ["FILE_PATH"]; FILE_CONTENT = open(FILE_PATH, encoding="utf-8", errors="replace").read(); del _ctx_os\n';
    case "ruby":
      return 'FILE_PATH = ENV["FILE_PATH"]; FILE_CONTENT = File.read(FILE_PATH, encoding: "UTF-8").scrub\n';
    case "perl":
      return 'our $FILE_PATH = $ENV{FILE_PATH}; our $FILE_CONTENT = do { local $/; open(my $ctx_fh, "<:encoding(UTF-8)", $FILE_PATH) or die "$FILE_PATH: $!"; <$ctx_fh> };\n';
    case "php":
      return '$FILE_PATH = getenv("FILE_PATH"); $FILE_CONTENT = file_get_contents($FILE_PATH);';
    case "r":
      return 'FILE_PATH <- Sys.getenv("FILE_PATH"); FILE_CONTENT <- paste(readLines(FILE_PATH, warn = FALSE, encoding = "UTF-8"), collapse = "\\n")\n';
    case "elixir":
      return 'file_path = System.fetch_env!("FILE_PATH"); file_content = File.read!(file_path)\n';
    default:
      return "";
  }
}

/** The file to write: PHP gets its open tag (on the same line, so line numbers hold), exec-file a preamble. */
function sourceText(
  language: LanguageId,
  code: string,
  withFile: boolean,
  os: typeof Deno.build.os,
): string {
  const preamble = withFile ? filePreamble(language, os) : "";
  if (language === "php") {
    const body = /^\s*<\?(php|=)/.test(code) ? code : `<?php ${code}`;
    return preamble ? body.replace(/<\?php/, `<?php ${preamble}`) : body;
  }
  return preamble + code;
}

function confinedEnv(
  env: Record<string, string>,
  scratch: string,
  parent: Readonly<Record<string, string>>,
) {
  // HOME is not mounted; tools that write under it get the temp dir instead.
  const home = parent.HOME;
  env.HOME = scratch;
  if (home) {
    env.RUSTUP_HOME ??= join(home, ".rustup");
    env.CARGO_HOME ??= join(home, ".cargo");
  }
  env.GOPATH ??= join(scratch, "go");
  env.GOTOOLCHAIN = "local";
}

/**
 * A Go build cache kept for confined runs only: the user's own cache is not
 * mounted, because code could plant build results there that later builds
 * outside the sandbox would trust.
 */
async function confinedGoCache(
  parent: Readonly<Record<string, string>>,
  scratch: string,
): Promise<string> {
  const base = parent.XDG_CACHE_HOME ??
    (parent.HOME ? join(parent.HOME, ".cache") : undefined);
  const cache = base
    ? join(base, "ctx-mode", "go-build")
    : join(scratch, "go-build");
  await Deno.mkdir(cache, { recursive: true });
  return cache;
}

async function prepareJs(
  language: LanguageId,
  code: string,
  paths: { project: string; scratch: string; file: string | undefined },
  confinement: Confinement,
  options: RunOptions,
  parent: Readonly<Record<string, string>>,
): Promise<Prepared> {
  const { project, scratch, file } = paths;
  const runtime = options.runtime ?? currentRuntime();
  const hostIsLocal = runtime.moduleUrl.startsWith("file:");
  const useBwrap = confinement.kind === "bwrap" && hostIsLocal;
  if (!useBwrap) {
    const scan = findEscapingLinks(project, { allowed: [project, scratch] });
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
  const codePath = join(
    scratch,
    language === "typescript" ? "code.ts" : "code.js",
  );
  const read = file ? [project, scratch, file] : [project, scratch];
  const write = [project, scratch];
  const mode = chooseMode(
    runtime,
    [...read, ...write],
    options.jsSandbox ?? "auto",
  );
  // In process mode the code file runs directly, so it carries its own
  // prelude, on its first line to keep the code's line numbers.
  await Deno.writeTextFile(
    codePath,
    mode === "process"
      ? processPrelude({ project, scratch, file }) + code
      : code,
  );
  const config: HostConfig = {
    mode,
    code: codePath,
    project,
    scratch,
    read,
    write,
    heapMb: options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB,
  };
  if (file) config.file = file;
  const env = denoSandboxEnv(parent, { tempDir: scratch });
  const readable: string[] = [];
  const writableExtra: string[] = [];
  if (useBwrap) {
    env.HOME = scratch;
    // Deno's own cache (not the code: it has no permission there) stays warm across runs.
    const denoDir = parent.DENO_DIR ??
      join(
        parent.XDG_CACHE_HOME ?? join(parent.HOME ?? scratch, ".cache"),
        "deno",
      );
    await Deno.mkdir(denoDir, { recursive: true });
    env.DENO_DIR = denoDir;
    writableExtra.push(denoDir);
    readable.push(...runtimeRoots(runtime.execPath, parent));
    // Under `deno run` the sandbox module is read from disk; a compiled binary carries it inside.
    if (!isCompiled(runtime)) {
      readable.push(dirname(fileURLToPath(runtime.moduleUrl)));
    }
    if (file && !isInside(file, project)) readable.push(file);
  }
  return {
    run: { argv: sandboxArgv(runtime, config), cwd: project },
    env,
    confinement: useBwrap ? "bwrap" : "permissions",
    readable: existing(readable),
    writable: writableExtra,
  };
}

async function prepareOther(
  language: LanguageId,
  code: string,
  paths: { project: string; scratch: string; file: string | undefined },
  confinement: Confinement,
  options: RunOptions,
  parent: Readonly<Record<string, string>>,
): Promise<Prepared> {
  const { project, scratch, file } = paths;
  const { spec, command } = languageRuntime(language, parent);
  const name = language === "go" || language === "rust" ? "main" : "code";
  const codePath = join(scratch, name + spec.extension);
  await Deno.writeTextFile(
    codePath,
    sourceText(language, code, file !== undefined, Deno.build.os),
  );
  const plan = spec.plan(command, codePath, scratch);
  const env = sandboxEnv(parent, {
    deny: options.denyEnv ?? [],
    tempDir: scratch,
  });
  if (file) env.FILE_PATH = file;
  const readable: string[] = [];
  const writable: string[] = [];
  if (confinement.kind === "bwrap") {
    confinedEnv(env, scratch, parent);
    readable.push(...runtimeRoots(command, parent));
    if (language === "go") {
      env.GOCACHE = await confinedGoCache(parent, scratch);
      writable.push(env.GOCACHE);
    }
    if (language === "elixir") {
      const erl = findOnPath("erl", parent);
      if (erl) readable.push(...runtimeRoots(erl, parent));
    }
    // Programs on PATH stay callable (their data under HOME does not come along).
    const pathDirs = (parent.PATH ?? "").split(delimiter).filter((dir) =>
      isAbsolute(dir) && dir !== parent.HOME && dir !== "/" &&
      !isSystemPath(dir)
    );
    readable.push(
      ...pathDirs.filter((dir) =>
        !isInside(dir, project) && !isInside(dir, scratch)
      ),
    );
    if (file && !isInside(file, project)) readable.push(file);
  }
  return {
    ...(plan.build ? { build: { argv: plan.build, cwd: scratch } } : {}),
    run: { argv: plan.run, cwd: project },
    env,
    confinement: confinement.kind === "bwrap" ? "bwrap" : "none",
    readable: existing(readable),
    writable,
  };
}

/** The paths that exist, without duplicates (bwrap refuses to mount a missing source). */
function existing(paths: readonly string[]): string[] {
  return [...new Set(paths)].filter((path) => {
    try {
      Deno.lstatSync(path);
      return true;
    } catch {
      return false;
    }
  });
}

function wrap(
  step: { argv: string[]; cwd: string },
  prepared: Prepared,
  confinement: Confinement,
  paths: { project: string; scratch: string },
): { argv: string[]; cwd: string } {
  if (prepared.confinement !== "bwrap" || !confinement.command) return step;
  const args = bwrapArgs(
    {
      writable: [paths.project, paths.scratch, ...prepared.writable],
      readable: prepared.readable,
      cwd: step.cwd,
    },
    step.argv,
  );
  return { argv: [confinement.command, ...args], cwd: step.cwd };
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
  const project = await realDirectory(request.projectDir);
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
  const confinement: Confinement = options.confine === false
    ? { kind: "none", reason: "confinement turned off" }
    : await detectConfinement({ env: parent });

  const started = performance.now();
  const scratch = await Deno.realPath(
    await Deno.makeTempDir({ prefix: "ctx-mode-run-" }),
  );
  const untrack = removeOnExit(scratch);
  try {
    const paths = { project, scratch, file };
    const isJs = language === "javascript" || language === "typescript";
    const prepared = isJs
      ? await prepareJs(
        language,
        request.code,
        paths,
        confinement,
        options,
        parent,
      )
      : await prepareOther(
        language,
        request.code,
        paths,
        confinement,
        options,
        parent,
      );
    const capture = {
      stdout: new OutputCapture(maxOutputBytes),
      stderr: new OutputCapture(maxOutputBytes),
    };
    const deadline = started + timeoutMs;
    const step = (target: { argv: string[]; cwd: string }) => {
      const wrapped = wrap(target, prepared, confinement, paths);
      return runProcess({
        argv: wrapped.argv,
        cwd: wrapped.cwd,
        env: prepared.env,
        timeoutMs: Math.max(1, deadline - performance.now()),
        capture,
        signal: options.signal,
      });
    };
    let outcome: ProcessOutcome | undefined;
    if (prepared.build) {
      outcome = await step(prepared.build);
      if (outcome.exitCode !== 0) {
        return finish(language, outcome, capture, prepared, started, false);
      }
    }
    outcome = await step(prepared.run);
    return finish(
      language,
      outcome,
      capture,
      prepared,
      started,
      isJs,
      options.maxHeapMb ?? DEFAULT_MAX_HEAP_MB,
    );
  } finally {
    await Deno.remove(scratch, { recursive: true }).catch(() => {});
    untrack();
  }
}

function finish(
  language: LanguageId,
  outcome: ProcessOutcome,
  capture: { stdout: OutputCapture; stderr: OutputCapture },
  prepared: Prepared,
  started: number,
  isJs: boolean,
  heapMb = DEFAULT_MAX_HEAP_MB,
): RunResult {
  const stdout = capture.stdout.finish();
  const stderr = capture.stderr.finish();
  const failed = outcome.exitCode !== 0 && !outcome.timedOut;
  const outOfMemory = isJs && failed && OOM_PATTERN.test(stderr.text);
  let stderrText = stderr.text;
  if (outOfMemory && !stderrText.includes("heap limit of")) {
    // V8's report (GC traces, a C stack) says nothing the agent can use; keep what came before it.
    const before = (stderrText.split("<--- Last few GCs --->")[0] ?? "")
      .trimEnd();
    stderrText = `${
      before ? `${before}\n` : ""
    }error: out of memory: the JavaScript heap limit of ${heapMb} MB was reached\n`;
  }
  return {
    language,
    stdout: stdout.text,
    stderr: stderrText,
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    timedOut: outcome.timedOut,
    outOfMemory,
    truncated: stdout.droppedBytes + stderr.droppedBytes > 0,
    durationMs: Math.round(performance.now() - started),
    bytesProduced: stdout.bytesProduced + stderr.bytesProduced,
    bytesReturned: stdout.bytesKept + stderr.bytesKept,
    droppedBytes: stdout.droppedBytes + stderr.droppedBytes,
    droppedLines: stdout.droppedLines + stderr.droppedLines,
    confinement: prepared.confinement,
  };
}

/**
 * The one-line prelude of a code file run directly by `deno run`: the helper
 * globals, and a watch that ends the run (and removes its temp dir) when the
 * runner that started it dies.
 */
export function processPrelude(
  where: { project: string; scratch: string; file?: string | undefined },
): string {
  const json = JSON.stringify;
  const file = where.file === undefined
    ? ""
    : `globalThis.FILE_PATH=${json(where.file)};` +
      `globalThis.FILE_CONTENT=Deno.readTextFileSync(${json(where.file)});`;
  return `globalThis.PROJECT_DIR=${json(where.project)};${file}` +
    `{const p=Deno.ppid,t=setInterval(()=>{if(Deno.ppid===p)return;` +
    `try{Deno.removeSync(${
      json(where.scratch)
    },{recursive:true})}catch{}Deno.exit(137)},1000);Deno.unrefTimer(t)}`;
}
