import assert from "node:assert/strict";
import { join } from "node:path";
import { readFileBounded } from "../../src/store/read_bounded.ts";
import { collectFiles } from "../../src/store/collect_files.ts";
import { indexFiles } from "../../src/store/index_files.ts";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const linux = Deno.build.os === "linux";

async function mkfifo(path: string): Promise<void> {
  const { success } = await new Deno.Command("mkfifo", { args: [path] })
    .output();
  assert.ok(success, "mkfifo failed");
}

Deno.test("readFileBounded() caps by bytes read: a file that grew after its size was taken is refused", async () => {
  await using dir = await tempDir();
  const root = await Deno.realPath(dir.path);
  const file = join(root, "growing.log");
  await Deno.writeTextFile(file, "small\n");
  const found = await collectFiles(root, { maxFileBytes: 1024 });
  assert.deepEqual(found.files.map((f) => f.relative), ["growing.log"]);
  await Deno.writeTextFile(file, "x".repeat(100_000), { append: true });
  using kb = KnowledgeBase.open(":memory:");
  const summary = await indexFiles(
    kb,
    [{ path: file, label: "growing" }],
    { maxBytes: 1024 },
  );
  assert.equal(summary.receipts.length, 0);
  assert.deepEqual(summary.skipped, [{
    path: file,
    reason: "over the 1 KiB size cap (more was read)",
  }]);
  const exact = await readFileBounded(file, { maxBytes: 100_006 });
  assert.equal(exact.ok && exact.bytes.byteLength, 100_006);
});

Deno.test({
  name:
    "readFileBounded() refuses kernel files, FIFOs and links out of the folder without reading them",
  ignore: !linux,
  fn: async () => {
    await using dir = await tempDir();
    await using outside = await tempDir();
    const root = await Deno.realPath(dir.path);
    const secret = join(await Deno.realPath(outside.path), "secret.txt");
    await Deno.writeTextFile(secret, "TOP-SECRET");
    await Deno.symlink(secret, join(root, "leak.txt"));
    await Deno.symlink("/proc/self/pagemap", join(root, "pagemap"));
    await mkfifo(join(root, "pipe"));
    await Deno.symlink(join(root, "pipe"), join(root, "pipe-link"));
    const read = (path: string) =>
      readFileBounded(path, { maxBytes: 1 << 20, within: root });
    assert.deepEqual(await read("/proc/self/pagemap"), {
      ok: false,
      reason:
        `"/proc/${Deno.pid}/pagemap" is a kernel or device file (under /proc), never indexed`,
    });
    assert.match(
      (await read(join(root, "pagemap")) as { reason: string }).reason,
      /is a kernel or device file \(under \/proc\)/,
    );
    assert.deepEqual(await read(join(root, "leak.txt")), {
      ok: false,
      reason: `its real path "${secret}" is outside the project`,
    });
    for (const fifo of ["pipe", "pipe-link"]) {
      assert.deepEqual(await read(join(root, fifo)), {
        ok: false,
        reason: "not a regular file (a FIFO, socket or device)",
      });
    }
    assert.equal((await read("/dev/zero")).ok, false);
    // Without `within` (the CLI) an outside file is read, still capped.
    const own = await readFileBounded(join(root, "leak.txt"), { maxBytes: 5 });
    assert.deepEqual(own, {
      ok: false,
      reason: "over the 5 B size cap (more was read)",
    });
  },
});
