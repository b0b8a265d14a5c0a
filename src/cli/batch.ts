/**
 * `ctx-mode batch`: run several shell commands at once, index their output,
 * and answer queries from it. Each command is checked against the project's
 * guard policy first; a refused one is reported in its place and the others
 * run, as in `ctx_batch_execute`.
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
import { openStoreFor } from "./_store.ts";
import { scrubbedNote } from "../store/scrub_secrets.ts";
import { projectDir } from "../config/paths.ts";
import { runBatch } from "../sandbox/batch.ts";
import { formatBytes } from "../store/format_bytes.ts";
import {
  maxIndexBytesFromEnv,
  runOptionsFromEnv,
} from "../sandbox/options_from_env.ts";
import { cliRefusal } from "./_policy_check.ts";
import { formatCount } from "../store/format_count.ts";

const USAGE =
  `Usage: ctx-mode batch --cmd LABEL=COMMAND... [--query Q...] [--concurrency N]
                      [--timeout S] [--json]

Run shell commands (up to N at a time), index each output under its label
("batch:LABEL"), then answer every query from those outputs. Prints one line per
command and the snippets per query. A failing command does not stop the others,
nor does one the project's guard policy refuses: it is reported in its place
with the rule. Exits 1 when any command fails or is refused.

Options:
  --cmd LABEL=COMMAND  A command and the label of its output (repeatable)
  --query Q            A question answered from the outputs (repeatable)
  --concurrency N      Commands at once, 1-8 (default 4)
  --timeout S          Seconds per command (default 30)
  --json               Print {"commands": [...], "results": [...]}
  --project DIR        The project (default: the agent's project variable, else cwd)
  --db PATH            Use this database file instead of the project's
  -h, --help           Show this help

Example:
  ctx-mode batch --cmd log='git log --oneline -50' --cmd todo='grep -rn TODO src' --query "release" --query "parser"
`;

/** The `batch` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs("batch", args, {
      ...STORE_OPTIONS,
      cmd: { type: "string", multiple: true },
      query: { type: "string", multiple: true },
      concurrency: { type: "string" },
      timeout: { type: "string" },
      json: { type: "boolean" },
    });
    if (positionals.length > 0) {
      throw new UsageError(`Unexpected argument "${positionals[0]}"`, "batch");
    }
    const commands = (values.cmd ?? []).map((spec) => {
      const at = spec.indexOf("=");
      if (at <= 0 || at === spec.length - 1) {
        throw new UsageError(
          `Cannot use --cmd "${spec}": expected LABEL=COMMAND`,
          "batch",
        );
      }
      return { label: spec.slice(0, at), command: spec.slice(at + 1) };
    });
    if (commands.length === 0) {
      throw new UsageError("Missing --cmd LABEL=COMMAND", "batch");
    }
    const concurrency = integerFlag(
      "batch",
      "concurrency",
      values.concurrency,
      { min: 1, max: 8, fallback: 4 },
    );
    const timeout = integerFlag("batch", "timeout", values.timeout, {
      min: 1,
      max: 3600,
      fallback: 30,
    });
    using kb = openStoreFor(values, context);
    const project = projectDir(context.cwd, {
      explicit: values.project,
      env: context.env,
    });
    const refuse = await cliRefusal(project, context);
    const result = await runBatch(
      { commands, queries: values.query ?? [], projectDir: project },
      kb,
      {
        concurrency,
        timeoutMs: timeout * 1000,
        ...runOptionsFromEnv(context.env),
        maxIndexBytes: maxIndexBytesFromEnv(context.env),
        refuse: (command) => refuse({ kind: "shell", command }),
        // Checked by `refuse` with the policy (level, switched-off rules, permission rules).
        guard: false,
      },
    );
    if (values.json) {
      await context.out(`${JSON.stringify(result)}\n`);
    } else {
      const lines = result.commands.map((c) =>
        `${c.label}: ${
          c.error
            ? `failed to start: ${c.error}`
            : c.timedOut
            ? "timed out"
            : `exit ${c.exitCode}`
        }, ${formatBytes(c.bytes)}, ${formatCount(c.chunks, "chunk")}${
          c.scrubbed ? `, ${scrubbedNote(c.scrubbed)}` : ""
        }${
          c.notIndexedBytes
            ? ` (${
              formatBytes(c.notIndexedBytes)
            } past the index cap not indexed)`
            : ""
        }`
      );
      const answers = result.results.map((r) =>
        [
          `## ${r.query}`,
          ...(r.hits.length
            ? r.hits.flatMap((
              h,
            ) => [`[${h.source}] ${h.title}`, `   ${h.snippet}`])
            : ["No results."]),
        ]
          .join("\n")
      );
      await context.out(
        [...lines, ...answers.map((a) => `\n${a}`)].join("\n") + "\n",
      );
    }
    return result.commands.every((c) => c.exitCode === 0) ? 0 : 1;
  },
};
