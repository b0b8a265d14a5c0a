import assert from "node:assert/strict";
import { join } from "node:path";
import { resultText, startServer } from "../_helpers/mcp_client.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

Deno.test("ctx_fetch_and_index refuses loopback when the user's environment or config.json denies it", async (t) => {
  let hits = 0;
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => {
      hits++;
      return new Response("a local page");
    },
  );
  const url = `http://127.0.0.1:${server.addr.port}/page`;
  await using home = await tempDir();
  await using project = await tempDir();
  try {
    await t.step(
      "CTX_MODE_NET_LOOPBACK=deny in the server's environment",
      async () => {
        await using session = await startServer({
          project: project.path,
          home: home.path,
          env: { CTX_MODE_NET_LOOPBACK: "deny" },
        });
        const result = await session.call("ctx_fetch_and_index", { url });
        assert.equal(result.isError, true);
        assert.match(
          resultText(result),
          /127\.0\.0\.1 is a loopback address, refused by the network policy \(CTX_MODE_NET_LOOPBACK=deny\)/,
        );
      },
    );
    await t.step("the user's config.json, read on every call", async () => {
      await using session = await startServer({
        project: project.path,
        home: home.path,
      });
      const before = await session.call("ctx_fetch_and_index", { url });
      assert.notEqual(before.isError, true, resultText(before));
      assert.equal(hits, 1);
      await Deno.writeTextFile(
        join(home.path, "config.json"),
        '{"network": {"loopback": "deny"}}',
      );
      const after = await session.call("ctx_fetch_and_index", {
        url,
        force: true,
      });
      assert.equal(after.isError, true);
      assert.match(resultText(after), /refused by the network policy/);
      assert.equal(hits, 1);
    });
  } finally {
    await server.shutdown();
  }
});
