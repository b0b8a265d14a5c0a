/**
 * The engine side of a post-tool event: hands the call that ran to session
 * capture and, where the agent can replace a tool's result, to shrinking
 * (the settings read afresh, the server's heartbeat, the environment's
 * secret scrubber); a shrunk result is indexed (and its call recorded)
 * before the answer, or, in a process that answers many hooks, right after it
 * and before the next.
 *
 * @module
 */

import type { Adapter, ToolHookInput } from "../../adapters/types.ts";
import { postToolUse, type ShrinkDeps } from "../post_tool_use.ts";
import { serverIsAlive } from "../../src/config/heartbeat.ts";
import type { PostToolDecision } from "../../src/routing/types.ts";
import { readShrinkSettings } from "../../src/shrink/settings.ts";
import type { Shrunk } from "../../src/shrink/types.ts";
import { secretScrubber } from "../../src/store/scrub_secrets.ts";
import { utf8ByteLength } from "../../src/store/split_oversize.ts";
import { readFailedOutput, readFullOutput } from "./_full_output.ts";
import { keepShrunk } from "./_keep_shrunk.ts";
import { readWholeFile } from "./_whole_read.ts";
import { withSession } from "./_session_access.ts";
import {
  canSubagentCallServer,
  type HookFacts,
  type ProjectPaths,
  projectPaths,
  warn,
} from "./_where.ts";

/**
 * Records a tool call that ran, and shrinks its result where that applies.
 *
 * @param adapter The platform's adapter (its capabilities, its subagents, its tool names).
 * @param input The parsed post-tool event.
 * @param facts The run's environment and clock.
 * @returns Allow, or the result's replacement.
 */
export async function decidePostToolUse(
  adapter: Adapter,
  input: ToolHookInput,
  facts: HookFacts,
): Promise<PostToolDecision> {
  const given = withFullOutput(input);
  const session = { platform: given.platform, sessionId: given.sessionId };
  const where = projectPaths(given.projectDir, facts);
  const shrink = canDeliver(adapter, input) && !lostRest(input, given)
    ? shrinkDeps(adapter, input, where, facts)
    : undefined;
  // Read back only for a view: a failed command's kept output, or a whole file.
  const whole = shrink?.settings.enabled
    ? withFailedOutput(input) ?? withWholeRead(given, input.error)
    : undefined;
  let kept = false;
  const keep = (shrunk: Shrunk) => {
    kept = true;
    // The model would have had the part given, not the whole: that is what the view kept out.
    return shrink!.keep(
      whole ? { ...shrunk, originalBytes: whole.givenBytes } : shrunk,
    );
  };
  return await postToolUse(whole?.call ?? given, {
    record: (record) => {
      const write = () =>
        withSession(
          where.database,
          (store) => store.record(session, record, facts.now),
          facts.sessions,
        );
      // A shrunk call is recorded with its indexing, after the answer and
      // before the next hook is decided.
      if (!kept || !facts.defer) return write();
      facts.defer(async () => {
        await write();
      });
    },
    shrink: shrink ? { ...shrink, keep } : undefined,
  }, { error: input.error });
}

/**
 * The call with the whole file in place of the part a read handed over, and
 * the size of that part, where the read was of a whole file not meant to be
 * edited, inside the project (`_whole_read.ts`); undefined otherwise.
 */
function withWholeRead(
  call: ToolHookInput["call"],
  error: string | undefined,
): { call: ToolHookInput["call"]; givenBytes: number } | undefined {
  // Only a read is read back: a megabyte of command output is not measured for it.
  if (call.toolKind !== "read") return undefined;
  const output = call.output;
  // A read that failed handed over its error alone.
  const given = typeof output === "string"
    ? output
    : output === undefined
    ? error ?? ""
    : JSON.stringify(output) ?? "";
  const givenBytes = utf8ByteLength(given);
  const whole = readWholeFile(call, givenBytes);
  return whole === undefined
    ? undefined
    : { call: { ...call, output: whole }, givenBytes };
}

/**
 * The call with a shell's whole output in place of the preview the payload
 * carried, where the platform kept the whole in a file (read only inside the
 * platform's folder); the call as it came otherwise.
 */
function withFullOutput(input: ToolHookInput): ToolHookInput["call"] {
  const { call, fullOutput } = input;
  const output = call.output;
  if (!fullOutput || typeof output !== "object" || output === null) return call;
  const whole = readFullOutput(fullOutput);
  return whole === undefined ? call : {
    ...call,
    output: { ...output as Record<string, unknown>, stdout: whole },
  };
}

/**
 * The call with a failed command's whole output as its result, and the size
 * of the error the platform handed over (which still reaches the model),
 * where the error holds only the output's start and end and the platform
 * kept the whole in a file of its own; undefined otherwise.
 */
function withFailedOutput(
  input: ToolHookInput,
): { call: ToolHookInput["call"]; givenBytes: number } | undefined {
  const { call, failedOutput, error } = input;
  if (!failedOutput || error === undefined || call.output !== undefined) {
    return undefined;
  }
  const whole = readFailedOutput(failedOutput);
  return whole === undefined ? undefined : {
    call: { ...call, output: { stdout: whole } },
    givenBytes: utf8ByteLength(error),
  };
}

/** Whether only a preview of the result is at hand: a view of it would hide the rest. */
function lostRest(input: ToolHookInput, call: ToolHookInput["call"]): boolean {
  return input.fullOutput !== undefined && call === input.call;
}

/**
 * Whether a view would reach the model: the platform can replace results,
 * its reply dialect carries a view, and it can for this call. Nothing is
 * shrunk (or indexed, or counted) that the reply could not deliver.
 */
function canDeliver(adapter: Adapter, input: ToolHookInput): boolean {
  return adapter.capabilities.modifyOutput &&
    adapter.formatReplacement !== undefined &&
    (adapter.canReplaceOutput?.(input) ?? true);
}

function shrinkDeps(
  adapter: Adapter,
  input: ToolHookInput,
  where: ProjectPaths,
  facts: HookFacts,
): ShrinkDeps {
  const { call } = input;
  const settings = readShrinkSettings(where.project, { env: facts.env });
  for (const note of settings.notes) warn(`shrink settings: ${note}`);
  const scrubber = secretScrubber(facts.env);
  return {
    settings,
    toolsAvailable: (adapter.serverToolsBuiltIn === true ||
      serverIsAlive(where.home, where.project, facts.now)) &&
      (!input.subagent ||
        canSubagentCallServer(
          adapter,
          input.agentType,
          call.projectDir,
          facts,
        )),
    scrubber,
    searchTool: adapter.serverToolName?.("ctx_search"),
    now: facts.now,
    keep: (shrunk) => {
      const keep = () =>
        keepShrunk(shrunk, {
          database: where.database,
          dataHome: where.home,
          project: where.project,
          sessionId: call.sessionId,
          toolName: call.toolName,
          scrubber,
          delivered: adapter.formatReplacement !== undefined,
          beside: adapter.viewBeside?.(input) ?? false,
          at: facts.now,
        });
      if (!facts.defer) return keep();
      facts.defer(async () => {
        await keep();
      });
      return true;
    },
  };
}
