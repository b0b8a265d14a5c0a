/**
 * Plans a sandbox host: the command line that starts it (inside bubblewrap,
 * with Landlock rules, or plain), its environment, and the request that makes
 * it run one piece of code. The mounts and rules give a run the project and
 * its temp dir read-write, the runtime's files read-only, and nothing else;
 * the project's control files are mounted read-only over the project, and
 * Deno's cache is read-only, so nothing a run writes can run later outside it.
 *
 * Reads the file system only to see which paths exist; never starts a process.
 *
 * @module
 */

import { basename, delimiter, dirname, isAbsolute, join } from "node:path";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { bwrapArgs, isInside, isSystemPath, runtimeRoots } from "./_bwrap.ts";
import type { Confinement } from "./confine.ts";
import { denoSandboxEnv, sandboxEnv } from "./env.ts";
import {
  chooseMode,
  isCompiled,
  type Runtime,
  sandboxArgv,
} from "./js_launch.ts";
import { findOnPath, type LanguageId } from "./_languages.ts";
import { existing, landlockRules } from "./_landlock_rules.ts";
import { languageRuntime } from "./languages.ts";
import type { HostRequest, HostSetup } from "./sandbox_host.ts";
import type { JsHostRequest } from "./js_host.ts";
import type { HostConfig } from "./worker_host.ts";
import { controlMountArgs } from "./_control_mounts.ts";
import {
  execHostArgv,
  shellHostArgv,
  shellHostRequest,
} from "./_shell_host.ts";
import { pythonHostArgv, pythonHostRequest } from "./_python_host.ts";
import { resolvePyenvShim } from "./_pyenv_shim.ts";
import { guardedFolders, whyGuarded } from "./project_guard.ts";
import { controlLeaves, type Spec } from "./_control_spec.ts";
import { seccompFile } from "./_seccomp.ts";
import { type ProcessLimit, processLimit } from "./_process_limit.ts";

/** How a run ends up confined (reported with every result). */
export type RunConfinement = "bwrap" | "landlock" | "permissions" | "none";

/** Everything needed to start a host and give it runs of one language. */
export interface HostPlan {
  language: LanguageId;
  project: string;
  scratch: string;
  argv: string[];
  env: Record<string, string>;
  confinement: RunConfinement;
  /** The environment of the programs the host spawns. */
  runEnv: Record<string, string>;
  /** The file the code is written to (in the scratch dir). */
  codePath: string;
  /**
   * How JavaScript runs: `"direct"` the host is the sandbox process itself
   * (Deno's permission flags); `"worker"` a Worker inside the host (a
   * compiled binary, or no way to end the process with the server); under
   * Landlock a child of the host, `"forward"` started ahead with permission
   * flags or `"child-worker"` with a Worker of its own (a compiled binary).
   */
  js?: "direct" | "worker" | "forward" | "child-worker";
  /** What the JavaScript sandbox is told. */
  config?: HostConfig;
  /** For other languages: the build step and the run. */
  steps?: { argv: string[]; cwd: string }[];
  /** The host is the shell itself (inside bubblewrap): its request is raw text. */
  shellHost?: boolean;
  /** The host is the Python interpreter itself (inside bubblewrap): its request is raw text. */
  pythonHost?: boolean;
  /** The host is `bash` that becomes the program (inside bubblewrap): its request is a shell host's. */
  execHost?: boolean;
  /** The run's process limit (a cgroup to remove once the host ended), for hosts that start programs. */
  processLimit?: ProcessLimit;
  /** The control-file mounts (bubblewrap) the host was started with. */
  controlArgs?: string[];
  /** The control spec the mounts or deny list were made from, for the next run's baseline (taken once). */
  controlSpec?: Spec;
  runtime: Runtime;
}

/** What the planner needs besides the language and the paths. */
export interface PlanOptions {
  confinement: Confinement;
  runtime: Runtime;
  parent: Readonly<Record<string, string>>;
  denyEnv: readonly string[];
  heapMb: number;
  memoryMb: number;
  idleMs: number;
}

function denoDir(parent: Readonly<Record<string, string>>, scratch: string) {
  return parent.DENO_DIR ??
    join(
      parent.XDG_CACHE_HOME ?? join(parent.HOME ?? scratch, ".cache"),
      "deno",
    );
}

/**
 * PATH entries a confined program may call, outside the system dirs; never a
 * home folder, a folder above one, or the data home, judged by real path
 * (`$HOME/`, `$HOME/.`, `/root/../root` and links to them included).
 */
function pathDirs(
  parent: Readonly<Record<string, string>>,
  project: string,
  scratch: string,
): string[] {
  const guarded = guardedFolders(parent);
  return (parent.PATH ?? "").split(delimiter).filter((dir) =>
    isAbsolute(dir) && dir !== "/" && whyGuarded(dir, guarded) === undefined &&
    !isSystemPath(dir) && !isInside(dir, project) && !isInside(dir, scratch)
  );
}

function confinedEnv(
  env: Record<string, string>,
  scratch: string,
  parent: Readonly<Record<string, string>>,
): void {
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
function confinedGoCache(
  parent: Readonly<Record<string, string>>,
  scratch: string,
): string {
  const base = parent.XDG_CACHE_HOME ??
    (parent.HOME ? join(parent.HOME, ".cache") : undefined);
  const cache = base
    ? join(base, "ctx-mode", "go-build")
    : join(scratch, "go-build");
  Deno.mkdirSync(cache, { recursive: true });
  return cache;
}

function hostArgv(runtime: Runtime, setup: HostSetup): string[] {
  const json = JSON.stringify(setup);
  if (isCompiled(runtime)) return [runtime.execPath, "__host", json];
  return [
    runtime.execPath,
    "run",
    "--no-config",
    "--no-lock",
    "--no-prompt",
    "--quiet",
    "--allow-all",
    "--unstable-worker-options",
    new URL("./sandbox_host.ts", runtime.moduleUrl).href,
    json,
  ];
}

/**
 * Plans the host for one language in one project, with its own temp dir.
 *
 * @param language The language.
 * @param paths The project and the host's temp dir (real paths).
 * @param options Confinement, runtime, environment and limits.
 * @returns The plan.
 */
export function planHost(
  language: LanguageId,
  paths: { project: string; scratch: string; scratchInside: boolean },
  options: PlanOptions,
): HostPlan {
  const { project, scratch, scratchInside } = paths;
  const { confinement, runtime, parent } = options;
  const isJs = language === "javascript" || language === "typescript";
  const cache = denoDir(parent, scratch);
  Deno.mkdirSync(cache, { recursive: true });
  const hostEnv = denoSandboxEnv(parent, { tempDir: scratch });
  hostEnv.DENO_DIR = cache;
  const readable = [...runtimeRoots(runtime.execPath, parent), cache];
  // Under `deno run` from a clone the host's modules are read from disk; a
  // compiled binary carries them, and from JSR they come from the Deno cache.
  if (!isCompiled(runtime) && runtime.moduleUrl.startsWith("file:")) {
    readable.push(dirname(fileURLToPath(runtime.moduleUrl)));
  }
  const writable = scratchInside ? [project] : [project, scratch];
  let plan: HostPlan;
  let child: HostSetup["child"];
  let leavesSpec: Spec | undefined;
  if (isJs) {
    const codePath = join(
      scratch,
      language === "typescript" ? "code.ts" : "code.js",
    );
    hostEnv.HOME = scratch;
    const js = chooseMode(runtime, [project, scratch], "auto");
    const config: HostConfig = {
      mode: js,
      code: codePath,
      project,
      scratch,
      read: [project, scratch],
      write: [project, scratch],
      heapMb: options.heapMb,
      // Deno's deny list holds for paths that do not exist yet, so every control path goes in.
      denyWrite: controlLeaves(project, (found) => leavesSpec = found),
    };
    // Only bubblewrap ends a looping sandbox process with the server; elsewhere a host watches it.
    const direct = js === "process" && confinement.kind === "bwrap";
    plan = {
      language,
      project,
      scratch,
      argv: [],
      env: hostEnv,
      confinement: confinement.kind === "none"
        ? "permissions"
        : confinement.kind,
      runEnv: hostEnv,
      codePath,
      js: direct
        ? "direct"
        : js === "process"
        ? "forward"
        : confinement.kind === "landlock"
        ? "child-worker"
        : "worker",
      config,
      runtime,
    };
    if (leavesSpec) plan.controlSpec = leavesSpec;
    if (direct) {
      const argv = sandboxArgv(runtime, config, options.idleMs);
      return wrapInBwrap(plan, confinement, argv, readable, writable, options);
    }
    if (plan.js === "forward") {
      child = {
        argv: sandboxArgv(runtime, config, options.idleMs),
        env: hostEnv,
      };
    }
  } else {
    const { spec, command: found } = languageRuntime(language, parent);
    // A pyenv shim costs more than the interpreter's own start: its target runs instead.
    const shim = language === "python"
      ? resolvePyenvShim(found, parent, project)
      : undefined;
    const command = shim?.command ?? found;
    const name = language === "go" || language === "rust" ? "main" : "code";
    const codePath = join(scratch, name + spec.extension);
    const run = spec.plan(command, codePath, scratch);
    const runEnv = sandboxEnv(parent, {
      deny: options.denyEnv,
      tempDir: scratch,
    });
    if (shim) {
      runEnv.PATH = runEnv.PATH
        ? `${shim.bin}${delimiter}${runEnv.PATH}`
        : shim.bin;
      runEnv.PYENV_VERSION = shim.version;
    }
    if (confinement.kind !== "none") {
      confinedEnv(runEnv, scratch, parent);
      readable.push(...runtimeRoots(found, parent));
      if (shim) readable.push(...runtimeRoots(command, parent));
      if (language === "go") {
        runEnv.GOCACHE = confinedGoCache(parent, scratch);
        writable.push(runEnv.GOCACHE);
      }
      if (language === "elixir") {
        const erl = findOnPath("erl", parent);
        if (erl) readable.push(...runtimeRoots(erl, parent));
      }
      // Programs on PATH stay callable (their data under HOME does not come along).
      readable.push(...pathDirs(parent, project, scratch));
    }
    plan = {
      language,
      project,
      scratch,
      argv: [],
      env: hostEnv,
      confinement: confinement.kind,
      runEnv,
      codePath,
      steps: [
        ...(run.build ? [{ argv: run.build, cwd: scratch }] : []),
        { argv: run.run, cwd: project },
      ],
      runtime,
    };
    // Inside bubblewrap a shell run needs no Deno host: bash waits for it.
    if (
      language === "shell" && confinement.kind === "bwrap" && !run.build &&
      basename(command) === "bash"
    ) {
      plan.shellHost = true;
      plan.env = runEnv;
      const argv = shellHostArgv(command, codePath, options.idleMs);
      return wrapInBwrap(plan, confinement, argv, readable, writable, options);
    }
    // Likewise Python: the interpreter, started ahead, waits for its code.
    if (language === "python" && confinement.kind === "bwrap") {
      plan.pythonHost = true;
      plan.env = runEnv;
      const argv = pythonHostArgv(command, codePath, options.idleMs);
      return wrapInBwrap(plan, confinement, argv, readable, writable, options);
    }
    // Every other language: bash writes the code and becomes the program.
    const bash = confinement.kind === "bwrap" ? systemBash() : undefined;
    if (bash && plan.steps) {
      plan.execHost = true;
      plan.env = runEnv;
      const argv = execHostArgv(bash, codePath, plan.steps, options.idleMs);
      return wrapInBwrap(plan, confinement, argv, readable, writable, options);
    }
  }
  const setup: HostSetup = {
    idleMs: options.idleMs,
    watchParent: confinement.kind !== "bwrap",
    scratch,
  };
  if (confinement.kind === "landlock") {
    setup.landlock = landlockRules(readable, writable);
  }
  if (child) setup.child = child;
  const argv = hostArgv(runtime, setup);
  if (confinement.kind === "bwrap") {
    return wrapInBwrap(plan, confinement, argv, readable, writable, options);
  }
  if (confinement.kind === "landlock" && plan.steps) {
    const limit = plan.processLimit = processLimit(parent);
    plan.argv = limit.outer(limit.landlock(argv, parent));
    return plan;
  }
  plan.argv = argv;
  return plan;
}

function wrapInBwrap(
  plan: HostPlan,
  confinement: Confinement,
  argv: string[],
  readable: readonly string[],
  writable: readonly string[],
  options: PlanOptions,
): HostPlan {
  const filter = seccompFile(tmpdir());
  // JavaScript starts no programs; every other host gets a process limit.
  const limit = plan.steps || plan.shellHost
    ? processLimit(options.parent, true)
    : undefined;
  if (limit) plan.processLimit = limit;
  const args = bwrapArgs(
    {
      writable,
      readable: existing(readable),
      // Control files over the project, read-only: writing them fails at once.
      controlArgs: plan.controlArgs = controlMountArgs(
        plan.project,
        (found) => plan.controlSpec = found,
      ),
      cwd: plan.project,
      privateDir: plan.scratch,
      // The namespace's /tmp lives in memory: the run's memory cap bounds it too.
      tmpBytes: options.memoryMb * 1024 * 1024,
      ...(filter ? { seccompFd: SECCOMP_FD } : {}),
    },
    limit ? limit.insideBwrap(argv, options.parent) : argv,
  );
  const bwrap = confinement.command ?? "bwrap";
  // bubblewrap reads the filter from a file descriptor, which a spawn cannot
  // pass: a `sh` opens it, the process limit's own where it has one.
  const redirect = filter
    ? `${SECCOMP_FD}<'${filter.replaceAll("'", `'\\''`)}'`
    : undefined;
  const command = [bwrap, ...args];
  plan.argv = limit
    ? limit.outer(command, redirect)
    : redirect
    ? ["/bin/sh", "-c", `exec "$0" "$@" ${redirect}`, ...command]
    : command;
  return plan;
}

/**
 * Whether a started host still holds the project's control files as they
 * are now: a repository made since it started (by the run before) has no
 * read-only mount in it, nor a place in JavaScript's deny list.
 *
 * @param plan The host's plan.
 * @returns False when the host must give way to a fresh one.
 */
export function controlStillHeld(plan: HostPlan): boolean {
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((value, i) => value === b[i]);
  if (plan.controlArgs) {
    return same(
      plan.controlArgs,
      controlMountArgs(plan.project, (found) => plan.controlSpec = found),
    );
  }
  if (plan.config?.denyWrite) {
    return same(
      plan.config.denyWrite,
      controlLeaves(plan.project, (found) => plan.controlSpec = found),
    );
  }
  return true;
}

/** A `bash` in a system folder (every confined run sees those), if there is one. */
function systemBash(): string | undefined {
  return ["/usr/bin/bash", "/bin/bash"].find((path) => {
    try {
      return Deno.statSync(path).isFile;
    } catch {
      return false;
    }
  });
}

/** The descriptor bubblewrap reads the seccomp filter from. */
const SECCOMP_FD = 9;

/**
 * The request line that makes a planned host run a piece of code.
 *
 * @param plan The host's plan.
 * @param code The source text (the file's, preamble included).
 * @param file For exec-file: the target (real path inside the project).
 * @returns One line of JSON, newline included.
 */
export function hostRequest(
  plan: HostPlan,
  code: string,
  file?: string,
): string {
  if (plan.shellHost || plan.execHost) return shellHostRequest(code, file);
  if (plan.pythonHost) return pythonHostRequest(code, file);
  const line = (request: HostRequest | JsHostRequest) =>
    JSON.stringify(request) + "\n";
  const codeFile = { path: plan.codePath, text: code };
  if (plan.steps) {
    const env = { ...plan.runEnv };
    if (file !== undefined) env.FILE_PATH = file;
    return line({ kind: "spawn", code: codeFile, steps: plan.steps, env });
  }
  const jsRequest: JsHostRequest = file === undefined
    ? { code }
    : { code, file };
  if (plan.js === "direct") return line(jsRequest);
  if (plan.js === "forward") {
    return line({ kind: "forward", line: JSON.stringify(jsRequest) });
  }
  const config: HostConfig = { ...plan.config!, mode: "worker" };
  if (file !== undefined) config.file = file;
  if (plan.js === "worker") {
    return line({ kind: "worker", worker: config, code: codeFile });
  }
  return line({
    kind: "spawn",
    code: codeFile,
    steps: [{ argv: sandboxArgv(plan.runtime, config), cwd: plan.project }],
    env: plan.runEnv,
  });
}
