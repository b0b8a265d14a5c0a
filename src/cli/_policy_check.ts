/**
 * The guard policy for the CLI's `exec`, `exec-file` and `batch`: the
 * project's and the user's policy loaded once per command (its problems
 * printed on stderr), each request judged with denies and asks logged under
 * the source `cli`, and the refusal those commands print.
 *
 * @module
 */

import type { CliContext } from "./_context.ts";
import { detectPlatform } from "../../adapters/detect.ts";
import type { PermissionRequest } from "../safety/permissions.ts";
import {
  judgeRequest,
  loadPolicy,
  placeFromEnv,
  type PolicyPlace,
  refusalText,
} from "../safety/policy_gate.ts";

/** Refuses a request, or lets it pass. */
export type CliRefusal = (request: PermissionRequest) => string | null;

/** What an ask's refusal adds: the CLI has no way to ask the user. */
const CANNOT_ASK =
  "ctx-mode's CLI cannot ask; run the command directly if you mean to";

/**
 * Loads the project's policy and prints its problems.
 *
 * @param project The project the command runs in.
 * @param context The command's environment and streams.
 * @returns A check giving the one-line refusal of a request, or null to let it run.
 */
export async function cliRefusal(
  project: string,
  context: CliContext,
): Promise<CliRefusal> {
  const place: PolicyPlace = placeFromEnv(project, context.env);
  const notes: string[] = [];
  const policy = loadPolicy(place, { onNote: (note) => notes.push(note) });
  for (const note of notes) await context.err(`${note}\n`);
  // Only an agent's own variables name it; otherwise a person typed the command.
  const detected = detectPlatform({ env: context.env });
  const platform = detected.confidence === "low"
    ? "terminal"
    : detected.platform;
  return (request) =>
    refusalText(
      request,
      judgeRequest(place, {
        request,
        requester: { platform, source: "cli" },
        policy,
      }),
      { cannotAsk: CANNOT_ASK },
    );
}
