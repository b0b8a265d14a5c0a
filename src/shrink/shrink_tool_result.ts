/**
 * Shrinking a tool's result after it ran: when the rules allow it
 * (`never_shrink.ts`), the result is replaced by a compact view made for its
 * format — command output, log, JSON, YAML, HTML or Markdown page, listing,
 * `git log`, table — headed by the command and its exit status, and closed
 * by a receipt that names the source label the full result is indexed under
 * and how to get any part of it back.
 *
 * Pure and cheap to load (the hook's fast path runs it): no I/O, no npm
 * package, no `node:` module; indexing is the caller's next step
 * (`index_shrunk.ts`). Never prints.
 *
 * @module
 */

import { detectKind } from "../store/detect_kind.ts";
import { formatBytes } from "../store/format_bytes.ts";
import {
  scrubTokenShapes,
  type SecretScrubber,
} from "../store/scrub_secrets.ts";
import { utf8ByteLength } from "../store/split_oversize.ts";
import { looksLikeYaml, yamlView } from "./_data_view.ts";
import { jsonView } from "./_json_view.ts";
import { gitLogView, looksLikeGitLog } from "./_git_log_view.ts";
import { listingShape, listingView } from "./_listing_view.ts";
import { logView, looksLikeLog } from "./_log_view.ts";
import { looksLikeHtml, pageView } from "./_page_view.ts";
import { shellView } from "./_shell_view.ts";
import { lineSignal } from "./_signal_lines.ts";
import { tableSeparator, tableView } from "./_table_view.ts";
import { clipper, counted, shortHash, splitLines } from "./_text.ts";
import type { View, ViewInput } from "./_view.ts";
import { shrinkVerdict } from "./never_shrink.ts";
import { DEFAULT_SHRINK_SETTINGS, type ShrinkSettings } from "./settings.ts";
import type { ShrinkResult, ToolResult } from "./types.ts";

/** A view must be at most this share of the result, or the result is left alone. */
const MAX_VIEW_SHARE = 0.5;
/** The label's part that names the result, at most this long. */
const LABEL_SUBJECT_CHARS = 60;

/** Options for {@linkcode shrinkToolResult}. */
export interface ShrinkOptions {
  /** The settings in force (`readShrinkSettings`). @default {DEFAULT_SHRINK_SETTINGS} */
  settings?: Readonly<ShrinkSettings> | undefined;
  /** The agent platform, for the per-agent switch. @default {""} */
  platform?: string | undefined;
  /** Whether the model can call ctx-mode's tools (a subagent may not). @default {true} */
  toolsAvailable?: boolean | undefined;
  /** Scrubs secrets from the view and the label; pass the one the knowledge base indexes with. @default {token shapes only} */
  scrubber?: SecretScrubber | undefined;
  /** The clock, in milliseconds since the epoch; it tells two runs of one command apart in the label. @default {Date.now()} */
  now?: number | undefined;
  /** The search tool's name as the agent's model sees it. @default {"ctx_search"} */
  searchTool?: string | undefined;
  /** The project, by which a read's path is judged. @default {undefined} */
  projectDir?: string | undefined;
}

/** A result's text, its JSON value when it is JSON, and whether it holds more than text. */
function resultText(
  content: unknown,
): { text: string; json?: unknown; media?: boolean } {
  if (typeof content === "string") return { text: content };
  if (content === undefined || content === null) return { text: "" };
  const blocks = (content as { content?: unknown }).content;
  // An MCP tool result: its text blocks are the result.
  if (Array.isArray(blocks)) {
    const texts = blocks.flatMap((block) =>
      typeof block?.text === "string" ? [block.text as string] : []
    );
    const media = blocks.some((block) => block?.type !== "text");
    if (texts.length > 0) return { text: texts.join("\n"), media };
  }
  return { text: JSON.stringify(content) ?? "", json: content };
}

function parseJson(text: string): { value: unknown } | undefined {
  if (!/^\s*[{[]/.test(text.slice(0, 64))) return undefined;
  try {
    return { value: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** Whether a test runner's or build's summary line closes the output. */
function endsInSummary(lines: readonly string[]): boolean {
  return lines.slice(-40).some((line) => lineSignal(line) === "summary");
}

/** Picks the view that fits the result. */
function viewFor(input: ViewInput, result: ToolResult, json: unknown): View {
  if (json !== undefined) return jsonView(json, input);
  const parsed = parseJson(input.text);
  if (parsed) return jsonView(parsed.value, input);
  if (looksLikeHtml(input.text)) return pageView(input, true);
  const { lines } = input;
  const subject = input.subject.toLowerCase();
  if (looksLikeGitLog(lines)) return gitLogView(input);
  if (
    /\.ya?ml$|-o\s*ya?ml\b|--output[= ]ya?ml\b/.test(subject) ||
    looksLikeYaml(lines)
  ) {
    return yamlView(input);
  }
  // A test run or build that logs as it goes is read for its failures, not as a log.
  if (
    /\.log(?:\.\d+)?$/.test(subject) ||
    (looksLikeLog(lines) &&
      !(result.toolKind === "shell" && endsInSummary(lines)))
  ) {
    return logView(input);
  }
  const separator = tableSeparator(lines);
  if (separator) return tableView(input, separator);
  const listing = listingShape(lines);
  if (listing) return listingView(input, listing);
  if (
    result.toolKind !== "shell" &&
    detectKind(subject.split(/[?#]/)[0] ?? "", input.text.slice(0, 65536)) ===
      "markdown"
  ) {
    return pageView(input, false);
  }
  return shellView(input);
}

/** The part of a label that names the result: one line, no quotes, short. */
function labelSubject(subject: string, toolName: string): string {
  const line = (subject || toolName).replace(/\s+/g, " ").replace(
    /["\\`]/g,
    "'",
  )
    .trim().replace(/^\/+/, "");
  return line.length > LABEL_SUBJECT_CHARS
    ? `${line.slice(0, LABEL_SUBJECT_CHARS - 1)}…`
    : line;
}

/**
 * Shrinks a tool's result into a compact view, when the rules allow it.
 *
 * @param result The tool, what it worked on, its result and exit status.
 * @param options The settings, the platform, the scrubber, the clock.
 * @returns `{ shrunk: false, reason }`, or the view, the source label and the text to index.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shrinkToolResult } from "./shrink_tool_result.ts";
 * const output = Array.from({ length: 2000 }, (_, i) => `ok ${i} - step ${i}`).join("\n") +
 *   "\nnot ok 2001 - parses dates\n# fail 1";
 * const shrunk = shrinkToolResult(
 *   { toolKind: "shell", toolName: "Bash", subject: "node --test", content: output, exitCode: 1 },
 *   { now: 0 },
 * );
 * assert.equal(shrunk.shrunk, true);
 * if (shrunk.shrunk) {
 *   assert.match(shrunk.view, /exit 1/);
 *   assert.match(shrunk.view, /not ok 2001 - parses dates/);
 *   assert.ok(shrunk.view.includes(`source: "${shrunk.source}"`));
 * }
 * ```
 */
export function shrinkToolResult(
  result: ToolResult,
  options: ShrinkOptions = {},
): ShrinkResult {
  const { text: stdout, json, media } = resultText(result.content);
  const stderr = result.stderr ?? "";
  const text = stderr.trim() === ""
    ? stdout
    : `${stdout}${
      stdout.endsWith("\n") || stdout === "" ? "" : "\n"
    }--- stderr ---\n${stderr}`;
  const bytes = utf8ByteLength(text);
  const subject = result.subject ?? "";
  const verdict = shrinkVerdict({
    toolKind: result.toolKind,
    toolName: result.toolName,
    subject,
    bytes,
    sample: stdout.slice(0, 65536),
  }, {
    settings: options.settings ?? DEFAULT_SHRINK_SETTINGS,
    platform: options.platform,
    toolsAvailable: options.toolsAvailable,
    projectDir: options.projectDir,
  });
  if (!verdict.shrink) return { shrunk: false, reason: verdict.reason };
  // A view is text: images and resources would be lost with the rest.
  if (media) {
    return { shrunk: false, reason: "the result holds images or resources" };
  }

  const scrub = (piece: string) =>
    (options.scrubber?.scrub(piece) ?? scrubTokenShapes(piece)).text;
  const lines = splitLines(text);
  const shell = result.toolKind === "shell";
  const input: ViewInput = {
    text,
    lines,
    subject,
    exitCode: result.exitCode,
    clip: clipper(scrub),
  };
  const view = viewFor(input, result, json);

  const now = options.now ?? Date.now();
  const named = scrub(labelSubject(subject, result.toolName));
  const id = shortHash(
    `${result.toolName}\0${subject}\0${bytes}\0${text.slice(0, 4096)}\0${
      text.slice(-4096)
    }\0${now}`,
  );
  const source = `shrunk/${result.toolKind}/${named} #${id}`;
  const exit = result.exitCode === undefined
    ? "exit status not reported"
    : `exit ${result.exitCode}`;
  const header = shell
    ? [
      `$ ${input.clip(subject, 500)}`,
      `${exit} · ${counted(lines.length, "line")}, ${
        formatBytes(bytes)
      } of output`,
    ]
    : [
      `${result.toolName}${subject ? `: ${input.clip(subject, 500)}` : ""}`,
      `${counted(lines.length, "line")}, ${formatBytes(bytes)}`,
    ];
  const searchTool = options.searchTool ?? "ctx_search";
  const receipt = [
    `[ctx-mode shrank this ${
      formatBytes(bytes)
    } result to the view above. All of it is indexed as "${source}".`,
    ` To get any part back: ${searchTool}(queries: ["…the words you need…"], source: "${source}")]`,
  ];
  const viewText = scrub([...header, ...view.body, "", ...receipt].join("\n"));
  const viewBytes = utf8ByteLength(viewText);
  if (viewBytes > bytes * MAX_VIEW_SHARE) {
    return {
      shrunk: false,
      reason: "the view would not be much smaller than the result",
    };
  }
  // JSON is indexed as the document alone, so that it is chunked by its structure.
  const indexText = view.indexText ??
    (view.indexKind === "json"
      ? stdout
      : shell
      ? `$ ${subject}\n${exit}\n\n${text}`
      : text);
  return {
    shrunk: true,
    view: viewText,
    source,
    indexText,
    indexKind: view.indexKind ?? "text",
    origin: subject || result.toolName,
    format: view.format,
    originalBytes: bytes,
    viewBytes,
    summary: `${named}: ${shell ? `${exit}, ` : ""}${view.summary}`,
  };
}
