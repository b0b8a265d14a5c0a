/**
 * When the user sends a prompt. Capturing requests and decisions comes with
 * session continuity; until then the prompt passes untouched.
 *
 * Platform-neutral and pure; it must never block a prompt.
 *
 * @module
 */

import type { Decision } from "../src/routing/types.ts";

/**
 * The decision for a prompt.
 *
 * @returns Allow.
 */
export function userPromptSubmit(): Decision {
  return { kind: "allow" };
}
