/**
 * What is never shrunk: results at or under the threshold; ctx-mode's own
 * tools (and the `ctx-mode` command), whose output is already shaped;
 * subagents' answers and edits; anything when the model cannot reach
 * `ctx_search` to get the rest back; what the user switched off (globally,
 * per agent, per tool); and reads of files the agent may edit, since an edit
 * needs the exact text.
 *
 * A read is shrunk only for files nobody edits by hand: logs, lockfiles,
 * data (CSV, TSV, JSON lines, HAR, SARIF, and JSON of 64 KB or more that is
 * not a known config file), minified, generated or built files, and files
 * under dependency, build or log folders.
 *
 * Pure: names and sizes in, a verdict out.
 *
 * @module
 */

import type { ShrinkSettings } from "./settings.ts";

/** A verdict on one result. */
export type ShrinkVerdict = { shrink: true } | {
  shrink: false;
  reason: string;
};

/** What the rules look at. */
export interface ShrinkCandidate {
  /** The neutral tool kind. */
  toolKind: string;
  /** The tool's name as the agent spells it. */
  toolName: string;
  /** The command line, path, URL or pattern. @default {""} */
  subject?: string | undefined;
  /** The result's size in UTF-8 bytes. */
  bytes: number;
  /** The start of the result, to tell minified files. @default {""} */
  sample?: string | undefined;
}

/** The setting around a result. */
export interface ShrinkContext {
  /** The settings in force. */
  settings: Readonly<ShrinkSettings>;
  /** The agent platform. @default {""} */
  platform?: string | undefined;
  /** Whether the model can call ctx-mode's tools to get the rest back. @default {true} */
  toolsAvailable?: boolean | undefined;
  /**
   * The project, so that a read inside it is judged by its path from there
   * (a project under `~/.cache/` or `build/` holds editable files too).
   * @default {undefined: the path as given}
   */
  projectDir?: string | undefined;
}

const OWN_TOOLS =
  /(?:^|[_.:/-])ctx_(?:execute|execute_file|batch_execute|index|search|fetch_and_index|stats|doctor|upgrade|purge)$|ctx[-_]mode/;
const OWN_COMMAND = /^\s*(?:\S*\/)?ctx-mode(?:\s|$)/;

const LOCKFILES = new Set([
  "package-lock.json",
  "npm-shrinkwrap.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "bun.lock",
  "bun.lockb",
  "deno.lock",
  "cargo.lock",
  "gemfile.lock",
  "poetry.lock",
  "pipfile.lock",
  "uv.lock",
  "pdm.lock",
  "composer.lock",
  "go.sum",
  "flake.lock",
  "mix.lock",
  "podfile.lock",
  "packages.lock.json",
  "pubspec.lock",
  "gradle.lockfile",
]);
const DATA_EXTENSIONS = new Set([
  "log",
  "out",
  "err",
  "trace",
  "csv",
  "tsv",
  "jsonl",
  "ndjson",
  "har",
  "sarif",
  "dump",
  "map",
]);
const GENERATED_NAME =
  /\.(?:min|bundle|chunk)\.(?:js|mjs|cjs|css)$|\.(?:generated|gen|g)\.\w+$|\.pb\.go$|_pb2(?:_grpc)?\.py$|\.log\.\d+$/;
const GENERATED_FOLDER =
  /(?:^|\/)(?:node_modules|dist|build|out|target|coverage|vendor|\.next|\.nuxt|\.svelte-kit|__generated__|generated|logs?|\.cache)\//;
const CONFIG_JSON =
  /^(?:package|tsconfig(?:\..+)?|jsconfig|deno|composer|manifest|app|angular|project|settings|launch|tasks|\.?eslintrc|\.?prettierrc|\.?babelrc|renovate|vercel|firebase|nx|lerna|turbo)\.json$|\.config\.json$/;
/** JSON this large is data, not a file someone edits by hand. */
const DATA_JSON_BYTES = 64 * 1024;

/**
 * Why a file's read may be shrunk, or undefined when the agent may edit it.
 *
 * @param path The file's path.
 * @param bytes Its size.
 * @param sample The start of its text, to tell minified files.
 * @returns `lockfile`, `log or data`, `generated`, `minified` or `JSON data`; undefined for an editable file.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shrinkableRead } from "./never_shrink.ts";
 * assert.equal(shrinkableRead("/p/logs/app.log", 9000), "log or data");
 * assert.equal(shrinkableRead("/p/src/app.ts", 900000), undefined);
 * ```
 */
export function shrinkableRead(
  path: string,
  bytes: number,
  sample = "",
): string | undefined {
  const normal = path.replaceAll("\\", "/");
  const base = (normal.split("/").at(-1) ?? "").toLowerCase();
  const dot = base.lastIndexOf(".");
  const extension = dot > 0 ? base.slice(dot + 1) : "";
  if (LOCKFILES.has(base)) return "lockfile";
  if (DATA_EXTENSIONS.has(extension) || /\.log\.\d+$/.test(base)) {
    return "log or data";
  }
  if (GENERATED_NAME.test(base) || GENERATED_FOLDER.test(normal)) {
    return "generated";
  }
  if (
    extension === "json" && bytes >= DATA_JSON_BYTES && !CONFIG_JSON.test(base)
  ) {
    return "JSON data";
  }
  if (isMinified(sample)) return "minified";
  return undefined;
}

/** A path inside the project, from the project; any other path as it is. */
function withinProject(path: string, projectDir: string | undefined): string {
  if (!projectDir) return path;
  const normal = path.replaceAll("\\", "/");
  const root = projectDir.replaceAll("\\", "/").replace(/\/+$/, "");
  return root !== "" && normal.startsWith(`${root}/`)
    ? normal.slice(root.length + 1)
    : path;
}

/** Minified text: very long lines at the start. */
function isMinified(sample: string): boolean {
  if (sample.length < 2000) return false;
  const head = sample.slice(0, 65536);
  const lines = head.split("\n", 20);
  const lengths = lines.map((line) => line.length);
  const total = lengths.reduce((sum, length) => sum + length, 0);
  return Math.max(...lengths) >= 5000 || total / lines.length >= 1000;
}

function matchesTool(
  entry: string,
  toolName: string,
  toolKind: string,
): boolean {
  if (entry === toolName || entry === toolKind) return true;
  if (!entry.includes("*")) return false;
  const pattern = new RegExp(
    `^${
      entry.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")
    }$`,
  );
  return pattern.test(toolName);
}

/**
 * Whether a result may be shrunk.
 *
 * @param candidate The tool, what it worked on, and the result's size.
 * @param context The settings, the platform, whether ctx-mode's tools are reachable.
 * @returns `{ shrink: true }`, or why not.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { shrinkVerdict } from "./never_shrink.ts";
 * import { DEFAULT_SHRINK_SETTINGS } from "./settings.ts";
 * const context = { settings: DEFAULT_SHRINK_SETTINGS };
 * assert.deepEqual(
 *   shrinkVerdict({ toolKind: "shell", toolName: "Bash", subject: "npm test", bytes: 90_000 }, context),
 *   { shrink: true },
 * );
 * assert.equal(
 *   shrinkVerdict({ toolKind: "read", toolName: "Read", subject: "src/app.ts", bytes: 90_000 }, context).shrink,
 *   false,
 * );
 * ```
 */
export function shrinkVerdict(
  candidate: ShrinkCandidate,
  context: ShrinkContext,
): ShrinkVerdict {
  const { settings } = context;
  const { toolKind, toolName } = candidate;
  const subject = candidate.subject ?? "";
  if (!settings.enabled) {
    return {
      shrink: false,
      reason: `switched off (${settings.disabledBy ?? "settings"})`,
    };
  }
  const platform = context.platform ?? "";
  if (platform && settings.disabledAgents.includes(platform)) {
    return { shrink: false, reason: `switched off for ${platform}` };
  }
  const tool = settings.disabledTools.find((entry) =>
    matchesTool(entry, toolName, toolKind)
  );
  if (tool !== undefined) {
    return { shrink: false, reason: `switched off for ${tool}` };
  }
  if (
    OWN_TOOLS.test(toolName) ||
    (toolKind === "shell" && OWN_COMMAND.test(subject))
  ) {
    return {
      shrink: false,
      reason: "ctx-mode's own tool: its output is already shaped",
    };
  }
  if (toolKind === "task" || toolKind === "edit") {
    return { shrink: false, reason: `a ${toolKind} result is never shrunk` };
  }
  if (candidate.bytes <= settings.thresholdBytes) {
    return {
      shrink: false,
      reason: `under the threshold (${settings.thresholdBytes} bytes)`,
    };
  }
  if (context.toolsAvailable === false) {
    return {
      shrink: false,
      reason: "the model cannot reach ctx_search to get the rest back",
    };
  }
  if (
    toolKind === "read" &&
    !shrinkableRead(
      withinProject(subject, context.projectDir),
      candidate.bytes,
      candidate.sample,
    )
  ) {
    return { shrink: false, reason: "a read of a file the agent may edit" };
  }
  return { shrink: true };
}
