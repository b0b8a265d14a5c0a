/**
 * The safety guard as a pre-tool decision: the project's and the user's
 * policy (level, switched-off rules, permission rules) loaded from their
 * files, then shell commands through the destructive-command rules, file
 * reads through the secret rules, writes and edits of control files (policy,
 * agents' settings, git config and hooks) through the `policy.write` rule,
 * and every call through the permission rules. Denies and asks are appended to the audit log. Loading, judging and
 * logging are `src/safety/policy_gate.ts`'s, shared with ctx-mode's tools and
 * CLI; this module turns a tool call into a request and a verdict into a
 * decision.
 *
 * Fails closed for shell commands: a guard error is a deny. Platform-neutral;
 * its only I/O is reading the few small policy files, resolving symbolic
 * links of read paths, appending to the audit log and one stderr line per
 * problem in a policy file.
 *
 * @module
 */

import {
  judgeRequest,
  loadPolicy,
  type PolicyPlace,
  ruleTag,
} from "../src/safety/policy_gate.ts";
import type { Policy, PolicyVerdict } from "../src/safety/policy.ts";
import type { PermissionRequest } from "../src/safety/permissions.ts";
import type { Decision, ToolCallEvent } from "../src/routing/types.ts";

/** Where the guard looks from. */
export interface GuardOptions {
  /** The user's home directory. */
  home: string;
  /** The data home: the user's ctx-mode config and the audit log. */
  dataHome: string;
  /** The clock, for audit entries. @default {Date.now()} */
  now?: number;
  /** `$TMPDIR` of the agent's environment, trusted for recursive deletes when plausible. @default {undefined} */
  tmpDir?: string | undefined;
  /** Claude Code's user folder (`$CLAUDE_CONFIG_DIR`), for its user settings. @default {"<home>/.claude"} */
  claudeDir?: string | undefined;
  /** Where problems in policy files are reported. @default {a line on stderr} */
  warn?: (line: string) => void;
  /** Reads the policy of a place (a long-lived process caches it). @default {loadPolicy, afresh} */
  loadPolicy?: ((place: PolicyPlace) => Policy) | undefined;
}

function writeStderr(line: string): void {
  try {
    Deno.stderr.writeSync(new TextEncoder().encode(`${line}\n`));
  } catch {
    // Nowhere to report it; the hook's answer matters more.
  }
}

function policyOf(place: PolicyPlace, options: GuardOptions): Policy {
  const warn = options.warn ?? writeStderr;
  if (!options.loadPolicy) return loadPolicy(place, { onNote: warn });
  const policy = options.loadPolicy(place);
  for (const note of policy.notes) warn(note);
  return policy;
}

/** The request the policy judges for a tool call. */
function requestOf(call: ToolCallEvent): PermissionRequest {
  const toolName = call.toolName;
  const { command, path, url, dialect } = call.input;
  switch (call.toolKind) {
    case "shell":
      if (typeof command === "string") {
        return dialect === "powershell"
          ? { kind: "shell", command, toolName, dialect }
          : { kind: "shell", command, toolName };
      }
      break;
    case "read":
    case "grep":
      if (typeof path === "string") return { kind: "read", path, toolName };
      break;
    case "edit":
      if (typeof path === "string") return { kind: "edit", path, toolName };
      break;
    case "fetch":
      if (typeof url === "string") return { kind: "fetch", url, toolName };
      break;
  }
  return { kind: "tool", toolName };
}

function asDecision(verdict: PolicyVerdict): Decision | undefined {
  const reason = `${verdict.reason ?? "Blocked by ctx-mode's safety guard"} ${
    ruleTag(verdict)
  }`;
  if (verdict.verdict === "deny") return { kind: "deny", reason };
  if (verdict.verdict === "ask") return { kind: "ask", reason };
  return undefined;
}

/**
 * The guard's decision for a tool call, or undefined to let routing decide.
 *
 * @param call The neutral tool call.
 * @param options Home, data home, clock and temp dir.
 * @returns A deny or ask decision, or undefined.
 */
export function guardToolCall(
  call: ToolCallEvent,
  options: GuardOptions,
): Decision | undefined {
  try {
    const place = {
      projectDir: call.projectDir,
      home: options.home,
      dataHome: options.dataHome,
      tmpDir: options.tmpDir,
      claudeDir: options.claudeDir,
    };
    const verdict = judgeRequest(place, {
      request: requestOf(call),
      requester: {
        platform: call.platform,
        source: "hook",
        tool: call.toolName,
      },
      policy: policyOf(place, options),
      now: options.now,
    });
    return asDecision(verdict);
  } catch (error) {
    if (call.toolKind !== "shell") return undefined;
    const message = error instanceof Error ? error.message : String(error);
    return {
      kind: "deny",
      reason:
        `ctx-mode's safety guard failed on this command (${message}); not run [ctx-mode rule guard.internal-error]`,
    };
  }
}
