/**
 * The audit log: one JSON line per guard deny or ask, from hooks and from
 * ctx-mode's own tools, in `<data home>/audit.log`, rotated at a size cap to
 * `audit.log.1` … `audit.log.<keep>`.
 *
 * Appending is cheap (one small append-mode write, no `node:` modules) and
 * never throws: a log that cannot be written must not fail the hook or tool
 * that was blocking a command. Never prints.
 *
 * @module
 */

import { joinPath } from "../config/path_lite.ts";
import {
  makePrivateDir,
  PRIVATE_FILE_MODE,
  tighten,
} from "../config/private_files.ts";

/** One logged decision. */
export interface AuditEntry {
  /** When, as an ISO 8601 time. */
  at: string;
  /** The agent platform (`claude-code`), or the MCP client for ctx-mode's tools. */
  platform: string;
  /** Where the check ran: `hook`, or the ctx-mode tool (`ctx_execute`). */
  source: string;
  /** The agent's tool, for hooks. */
  tool?: string;
  /** The shell command, when one was checked. */
  command?: string;
  /** The file, when a path was checked. */
  path?: string;
  /** The address, when a fetch was checked. */
  url?: string;
  /** `deny` or `ask`. */
  verdict: "deny" | "ask";
  /** The rule id (`git.reset-hard`, `permissions.deny`). */
  rule: string;
  /** The reason given to the agent. */
  reason: string;
  /** The directory the call was made in. */
  cwd: string;
}

/** Size cap and rotation depth. */
export interface AuditLogOptions {
  /** The size at which `audit.log` is rotated, in bytes. @default {1_048_576} */
  maxBytes?: number;
  /** How many rotated files are kept. @default {3} */
  keep?: number;
}

const DEFAULT_MAX_BYTES = 1_048_576;
const DEFAULT_KEEP = 3;
/** Longest command, path or reason kept in one entry, in characters. */
const MAX_FIELD = 4000;

/**
 * The audit log file of a data home.
 *
 * @param dataHome The data home.
 * @returns `<data home>/audit.log`.
 */
export function auditLogPath(dataHome: string): string {
  return joinPath(dataHome, "audit.log");
}

function clip(value: string | undefined): string | undefined {
  if (value === undefined || value.length <= MAX_FIELD) return value;
  return `${value.slice(0, MAX_FIELD - 1)}…`;
}

function rotate(path: string, keep: number): void {
  try {
    Deno.removeSync(`${path}.${keep}`);
  } catch {
    // Nothing to drop yet.
  }
  for (let i = keep - 1; i >= 1; i--) {
    try {
      Deno.renameSync(`${path}.${i}`, `${path}.${i + 1}`);
    } catch {
      // A gap in the chain, or another process rotated first.
    }
  }
  try {
    Deno.renameSync(path, `${path}.1`);
  } catch {
    // Another process rotated first.
  }
}

/**
 * Appends one entry, rotating first when the log would pass its size cap.
 * Concurrent writers each append whole lines; a rotation race can at worst
 * drop an old rotated file early.
 *
 * @param dataHome The data home (created when missing).
 * @param entry The decision to log.
 * @param options Size cap and rotation depth.
 * @returns Whether the line was written.
 */
export function appendAudit(
  dataHome: string,
  entry: AuditEntry,
  options: AuditLogOptions = {},
): boolean {
  const path = auditLogPath(dataHome);
  const line = new TextEncoder().encode(
    `${
      JSON.stringify({
        ...entry,
        command: clip(entry.command),
        path: clip(entry.path),
        url: clip(entry.url),
        reason: clip(entry.reason),
      })
    }\n`,
  );
  try {
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    let size = 0;
    try {
      size = Deno.statSync(path).size;
      tighten(path, PRIVATE_FILE_MODE);
    } catch {
      makePrivateDir(dataHome);
    }
    if (size > 0 && size + line.byteLength > maxBytes) {
      rotate(path, Math.max(1, options.keep ?? DEFAULT_KEEP));
    }
    Deno.writeFileSync(path, line, {
      append: true,
      create: true,
      mode: PRIVATE_FILE_MODE,
    });
    return true;
  } catch {
    return false;
  }
}

/** What reading the log found. */
export interface AuditRead {
  /** The entries, oldest first. */
  entries: AuditEntry[];
  /** Lines that were not valid entries. */
  skipped: number;
}

function isEntry(value: unknown): value is AuditEntry {
  const entry = value as Partial<AuditEntry> | null;
  return entry !== null && typeof entry === "object" &&
    typeof entry.at === "string" && typeof entry.rule === "string" &&
    (entry.verdict === "deny" || entry.verdict === "ask");
}

/**
 * Reads the log and its rotated files, oldest first.
 *
 * @param dataHome The data home.
 * @param options The rotation depth to read back.
 * @returns The entries and the count of unreadable lines.
 */
export function readAudit(
  dataHome: string,
  options: Pick<AuditLogOptions, "keep"> = {},
): AuditRead {
  const path = auditLogPath(dataHome);
  const keep = Math.max(1, options.keep ?? DEFAULT_KEEP);
  const files = [
    ...Array.from({ length: keep }, (_, i) => `${path}.${keep - i}`),
    path,
  ];
  const entries: AuditEntry[] = [];
  let skipped = 0;
  for (const file of files) {
    let text: string;
    try {
      text = Deno.readTextFileSync(file);
    } catch {
      continue;
    }
    for (const line of text.split("\n")) {
      if (line.trim() === "") continue;
      try {
        const value = JSON.parse(line);
        if (isEntry(value)) entries.push(value);
        else skipped++;
      } catch {
        skipped++;
      }
    }
  }
  return { entries, skipped };
}
