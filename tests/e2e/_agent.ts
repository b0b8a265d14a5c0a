/**
 * What the end-to-end suite knows about one agent CLI: its npm package at a
 * pinned version, how to point it at the scripted model, what it needs in
 * its throwaway HOME besides ctx-mode, and how to run one headless prompt.
 *
 * @module
 */

/** The repository root (this file lives in tests/e2e/). */
export const REPO: string = decodeURIComponent(
  new URL("../../", import.meta.url).pathname,
).replace(/\/$/, "");

/** A throwaway HOME with a project folder inside it. */
export interface Where {
  home: string;
  project: string;
  /** The scripted model's base URL, without a trailing slash. */
  modelUrl: string;
}

/** One headless run's outcome. */
export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** One agent CLI. */
export interface Agent {
  /** ctx-mode's platform name (`ctx-mode hook <name> …`). */
  name: string;
  /**
   * The npm package and pinned version; `with` names packages installed
   * beside it (e.g. a newer Node.js than the machine's, from the registry),
   * whose executables come first on the agent's PATH.
   */
  npm: { name: string; version: string; bin: string; with?: string[] };
  /**
   * How ctx-mode's hooks reach the agent: command hooks in its config
   * (the default), or an in-process plugin whose channel command
   * `CTX_MODE_COMMAND` replaces (scenario 6).
   */
  hooksVia?: "config" | "plugin";
  /**
   * Writes the agent's own settings into the throwaway HOME before
   * `ctx-mode install` adds ctx-mode to them: the scripted model as its
   * provider, onboarding done. Nothing of ctx-mode.
   */
  prepare(where: Where): Promise<void>;
  /** The unit of a hook's `timeout` in the agent's config. */
  hookTimeoutUnit: "s" | "ms";
  /** The environment that points the agent at the scripted model. */
  env(where: Where): Record<string, string>;
  /** The arguments of one headless prompt; `resume` continues the last session. */
  promptArgs(prompt: string, options: { resume: boolean }): string[];
  /** The arguments of the agent's own MCP listing. */
  mcpListArgs: string[];
  /** Whether the listing shows ctx-mode connected (or at least configured, where the agent shows no status). */
  mcpListed(output: string): boolean;
  /**
   * Headless compaction, or why there is none: the prompt of a resumed run
   * that compacts, either a command (`/compact`) or, with `autoTokens`, a
   * prompt whose first reply reports that many prompt tokens so the agent
   * compacts by itself before it sends the tool result back.
   */
  compact: { prompt: string; autoTokens?: number } | { missing: string };
}

/**
 * Why a real agent's test does not run here, or `undefined` when it does.
 * CI runs one row, Claude Code, with `CTX_MODE_E2E=1`; every other agent is
 * heavy and runs only when `CTX_MODE_E2E_AGENTS` names it (or says `all`),
 * as `deno task test:agents` does.
 *
 * @param name The agent's name, as in `deno task e2e`.
 * @returns The reason for the skip, or `undefined`.
 */
export function notChosen(name: string): string | undefined {
  const chosen = (Deno.env.get("CTX_MODE_E2E_AGENTS") ?? "").split(",")
    .map((word) => word.trim()).filter(Boolean);
  if (chosen.includes("all") || chosen.includes(name)) return undefined;
  if (name === "claude-code" && Deno.env.get("CTX_MODE_E2E") === "1") {
    return undefined;
  }
  return name === "claude-code"
    ? "neither CTX_MODE_E2E=1 nor CTX_MODE_E2E_AGENTS names claude-code"
    : `CTX_MODE_E2E_AGENTS does not name ${name}`;
}

/** The folder the agent CLIs are installed into, outside the repository. */
export function agentCache(): string {
  const base = Deno.env.get("XDG_CACHE_HOME") ??
    `${Deno.env.get("HOME") ?? "."}/.cache`;
  return `${base}/ctx-mode-agents`;
}

/** Where the throwaway HOMEs live: under the user's cache, never a temp folder. */
export function homesRoot(): string {
  const base = Deno.env.get("XDG_CACHE_HOME") ??
    `${Deno.env.get("HOME") ?? "."}/.cache`;
  return `${base}/ctx-mode-e2e/homes`;
}

/**
 * The installed agent's executable, installing it from the npm registry
 * first when missing.
 *
 * @param agent The agent.
 * @returns The executable's path, or why it is unavailable.
 */
export async function installAgent(
  agent: Pick<Agent, "npm">,
): Promise<{ bin: string } | { skip: string }> {
  const { name, version, bin, with: extra = [] } = agent.npm;
  const prefix = `${agentCache()}/${
    name.replace(/^@/, "").replace("/", "+")
  }@${version}`;
  const path = `${prefix}/node_modules/.bin/${bin}`;
  if (await exists(path)) return { bin: path };
  let output;
  try {
    await Deno.mkdir(prefix, { recursive: true });
    // Without a package.json at the prefix, npm 11 may add nothing (seen
    // with opencode-ai) and still exit 0.
    if (!(await exists(`${prefix}/package.json`))) {
      await writeJson(`${prefix}/package.json`, { private: true });
    }
    output = await new Deno.Command("npm", {
      args: [
        "install",
        "--prefix",
        prefix,
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        `${name}@${version}`,
        ...extra,
      ],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
  } catch (error) {
    return { skip: `npm unavailable: ${(error as Error).message}` };
  }
  if (!output.success || !(await exists(path))) {
    const line = new TextDecoder().decode(output.stderr).trim().split("\n")
      .find((text) => /err/i.test(text)) ?? "no executable after install";
    return { skip: `${name}@${version} not installable: ${line}` };
  }
  return { bin: path };
}

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * Writes a JSON file, creating its folder.
 *
 * @param path The file.
 * @param value The content.
 */
export async function writeJson(path: string, value: unknown): Promise<void> {
  await Deno.mkdir(path.replace(/\/[^/]*$/, ""), { recursive: true });
  await Deno.writeTextFile(path, JSON.stringify(value, null, 2) + "\n");
}
