/**
 * Plans a sandbox host: the command line that starts it (inside bubblewrap,
 * with Landlock rules, or plain) and its environment, per language. The
 * mounts and rules give a run the project and its temp dir read-write, the
 * runtime's files read-only, and nothing else; the project's control files
 * are mounted read-only over the project, and Deno's cache is read-only, so
 * nothing a run writes can run later outside it.
 *
 * Reads the file system only to see which paths exist; never starts a process.
 *
 * @module
 */

import { basename, delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runtimeRoots } from "./_bwrap.ts";
import { denoSandboxEnv, sandboxEnv } from "./env.ts";
import {
  chooseMode,
  isCompiled,
  type Runtime,
  sandboxArgv,
} from "./js_launch.ts";
import { findOnPath, type LanguageId } from "./_languages.ts";
import { landlockRules } from "./_landlock_rules.ts";
import { languageRuntime } from "./languages.ts";
import type { HostSetup } from "./sandbox_host.ts";
import type { HostConfig } from "./worker_host.ts";
import { controlMountArgs } from "./_control_mounts.ts";
import { execHostArgv, shellHostArgv } from "./_shell_host.ts";
import { pythonHostArgv } from "./_python_host.ts";
import { resolvePyenvShim } from "./_pyenv_shim.ts";
import { controlLeaves, type Spec } from "./_control_spec.ts";
import { processLimit } from "./_process_limit.ts";
import type { HostPlan, PlanOptions } from "./_host_types.ts";
import {
  confinedEnv,
  confinedGoCache,
  denoDir,
  pathDirs,
} from "./_host_env.ts";
import { wrapInBwrap } from "./_host_bwrap.ts";

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
      return wrapInBwrap(
        plan,
        confinement,
        argv,
        { readable, writable },
        options,
      );
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
      return wrapInBwrap(
        plan,
        confinement,
        argv,
        { readable, writable },
        options,
      );
    }
    // Likewise Python: the interpreter, started ahead, waits for its code.
    if (language === "python" && confinement.kind === "bwrap") {
      plan.pythonHost = true;
      plan.env = runEnv;
      const argv = pythonHostArgv(command, codePath, options.idleMs);
      return wrapInBwrap(
        plan,
        confinement,
        argv,
        { readable, writable },
        options,
      );
    }
    // Every other language: bash writes the code and becomes the program.
    const bash = confinement.kind === "bwrap" ? systemBash() : undefined;
    if (bash && plan.steps) {
      plan.execHost = true;
      plan.env = runEnv;
      const argv = execHostArgv(bash, codePath, plan.steps, options.idleMs);
      return wrapInBwrap(
        plan,
        confinement,
        argv,
        { readable, writable },
        options,
      );
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
    return wrapInBwrap(
      plan,
      confinement,
      argv,
      { readable, writable },
      options,
    );
  }
  if (confinement.kind === "landlock" && plan.steps) {
    // A PID namespace first: the kernel ends the run with its host, and with a killed server.
    const limit = plan.processLimit = processLimit(parent, true);
    plan.argv = limit.outer(limit.landlock(argv, parent));
    return plan;
  }
  plan.argv = argv;
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
