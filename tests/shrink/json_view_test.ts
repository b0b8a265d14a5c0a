import assert from "node:assert/strict";
import { shrinkToolResult } from "../../src/shrink/mod.ts";

function records(odd?: number): string {
  return JSON.stringify(
    {
      items: Array.from({ length: 200 }, (_, i) => ({
        id: `job-${i}`,
        owner: `user-${i}`,
        status: i === odd ? "failed" : "done",
        ...(i === odd ? { error: "disk quota exceeded on volume v-9" } : {}),
        note: "x".repeat(200),
      })),
    },
    null,
    2,
  );
}

function viewOf(text: string): string {
  const shrunk = shrinkToolResult({
    toolKind: "mcp",
    toolName: "mcp__jobs__list",
    subject: "",
    content: { content: [{ type: "text", text }] },
  }, { now: 0 });
  assert.ok(shrunk.shrunk, shrunk.shrunk ? "" : shrunk.reason);
  return shrunk.view;
}

Deno.test("the JSON view names the one item among hundreds whose status or keys set it apart", () => {
  const view = viewOf(records(137));
  assert.match(view, /status: done 199, failed 1/);
  assert.match(view, /failed: job-137/);
  assert.match(
    view,
    /error \(in 1 of 200 items\):\n\s+job-137: disk quota exceeded on volume v-9/,
  );
});

Deno.test("the JSON view says nothing stands out when the items are alike", () => {
  assert.doesNotMatch(viewOf(records()), /stand out/);
});
