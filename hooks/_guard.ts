/**
 * The safety guard as a pre-tool decision: shell commands through the
 * destructive-command rules, file reads through the secret rules. Fails
 * closed for shell commands: a guard error is a deny.
 *
 * Platform-neutral; no I/O besides resolving symbolic links of read paths.
 *
 * @module
 */

import {
  checkCommand,
  checkReadPath,
  type Level,
  type Verdict,
} from "../src/safety/mod.ts";
import type { Decision, ToolCallEvent } from "../src/routing/types.ts";

/** Where the guard looks from. */
export interface GuardOptions {
  /** The user's home directory. */
  home: string;
  /** The guard level. @default {"standard"} */
  level?: Level;
}

function realPath(path: string): string | null {
  try {
    return Deno.realPathSync(path);
  } catch {
    return null;
  }
}

function asDecision(verdict: Verdict): Decision | undefined {
  const reason = `${
    verdict.reason ?? "Blocked by ctx-mode's safety guard"
  } [ctx-mode rule ${verdict.rule ?? "guard"}]`;
  if (verdict.verdict === "deny") return { kind: "deny", reason };
  if (verdict.verdict === "ask") return { kind: "ask", reason };
  return undefined;
}

/**
 * The guard's decision for a tool call, or undefined to let routing decide.
 *
 * @param call The neutral tool call.
 * @param options The home directory and the level.
 * @returns A deny or ask decision, or undefined.
 */
export function guardToolCall(
  call: ToolCallEvent,
  options: GuardOptions,
): Decision | undefined {
  try {
    if (call.toolKind === "shell" && typeof call.input.command === "string") {
      return asDecision(
        checkCommand(call.input.command, {
          cwd: call.projectDir,
          home: options.home,
          level: options.level ?? "standard",
        }),
      );
    }
    if (call.toolKind === "read" && typeof call.input.path === "string") {
      return asDecision(
        checkReadPath(call.input.path, {
          cwd: call.projectDir,
          home: options.home,
          realPath,
        }),
      );
    }
    return undefined;
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
