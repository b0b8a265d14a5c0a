/**
 * The platforms ctx-mode serves, one line each: its name and its adapter
 * (`<agent>/adapter.ts`), loaded only when its hook runs; its set-up
 * (`setup.ts` beside the adapter), loaded only by `install`, `deno task
 * configs` and the doctor. Adding a platform is adding its folder and one
 * line here.
 *
 * @module
 */

import type { Adapter, Agent, AgentSetup } from "./types.ts";

/**
 * Each platform's adapter module, relative to this file. Loaded by computed
 * specifier: `deno run` reads every module a literal `import()` names, so
 * literal ones would read all twelve adapters on each hook call.
 * `scripts/compile.ts` passes them to `deno compile` with `--include`.
 */
export const ADAPTER_MODULES: Readonly<Record<string, string>> = {
  "claude-code": "./claude_code/adapter.ts",
  "gemini-cli": "./gemini_cli/adapter.ts",
  "codex": "./codex/adapter.ts",
  "cursor": "./cursor/adapter.ts",
  "vscode-copilot": "./vscode_copilot/adapter.ts",
  "copilot-cli": "./copilot/adapter.ts",
  "qwen-code": "./qwen_code/adapter.ts",
  "kiro": "./kiro/adapter.ts",
  "jetbrains-copilot": "./copilot/adapter.ts",
  "kimi": "./kimi/adapter.ts",
  "antigravity-cli": "./antigravity_cli/adapter.ts",
  "hermes": "./hermes/adapter.ts",
  "opencode": "./opencode/adapter.ts",
  "kilocode": "./opencode/adapter.ts",
  "pi": "./pi/adapter.ts",
  "omp": "./pi/adapter.ts",
  "openclaw": "./openclaw/adapter.ts",
  "amp": "./amp/adapter.ts",
  "hermes-plugin": "./hermes_plugin/adapter.ts",
  "zed": "./zed/adapter.ts",
  "antigravity": "./antigravity/adapter.ts",
};

/** An adapter module's set-up module: `setup.ts` in the agent's folder. */
function setupModule(module: string): string {
  return module.replace(/[^/]+$/, "setup.ts");
}

/**
 * The modules only set-up and the doctor need, relative to this file: the
 * doctor's checks (they read `deno.json` and the launch command), then each
 * adapter's set-up module (config files, instructions, doctor places).
 * Loaded by computed specifier, so the hook path never reads them;
 * `scripts/compile.ts` passes them to `deno compile` with `--include`.
 */
export const SETUP_MODULES: readonly string[] = [
  "./_kit/doctor.ts",
  "./claude_code/doctor.ts",
  ...new Set(Object.values(ADAPTER_MODULES).map(setupModule)),
];

/** Loads the doctor's shared checks (`_kit/doctor.ts`). */
export async function doctorKit(): Promise<typeof import("./_kit/doctor.ts")> {
  return await import(new URL(SETUP_MODULES[0]!, import.meta.url).href);
}

/** ctx-mode's version, from `deno.json`, for set-up files that name it. */
export async function ctxModeVersion(): Promise<string> {
  return (await doctorKit()).VERSION;
}

/** Loads the doctor's Claude Code checks (`claude_code/doctor.ts`). */
export async function claudeCodeDoctorModule(): Promise<
  typeof import("./claude_code/doctor.ts")
> {
  return await import(new URL(SETUP_MODULES[1]!, import.meta.url).href);
}

/** The platform names the hook command accepts. */
export const PLATFORM_NAMES: readonly string[] = Object.keys(ADAPTER_MODULES);

/**
 * The adapter of a platform: what its hooks need, and all the hook path
 * loads (the set-up is {@linkcode agentFor}'s).
 *
 * @param name The platform's name on the command line.
 * @returns The adapter, or undefined for an unknown platform.
 */
export async function adapterFor(name: string): Promise<Adapter | undefined> {
  if (!Object.hasOwn(ADAPTER_MODULES, name)) return undefined;
  const module: Record<string, unknown> = await import(
    new URL(ADAPTER_MODULES[name] as string, import.meta.url).href
  );
  return Object.values(module).find((value): value is Adapter =>
    (value as Adapter | undefined)?.name === name &&
    typeof (value as Adapter).parse === "function"
  );
}

/**
 * A platform's adapter with its set-up (config files, instructions, doctor),
 * for `install`, `deno task configs`, the docs and the doctor. The hook
 * path uses {@linkcode adapterFor}, which leaves the set-up unread.
 *
 * @param name The platform's name on the command line.
 * @returns The agent, or undefined for an unknown platform.
 */
export async function agentFor(name: string): Promise<Agent | undefined> {
  const adapter = await adapterFor(name);
  if (!adapter) return undefined;
  const path = setupModule(ADAPTER_MODULES[name] as string);
  const module: Record<string, unknown> = await import(
    new URL(path, import.meta.url).href
  );
  const setup = Object.values(module).find((value): value is AgentSetup =>
    (value as AgentSetup | undefined)?.name === name &&
    typeof (value as AgentSetup).instructions === "function"
  );
  if (!setup) {
    throw new Error(
      `Cannot load the set-up of "${name}": ${path} exports none for it`,
    );
  }
  return { ...adapter, ...setup };
}
