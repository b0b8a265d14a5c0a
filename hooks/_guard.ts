/**
 * The safety guard as a pre-tool decision: the project's and the user's
 * policy (level, switched-off rules, permission rules) loaded from their
 * files, then shell commands through the destructive-command rules, file
 * reads through the secret rules, and every call through the permission
 * rules. Denies and asks are appended to the audit log.
 *
 * Fails closed for shell commands: a guard error is a deny. Platform-neutral;
 * its only I/O is reading the few small policy files, resolving symbolic
 * links of read paths, appending to the audit log and one stderr line per
 * problem in a policy file.
 *
 * @module
 */

import { readPolicyFiles } from "../src/config/policy_files.ts";
import {
  buildPolicy,
  checkWithPolicy,
  type Policy,
  type PolicyVerdict,
} from "../src/safety/policy.ts";
import type { PermissionRequest } from "../src/safety/permissions.ts";
import { appendAudit, type AuditEntry } from "../src/store/audit_log.ts";
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
  /** Where problems in policy files are reported. @default {a line on stderr} */
  warn?: (line: string) => void;
}

function realPath(path: string): string | null {
  try {
    return Deno.realPathSync(path);
  } catch {
    return null;
  }
}

function writeStderr(line: string): void {
  try {
    Deno.stderr.writeSync(new TextEncoder().encode(`${line}\n`));
  } catch {
    // Nowhere to report it; the hook's answer matters more.
  }
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
  const reason = `${
    verdict.reason ?? "Blocked by ctx-mode's safety guard"
  } [ctx-mode rule ${verdict.rule ?? "guard"}]`;
  if (verdict.verdict === "deny") return { kind: "deny", reason };
  if (verdict.verdict === "ask") return { kind: "ask", reason };
  return undefined;
}

function audit(
  call: ToolCallEvent,
  request: PermissionRequest,
  verdict: PolicyVerdict,
  options: GuardOptions,
): void {
  if (verdict.verdict === "allow") return;
  const entry: AuditEntry = {
    at: new Date(options.now ?? Date.now()).toISOString(),
    platform: call.platform,
    source: "hook",
    tool: call.toolName,
    verdict: verdict.verdict,
    rule: verdict.rule ?? "guard",
    reason: verdict.reason ?? "",
    cwd: call.projectDir,
  };
  if (request.kind === "shell") entry.command = request.command;
  if (request.kind === "read" || request.kind === "edit") {
    entry.path = request.path;
  }
  if (request.kind === "fetch") entry.url = request.url;
  appendAudit(options.dataHome, entry);
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
    const policy = loadPolicy(call.projectDir, options);
    const request = requestOf(call);
    const verdict = checkWithPolicy(request, policy, {
      cwd: call.projectDir,
      project: call.projectDir,
      home: options.home,
      realPath,
      envTmpDir: options.tmpDir,
    });
    audit(call, request, verdict, options);
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

function loadPolicy(projectDir: string, options: GuardOptions): Policy {
  const sources = readPolicyFiles(projectDir, {
    home: options.home,
    dataHome: options.dataHome,
  });
  const policy = buildPolicy(sources, { home: options.home });
  for (const note of policy.notes) (options.warn ?? writeStderr)(note);
  return policy;
}
