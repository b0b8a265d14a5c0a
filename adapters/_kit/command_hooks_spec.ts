/**
 * The types of the command-hook kit (`command_hooks.ts`): an agent as data, where
 * its payloads keep each fact, and a decision after degradation. Types
 * only, so the hook path reads none of this text.
 *
 * @module
 */

import type { ReplaceOutputDecision } from "../../src/routing/types.ts";
import type {
  Capabilities,
  HookEvent,
  HookOutput,
  ToolHookInput,
  ToolRoles,
} from "../types.ts";

/** A decision the platform can express, after degradation. */
export type WireDecision =
  | { kind: "allow" }
  | { kind: "deny"; reason: string }
  | { kind: "ask"; reason: string }
  | { kind: "modify"; input: Record<string, unknown>; note: string }
  | { kind: "context"; text: string };

/** One platform, as data plus its reply dialect. */
export interface AgentSpec {
  /** The name on the command line. */
  name: string;
  /** The name for people. */
  label: string;
  /** The platform's event names per neutral event; the first is the one registered. */
  events: Readonly<Partial<Record<HookEvent, readonly string[]>>>;
  /** Events whose answer the platform ignores. */
  observeOnly: readonly HookEvent[];
  /** Events where the platform adds a `context` answer to the model's context. */
  contextOn: readonly HookEvent[];
  /**
   * The platform drops a session-start hook's context after compaction, so
   * the first prompt after one carries the restored guide. @default {false}
   */
  restoreOnPrompt?: boolean;
  /** What the platform can express. */
  capabilities: Capabilities;
  /** Tool names by role. */
  tools: ToolRoles & {
    /** Whether a tool name is an MCP tool. */
    isMcp(name: string): boolean;
    /** PowerShell tools among the shell tools. @default {[]} */
    powershell?: readonly string[];
  };
  /** How the model sees one of ctx-mode's MCP tools. */
  serverToolName(tool: string): string;
  /** Payload keys (dotted paths allowed), first found wins. */
  keys?: Partial<PayloadKeys>;
  /** Environment variables naming the project directory, first set wins. @default {[]} */
  projectEnv?: readonly string[];
  /** Environment variables naming the session, first set wins. @default {[]} */
  sessionEnv?: readonly string[];
  /** For payloads without a tool name: the tool an event implies (`beforeShellExecution` → `Shell`). @default {{}} */
  impliedTools?: Readonly<Record<string, string>>;
  /** Writes a decision in the platform's dialect. */
  reply(
    event: HookEvent,
    decision: WireDecision,
    eventName: string,
  ): HookOutput;
  /** The answer that lets everything proceed. @default {empty stdout, exit 0} */
  passThrough?: HookOutput;
  /**
   * Writes a shrunk view in place of a tool's result, for a platform whose
   * post-tool reply can carry one (see `Adapter.formatReplacement`).
   * @default {undefined: results are never replaced}
   */
  formatReplacement?(
    input: ToolHookInput,
    decision: ReplaceOutputDecision,
  ): HookOutput;
  /** Whether this call's result can be replaced (see `Adapter.canReplaceOutput`). @default {every call} */
  canReplaceOutput?(input: ToolHookInput): boolean;
}

/** Where a payload keeps each fact. */
export interface PayloadKeys {
  /** The session id. */
  session: readonly string[];
  /** The working directory (the project when no variable names it). */
  cwd: readonly string[];
  /** The tool's name. */
  tool: readonly string[];
  /** The tool's input (an object or JSON text). */
  input: readonly string[];
  /** The tool's result (post-tool). */
  output: readonly string[];
  /** The event's name. */
  event: readonly string[];
}
