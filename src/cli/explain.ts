/**
 * `ctx-mode explain`: what the safety guard makes of a shell command — the
 * parse and the verdict with its rule id — for people debugging a block, and
 * as JSON lines for checking a list of commands against the policy in CI.
 * The project's and the user's policy (level, switched-off rules, permission
 * rules) count, as they do in the hooks.
 *
 * @module
 */

import { parseCommandArgs, UsageError } from "./_args.ts";
import type { Command } from "./_context.ts";
import { resolvePath } from "../config/path_lite.ts";
import { projectDir } from "../config/paths.ts";
import { type Level, parseShell, type Verdict } from "../safety/mod.ts";
import {
  checkWithPolicy,
  type Policy,
  type PolicyVerdict,
} from "../safety/policy.ts";
import {
  loadPolicy,
  placeFromEnv,
  resolveLinks,
} from "../safety/policy_gate.ts";

const USAGE =
  `Usage: ctx-mode explain "<command>" [--cwd DIR] [--level L] [--shell S] [--json]
       ctx-mode explain --jsonl < commands.jsonl

Show how the safety guard reads a shell command and its verdict (allow, deny
or ask) with the rule id and the reason. The policy of the project (of --cwd)
and of the user counts: level, switched-off rules and permission rules from
.claude/settings.local.json, .claude/settings.json, .ctx-mode.json,
<data home>/config.json and ~/.claude/settings.json ($CLAUDE_CONFIG_DIR).

Options:
  --cwd DIR    The directory the agent works in (default: the current one)
  --level L    standard, strict or paranoid (default: the policy's level)
  --shell S    posix or powershell: the language of the command (default: posix)
  --json       Print {"verdict", "rule", "reason", "commands": [...]}
  --jsonl      Read lines {"command": "...", "cwd": "..."} on stdin and print one
               line {"verdict", "rule", "reason"} per input line, in order
               (the policy of --cwd's project applies to every line; a line
               may carry "shell": "powershell")
  -h, --help   Show this help
`;

const LEVELS = new Set(["standard", "strict", "paranoid"]);

/** The languages the guard reads. */
type Dialect = "posix" | "powershell";

/** The `explain` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs("explain", args, {
      cwd: { type: "string" },
      level: { type: "string" },
      shell: { type: "string" },
      json: { type: "boolean" },
      jsonl: { type: "boolean" },
    });
    const level = values.level as Level | undefined;
    if (level !== undefined && !LEVELS.has(level)) {
      throw new UsageError(
        `Cannot use --level "${values.level}": expected standard, strict or paranoid`,
        "explain",
      );
    }
    const shell = values.shell ?? "posix";
    if (shell !== "posix" && shell !== "powershell") {
      throw new UsageError(
        `Cannot use --shell "${shell}": expected posix or powershell`,
        "explain",
      );
    }
    const home = context.env.HOME ?? context.env.USERPROFILE ?? "/";
    const cwd = resolvePath(context.cwd, values.cwd ?? ".");
    const policy = loadPolicy(
      placeFromEnv(
        projectDir(context.cwd, { explicit: values.cwd, env: context.env }),
        context.env,
      ),
    );
    for (const note of policy.notes) await context.err(`${note}\n`);
    const judge = (
      command: string,
      at: string,
      dialect: Dialect = shell,
    ): PolicyVerdict =>
      checkWithPolicy({ kind: "shell", command, dialect }, policy, {
        cwd: at,
        home,
        realPath: resolveLinks,
        ...(level ? { level } : {}),
      });
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
        JSON.stringify(judgeLine(line, index + 1, { cwd, judge }))
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
    const verdict = judge(line, cwd);
    // PowerShell has no parse to show: the guard reads only Remove-Item and its aliases.
    const parsed = shell === "posix" ? parseShell(line, { cwd, home }) : null;
    if (values.json) {
      const commands = parsed?.ok
        ? parsed.commands.map((c) => ({
          argv: c.argv.map((w) => w.value),
          cwd: c.cwd,
          inSubstitution: c.inSubstitution,
        }))
        : [];
      await context.out(
        `${
          JSON.stringify({
            verdict: verdict.verdict,
            ...(verdict.rule ? { rule: verdict.rule } : {}),
            ...(verdict.reason ? { reason: verdict.reason } : {}),
            ...(verdict.match ? { match: verdict.match } : {}),
            level: level ?? policy.level,
            commands,
          })
        }\n`,
      );
      return 0;
    }
    const lines = parsed === null
      ? ["  (PowerShell: read for Remove-Item and its aliases only)"]
      : parsed.ok
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
        ...(verdict.match && verdict.verdict === "allow"
          ? [`Allowed by: ${verdict.match.rule} in ${verdict.match.file}`]
          : []),
        policyLine(policy, level),
      ].join("\n") + "\n",
    );
    return 0;
  },
};

/** One line naming the level and where the permission rules came from. */
function policyLine(policy: Policy, override: Level | undefined): string {
  const loaded = policy.files.filter((file) => file.status === "loaded");
  const rules = loaded.reduce(
    (sum, file) => sum + file.counts.deny + file.counts.ask + file.counts.allow,
    0,
  );
  return `Policy: level ${override ?? policy.level}${
    override ? " (--level)" : ""
  }; ${rules} permission rule${rules === 1 ? "" : "s"}${
    loaded.length > 0
      ? ` from ${loaded.map((file) => file.path).join(", ")}`
      : ""
  }${
    policy.disabledRules.length > 0
      ? `; switched off: ${policy.disabledRules.join(", ")}`
      : ""
  }`;
}

function judgeLine(
  line: string,
  number: number,
  defaults: {
    cwd: string;
    judge: (command: string, cwd: string, dialect?: Dialect) => PolicyVerdict;
  },
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
  const record = (input ?? {}) as {
    command?: unknown;
    cwd?: unknown;
    shell?: unknown;
  };
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
  const verdict = record.shell === "powershell"
    ? defaults.judge(record.command, cwd, "powershell")
    : defaults.judge(record.command, cwd);
  return {
    verdict: verdict.verdict,
    ...(verdict.rule ? { rule: verdict.rule } : {}),
    ...(verdict.reason ? { reason: verdict.reason } : {}),
  };
}
