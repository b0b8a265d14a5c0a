/**
 * The agent pages generated from the adapters' declared data: README's
 * capability matrix (between its markers) and `docs/agents.md`, the set-up
 * reference of every agent. `deno task configs` writes both; a test keeps
 * them in step.
 *
 * @module
 */

import { agentFor, PLATFORM_NAMES } from "../adapters/registry.ts";
import type { Agent, HookEvent } from "../adapters/types.ts";
import { agentEvidence } from "./_agent_runs.ts";

/** The markers around the matrix in README.md. */
export const MATRIX_START = "<!-- agents:matrix:start (deno task configs) -->";
/** The end marker. */
export const MATRIX_END = "<!-- agents:matrix:end -->";

const EVENT_COLUMNS: Array<[string, HookEvent, keyof Agent["capabilities"]]> = [
  ["pre-tool", "pre_tool_use", "preTool"],
  ["post-tool", "post_tool_use", "postTool"],
  ["pre-compact", "pre_compact", "preCompact"],
  ["session start", "session_start", "sessionStart"],
  ["prompt", "user_prompt_submit", "userPrompt"],
];

/**
 * Markdown as `deno fmt` writes it, so the generated pages pass the format check.
 *
 * @param text Markdown.
 * @returns The formatted text.
 */
export async function formatMarkdown(text: string): Promise<string> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--ext=md", "-"],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(text));
  await writer.close();
  const output = await child.output();
  if (!output.success) {
    throw new Error(
      `Cannot format the agent pages: ${
        new TextDecoder().decode(output.stderr)
      }`,
    );
  }
  return new TextDecoder().decode(output.stdout);
}

/** Every adapter, in the registry's order. */
export async function allAdapters(): Promise<Agent[]> {
  return (await Promise.all(PLATFORM_NAMES.map((name) => agentFor(name))))
    .filter((adapter): adapter is Agent => adapter !== undefined);
}

function eventCell(adapter: Agent, event: HookEvent, has: boolean): string {
  if (!has) return "—";
  return adapter.observeOnly?.includes(event) ? "observe" : "yes";
}

/** Whether the agent's post-tool answer carries a shrunk view (see docs/shrink.md). */
function shrinks(adapter: Agent): boolean {
  return adapter.capabilities.modifyOutput &&
    adapter.formatReplacement !== undefined;
}

/**
 * The capability matrix as a Markdown table.
 *
 * @param adapters The adapters.
 * @returns The table, one row per agent.
 */
export function capabilityMatrix(adapters: readonly Agent[]): string {
  const header = [
    "agent",
    ...EVENT_COLUMNS.map(([title]) => title),
    "block",
    "ask",
    "rewrite args",
    "inject context",
    "shrink output",
  ];
  const rows = adapters.map((adapter) => {
    const caps = adapter.capabilities;
    return [
      `[${adapter.label ?? adapter.name}](docs/agents.md#${adapter.name})`,
      ...EVENT_COLUMNS.map(([, event, key]) =>
        eventCell(adapter, event, caps[key])
      ),
      caps.block ? "yes" : "—",
      // Without a way to block, nothing degrades to a deny.
      caps.ask ? "yes" : caps.block ? "→ deny" : "—",
      caps.modifyArgs ? "yes" : caps.block ? "→ deny" : "—",
      caps.injectContext ? "yes" : "—",
      shrinks(adapter) ? adapter.shrinkScope ?? "yes" : "—",
    ];
  });
  return [header, header.map(() => "---"), ...rows]
    .map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

/**
 * README and `docs/agents.md` as `deno task configs` writes them.
 *
 * @param readme README's current text.
 * @returns Both pages, formatted.
 */
export async function agentPages(
  readme: string,
): Promise<{ readme: string; agents: string }> {
  const adapters = await allAdapters();
  return {
    readme: await formatMarkdown(
      withMatrix(readme, capabilityMatrix(adapters)),
    ),
    agents: await formatMarkdown(agentsReference(adapters)),
  };
}

/**
 * README with its matrix section replaced.
 *
 * @param readme README's text.
 * @param matrix The generated table.
 * @returns The new text.
 * @throws {Error} When the markers are missing.
 */
export function withMatrix(readme: string, matrix: string): string {
  const start = readme.indexOf(MATRIX_START);
  const end = readme.indexOf(MATRIX_END);
  if (start < 0 || end < start) {
    throw new Error(
      `Cannot update README.md: the markers "${MATRIX_START}" … "${MATRIX_END}" are missing`,
    );
  }
  return `${readme.slice(0, start + MATRIX_START.length)}\n\n${matrix}\n\n${
    readme.slice(end)
  }`;
}

function section(adapter: Agent): string {
  const lines = [`## ${adapter.label ?? adapter.name}`, ""];
  const anchor = `<a id="${adapter.name}"></a>`;
  lines.push(
    adapter.paradigm === "ts-plugin"
      ? `${anchor}Plugin: the files under [configs/${adapter.name}/](../configs/${adapter.name}/) other than the MCP and instructions files go into the agent's plugin folder; the plugin starts \`ctx-mode hook --serve ${adapter.name}\` once and asks it about each hook (see [hooks](hooks.md)).`
      : adapter.paradigm === "mcp-only"
      ? `${anchor}MCP only: no hooks; the server and the rules file below.`
      : `${anchor}Hook command: \`ctx-mode hook ${adapter.name} <event>\`.`,
    "",
  );
  const names = adapter.eventNames ?? {};
  const events = Object.entries(names).map(([event, name]) =>
    `\`${name}\` (${event.replaceAll("_", " ")}${
      adapter.observeOnly?.includes(event as HookEvent) ? ", observe only" : ""
    })`
  );
  if (events.length) lines.push(`Events: ${events.join(", ")}.`, "");
  lines.push(
    "| file | format | holds | project | user |",
    "|---|---|---|---|---|",
  );
  for (const file of adapter.configFiles?.("ctx-mode") ?? []) {
    const user = file.user
      ? `\`${file.user}\`${
        file.relocatedBy
          ? ` (\`$${file.relocatedBy.variable}\` moves \`${file.relocatedBy.folder}\`)`
          : ""
      }`
      : "—";
    lines.push(
      `| [configs/${adapter.name}/${file.name}](../configs/${adapter.name}/${file.name}) | ${file.format} | ${
        file.holds.join(", ")
      } | ${file.project ? `\`${file.project}\`` : "—"} | ${user} |`,
    );
  }
  const instructions = adapter.instructions();
  lines.push(
    `| [configs/${adapter.name}/${
      instructions.file.split("/").at(-1)
    }](../configs/${adapter.name}/${
      instructions.file.split("/").at(-1)
    }) | markdown | routing instructions | \`${instructions.file}\` | — |`,
    "",
  );
  const tools = adapter.tools;
  if (tools) {
    const list = (names: readonly string[]) =>
      names.length ? names.map((n) => `\`${n}\``).join(", ") : "none";
    lines.push(
      `Tools: shell ${list(tools.shell)}; read ${list(tools.read)}; search ${
        list(tools.search)
      }; fetch ${list(tools.fetch)}; subagent ${list(tools.subagent)}; edit ${
        list(tools.edit)
      }; MCP \`${tools.mcp}\`. ctx-mode's tools appear to the model as \`${
        adapter.serverToolName?.("ctx_execute") ?? "ctx_execute"
      }\`.`,
      "",
    );
  }
  const caps = adapter.capabilities;
  const degraded = [
    caps.ask ? "" : "an ask is a deny saying how to run the command by hand",
    caps.modifyArgs
      ? ""
      : "a rewrite is a deny carrying the rewritten call (a subagent prompt runs without the routing block)",
  ].filter(Boolean);
  if (degraded.length) lines.push(`Degraded: ${degraded.join("; ")}.`, "");
  lines.push(
    `Shrink output ([shrinking](shrink.md)): ${
      adapter.shrinkNote ??
        (shrinks(adapter)
          ? "every tool's result"
          : "none: its hook answer cannot replace a tool's result")
    }.`,
    "",
  );
  if (adapter.unverified?.length) {
    lines.push(`Unverified: ${adapter.unverified.join("; ")}.`, "");
  }
  return lines.join("\n");
}

/**
 * `docs/agents.md`: each agent's set-up.
 *
 * @param adapters The adapters.
 * @returns The page.
 */
export function agentsReference(adapters: readonly Agent[]): string {
  return `# Agents

Generated by \`deno task configs\` from each agent's folder in \`adapters/\`
(its \`setup.ts\`); do not edit by hand. Each agent runs \`ctx-mode hook <agent> <event>\` from its own
hook configuration and \`ctx-mode serve\` as its MCP server. Copy or merge the
files below (written with the command \`ctx-mode\`) into the places the agent
reads; \`ctx-mode doctor\` checks them.

${capabilityMatrix(adapters).replaceAll("(docs/agents.md#", "(#")}

${adapters.map(section).join("\n")}
${REAL_AGENTS}
${evidence(adapters)}`;
}

/** Every agent's fixture confidence and whether the suite runs it. */
function evidence(adapters: readonly Agent[]): string {
  const rows = adapters.map((adapter) => {
    const { confidence, runs } = agentEvidence(adapter.name);
    return `| [${
      adapter.label ?? adapter.name
    }](#${adapter.name}) | ${confidence} | ${runs} |`;
  });
  return `## Every agent: its fixtures and whether it runs here

The confidence (H high, M medium, L low) that the \`source\` notes of its hook
fixtures (\`tests/fixtures/hooks/<agent>/\`) state, lowest to highest, and how
many of them were captured from a real run. A plugin agent has no hook
fixtures: its row gives its adapter's notes, and the plugin hosts in
\`tests/plugins/\` stand in for the agent. "Runs here" says whether \`deno task e2e\` drives the
real agent.

| agent | fixture confidence | runs here |
| --- | --- | --- |
${rows.join("\n")}
`;
}

/** Which agents `deno task e2e` drives as real CLIs, and why the others are not. */
const REAL_AGENTS = `
## Real agents in the end-to-end suite

\`deno task e2e\` installs these CLIs from the npm registry at pinned versions
and drives them against a scripted model on loopback (see \`tests/e2e/\`):
Claude Code, Codex, Qwen Code, Gemini CLI, OpenCode (\`opencode-ai\`), KiloCode
(\`@kilocode/cli\` 7.7.7: 7.8.1's \`@kilocode/cli-linux-x64\` package is not
published, so npm fails with \`ETARGET\`), Pi (\`@earendil-works/pi-coding-agent\`,
with Node.js 22 from the registry as its engines field asks) and Copilot CLI
(\`@github/copilot\`, with no account through its own-provider mode,
\`COPILOT_PROVIDER_BASE_URL\`). Their hooks and plugins are the real ones:
the scenarios see a denied \`rm -rf ~\` not run and a file indexed by ctx-mode
found again through its tools. Seen from the real CLIs: Copilot CLI offers MCP
tools as \`<server>-<tool>\` (\`ctx-mode-ctx_execute\`); OpenCode's \`run\`
hands \`chat.message\` a prompt with spaces inside quotes; Copilot CLI sends
\`toolArgs\` as an object (fixture \`preToolUse.object-args.json\`).

ctx-mode must never be why an agent cannot work. Copilot CLI 1.0.102 denies the
tool call when a \`preToolUse\` hook exits non-zero ("Denied by preToolUse hook
(hook errored)", seen on a real run), and Gemini CLI 0.61 when one exits with a
code other than 0 or 1 (its \`convertPlainTextToHookOutput\`), such as the 127
of a shell whose ctx-mode moved. So \`install\` ends Copilot CLI's hook lines
in \`|| true\` (PowerShell: \`; exit 0\`) and starts Gemini CLI's with
\`command -v <program> >/dev/null 2>&1 && exec\` (Gemini CLI kills only the shell
on a timeout, so the shell must become ctx-mode; a missing program exits 1,
which it lets through): a ctx-mode that cannot start lets the call through,
while its deny, JSON on stdout with exit 0, still denies; \`doctor\` runs the
command without the guard and fails it when it does not run. Scenario 6 runs each agent with its hook command replaced by one that exits
1, one that hangs and one that is gone. Claude Code 2.1.197 (only exit 2
blocks), Codex (\`codex-rs/hooks\`: only exit 2 with a reason blocks) and Qwen
Code 0.15.10 (only exit 2) let the call through on any other exit, so their
lines have no ending.

Not driven here:

- **Amp** (\`@sourcegraph/amp\`): it talks to Amp's own server, not to a model
  provider's API, and needs an account. \`amp -x hello\` in a fresh HOME asks for
  a login at ampcode.com; with \`AMP_URL=http://127.0.0.1:9 AMP_API_KEY=dummy\`
  it ends with "Error: Couldn't connect to the Amp server at
  http://127.0.0.1:9." Its plugin events (\`tool.call\`, \`tool.result\`,
  \`session.start\`, \`agent.start\`) come from Amp's plugin documentation, not
  from a run: its fixture's confidence is M for the envelope and L for the tool
  names and input keys.
- **Compaction** in Pi's print mode: Pi 1.6.0 run with \`--print\` sent no
  summary request after a reply reporting 200,000 prompt tokens against the
  100,000-token window its provider declares, so the extension's
  \`session_compact\` guide is not shown there (interactive Pi compacts, and
  \`/compact\` compacts). OpenCode and KiloCode compact by themselves; their
  plugin fetches the guide in \`experimental.session.compacting\`, which they
  await before the summary request, and hands it to the request that continues
  the turn (the \`session.compacted\` event, which they do not await, brought it
  one run late): KiloCode 7.7.7 shows it there, and OpenCode 1.18.33 passes
  scenario 5 (\`deno task e2e opencode 5\`: after an edit and a compaction the
  context holds the prompt and the file). Copilot
  CLI's hooks cannot add context (its \`sessionStart\` is observe-only).
- **Pi's MCP**: Pi 1.6.0 reads MCP servers from \`~/.pi/agent/mcp.json\`
  (\`mcpServers\`), but ctx-mode registers none there. Its extension already
  offers the model ctx-mode's tools as Pi tools (\`ctx_fetch_and_index\`,
  \`ctx_search\`, …): on the real Pi 1.6.0 run \`curl\` is redirected to them
  (scenario 3) and indexed output is found (scenario 4), and they also work on
  Pi releases without MCP. A server entry would add a second copy of each tool,
  \`mcp__ctx_mode__<tool>\`, which Pi's default \`codemode\` exposure keeps from
  the model, and a second ctx-mode process per session.
`;
