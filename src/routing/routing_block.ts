/**
 * The routing block: the one text that teaches an agent the ctx-mode tool
 * hierarchy. Hooks inject it, instruction files embed it, the server uses it
 * as its instructions, and subagent prompts get it appended.
 *
 * It must never grow past 1.5 KB (it costs tokens in every session) and must
 * never name a platform or a platform's own tools.
 *
 * @module
 */

/** The first line of the routing block; finding it in a prompt means the block is already there. */
export const ROUTING_BLOCK_MARKER = "<ctx_mode_routing>";

/**
 * The routing block, wrapped in `<ctx_mode_routing>` tags.
 *
 * @example The block stays under 1.5 KB
 * ```ts
 * import assert from "node:assert/strict";
 * import { ROUTING_BLOCK } from "./routing_block.ts";
 *
 * assert.ok(new TextEncoder().encode(ROUTING_BLOCK).length < 1536);
 * ```
 */
export const ROUTING_BLOCK: string = `${ROUTING_BLOCK_MARKER}
ctx-mode keeps bulky output out of your context. Use its tools in this order:
1. ctx_search first: earlier output and indexed docs may already hold the answer.
2. ctx_batch_execute to gather: several commands in one call; output is indexed, you get a summary.
3. ctx_search to follow up on what was gathered instead of re-running commands.
4. ctx_execute / ctx_execute_file to process in the sandbox (logs, JSON, test and build output, large files): print only the answer.
5. ctx_fetch_and_index for web pages and APIs, then ctx_search; not curl, wget or a web fetch tool.
Rules:
- Write artifacts (code, reports, data) to files; do not print them back.
- Plain shell only for short, fixed output: git status, ls, pwd, mkdir, git commit.
- Read a whole file to edit it; to analyse it, use ctx_execute_file.
- Cap what you print: git log -n 20, | tail -n 50.
</ctx_mode_routing>`;

/** Options for {@linkcode routingInstructions}. */
export interface RoutingInstructionsOptions {
  /**
   * The Markdown heading above the block.
   *
   * @default {"# ctx-mode routing"}
   */
  heading?: string;
}

/**
 * The routing block as the body of an instruction file (a Markdown file the
 * agent reads at start): a heading, the block, a trailing newline.
 *
 * @param options The heading to use.
 * @returns The file's text.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ROUTING_BLOCK, routingInstructions } from "./routing_block.ts";
 *
 * assert.ok(routingInstructions().startsWith("# ctx-mode routing\n"));
 * assert.ok(routingInstructions().includes(ROUTING_BLOCK));
 * ```
 */
export function routingInstructions(
  options: RoutingInstructionsOptions = {},
): string {
  const { heading = "# ctx-mode routing" } = options;
  return `${heading}\n\n${ROUTING_BLOCK}\n`;
}
