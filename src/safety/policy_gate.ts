/**
 * The guard policy at work: one project's policy loaded from its files, one
 * request judged under it with a deny or ask written to the audit log, and
 * the one-line refusal that ctx-mode's tools and its CLI give. The pre-tool
 * hook, the MCP tools and the CLI's `exec`, `exec-file` and `batch` all go
 * through here, so they read the same files and log the same fields.
 *
 * Unlike the rest of `src/safety/`, this module does I/O: it reads the few
 * small policy files, resolves symbolic links of checked paths and appends to
 * the audit log (`audit_log.ts` beside it). It never prints and never throws for a bad policy file (a
 * problem becomes a note). It must stay free of `node:` modules: the hook
 * process loads it on every tool call.
 *
 * @module
 */

import { dataHome } from "../config/paths.ts";
import { readPolicyFiles } from "../config/policy_files.ts";
import { appendAudit, type AuditEntry } from "./audit_log.ts";
import {
  buildPolicy,
  checkWithPolicy,
  type Policy,
  type PolicyVerdict,
  type PolicyWhere,
} from "./policy.ts";
import type { PermissionRequest } from "./permissions.ts";

/** Where a policy is read and applied. */
export interface PolicyPlace {
  /** The project: its policy files, where its commands run, and the audit entry's `cwd`. */
  projectDir: string;
  /** The user's home directory. */
  home: string;
  /** The data home: the user's ctx-mode config and the audit log. */
  dataHome: string;
  /** `$TMPDIR` of the environment commands run in, trusted for recursive deletes when plausible. @default {undefined} */
  tmpDir?: string | undefined;
  /** Claude Code's user folder (`$CLAUDE_CONFIG_DIR`). @default {"<home>/.claude"} */
  claudeDir?: string | undefined;
}

/**
 * The place of a project as an environment describes it: `HOME` (else
 * `USERPROFILE`), the data home, `TMPDIR` and `CLAUDE_CONFIG_DIR`.
 *
 * @param projectDir The project directory.
 * @param env The environment.
 * @returns The place for {@linkcode loadPolicy} and {@linkcode judgeRequest}.
 */
export function placeFromEnv(
  projectDir: string,
  env: Readonly<Record<string, string>>,
): PolicyPlace {
  return {
    projectDir,
    home: env.HOME ?? env.USERPROFILE ?? "/",
    dataHome: dataHome(env),
    tmpDir: env.TMPDIR,
    claudeDir: env.CLAUDE_CONFIG_DIR,
  };
}

/** How loading reports problems. */
export interface LoadPolicyOptions {
  /** Called with each problem found in a policy file, one line each. @default {ignored} */
  onNote?: (note: string) => void;
}

/**
 * The policy in force for a project: its files and the user's, read afresh
 * (a few small files, so an edited settings file counts at once).
 *
 * @param place The project, the home and the data home.
 * @param options Where problems in the files go.
 * @returns The policy; its problems also in `notes`.
 */
export function loadPolicy(
  place: PolicyPlace,
  options: LoadPolicyOptions = {},
): Policy {
  const policy = buildPolicy(
    readPolicyFiles(place.projectDir, {
      home: place.home,
      dataHome: place.dataHome,
      claudeDir: place.claudeDir,
    }),
    { home: place.home },
  );
  if (options.onNote) { for (const note of policy.notes) options.onNote(note); }
  return policy;
}

/**
 * The real path of a file, symbolic links resolved.
 *
 * @param path The file.
 * @returns Its real path, or null when it does not exist.
 */
export function resolveLinks(path: string): string | null {
  try {
    return Deno.realPathSync(path);
  } catch {
    return null;
  }
}

/**
 * Where requests are judged: from the project, with symbolic links resolved
 * and the environment's temp dir.
 *
 * @param place The project, the home and the temp dir.
 * @returns The place for `checkWithPolicy`.
 */
export function policyWhere(place: PolicyPlace): PolicyWhere {
  return {
    cwd: place.projectDir,
    project: place.projectDir,
    home: place.home,
    realPath: resolveLinks,
    envTmpDir: place.tmpDir,
    dataHome: place.dataHome,
    claudeDir: place.claudeDir,
  };
}

/** Who made a request, as the audit log names it. */
export interface Requester {
  /** The agent platform (`claude-code`), or the MCP client for ctx-mode's tools. */
  platform: string;
  /** Where the check ran: `hook`, `cli`, or the ctx-mode tool (`ctx_execute`). */
  source: string;
  /** The agent's tool, for hooks. @default {undefined} */
  tool?: string | undefined;
}

/** One request to judge. */
export interface PolicyCheck {
  /** The shell code, file, address or tool. */
  request: PermissionRequest;
  /** Who asks, for the audit log. */
  requester: Requester;
  /** The policy; callers judging many requests load it once. @default {loadPolicy(place)} */
  policy?: Policy;
  /** The clock, for the audit entry. @default {Date.now()} */
  now?: number | undefined;
}

/**
 * Judges one request under the policy; a deny or ask is appended to the
 * audit log (a log that cannot be written does not change the verdict).
 *
 * @param place The project, the home, the data home and the temp dir.
 * @param check The request, who asks, and the policy.
 * @returns The verdict with its rule id and reason.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { judgeRequest } from "./policy_gate.ts";
 * import { DEFAULT_POLICY } from "./policy.ts";
 * import { auditLogPath } from "./audit_log.ts";
 * const dataHome = Deno.makeTempDirSync();
 * const verdict = judgeRequest(
 *   { projectDir: "/p", home: "/h", dataHome },
 *   {
 *     request: { kind: "shell", command: "git reset --hard" },
 *     requester: { platform: "terminal", source: "cli" },
 *     policy: DEFAULT_POLICY,
 *   },
 * );
 * assert.equal(verdict.rule, "git.reset-hard");
 * assert.match(Deno.readTextFileSync(auditLogPath(dataHome)), /"source":"cli"/);
 * Deno.removeSync(dataHome, { recursive: true });
 * ```
 */
export function judgeRequest(
  place: PolicyPlace,
  check: PolicyCheck,
): PolicyVerdict {
  const { request } = check;
  const verdict = checkWithPolicy(
    request,
    check.policy ?? loadPolicy(place),
    policyWhere(place),
  );
  if (verdict.verdict === "allow") return verdict;
  const entry: AuditEntry = {
    at: new Date(check.now ?? Date.now()).toISOString(),
    platform: check.requester.platform,
    source: check.requester.source,
    ...(check.requester.tool === undefined
      ? {}
      : { tool: check.requester.tool }),
    verdict: verdict.verdict,
    rule: verdict.rule ?? "guard",
    reason: verdict.reason ?? "",
    cwd: place.projectDir,
  };
  if (request.kind === "shell") entry.command = request.command;
  if (request.kind === "code") entry.command = request.code;
  if (request.kind === "read" || request.kind === "edit") {
    entry.path = request.path;
  }
  if (request.kind === "fetch") entry.url = request.url;
  appendAudit(place.dataHome, entry);
  return verdict;
}

/**
 * The tag that ends every block message: `[ctx-mode rule <id>]`.
 *
 * @param verdict A deny or ask.
 * @returns The tag, `guard` standing in for a missing rule id.
 */
export function ruleTag(verdict: PolicyVerdict): string {
  return `[ctx-mode rule ${verdict.rule ?? "guard"}]`;
}

function subjectOf(request: PermissionRequest): string {
  switch (request.kind) {
    case "shell":
      return "this shell code";
    case "code":
      return `this ${request.language} code`;
    case "read":
    case "edit":
      return `"${request.path}"`;
    case "fetch":
      return `"${request.url}"`;
    case "tool":
      return request.toolName;
  }
}

/** How a refusal reads. */
export interface RefusalOptions {
  /** The sentence after an ask's refusal, since the caller cannot ask the user. @default {"ctx-mode's tools cannot ask; use the agent's own tool, where the user is asked"} */
  cannotAsk?: string;
}

/**
 * The one-line refusal of a request that ctx-mode cannot ask the user
 * about: a deny, or an ask refused like one.
 *
 * @param request The request judged.
 * @param verdict Its verdict.
 * @param options The sentence that ends an ask's refusal.
 * @returns null when allowed, else the refusal naming the rule.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { refusalText } from "./policy_gate.ts";
 * const text = refusalText(
 *   { kind: "read", path: "id_rsa" },
 *   { verdict: "deny", rule: "secret.private-key", reason: "a private key" },
 * );
 * assert.equal(text, 'Cannot read "id_rsa": a private key [ctx-mode rule secret.private-key]');
 * ```
 */
export function refusalText(
  request: PermissionRequest,
  verdict: PolicyVerdict,
  options: RefusalOptions = {},
): string | null {
  if (verdict.verdict === "allow") return null;
  const what = `${
    request.kind === "shell" || request.kind === "code" ? "run" : "read"
  } ${subjectOf(request)}`;
  const reason = `${verdict.reason ?? "the safety guard refused it"} ${
    ruleTag(verdict)
  }`;
  if (verdict.verdict === "deny") return `Cannot ${what}: ${reason}`;
  return `Cannot ${what} without the user's confirmation: ${reason}. ${
    options.cannotAsk ??
      "ctx-mode's tools cannot ask; use the agent's own tool, where the user is asked"
  }`;
}
