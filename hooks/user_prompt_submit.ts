/**
 * When the user sends a prompt: remember it (the newest one is restored word
 * for word), with the decisions, corrections, role and intent it states;
 * large pasted data is kept by reference, its content indexed apart.
 *
 * Platform-neutral; the engine's deps do the I/O. It never blocks a prompt.
 *
 * @module
 */

import { capturePrompt } from "../src/session/capture_prompt.ts";
import { withoutInjectedContext } from "../src/session/injected_context.ts";
import type { PastedData, SessionRecord } from "../src/session/types.ts";
import type { Decision } from "../src/routing/types.ts";

/** What the prompt handler needs from the engine. */
export interface UserPromptSubmitDeps {
  /** Stores the prompt's events. */
  record(record: SessionRecord): unknown;
  /** Keeps large pasted blocks where search finds them. */
  keepPastes(pastes: readonly PastedData[]): unknown;
}

/**
 * Records a prompt and lets it through.
 *
 * @param prompt The prompt, when the platform sent one.
 * @param deps Where to record.
 * @returns Allow.
 */
export async function userPromptSubmit(
  prompt: string | undefined,
  deps: UserPromptSubmitDeps,
): Promise<Decision> {
  // What ctx-mode itself injected earlier is not the user's prompt.
  const own = prompt === undefined ? "" : withoutInjectedContext(prompt);
  if (own.trim() === "") return { kind: "allow" };
  const capture = capturePrompt(own);
  if (capture.pastes.length > 0) await deps.keepPastes(capture.pastes);
  await deps.record({ events: capture.events });
  return { kind: "allow" };
}
