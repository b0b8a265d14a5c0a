/**
 * The snapshot of a session taken before compaction: its working state cut
 * to a byte budget (2 KB) by priority tiers. The last request always stays;
 * then open tasks, decisions, files modified and unresolved errors; then git,
 * rules and environment; then MCP tools, subagents, skills, data references,
 * intent and role. When the budget is tight the lower tiers go first, and the
 * snapshot lists what it left out.
 *
 * Pure. The budget is measured on the rendered guide, so what is stored is
 * exactly what fits.
 *
 * @module
 */

import { formatBytes } from "../store/format_bytes.ts";
import { utf8ByteLength } from "../store/split_oversize.ts";
import { renderGuide } from "./guide.ts";
import { clip } from "./redact.ts";
import type { SessionState } from "./session_state.ts";
import type { Omission, Snapshot, SnapshotSection } from "./types.ts";

/** The byte budget of a session guide. */
export const SNAPSHOT_BUDGET_BYTES = 2048;

/** The most bytes of the last request a snapshot keeps. */
const LAST_REQUEST_MAX_BYTES = 1024;

/** The most characters of any other line. */
const LINE_MAX_CHARS = 200;

/** Options for {@linkcode buildSnapshot}. */
export interface SnapshotOptions {
  /** The byte budget of the rendered guide. @default {2048} */
  budget?: number;
  /** The knowledge-base source the guide points ctx_search at. @default {""} */
  source?: string;
}

/**
 * Builds a session's snapshot within the budget.
 *
 * @param state The session's working state.
 * @param options The budget and the search source named in the guide.
 * @returns The snapshot; its rendered guide is at most `budget` bytes as long
 * as the last request fits.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { buildSnapshot } from "./snapshot.ts";
 * import { sessionState } from "./session_state.ts";
 * const snapshot = buildSnapshot(sessionState([{
 *   id: 1, category: "prompt", type: "prompt", subject: "prompt", priority: 5,
 *   at: 1, firstAt: 1, count: 1, resolved: false, data: { text: "Ship it" },
 * }]));
 * assert.deepEqual(snapshot.sections, [{ title: "Last Request", tier: 0, lines: ["Ship it"] }]);
 * ```
 */
export function buildSnapshot(
  state: SessionState,
  options: SnapshotOptions = {},
): Snapshot {
  const budget = options.budget ?? SNAPSHOT_BUDGET_BYTES;
  const source = options.source ?? "";
  const all = sections(state);
  const fixed = utf8ByteLength(
    renderGuide({ sections: [], omitted: [], budget }, { source }),
  );
  let room = budget - fixed;
  for (;;) {
    const snapshot = fill(all, room, budget);
    const size = utf8ByteLength(renderGuide(snapshot, { source }));
    if (size <= budget || room <= 0) return snapshot;
    room -= size - budget;
  }
}

/** Every section with content, whole, in guide order. */
function sections(state: SessionState): SnapshotSection[] {
  const line = (text: string) =>
    clip(text.replace(/\s+/g, " ").trim(), LINE_MAX_CHARS);
  const list: SnapshotSection[] = [];
  const add = (title: string, tier: number, lines: string[]) => {
    if (lines.length > 0) list.push({ title, tier, lines });
  };
  if (state.lastRequest !== undefined) {
    add("Last Request", 0, [lastRequest(state.lastRequest)]);
  }
  add(
    "Tasks",
    1,
    state.tasks.map((task) =>
      `- [${task.status === "completed" ? "x" : " "}] ${line(task.title)}${
        task.status === "in_progress" ? " (in progress)" : ""
      }`
    ),
  );
  add("Key Decisions", 1, state.decisions.map((text) => `- ${line(text)}`));
  add(
    "Files Modified",
    1,
    state.filesModified.map((file) =>
      `- ${line(file.path)}${file.times > 1 ? ` (${file.times}×)` : ""}`
    ),
  );
  add(
    "Unresolved Errors",
    1,
    state.errors.map((error) =>
      `- \`${line(error.what)}\`${
        error.times > 1 ? ` (${error.times}×)` : ""
      }: ${line(error.message)}`
    ),
  );
  add("Git", 2, [
    ...(state.branch ? [`- branch: ${state.branch}`] : []),
    ...state.git.map((text) => `- ${line(text)}`),
  ]);
  add("Project Rules", 2, state.rules.map((path) => `- ${line(path)}`));
  add(
    "MCP Tools Used",
    3,
    state.mcpTools.map((tool) => `- ${line(tool.tool)} ×${tool.calls}`),
  );
  add("Subagent Tasks", 3, state.subagents.map((text) => `- ${line(text)}`));
  add("Skills", 3, state.skills.map((name) => `- ${line(name)}`));
  add("Environment", 2, state.environment.map((text) => `- \`${line(text)}\``));
  add(
    "Data References",
    3,
    state.dataRefs.map((data) =>
      `- ${data.ref} (${formatBytes(data.bytes)})${
        data.preview ? `: ${line(data.preview)}` : ""
      }`
    ),
  );
  add("Intent", 3, state.intent ? [state.intent] : []);
  add("Role", 3, state.role ? [line(state.role)] : []);
  return list;
}

/**
 * Fills `room` bytes tier by tier. Once a tier runs out of room, every lower
 * tier is left out whole, so a low tier never takes room a higher one needed.
 */
function fill(
  all: readonly SnapshotSection[],
  room: number,
  budget: number,
): Snapshot {
  const kept = new Map<SnapshotSection, string[]>();
  const omitted: Omission[] = [];
  let used = 0;
  let cutTier = Number.POSITIVE_INFINITY;
  const byTier = [...all].sort((a, b) => a.tier - b.tier);
  for (const section of byTier) {
    if (section.tier > cutTier) {
      omitted.push({
        title: section.title,
        count: section.lines.length,
        partial: false,
      });
      continue;
    }
    // A heading, its lines, and the blank line before the next section.
    let cost = utf8ByteLength(`## ${section.title}\n`) + 1;
    const lines: string[] = [];
    for (const text of section.lines) {
      const lineCost = utf8ByteLength(text) + 1;
      if (section.tier > 0 && used + cost + lineCost > room) break;
      lines.push(text);
      cost += lineCost;
    }
    if (lines.length < section.lines.length) {
      cutTier = section.tier;
      omitted.push({
        title: section.title,
        count: section.lines.length - lines.length,
        partial: lines.length > 0,
      });
    }
    if (lines.length > 0) {
      kept.set(section, lines);
      used += cost;
    }
  }
  return {
    sections: all.filter((section) => kept.has(section)).map((section) => ({
      ...section,
      lines: kept.get(section)!,
    })),
    omitted,
    budget,
  };
}

/** The last request word for word, or its first kilobyte and a note. */
function lastRequest(text: string): string {
  if (utf8ByteLength(text) <= LAST_REQUEST_MAX_BYTES) return text;
  let cut = LAST_REQUEST_MAX_BYTES - 80;
  while (utf8ByteLength(text.slice(0, cut)) > LAST_REQUEST_MAX_BYTES - 80) {
    cut -= 16;
  }
  return `${text.slice(0, cut)}… [${
    formatBytes(utf8ByteLength(text))
  } in all; the full request is in the session events]`;
}
