import assert from "node:assert/strict";
import {
  ROUTING_BLOCK,
  ROUTING_BLOCK_MARKER,
  routingInstructions,
} from "../../src/routing/mod.ts";

Deno.test("ROUTING_BLOCK stays under 1.5 KB of UTF-8", () => {
  assert.ok(new TextEncoder().encode(ROUTING_BLOCK).length < 1536);
});

Deno.test("ROUTING_BLOCK names every tool of the hierarchy", () => {
  for (
    const tool of [
      "ctx_search",
      "ctx_batch_execute",
      "ctx_execute",
      "ctx_execute_file",
      "ctx_fetch_and_index",
    ]
  ) {
    assert.ok(ROUTING_BLOCK.includes(tool), tool);
  }
  assert.match(ROUTING_BLOCK, /files/);
});

Deno.test("ROUTING_BLOCK starts with its marker", () => {
  assert.ok(ROUTING_BLOCK.startsWith(ROUTING_BLOCK_MARKER));
});

Deno.test("routingInstructions() puts the heading above the block", () => {
  assert.equal(
    routingInstructions({ heading: "## Tools" }),
    `## Tools\n\n${ROUTING_BLOCK}\n`,
  );
});
