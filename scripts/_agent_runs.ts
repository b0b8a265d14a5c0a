/**
 * What docs/agents.md says of each agent's evidence: how far its hook
 * fixtures are to be trusted (read from the `source` note of each fixture
 * under `tests/fixtures/hooks/<agent>/`, or, for an agent with no hook
 * fixtures, from its adapter's notes) and whether `deno task e2e` drives the
 * real agent here.
 *
 * @module
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";

const FIXTURES = fileURLToPath(
  new URL("../tests/fixtures/hooks/", import.meta.url),
);

/**
 * Whether `deno task e2e` drives the agent as a real CLI, and how; or why
 * not. Every platform has an entry (`agentEvidence` throws otherwise).
 */
const RUNS: Readonly<Record<string, string>> = {
  "claude-code": "yes (`@anthropic-ai/claude-code`)",
  "gemini-cli": "yes (`@google/gemini-cli` 0.61.0)",
  "codex": "yes (`@openai/codex` 0.171.0)",
  "qwen-code": "yes (`@qwen-code/qwen-code` 0.15.10)",
  "opencode": "yes (`opencode-ai` 1.18.33)",
  "kilocode": "yes (`@kilocode/cli` 7.7.7)",
  "pi": "yes (`@earendil-works/pi-coding-agent`)",
  "copilot-cli": "yes (`@github/copilot` 1.0.102, own-provider mode)",
  "amp": "no: needs an account on Amp's own server (see above)",
  "cursor": "no: a desktop editor, not driven here",
  "vscode-copilot": "no: an editor extension, not driven here",
  "jetbrains-copilot": "no: an IDE plugin, not driven here",
  "kiro": "no: not driven here yet",
  "kimi": "no: not driven here yet",
  "antigravity-cli": "no: not driven here yet",
  "antigravity": "no: a desktop editor, not driven here",
  "zed": "no: a desktop editor, not driven here",
  "hermes": "no: not driven here yet",
  "hermes-plugin": "no: not driven here yet",
  "omp": "no: not driven here yet",
  "openclaw": "no: not driven here yet",
};

/** The confidence of agents without hook fixtures, as their adapter's notes give it. */
const PLUGIN_CONFIDENCE: Readonly<Record<string, string>> = {
  "opencode": "H for hook names and shapes, M for bash's argument keys",
  "kilocode": "M (a fork of OpenCode, documented as plugin-compatible)",
  "pi": "M (tool schemas)",
  "omp": "M (as Pi's)",
  "openclaw": "H for hook shapes, L for non-`exec` and MCP tool names",
  "amp": "M for the envelope, L for tool names and input keys",
  "hermes-plugin": "H for hook names and return shapes",
  "zed": "H for MCP, L for its MCP client name",
  "antigravity": "L–M (no official reference)",
};

const RANK = ["L", "M", "H"];

/** The `source` notes of an agent's hook fixtures (empty: it has none). */
function fixtureNotes(agent: string): string[] {
  const notes: string[] = [];
  const walk = (folder: string) => {
    let entries: Deno.DirEntry[];
    try {
      entries = [...Deno.readDirSync(folder)];
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return;
      throw error;
    }
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory) walk(path);
      else if (entry.name.endsWith(".json")) {
        const fixture = JSON.parse(Deno.readTextFileSync(path)) as {
          source?: unknown;
        };
        if (typeof fixture.source === "string") notes.push(fixture.source);
      }
    }
  };
  walk(join(FIXTURES, agent));
  return notes;
}

/** The confidence range the notes state (`M–H`), and how many came from a real run. */
function summary(notes: readonly string[]): string {
  const letters = new Set<string>();
  for (const note of notes) {
    for (const match of note.matchAll(/confidence ([HML](?:-[HML])?)/g)) {
      for (const letter of match[1]!.split("-")) letters.add(letter);
    }
    for (const match of note.matchAll(/\(([HML])\)|- ([HML])\b/g)) {
      letters.add((match[1] ?? match[2])!);
    }
  }
  const seen = notes.filter((note) => /captured|real run|seen on/i.test(note))
    .length;
  const ranked = RANK.filter((letter) => letters.has(letter));
  const range = ranked.length === 0
    ? "not stated"
    : ranked.length === 1
    ? ranked[0]!
    : `${ranked[0]}–${ranked.at(-1)}`;
  return `${range} (${notes.length} fixture${notes.length === 1 ? "" : "s"}${
    seen > 0 ? `, ${seen} from a real run` : ""
  })`;
}

/**
 * One agent's evidence, for docs/agents.md.
 *
 * @param agent The platform name.
 * @returns The fixtures' confidence and whether it runs here.
 * @throws {Error} When the agent has no entry here.
 */
export function agentEvidence(
  agent: string,
): { confidence: string; runs: string } {
  const runs = RUNS[agent];
  if (runs === undefined) {
    throw new Error(
      `Cannot document "${agent}": scripts/_agent_runs.ts does not say whether it runs here`,
    );
  }
  const notes = fixtureNotes(agent);
  const confidence = notes.length > 0
    ? summary(notes)
    : `no hook fixtures; its adapter: ${
      PLUGIN_CONFIDENCE[agent] ?? "not stated"
    }`;
  return { confidence, runs };
}
