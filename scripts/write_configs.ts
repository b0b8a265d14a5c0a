// deno-lint-ignore-file no-console -- a script: it reports what it wrote
/**
 * `deno task configs`: writes `configs/<platform>/` from what each adapter
 * generates, the Claude Code plugin (`configs/claude-code-plugin/`) and the
 * marketplace manifest that lists it (`.claude-plugin/marketplace.json`), so
 * the files in the repository never drift from what ctx-mode installs, and the
 * agent pages (README's capability matrix, `docs/agents.md`) from the same
 * data (tests check they match).
 *
 * @module
 */

import denoJson from "../deno.json" with { type: "json" };
import { agentFor, PLATFORM_NAMES } from "../adapters/registry.ts";
import { renderConfigFile } from "../adapters/_kit/render.ts";
import { agentPages } from "./agent_docs.ts";

/** The files of one platform's config folder, by name. */
export async function configFiles(
  platform: string,
): Promise<Record<string, string>> {
  const adapter = await agentFor(platform);
  if (!adapter) {
    throw new Error(`Cannot write configs for "${platform}": unknown platform`);
  }
  const instructions = adapter.instructions();
  const config = JSON.stringify(adapter.config("ctx-mode"), null, 2);
  const settings = adapter.paradigm === "json-stdio"
    ? "settings.json"
    : `${platform}.json`;
  const files: Record<string, string> = adapter.configFiles
    ? Object.fromEntries(
      adapter.configFiles("ctx-mode").map((
        file,
      ) => [file.name, renderConfigFile(file)]),
    )
    // An agent without MCP (Pi) has no config to write.
    : config === "{}"
    ? {}
    : { [settings]: `${config}\n` };
  files[instructions.file.split("/").at(-1) as string] = instructions.text;
  return { ...files, ...(await adapter.pluginFiles?.(["ctx-mode"])) };
}

/** The plugin's folder, relative to the repository root. */
export const PLUGIN_DIR = "configs/claude-code-plugin";

/** The plugin's (and its marketplace's) name: `/plugin install ctx-mode@ctx-mode`. */
export const PLUGIN_NAME = "ctx-mode";

/** The launcher inside the plugin, as Claude Code expands it. */
const LAUNCHER = "${CLAUDE_PLUGIN_ROOT}/scripts/ctx-mode.sh";

/**
 * Runs the installed ctx-mode: `$CTX_MODE_COMMAND` when set, else the
 * `ctx-mode` binary on PATH, else the published package through Deno. Run
 * with `sh` so it needs no executable bit after a copy.
 */
function launcher(version: string): string {
  return `#!/bin/sh
# The ctx-mode plugin's hooks, server and commands run ctx-mode through this file.
# CTX_MODE_COMMAND, when set, is the command to run instead (split on spaces),
# for example "deno run -A --config /src/ctx-mode/deno.json /src/ctx-mode/main.ts".
if [ -n "\${CTX_MODE_COMMAND:-}" ]; then
  exec $CTX_MODE_COMMAND "$@"
fi
if command -v ctx-mode >/dev/null 2>&1; then
  exec ctx-mode "$@"
fi
if command -v deno >/dev/null 2>&1; then
  exec deno run -A jsr:@ctx/mode@${version} "$@"
fi
echo "ctx-mode: neither the ctx-mode binary nor deno is on PATH; install one (see the ctx-mode README)" >&2
exit 127
`;
}

/** One slash command: its file name, front matter and body. */
interface SlashCommand {
  name: string;
  frontMatter: Record<string, string>;
  body: string;
}

const RUN = `sh "${LAUNCHER}"`;

const SLASH_COMMANDS: readonly SlashCommand[] = [
  {
    name: "ctx-stats",
    frontMatter: {
      description:
        "Show what ctx-mode kept out of context this session, and what the project's knowledge base holds",
      "allowed-tools": `Bash(${RUN} stats:*)`,
    },
    body: `!\`${RUN} stats\`

Show the report above to the user as it is, in a code block, without comment.
For a chart view they can run \`ctx-mode stats --html --open\` in a terminal.
`,
  },
  {
    name: "ctx-doctor",
    frontMatter: {
      description:
        "Check the ctx-mode installation: runtime, SQLite, data home, languages, sandbox, hooks and server",
      "allowed-tools": `Bash(${RUN} doctor:*)`,
    },
    body: `!\`${RUN} doctor\`

Show the checks above to the user as they are, in a code block. If a check
failed or warns, say in one sentence per check what the user can do about it.
`,
  },
  {
    name: "ctx-search",
    frontMatter: {
      description: "Search the project's ctx-mode knowledge base",
      "argument-hint": "<query>",
      "allowed-tools": `Bash(${RUN} search:*)`,
    },
    body: `Search the project's ctx-mode knowledge base for: $ARGUMENTS

Run exactly one Bash command: \`${RUN} search -- '<query>'\`, with the query
above as one single-quoted argument (write each ' inside it as '\\''). If the
query is empty, ask the user what to search for instead. Show the results to
the user as they are, without re-running or rewording them.
`,
  },
  {
    name: "ctx-purge",
    frontMatter: {
      description:
        "Wipe the project's ctx-mode knowledge base (asks for confirmation first)",
      "allowed-tools": `Bash(${RUN} stats:*), Bash(${RUN} purge --yes)`,
      "disable-model-invocation": "true",
    },
    body: `!\`${RUN} stats\`

The user asked to wipe this project's ctx-mode knowledge base, whose contents
are listed above. Tell them in one sentence how many sources and chunks would
be removed, then ask them to confirm (yes or no). Only after an explicit yes,
run \`${RUN} purge --yes\` with the Bash tool and show its output. On anything
else, say that nothing was removed.
`,
  },
];

function markdownCommand(command: SlashCommand): string {
  const lines = Object.entries(command.frontMatter).map(([key, value]) =>
    `${key}: ${
      /^[\w<>]/.test(value) && !value.includes(": ")
        ? value
        : JSON.stringify(value)
    }`
  );
  return `---\n${lines.join("\n")}\n---\n\n${command.body}`;
}

function jsonFile(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * The files of the Claude Code plugin, by path inside its folder: its
 * manifest, hooks (every event the Claude Code adapter handles), MCP server,
 * slash commands and the launcher they all run.
 *
 * @returns Relative path → text.
 */
export async function pluginFiles(): Promise<Record<string, string>> {
  const adapter = await agentFor("claude-code");
  if (!adapter) throw new Error('Cannot write the plugin: no "claude-code"');
  const { hooks } = adapter.config(`sh "${LAUNCHER}"`) as { hooks: unknown };
  const files: Record<string, string> = {
    ".claude-plugin/plugin.json": jsonFile({
      name: PLUGIN_NAME,
      version: denoJson.version,
      description:
        "Keeps bulky tool output out of Claude's context: a sandbox that returns only what code prints, a per-project full-text knowledge base, a safety guard, and session memory across compaction",
      author: { name: "ctx-mode contributors" },
      keywords: ["mcp", "context", "sandbox", "search", "hooks"],
    }),
    "hooks/hooks.json": jsonFile({
      description: "ctx-mode: routing, safety guard and session memory",
      hooks,
    }),
    ".mcp.json": jsonFile({
      mcpServers: {
        [PLUGIN_NAME]: { command: "sh", args: [LAUNCHER, "serve"] },
      },
    }),
    "scripts/ctx-mode.sh": launcher(denoJson.version),
  };
  for (const command of SLASH_COMMANDS) {
    files[`commands/${command.name}.md`] = markdownCommand(command);
  }
  return files;
}

/**
 * The marketplace manifest at the repository root, listing the plugin, so
 * that `/plugin marketplace add <repository>` offers it.
 *
 * @returns The text of `.claude-plugin/marketplace.json`.
 */
export function marketplaceFile(): string {
  return jsonFile({
    name: PLUGIN_NAME,
    owner: { name: "ctx-mode" },
    metadata: {
      description: "ctx-mode for Claude Code",
      version: denoJson.version,
    },
    plugins: [{
      name: PLUGIN_NAME,
      source: `./${PLUGIN_DIR}`,
      description:
        "Sandbox, knowledge base, safety guard and session memory as MCP tools and hooks",
      version: denoJson.version,
    }],
  });
}

async function write(path: string, text: string): Promise<void> {
  const url = new URL(`../${path}`, import.meta.url);
  await Deno.mkdir(new URL(".", url), { recursive: true });
  await Deno.writeTextFile(url, text);
  console.log(path);
}

if (import.meta.main) {
  for (const platform of PLATFORM_NAMES) {
    for (const [name, text] of Object.entries(await configFiles(platform))) {
      await write(`configs/${platform}/${name}`, text);
    }
  }
  for (const [name, text] of Object.entries(await pluginFiles())) {
    await write(`${PLUGIN_DIR}/${name}`, text);
  }
  await write(".claude-plugin/marketplace.json", marketplaceFile());
  const readme = new URL("../README.md", import.meta.url);
  const pages = await agentPages(await Deno.readTextFile(readme));
  await Deno.writeTextFile(readme, pages.readme);
  await Deno.writeTextFile(
    new URL("../docs/agents.md", import.meta.url),
    pages.agents,
  );
  console.log("README.md (agent matrix)\ndocs/agents.md");
}
