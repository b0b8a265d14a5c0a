import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { tempDir } from "../_helpers/temp_dir.ts";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { KnowledgeBaseKeeper } from "../../src/store/knowledge_base_keeper.ts";

function damage(path: string): void {
  const kb = KnowledgeBase.open(path);
  for (let i = 0; i < 150; i++) {
    kb.index({ label: `d${i}`, content: `word${i} filler text `.repeat(300) });
  }
  kb.close();
  const size = Deno.statSync(path).size;
  using file = Deno.openSync(path, { read: true, write: true });
  file.seekSync(Math.floor(size / 3 / 8192) * 8192, Deno.SeekMode.Start);
  file.writeSync(new Uint8Array(8192 * 30).fill(0x5a));
}

function names(folder: string): string[] {
  return [...Deno.readDirSync(folder)].map((entry) => entry.name).sort();
}

Deno.test("KnowledgeBaseKeeper moves a file that is not SQLite aside at open and tells it once", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  await Deno.writeTextFile(path, "plain text");
  const heard: string[] = [];
  const keeper = new KnowledgeBaseKeeper(path, {
    onNote: (line) => heard.push(line),
    now: () => Date.UTC(2026, 0, 2, 3, 4, 5),
  });
  keeper.get().index({ label: "x", content: "fresh start" });
  keeper.close();
  assert.deepEqual(names(dir.path), [
    "kb.db",
    "kb.db.corrupt-20260102T030405Z",
  ]);
  assert.equal(heard.length, 1);
  assert.deepEqual(keeper.takeNotes(), heard);
  assert.deepEqual(keeper.takeNotes(), []);
  assert.equal(
    await Deno.readTextFile(`${path}.corrupt-20260102T030405Z`),
    "plain text",
  );
});

Deno.test("KnowledgeBaseKeeper moves damaged pages aside only when an error from the database or quick_check says so", async (t) => {
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  damage(path);
  const keeper = new KnowledgeBaseKeeper(path);
  keeper.get();
  await t.step("an error that is not the database's leaves the file", () => {
    assert.equal(
      keeper.recover(new Error('Cannot fetch "https://x.test/": HTTP 404')),
      false,
    );
    assert.equal(
      keeper.recover(new TypeError('Cannot index "content": it is empty')),
      false,
    );
    assert.equal(
      keeper.recover(
        new Error(`Cannot write "x" to "${path}": database is locked`),
      ),
      false,
    );
    assert.deepEqual(names(dir.path).filter((n) => n.includes("corrupt")), []);
  });
  await t.step(
    "an unclear error from the database is confirmed by quick_check",
    () => {
      assert.equal(
        keeper.recover(
          new Error(`Cannot search "${path}": vtable constructor failed`),
        ),
        true,
      );
      assert.equal(
        names(dir.path).filter((n) => n.includes("corrupt")).length,
        1,
      );
      assert.match(keeper.takeNotes()[0] ?? "", /was damaged .*moved it aside/);
    },
  );
  await t.step("a new knowledge base starts at once", () => {
    assert.equal(keeper.get().stats().sources, 0);
    assert.equal(keeper.checkOnce(), false);
    keeper.close();
  });
});

Deno.test("KnowledgeBaseKeeper leaves a database from a newer build where it is", async () => {
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  const db = new DatabaseSync(path);
  db.exec("PRAGMA user_version = 999");
  db.close();
  const keeper = new KnowledgeBaseKeeper(path);
  assert.throws(() => keeper.get(), /newer than this build/);
  assert.deepEqual(names(dir.path), ["kb.db"]);
});
