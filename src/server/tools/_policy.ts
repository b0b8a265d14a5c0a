/**
 * The guard policy inside ctx-mode's own tools: shell code of `ctx_execute`
 * and `ctx_batch_execute`, and the files of `ctx_execute_file` and
 * `ctx_index`, checked against the same level, switched-off rules and
 * permission rules as the agents' hooks, with denies and asks written to the
 * audit log.
 *
 * The policy is read afresh on every call (a few small files), so an edited
 * settings file counts at once. A tool cannot ask the user, so an ask is
 * refused like a deny, with a reason that says where the user would be asked.
 *
 * @module
 */

import { readPolicyFiles } from "../../config/policy_files.ts";
import {
  buildPolicy,
  checkWithPolicy,
  type Policy,
  type PolicyVerdict,
  type PolicyWhere,
} from "../../safety/policy.ts";
import type { PermissionRequest } from "../../safety/permissions.ts";
import { appendAudit, type AuditEntry } from "../../store/audit_log.ts";
import type { ServerDeps } from "../_tool.ts";

/** The user's home directory as the server's environment names it. */
function homeOf(deps: ServerDeps): string {
  return deps.env.HOME ?? deps.env.USERPROFILE ?? "/";
}

/**
 * The policy in force for the server's project.
 *
 * @param deps The server's dependencies.
 * @returns The policy, problems in its `notes`.
 */
export function loadToolPolicy(deps: ServerDeps): Policy {
  const home = homeOf(deps);
  return buildPolicy(
    readPolicyFiles(deps.projectDir, { home, dataHome: deps.dataHome }),
    { home },
  );
}

function realPath(path: string): string | null {
  try {
    return Deno.realPathSync(path);
  } catch {
    return null;
  }
}

/**
 * Where the server's checks happen: the project, the home, symlink
 * resolution and the environment's temp dir.
 *
 * @param deps The server's dependencies.
 * @returns The place for `checkWithPolicy`.
 */
export function policyWhere(deps: ServerDeps): PolicyWhere {
  return {
    cwd: deps.projectDir,
    project: deps.projectDir,
    home: homeOf(deps),
    realPath,
    envTmpDir: deps.env.TMPDIR,
  };
}

function subjectOf(request: PermissionRequest): string {
  switch (request.kind) {
    case "shell":
      return "this shell code";
    case "read":
    case "edit":
      return `"${request.path}"`;
    case "fetch":
      return `"${request.url}"`;
    case "tool":
      return request.toolName;
  }
}

/** One check a tool makes. */
export interface ToolCheck {
  /** The tool asking (`ctx_execute`), for the audit log. */
  tool: string;
  /** The shell code or the file. */
  request: PermissionRequest;
  /** The policy; callers checking many requests load it once. @default {loadToolPolicy(deps)} */
  policy?: Policy;
}

/**
 * Judges one request; a deny or ask is logged and returned as a one-line
 * refusal for the tool's error.
 *
 * @param deps The server's dependencies.
 * @param check The tool, the request and the policy.
 * @returns null when allowed, else the refusal text naming the rule.
 */
export function refusal(deps: ServerDeps, check: ToolCheck): string | null {
  const { tool, request } = check;
  const policy = check.policy ?? loadToolPolicy(deps);
  const verdict: PolicyVerdict = checkWithPolicy(
    request,
    policy,
    policyWhere(deps),
  );
  if (verdict.verdict === "allow") return null;
  const client = deps.clientInfo();
  const entry: AuditEntry = {
    at: new Date(deps.now()).toISOString(),
    platform: deps.describePlatform?.(client?.name).platform ??
      client?.name ?? "mcp",
    source: tool,
    verdict: verdict.verdict,
    rule: verdict.rule ?? "guard",
    reason: verdict.reason ?? "",
    cwd: deps.projectDir,
  };
  if (request.kind === "shell") entry.command = request.command;
  if (request.kind === "read" || request.kind === "edit") {
    entry.path = request.path;
  }
  appendAudit(deps.dataHome, entry);
  const what = request.kind === "shell" ? "run" : "read";
  const reason = verdict.reason ?? "the safety guard refused it";
  return verdict.verdict === "deny"
    ? `Cannot ${what} ${subjectOf(request)}: ${reason} [ctx-mode rule ${
      verdict.rule ?? "guard"
    }]`
    : `Cannot ${what} ${
      subjectOf(request)
    } without the user's confirmation: ${reason} [ctx-mode rule ${
      verdict.rule ?? "guard"
    }]. ctx-mode's tools cannot ask; use the agent's own tool, where the user is asked`;
}

/**
 * Throws the refusal of a request, if any.
 *
 * @param deps The server's dependencies.
 * @param check The tool, the request and the policy.
 * @throws {Error} The one-line refusal naming the rule.
 */
export function enforcePolicy(deps: ServerDeps, check: ToolCheck): void {
  const refused = refusal(deps, check);
  if (refused !== null) throw new Error(refused);
}
