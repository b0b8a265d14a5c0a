/**
 * How to start the JavaScript sandbox process: under `deno run`,
 * `Deno.execPath()` is the Deno CLI, which can start `worker_host.ts` with
 * exactly the run's permission flags; in a `deno compile`d binary it is the
 * binary itself, which re-executes itself as `ctx-mode __sandbox` and lets a
 * Worker carry the permissions.
 *
 * Pure: the runtime facts come in as parameters. This module must never
 * start a process.
 *
 * @module
 */

import type { HostConfig } from "./worker_host.ts";
import type { JsHostConfig } from "./js_host.ts";
import { METADATA_DENY_NET } from "../config/network_policy.ts";

/** Where the sandbox process comes from. */
export interface Runtime {
  /** `Deno.execPath()`. */
  execPath: string;
  /** Whether this is a `deno compile`d binary (`Deno.build.standalone`). */
  standalone: boolean;
  /** `import.meta.url` of the sandbox module. */
  moduleUrl: string;
}

/** How the code's permissions are enforced. */
export type JsSandboxMode = "process" | "worker";

/**
 * The facts about this process.
 *
 * @returns The runtime, read from `Deno`.
 */
export function currentRuntime(): Runtime {
  const standalone = (Deno.build as { standalone?: boolean }).standalone ??
    false;
  return { execPath: Deno.execPath(), standalone, moduleUrl: import.meta.url };
}

/**
 * Whether the process is a compiled binary: Deno says so, or its modules
 * are served from the binary's virtual `deno-compile-` folder.
 *
 * @param runtime The runtime facts.
 * @returns `true` for a `deno compile`d binary.
 */
export function isCompiled(runtime: Runtime): boolean {
  return runtime.standalone ||
    /[/\\]deno-compile-[^/\\]+[/\\]/.test(
      decodeURIComponent(runtime.moduleUrl),
    );
}

/**
 * Picks the mode: permission flags where a Deno CLI is at hand and the paths
 * can be written as flags (Deno splits flag values at commas), a Worker
 * otherwise.
 *
 * @param runtime The runtime facts.
 * @param paths Every path that will appear in a permission flag.
 * @param wanted An explicit choice, or `"auto"`.
 * @returns The mode.
 */
export function chooseMode(
  runtime: Runtime,
  paths: readonly string[],
  wanted: JsSandboxMode | "auto",
): JsSandboxMode {
  if (isCompiled(runtime)) return "worker";
  if (wanted !== "auto") return wanted;
  return paths.some((path) => path.includes(",")) ? "worker" : "process";
}

/**
 * The command line of the sandbox process.
 *
 * @param runtime The runtime facts.
 * @param config What the sandbox process is told (its `mode` decides the flags).
 * @param idleMs How long a process-mode sandbox waits for its request line.
 * @returns The argv, executable first.
 */
export function sandboxArgv(
  runtime: Runtime,
  config: HostConfig,
  idleMs = 300_000,
): string[] {
  const json = JSON.stringify(config);
  if (isCompiled(runtime)) return [runtime.execPath, "__sandbox", json];
  const host = new URL("./worker_host.ts", runtime.moduleUrl).href;
  const common = ["run", "--no-config", "--no-lock", "--no-prompt", "--quiet"];
  if (config.mode === "worker") {
    // Stands in for the compiled binary, whose own permissions are all-allowed.
    return [
      runtime.execPath,
      ...common,
      "--allow-all",
      // A Worker granted `net: true` still inherits this denial.
      `--deny-net=${METADATA_DENY_NET.join(",")}`,
      "--unstable-worker-options",
      host,
      json,
    ];
  }
  return [
    runtime.execPath,
    ...common,
    `--allow-read=${config.read.join(",")}`,
    `--allow-write=${config.write.join(",")}`,
    ...(config.denyWrite?.length
      ? [`--deny-write=${config.denyWrite.join(",")}`]
      : []),
    "--allow-net",
    `--deny-net=${METADATA_DENY_NET.join(",")}`,
    "--allow-import",
    `--v8-flags=--max-old-space-size=${config.heapMb}`,
    new URL("./js_host.ts", runtime.moduleUrl).href,
    JSON.stringify(
      {
        code: config.code,
        project: config.project,
        idleMs,
      } satisfies JsHostConfig,
    ),
  ];
}
