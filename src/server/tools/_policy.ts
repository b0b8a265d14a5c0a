/**
 * The guard policy inside ctx-mode's own tools: shell code of `ctx_execute`
 * and `ctx_batch_execute`, and the files of `ctx_execute_file` and
 * `ctx_index`, checked against the same level, switched-off rules and
 * permission rules as the agents' hooks, with denies and asks written to the
 * audit log.
 *
 * The policy is read again whenever one of its files changed (their `stat` is
 * checked on every call), so an edited settings file counts at once. A tool cannot ask the user, so an ask is
 * refused like a deny, with a reason that says where the user would be asked.
 *
 * @module
 */

import type { Policy, PolicyWhere } from "../../safety/policy.ts";
import type { PermissionRequest } from "../../safety/permissions.ts";
import {
  judgeRequest,
  placeFromEnv,
  type PolicyPlace,
  policyWhere as placeWhere,
  refusalText,
} from "../../safety/policy_gate.ts";
import { PolicyCache } from "../../safety/policy_cache.ts";
import type { ServerDeps } from "../_tool.ts";

const POLICIES = new PolicyCache();

/** The server's project, the user's home and the data home. */
function placeOf(deps: ServerDeps): PolicyPlace {
  return {
    ...placeFromEnv(deps.projectDir, deps.env),
    dataHome: deps.dataHome,
  };
}

/**
 * The policy in force for the server's project.
 *
 * @param deps The server's dependencies.
 * @returns The policy, problems in its `notes`.
 */
export function loadToolPolicy(deps: ServerDeps): Policy {
  return POLICIES.load(placeOf(deps));
}

/**
 * Where the server's checks happen: the project, the home, symlink
 * resolution and the environment's temp dir.
 *
 * @param deps The server's dependencies.
 * @returns The place for `checkWithPolicy`.
 */
export function policyWhere(deps: ServerDeps): PolicyWhere {
  return placeWhere(placeOf(deps));
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
  const client = deps.clientInfo();
  const verdict = judgeRequest(placeOf(deps), {
    request: check.request,
    requester: {
      platform: deps.describePlatform?.(client?.name).platform ??
        client?.name ?? "mcp",
      source: check.tool,
    },
    policy: check.policy ?? loadToolPolicy(deps),
    now: deps.now(),
  });
  return refusalText(check.request, verdict);
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
