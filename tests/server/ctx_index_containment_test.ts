import assert from "node:assert/strict";
import { join } from "node:path";
import { resultText, startServer } from "../_helpers/mcp_client.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const linux = Deno.build.os === "linux";

Deno.test({
  name:
    "ctx_index indexes inside the project only: a hostile client gets nothing from outside, from /proc or from a FIFO",
  ignore: !linux,
  fn: async (t) => {
    await using home = await tempDir();
    await using dir = await tempDir();
    await using outsideDir = await tempDir();
    const project = await Deno.realPath(dir.path);
    const outside = await Deno.realPath(outsideDir.path);
    const secret = join(outside, "secret.txt");
    await Deno.writeTextFile(secret, "zebrasecret outside the project\n");
    await Deno.writeTextFile(join(project, "notes.md"), "# Notes\nquokka\n");
    await Deno.symlink(secret, join(project, "leak.txt"));
    await Deno.symlink("/proc/self/pagemap", join(project, "pagemap"));
    await Deno.symlink("/proc/self", join(project, "self"));
    await Deno.mkdir(join(project, "docs"));
    await Deno.writeTextFile(join(project, "docs", "guide.md"), "# Guide\n");
    await Deno.symlink(secret, join(project, "docs", "leak.md"));
    const fifo = await new Deno.Command("mkfifo", {
      args: [join(project, "docs", "pipe")],
    }).output();
    assert.ok(fifo.success);

    await using server = await startServer({ project, home: home.path });
    const refused: Array<[string, RegExp]> = [
      [
        "/etc/passwd",
        /^Cannot index "\/etc\/passwd": it is outside the project$/,
      ],
      ["../../x", /^Cannot index "\.\.\/\.\.\/x": it is outside the project$/],
      [secret, /it is outside the project$/],
      ["/root", /it is outside the project$/],
      ["/proc/self/pagemap", /it is outside the project$/],
      [
        "leak.txt",
        /^Cannot index "leak\.txt": its real path ".*secret\.txt" is outside the project$/,
      ],
      [
        "pagemap",
        /is a kernel or device file \(under \/proc\), never indexed$/,
      ],
      ["self", /is a kernel or device file \(under \/proc\), never indexed$/],
      [
        "docs/pipe",
        /^Cannot index "docs\/pipe": not a regular file or folder \(a FIFO, socket or device\)$/,
      ],
    ];
    for (const [path, expected] of refused) {
      await t.step(`${path} is refused`, async () => {
        const result = await server.call("ctx_index", { path });
        assert.equal(result.isError, true, resultText(result));
        assert.match(resultText(result), expected);
      });
    }

    await t.step(
      "a folder is indexed without its link out and its FIFO, both listed",
      async () => {
        const text = await server.callText("ctx_index", { path: "docs" });
        assert.match(text, /^Indexed 1 file under "docs"/);
        assert.match(
          text,
          /leak\.md: symbolic link to a file outside the root \(.*secret\.txt\)/,
        );
        assert.match(text, /pipe: not a regular file/);
      },
    );

    await t.step(
      "the project itself is indexed, and nothing outside is found",
      async () => {
        const text = await server.callText("ctx_index", { path: "." });
        assert.match(text, /^Indexed 2 files/);
        const found = await server.callText("ctx_search", {
          queries: ["zebrasecret", "root:x:0:0", "quokka"],
        });
        assert.doesNotMatch(found, /zebrasecret outside/);
        assert.doesNotMatch(found, /root:x:0:0:/);
        assert.match(found, /quokka/);
      },
    );
  },
});
