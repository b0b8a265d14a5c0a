import assert from "node:assert/strict";
import { McpServer } from "../../src/server/_sdk.ts";

Deno.test("the MCP SDK imports carry real types, not any", () => {
  const server = new McpServer({ name: "types", version: "0.0.0" });
  // If the SDK fell back to `any`, this line would not be an error, and the
  // unused @ts-expect-error would fail `deno check`.
  // @ts-expect-error McpServer is not a number
  const wrong: number = server;
  assert.equal(typeof wrong, "object");
});
