/**
 * ctx-mode's own context, echoed back inside a prompt. Gemini CLI (in `-p`
 * mode) prepends what a session-start hook returned to the user's prompt,
 * wrapped in `<hook_context>` and HTML-escaped; recorded as the prompt, the
 * routing block and the session guide would come back nested in the next
 * guide. This removes them, in raw or escaped form, and nothing else.
 *
 * Pure.
 *
 * @module
 */

import { GUIDE_TAG } from "./guide.ts";

const OWN_TAGS = `(?:ctx_mode_routing|${GUIDE_TAG})`;
const OPEN = `(?:<|&lt;)`;
const CLOSE = `(?:>|&gt;)`;

/** One of ctx-mode's blocks, raw or HTML-escaped, and the space after it. */
const OWN_BLOCK = new RegExp(
  `${OPEN}(${OWN_TAGS})${CLOSE}[\\s\\S]*?${OPEN}/\\1${CLOSE}\\s*`,
  "g",
);

/** An agent's wrapper around hook output, and the space after it. */
const HOOK_CONTEXT = /<hook_context>([\s\S]*?)<\/hook_context>\s*/g;

/** Whether text holds the opening tag of one of ctx-mode's blocks. */
const HOLDS_OWN = new RegExp(`${OPEN}${OWN_TAGS}${CLOSE}`);

/**
 * A prompt without the context ctx-mode injected earlier: a `<hook_context>`
 * wrapper that holds ctx-mode's blocks, and ctx-mode's blocks themselves.
 * A wrapper holding only another tool's context is kept.
 *
 * @param prompt The prompt as the agent sent it.
 * @returns The user's own text.
 */
export function withoutInjectedContext(prompt: string): string {
  if (!HOLDS_OWN.test(prompt)) return prompt;
  return prompt
    .replace(
      HOOK_CONTEXT,
      (block, inner: string) => HOLDS_OWN.test(inner) ? "" : block,
    )
    .replace(OWN_BLOCK, "");
}
