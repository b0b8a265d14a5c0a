import assert from "node:assert/strict";
import { startServer } from "../_helpers/mcp_client.ts";
import { childDatabase, runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";

/** A real knowledge base of a few hundred chunks, then 40 pages in its middle overwritten. */
function writeDamagedDatabase(path: string): void {
  Deno.mkdirSync(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  const kb = KnowledgeBase.open(path);
  for (let i = 0; i < 200; i++) {
    kb.index({
      label: `doc${i}`,
      content: `# Title ${i}\n\n` + `alpha beta gamma word${i} `.repeat(300),
    });
  }
  kb.close();
  const size = Deno.statSync(path).size;
  using file = Deno.openSync(path, { read: true, write: true });
  file.seekSync(Math.floor(size / 3 / 8192) * 8192, Deno.SeekMode.Start);
  file.writeSync(new Uint8Array(8192 * 40));
}

function asideFiles(path: string): string[] {
  const folder = path.slice(0, path.lastIndexOf("/"));
  const name = path.slice(path.lastIndexOf("/") + 1);
  return [...Deno.readDirSync(folder)]
    .map((entry) => entry.name)
    .filter((entry) =>
      entry.startsWith(`${name}.corrupt-`) && !/-(wal|shm)$/.test(entry)
    );
}

Deno.test("a database file that is not SQLite never stops ctx_execute: it is moved aside, once, and said so", async () => {
  await using dir = await tempDir();
  // HOME apart from the project: runs refuse a project that is the home folder.
  await using home = await tempDir();
  const path = childDatabase(home.path, dir.path);
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  await Deno.writeTextFile(
    path,
    "these are notes, not a database\n".repeat(200),
  );
  await using session = await startServer({
    project: dir.path,
    home: home.path,
  });

  const first = await session.callText("ctx_execute", {
    language: "shell",
    code: "echo still-running",
  });
  assert.match(first, /still-running/);
  assert.match(
    first,
    /was damaged \(the file is not an SQLite database\); moved it aside to ".*\.corrupt-/,
  );
  const aside = asideFiles(path);
  assert.equal(aside.length, 1);
  assert.match(
    await Deno.readTextFile(
      `${path.slice(0, path.lastIndexOf("/"))}/${aside[0]}`,
    ),
    /these are notes/,
  );
  assert.match(session.stderr(), /moved it aside/);

  const second = await session.callText("ctx_execute", {
    language: "shell",
    code: "for i in $(seq 1 2000); do echo line $i; done",
  });
  assert.doesNotMatch(second, /damaged|not indexed/);
  assert.match(second, /indexed|searchable/);
});

Deno.test("a database with damaged pages is moved aside by the server's first search, and doctor then finds the new one healthy", async () => {
  await using dir = await tempDir();
  // HOME apart from the project: runs refuse a project that is the home folder.
  await using home = await tempDir();
  const path = childDatabase(home.path, dir.path);
  writeDamagedDatabase(path);

  await using session = await startServer({
    project: dir.path,
    home: home.path,
  });
  const found = await session.callText("ctx_search", {
    queries: ["nothing-matches-this-zzq"],
  });
  assert.match(found, /was damaged .*moved it aside/);
  assert.equal(asideFiles(path).length, 1);

  const indexed = await session.callText("ctx_index", {
    content: "# Fresh\n\nThe new knowledge base takes content again.",
    source: "fresh",
  });
  assert.match(indexed, /Indexed "fresh"/);
  const again = await session.callText("ctx_search", {
    queries: ["fresh content"],
  });
  assert.match(again, /\[fresh\]/);
  assert.doesNotMatch(again, /damaged/);

  const healthy = await runCli(["doctor"], { home: home.path, cwd: dir.path });
  assert.match(healthy.stdout, /knowledge base: .*integrity check passed/);
});

Deno.test("ctx_execute returns large output with a note when the knowledge base cannot open at all", async () => {
  await using dir = await tempDir();
  // HOME apart from the project: runs refuse a project that is the home folder.
  await using home = await tempDir();
  const path = childDatabase(home.path, dir.path);
  // A folder where the file should be: not damage, nothing to move aside, and no way to open it.
  await Deno.mkdir(path, { recursive: true });
  await using session = await startServer({
    project: dir.path,
    home: home.path,
  });
  const text = await session.callText("ctx_execute", {
    language: "shell",
    code: "for i in $(seq 1 3000); do echo row $i; done",
  });
  assert.match(text, /row 1\n/);
  assert.match(text, /row 3000/);
  assert.match(text, /not indexed: Cannot open database/);
  assert.ok((await Deno.stat(path)).isDirectory);
});

Deno.test("ctx-mode exec runs and prints its output when the database file is not SQLite", async () => {
  await using dir = await tempDir();
  // HOME apart from the project: runs refuse a project that is the home folder.
  await using home = await tempDir();
  const path = childDatabase(home.path, dir.path);
  await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
  await Deno.writeTextFile(path, "not a database");
  const run = await runCli(["exec", "--lang", "shell", "echo from-exec"], {
    home: home.path,
    cwd: dir.path,
  });
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "from-exec\n");
  assert.match(run.stderr, /moved it aside/);
  assert.equal(asideFiles(path).length, 1);
});
