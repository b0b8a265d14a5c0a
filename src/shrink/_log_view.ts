/**
 * The view of a log: lines per level, the first and last timestamps, and
 * each distinct error and warning message with its count (numbers, ids,
 * hashes and timestamps set aside to group them), shown by its first line.
 * Web server access logs count their status classes as levels (5xx errors,
 * 4xx warnings) and group them by method, path (numbers set aside) and
 * status.
 *
 * Pure; one pass over the lines, each looked at through its first 160
 * characters for its level.
 *
 * @module
 */

import { bump, commas, counted, countList } from "./_text.ts";
import type { View, ViewInput } from "./_view.ts";

/**
 * Level words as loggers write them: upper case, lower case after `level=`,
 * or lower case in brackets (nginx's `[error]`, Apache's `[proxy:error]`).
 */
const LEVEL =
  /\b(TRACE|DEBUG|INFO|NOTICE|WARN(?:ING)?|ERROR|ERR|CRIT(?:ICAL)?|FATAL|ALERT|EMERG|SEVERE|PANIC)\b|\blevel"?\s*[=:]\s*"?(trace|debug|info|notice|warn(?:ing)?|error|err|critical|fatal|panic)\b/i;
/** A level in brackets, any case: `[error]`, `[crit]`, `[core:warn]`. */
const BRACKET_LEVEL =
  /\[(?:\w+:)?(trace\d?|debug|info|notice|warn(?:ing)?|error|err|crit(?:ical)?|fatal|alert|emerg|panic)\]/i;
const UPPER_LEVEL =
  /\b(?:TRACE|DEBUG|INFO|NOTICE|WARN(?:ING)?|ERROR|ERR|CRIT(?:ICAL)?|FATAL|ALERT|EMERG|SEVERE|PANIC)\b|\blevel"?\s*[=:]/;
const ACCESS = /^\S+ \S+ \S+ \[[^\]]+\] "[^"]*" (\d)\d\d /;
/** An access log line's request and status: what its errors are told apart by. */
const ACCESS_REQUEST = /^\S+ \S+ \S+ \[[^\]]+\] "(\S+) (\S+)[^"]*" (\d{3}) /;
const TIMESTAMP =
  /\d{4}([-\/])\d{2}\1\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?|\b[A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2}\b|\d{2}\/[A-Z][a-z]{2}\/\d{4}:\d{2}:\d{2}:\d{2}(?: [+-]\d{4})?/;
/** A run of `, key: value` pairs ending a line: nginx's context of an error. */
const CONTEXT_PAIRS = /(?:,\s+[a-z_]+: (?:"[^"]*"|[^,\s]+))+\s*$/i;
const CANONICAL: Readonly<Record<string, string>> = {
  trace: "TRACE",
  debug: "DEBUG",
  info: "INFO",
  notice: "INFO",
  warn: "WARN",
  warning: "WARN",
  error: "ERROR",
  err: "ERROR",
  severe: "ERROR",
  critical: "FATAL",
  crit: "FATAL",
  fatal: "FATAL",
  alert: "FATAL",
  emerg: "FATAL",
  panic: "FATAL",
};
/**
 * Words that make a line without a level an error: journals and syslog
 * write no level (`kernel: Out of memory: Killed process 2211`). A word
 * inside a path or a name (`/api/failed-jobs`) does not count.
 */
const ERROR_WORDS =
  /(?<![\w\/.-])(?:fail(?:ed|ure|s)?|killed|out of memory|oom-kill|segfault|panic(?:ked)?|fatal|error|denied|refused|timed out|exception|crash(?:ed)?|abort(?:ed)?)(?![\w\/-])/i;
const MAX_ERROR_GROUPS = 60;
const MAX_WARNING_GROUPS = 15;

/**
 * The level a log line is written at, or undefined.
 *
 * @param line One log line.
 * @returns `TRACE`, `DEBUG`, `INFO`, `WARN`, `ERROR` or `FATAL`.
 */
export function logLevel(line: string): string | undefined {
  const head = line.length > 160 ? line.slice(0, 160) : line;
  const access = head.match(ACCESS);
  if (access) {
    return access[1] === "5" ? "ERROR" : access[1] === "4" ? "WARN" : "INFO";
  }
  // A level in brackets is a logger's; a compiler's lower-case `error:` is not.
  const bracketed = head.match(BRACKET_LEVEL);
  if (bracketed) {
    return CANONICAL[bracketed[1]!.toLowerCase().replace(/\d$/, "")];
  }
  if (!UPPER_LEVEL.test(head)) return undefined;
  const match = head.match(LEVEL);
  if (!match) return undefined;
  const word = (match[1] ?? match[2] ?? "").toLowerCase();
  return CANONICAL[word];
}

/**
 * Whether lines look like a log: most of a sample carry a level or start
 * with a timestamp.
 *
 * @param lines The lines.
 * @returns True for a log.
 */
export function looksLikeLog(lines: readonly string[]): boolean {
  let seen = 0;
  let logged = 0;
  for (const line of lines) {
    if (line.trim() === "") continue;
    if (++seen > 200) break;
    if (logLevel(line) || TIMESTAMP.test(line.slice(0, 40))) logged++;
  }
  return seen >= 20 && logged >= seen * 0.6;
}

/**
 * A log message with what varies between its instances set aside.
 *
 * @param line One log line.
 * @returns The line's template.
 */
export function messageTemplate(line: string): string {
  return line
    .replace(TIMESTAMP, "")
    // The request's context after the message (`, client: …, request: "GET /a"`) varies, not the message.
    .replace(CONTEXT_PAIRS, "")
    .replace(
      /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi,
      "<id>",
    )
    .replace(/\b(?=[0-9a-f]*\d)[0-9a-f]{6,}\b/gi, "<hex>")
    .replace(/\d+/g, "#")
    .replace(/\s+/g, " ")
    .trim();
}

interface Group {
  first: number;
  last: number;
  example: string;
  count: number;
}

/** How far back from its end a log's closing block (its stats) is looked for. */
const CLOSING_LOOKBACK = 12;

/**
 * A log's last lines: the last three, and with them the lines without a
 * timestamp or a level among the last few (a tool's closing stats:
 * `Errors: 2`, `Transferred: 3198 / 3200`), from the first of those on.
 */
function closingLines(lines: readonly string[]): readonly string[] {
  const tail = lines.slice(-CLOSING_LOOKBACK);
  const first = tail.findIndex((line, i) =>
    i < tail.length - 3 && line.trim() !== "" &&
    !TIMESTAMP.test(line.slice(0, 40)) && logLevel(line) === undefined
  );
  return first === -1 ? lines.slice(-3) : tail.slice(first);
}

/**
 * The view of a log.
 *
 * @param input The log and where it came from.
 * @returns The view.
 */
export function logView(input: ViewInput): View {
  const { lines, clip } = input;
  const levels = new Map<string, number>();
  const errors = new Map<string, Group>();
  const warnings = new Map<string, Group>();
  let continuation = 0;
  let afterError = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const level = logLevel(line) ??
      (line.length <= 2000 && ERROR_WORDS.test(line) ? "ERROR" : undefined);
    if (level === undefined) {
      // Stack traces and wrapped messages under an error belong to it.
      // A line that opens with its own timestamp is a new entry, not part of the error above.
      if (TIMESTAMP.test(line.slice(0, 40))) afterError = false;
      else if (afterError && line.trim() !== "") continuation++;
      continue;
    }
    bump(levels, level);
    afterError = level === "ERROR" || level === "FATAL";
    const groups = afterError ? errors : level === "WARN" ? warnings : null;
    if (!groups) continue;
    const request = line.length <= 2000 ? line.match(ACCESS_REQUEST) : null;
    // An access log's error is its request and status: the client, the size and the agent vary.
    const key = request
      ? `${level} ${request[1]} ${
        request[2]!.split("?")[0]!.replace(/\d+/g, "#")
      } ${request[3]}`
      : `${level} ${messageTemplate(line)}`;
    const group = groups.get(key);
    if (group) {
      group.count++;
      group.last = i;
    } else {
      // The view gives the time span; the message gets the room of its timestamp.
      const example = request
        ? `${request[1]} ${request[2]} → ${request[3]}`
        : withoutLeadingTimestamp(line);
      groups.set(key, { first: i, last: i, example, count: 1 });
    }
  }
  const first = firstTimestamp(lines);
  const last = firstTimestamp([...lines.slice(-50)].reverse());
  const body = [
    `Log of ${counted(lines.length, "line")}${
      first
        ? `, from ${first}${last && last !== first ? ` to ${last}` : ""}`
        : ""
    }`,
    `Lines per level: ${countList(levels, 8) || "none found"}`,
  ];
  const section = (title: string, groups: Map<string, Group>, max: number) => {
    if (groups.size === 0) return;
    const sorted = [...groups.values()].sort((a, b) =>
      b.count - a.count || a.first - b.first
    );
    const shown = sorted.slice(0, max);
    body.push(`${title} (${counted(groups.size, "distinct message")}):`);
    for (const group of shown) {
      const where = group.count > 1
        ? `×${commas(group.count)}, lines ${group.first + 1}–${group.last + 1}`
        : `line ${group.first + 1}`;
      body.push(`  [${where}] ${clip(group.example)}`);
    }
    if (sorted.length > shown.length) {
      body.push(
        `  … ${
          counted(sorted.length - shown.length, "more distinct message")
        } (all indexed)`,
      );
    }
  };
  section("Errors", errors, MAX_ERROR_GROUPS);
  if (continuation > 0) {
    body.push(
      `  (${
        counted(continuation, "line")
      } of stack traces or wrapped text under errors, indexed)`,
    );
  }
  section("Warnings", warnings, MAX_WARNING_GROUPS);
  body.push(
    "First lines:",
    ...lines.slice(0, 3).map((line) => `  ${clip(line)}`),
  );
  // A tool's closing stats are what it found; its last records are context.
  const closing = closingLines(lines);
  body.push(
    closing.length > 3 ? "Closing lines:" : "Last lines:",
    ...closing.map((line) => `  ${clip(line)}`),
  );
  const errorCount = (levels.get("ERROR") ?? 0) + (levels.get("FATAL") ?? 0);
  const top = [...errors.values()].sort((a, b) => b.count - a.count).slice(
    0,
    3,
  ).map((group) => clip(messageTemplate(group.example), 80));
  return {
    format: "log",
    body,
    summary: errorCount > 0
      ? `${counted(errorCount, "error")} (${
        counted(errors.size, "distinct message")
      }): ${top.join("; ")}`
      : `${counted(lines.length, "log line")}, no errors`,
  };
}

function withoutLeadingTimestamp(line: string): string {
  const match = line.slice(0, 40).match(TIMESTAMP);
  if (!match || match.index! > 1) return line;
  return line.slice(match.index! + match[0].length).replace(/^[\s\]|,:-]+/, "");
}

function firstTimestamp(lines: readonly string[]): string | undefined {
  for (const line of lines.slice(0, 50)) {
    const match = line.slice(0, 80).match(TIMESTAMP);
    if (match) return match[0];
  }
  return undefined;
}
