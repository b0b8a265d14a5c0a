/**
 * Whether a Claude Code subagent can call ctx-mode's MCP tools.
 *
 * A subagent defined without a `tools` list inherits every tool of the main
 * agent, MCP tools included; one with a list has only what it names, minus
 * its `disallowedTools`. Definitions live in `.claude/agents/*.md` of the
 * project and of the user's home, project first. Built-in types have fixed
 * tool sets. Routing uses the answer: a subagent that cannot reach ctx-mode
 * is never redirected to it.
 *
 * Reads only through the injected reader; no platform besides Claude Code.
 *
 * @module
 */

import { joinPath } from "../../src/config/path_lite.ts";
import type { SubagentWhere } from "../types.ts";

/**
 * Claude Code's user folder: `$CLAUDE_CONFIG_DIR`, else `~/.claude`.
 *
 * @param where The home directory and the environment.
 * @returns The folder holding the user's settings and agents.
 */
export function claudeUserDir(
  where: { home: string; env: Readonly<Record<string, string>> },
): string {
  return where.env.CLAUDE_CONFIG_DIR || joinPath(where.home, ".claude");
}

/** The MCP server name ctx-mode registers under. */
const SERVER = "ctx-mode";

/**
 * Built-in subagent types and whether their tool set includes MCP tools:
 * `general-purpose`, `Explore` and `Plan` inherit them; `statusline-setup`
 * and `claude-code-guide` have short fixed lists without MCP.
 */
const BUILT_IN: Record<string, boolean> = {
  "general-purpose": true,
  "Explore": true,
  "Plan": true,
  "statusline-setup": false,
  "claude-code-guide": false,
};

/**
 * Whether a subagent of this type can call ctx-mode's tools.
 *
 * @param agentType The payload's `agent_type`; unknown when absent.
 * @param where The directories and file access.
 * @returns False only when the definition (or the built-in type) leaves ctx-mode's tools out.
 */
export function subagentCanCallServer(
  agentType: string | undefined,
  where: SubagentWhere,
): boolean {
  if (agentType === undefined) return true;
  const definition = findDefinition(agentType, where);
  if (definition === undefined) return BUILT_IN[agentType] ?? true;
  const fields = frontmatter(definition);
  const allowed = fields.get("tools");
  const denied = fields.get("disallowedtools") ?? [];
  if (denied.some(namesServer)) return false;
  return allowed === undefined || allowed.some(namesServer);
}

function namesServer(tool: string): boolean {
  const name = tool.replace(/\*$/, "");
  return name === "*" || name === "" ||
    new RegExp(`^mcp__${SERVER.replace("-", "[-_]")}(?:__|$)`).test(name);
}

function findDefinition(
  agentType: string,
  where: SubagentWhere,
): string | undefined {
  const folders = [
    joinPath(where.projectDir, ".claude", "agents"),
    joinPath(claudeUserDir(where), "agents"),
  ];
  for (const folder of folders) {
    const named = where.readText(joinPath(folder, `${agentType}.md`));
    if (named !== undefined && (nameOf(named) ?? agentType) === agentType) {
      return named;
    }
    for (const file of where.listNames(folder)) {
      if (!file.endsWith(".md")) continue;
      const text = where.readText(joinPath(folder, file));
      if (text !== undefined && nameOf(text) === agentType) return text;
    }
  }
  return undefined;
}

function nameOf(definition: string): string | undefined {
  return frontmatter(definition).get("name")?.[0];
}

/**
 * The list-valued fields of a definition's YAML front matter, keys
 * lower-cased: `a, b`, `[a, b]` and `- a` item lines all give `["a", "b"]`.
 * A field present with no value gives an empty list.
 */
function frontmatter(definition: string): Map<string, string[]> {
  const fields = new Map<string, string[]>();
  const lines = definition.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (lines[0]?.trim() !== "---") return fields;
  let current: string[] | undefined;
  for (const line of lines.slice(1)) {
    if (line.trim() === "---") break;
    const item = /^\s+-\s*(.*)$/.exec(line);
    if (item && current) {
      current.push(unquote(item[1] ?? ""));
      continue;
    }
    const field = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!field) {
      current = undefined;
      continue;
    }
    const value = (field[2] ?? "").replace(/\s+#.*$/, "").trim();
    current = value.replace(/^\[|\]$/g, "").split(",").map(unquote).filter((
      part,
    ) => part !== "");
    fields.set((field[1] ?? "").toLowerCase(), current);
  }
  return fields;
}

function unquote(text: string): string {
  return text.trim().replace(/^(["'])(.*)\1$/, "$2");
}
