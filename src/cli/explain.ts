/**
 * `ctx-mode explain`: what the safety guard makes of a shell command — the
 * parse and the verdict with its rule id — for people debugging a block, and
 * as JSON lines for checking a list of commands against the policy in CI.
 *
 * @module
 */

import { parseCommandArgs, UsageError } from "./_args.ts";
import type { Command } from "./_context.ts";
import { resolvePath } from "../config/path_lite.ts";
import {
  checkCommand,
  type Level,
  parseShell,
  type Verdict,
} from "../safety/mod.ts";

const USAGE =
  `Usage: ctx-mode explain "<command>" [--cwd DIR] [--level L] [--json]
       ctx-mode explain --jsonl < commands.jsonl

Show how the safety guard reads a shell command and its verdict (allow, deny
or ask) with the rule id and the reason.

Options:
  --cwd DIR    The directory the agent works in (default: the current one)
  --level L    standard (default), strict or paranoid
  --json       Print {"verdict", "rule", "reason", "commands": [...]}
  --jsonl      Read lines {"command": "...", "cwd": "..."} on stdin and print one
               line {"verdict", "rule", "reason"} per input line, in order
  -h, --help   Show this help
`;

const LEVELS = new Set(["standard", "strict", "paranoid"]);

/** The `explain` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs("explain", args, {
      cwd: { type: "string" },
      level: { type: "string" },
      json: { type: "boolean" },
      jsonl: { type: "boolean" },
    });
    const level = (values.level ?? "standard") as Level;
    if (!LEVELS.has(level)) {
      throw new UsageError(
        `Cannot use --level "${values.level}": expected standard, strict or paranoid`,
        "explain",
      );
    }
    const home = context.env.HOME ?? context.env.USERPROFILE ?? "/";
    const cwd = resolvePath(context.cwd, values.cwd ?? ".");
    if (values.jsonl) {
      if (positionals.length > 0) {
        throw new UsageError(
          "Give commands on stdin with --jsonl, not as arguments",
          "explain",
        );
      }
      const text = await new Response(context.stdin).text();
      const lines = text.split("\n").filter((line) => line.trim() !== "");
      const out = lines.map((line, index) =>
        JSON.stringify(judgeLine(line, index + 1, { cwd, home, level }))
      );
      await context.out(out.length > 0 ? `${out.join("\n")}\n` : "");
      return 0;
    }
    if (positionals.length !== 1) {
      throw new UsageError(
        positionals.length === 0
          ? "Missing the command to explain"
          : "Quote the command as one argument",
        "explain",
      );
    }
    const line = positionals[0]!;
    const verdict = checkCommand(line, { cwd, home, level });
    const parsed = parseShell(line, { cwd, home });
    if (values.json) {
      const commands = parsed.ok
        ? parsed.commands.map((c) => ({
          argv: c.argv.map((w) => w.value),
          cwd: c.cwd,
          inSubstitution: c.inSubstitution,
        }))
        : [];
      await context.out(`${JSON.stringify({ ...verdict, commands })}\n`);
      return 0;
    }
    const lines = parsed.ok
      ? parsed.commands.map((c, i) =>
        `  ${i + 1}. ${
          c.argv.map((w) => (w.dynamic ? `[${w.value}]` : w.value)).join(" ")
        }${c.inSubstitution ? "  (inside a substitution)" : ""}${
          c.cwd && c.cwd !== cwd ? `  (in ${c.cwd})` : ""
        }`
      )
      : [`  cannot be parsed: ${parsed.reason}`];
    await context.out(
      [
        `Command: ${line}`,
        `Parsed ([…] marks words only known at run time):`,
        ...lines,
        `Verdict: ${verdict.verdict}${
          verdict.rule ? ` (${verdict.rule})` : ""
        }`,
        ...(verdict.reason ? [`Reason: ${verdict.reason}`] : []),
      ].join("\n") + "\n",
    );
    return 0;
  },
};

function judgeLine(
  line: string,
  number: number,
  defaults: { cwd: string; home: string; level: Level },
): Verdict {
  let input: unknown;
  try {
    input = JSON.parse(line);
  } catch {
    return {
      verdict: "deny",
      rule: "input.invalid",
      reason: `Line ${number} is not valid JSON`,
    };
  }
  const record = (input ?? {}) as { command?: unknown; cwd?: unknown };
  if (typeof record.command !== "string") {
    return {
      verdict: "deny",
      rule: "input.invalid",
      reason: `Line ${number} has no "command" string`,
    };
  }
  const cwd = typeof record.cwd === "string" && record.cwd.trim() !== ""
    ? record.cwd
    : defaults.cwd;
  const verdict = checkCommand(record.command, {
    cwd,
    home: defaults.home,
    level: defaults.level,
  });
  return {
    verdict: verdict.verdict,
    ...(verdict.rule ? { rule: verdict.rule } : {}),
    ...(verdict.reason ? { reason: verdict.reason } : {}),
  };
}
