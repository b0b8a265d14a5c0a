/**
 * `ctx-mode shrink`: shows what ctx-mode would make of a tool's result after
 * it ran — the compact view the model would see instead, with its receipt,
 * or why the result would be left as it is — under the project's and the
 * user's shrink settings. With `--index` the result is also indexed, as the
 * hooks will.
 *
 * @module
 */

import {
  integerFlag,
  parseCommandArgs,
  STORE_OPTIONS,
  UsageError,
} from "./_args.ts";
import type { Command } from "./_context.ts";
import { openStoreFor, projectFor } from "./_store.ts";
import { scrubberFromEnv } from "../sandbox/options_from_env.ts";
import {
  indexShrunk,
  MIN_THRESHOLD_BYTES,
  readShrinkSettings,
  shrinkToolResult,
} from "../shrink/mod.ts";
import { formatBytes } from "../store/format_bytes.ts";

const USAGE =
  `Usage: ctx-mode shrink [--kind K] [--command C] [--exit N] [options] < output

Show what ctx-mode would make of a tool's result after it ran: the compact
view (with its receipt) the model would see instead of a result over the
threshold, or why the result would be left as it is. Reads the result on
stdin. The shrink settings of the project's .ctx-mode.json, of
<data home>/config.json and of CTX_MODE_SHRINK and CTX_MODE_SHRINK_BYTES count.

Options:
  --kind K         shell, read, grep, fetch, mcp, task, edit or other (default: shell)
  --command C      What the tool worked on: the command line, file path, URL
                   or pattern (a read is shrunk only for logs, data, lockfiles,
                   generated and minified files: give the path)
  --tool NAME      The tool's name as the agent spells it (default: the kind)
  --exit N         The exit status of a command
  --platform P     The agent, for the per-agent switch (claude-code, codex…)
  --threshold N    Shrink results over N bytes (at least ${MIN_THRESHOLD_BYTES}) instead
                   of the settings' threshold
  --index          Also index the result into the project's knowledge base
                   under the receipt's source, as the hooks will
  --json           Print {"shrunk", "reason"} or {"shrunk", "source", "format",
                   "originalBytes", "viewBytes", "summary", "view"}
  --project DIR    The project (default: the agent's project variable, else cwd)
  --db PATH        Use this database file instead of the project's (--index)
  -h, --help       Show this help

Examples:
  npm test 2>&1 | ctx-mode shrink --command "npm test" --exit 1
  ctx-mode shrink --kind read --command logs/app.log < logs/app.log
  ctx-mode shrink --kind mcp --tool mcp__github__list_issues --json < result.json
`;

const KINDS = new Set([
  "shell",
  "read",
  "grep",
  "fetch",
  "mcp",
  "task",
  "edit",
  "other",
]);
const STDIN_TIMEOUT_MS = 60_000;

/** The `shrink` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs("shrink", args, {
      ...STORE_OPTIONS,
      kind: { type: "string" },
      command: { type: "string" },
      tool: { type: "string" },
      exit: { type: "string" },
      platform: { type: "string" },
      threshold: { type: "string" },
      index: { type: "boolean" },
      json: { type: "boolean" },
    });
    if (positionals.length > 0) {
      throw new UsageError(
        `Cannot use "${positionals[0]}": the result comes on stdin`,
        "shrink",
      );
    }
    const kind = values.kind ?? "shell";
    if (!KINDS.has(kind)) {
      throw new UsageError(
        `Cannot use --kind "${kind}": expected shell, read, grep, fetch, mcp, task, edit or other`,
        "shrink",
      );
    }
    const exitCode = values.exit === undefined
      ? undefined
      : integerFlag("shrink", "exit", values.exit, {
        min: 0,
        max: 255,
        fallback: 0,
      });
    const settings = readShrinkSettings(projectFor(values, context, "shrink"), {
      env: context.env,
    });
    if (values.threshold !== undefined) {
      settings.thresholdBytes = integerFlag(
        "shrink",
        "threshold",
        values.threshold,
        {
          min: MIN_THRESHOLD_BYTES,
          max: Number.MAX_SAFE_INTEGER,
          fallback: settings.thresholdBytes,
        },
      );
    }
    for (const note of settings.notes) await context.err(`ctx-mode: ${note}\n`);
    if (context.stdinIsTerminal) {
      throw new UsageError(
        "Cannot read the result from a terminal: pipe it in (ctx-mode shrink < output)",
        "shrink",
      );
    }
    const bytes = await context.readStdin(STDIN_TIMEOUT_MS);
    if (bytes === undefined) {
      throw new Error(
        `Cannot read the result: stdin did not end within ${
          STDIN_TIMEOUT_MS / 1000
        } s`,
      );
    }
    const text = new TextDecoder().decode(bytes);
    const scrubber = scrubberFromEnv(context.env);
    const shrunk = shrinkToolResult({
      toolKind: kind,
      toolName: values.tool ?? kind,
      subject: values.command,
      content: kind === "mcp" ? mcpContent(text) : text,
      exitCode,
    }, { settings, platform: values.platform, scrubber });
    if (!shrunk.shrunk) {
      await context.out(
        values.json
          ? `${JSON.stringify({ shrunk: false, reason: shrunk.reason })}\n`
          : `Left as it is: ${shrunk.reason}.\n`,
      );
      return 0;
    }
    if (values.index) {
      using kb = openStoreFor(values, context);
      indexShrunk(kb, shrunk);
    }
    if (values.json) {
      const { indexText: _, indexKind: __, origin: ___, ...shown } = shrunk;
      await context.out(`${JSON.stringify(shown)}\n`);
      return 0;
    }
    const ratio = (shrunk.viewBytes / shrunk.originalBytes).toFixed(3);
    await context.out(
      `${shrunk.view}\n\n--- ${shrunk.format} view: ${
        formatBytes(shrunk.originalBytes)
      } → ${formatBytes(shrunk.viewBytes)} (${ratio}×)${
        values.index
          ? `, indexed as "${shrunk.source}"`
          : ", not indexed (--index)"
      }\n--- session event: ${shrunk.summary}\n`,
    );
    return 0;
  },
};

/** An MCP result given as its JSON text; other text as it is. */
function mcpContent(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
