import assert from "node:assert/strict";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

interface SearchJson {
  results: Array<
    {
      query: string;
      hits: Array<
        { source: string; title: string; score: number; snippet: string }
      >;
    }
  >;
}

async function makeProject(root: string): Promise<void> {
  await mkdir(join(root, "docs", "api"), { recursive: true });
  await mkdir(join(root, "docs", "node_modules", "dep"), { recursive: true });
  await writeFile(
    join(root, "docs", "api", "fs.md"),
    "# fs\n\n## fs.rmSync(path)\n\nRemoves a directory recursively when asked.\n",
  );
  await writeFile(
    join(root, "docs", "guide.md"),
    "# Guide\n\n## Deploying\n\nRun kubectl apply to deploy the service.\n",
  );
  await writeFile(
    join(root, "docs", "data.json"),
    JSON.stringify({ server: { port: 8080, host: "localhost" } }),
  );
  await writeFile(
    join(root, "docs", "image.png"),
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1, 2, 3]),
  );
  await writeFile(
    join(root, "docs", "ignored.md"),
    "# Secret\n\nignoredword\n",
  );
  await writeFile(join(root, "docs", ".gitignore"), "ignored.md\n");
  await writeFile(
    join(root, "docs", "node_modules", "dep", "x.md"),
    "# dep\n\nnodemoduleword\n",
  );
}

Deno.test("index then search --json finds each file's sections under its relative label", async () => {
  await using project = await tempDir();
  await makeProject(project.path);
  const env = { CTX_MODE_PROJECT_DIR: project.path };
  const indexed = await runCli(["index", "docs"], {
    home: project.path,
    cwd: project.path,
    env,
  });
  assert.equal(indexed.code, 0, indexed.stderr);
  assert.match(
    indexed.stdout,
    /^Indexed 3 sources: \d+ chunks, .* \(3 new, 0 replaced, 0 unchanged, 1 skipped\)\n$/,
  );
  assert.match(indexed.stderr, /image\.png: binary file/);

  const searched = await runCli(
    [
      "search",
      "remove directory recursively",
      "kubectl",
      "port",
      "ignoredword",
      "nodemoduleword",
      "--json",
    ],
    { home: project.path, cwd: project.path, env },
  );
  assert.equal(searched.code, 0, searched.stderr);
  const json = JSON.parse(searched.stdout) as SearchJson;
  assert.deepEqual(json.results.map((r) => r.query), [
    "remove directory recursively",
    "kubectl",
    "port",
    "ignoredword",
    "nodemoduleword",
  ]);
  const [remove, kubectl, port, ignored, nodeModules] = json.results;
  assert.equal(remove?.hits[0]?.source, "api/fs.md");
  assert.equal(remove?.hits[0]?.title, "fs > fs.rmSync(path)");
  assert.equal(typeof remove?.hits[0]?.score, "number");
  assert.equal(kubectl?.hits[0]?.source, "guide.md");
  assert.match(port?.hits[0]?.snippet ?? "", /8080/);
  assert.equal(ignored?.hits.length, 0, ".gitignore is honoured");
  assert.equal(nodeModules?.hits.length, 0, "node_modules is skipped");

  const again = await runCli(["index", "docs"], {
    home: project.path,
    cwd: project.path,
    env,
  });
  assert.match(again.stdout, /\(0 new, 0 replaced, 3 unchanged, 1 skipped\)/);
});

Deno.test("index - reads stdin under --source, and --db picks the file", async () => {
  await using home = await tempDir();
  const db = join(home.path, "custom.db");
  const log = Array.from({ length: 300 }, (_, i) => `line ${i} ok`).join("\n") +
    "\nERROR disk quota exceeded\n";
  const indexed = await runCli([
    "index",
    "-",
    "--source",
    "build log",
    "--db",
    db,
  ], { home: home.path, stdin: log });
  assert.equal(indexed.code, 0, indexed.stderr);
  const searched = await runCli([
    "search",
    "quota",
    "--db",
    db,
    "--json",
    "--limit",
    "1",
  ], { home: home.path });
  const json = JSON.parse(searched.stdout) as SearchJson;
  assert.equal(json.results[0]?.hits.length, 1);
  assert.equal(json.results[0]?.hits[0]?.source, "build log");
  assert.match(json.results[0]?.hits[0]?.snippet ?? "", /disk quota exceeded/);
});

Deno.test("readable search output names the source and title", async () => {
  await using home = await tempDir();
  const db = join(home.path, "kb.db");
  await runCli(["index", "-", "--source", "notes", "--db", db], {
    home: home.path,
    stdin: "# Tips\n\nUse ripgrep for speed.\n\n# Other\n\nUnrelated.\n",
  });
  const run = await runCli(["search", "ripgrep", "--db", db], {
    home: home.path,
  });
  assert.equal(run.code, 0);
  assert.match(
    run.stdout,
    /^## ripgrep\n1\. Tips \[notes\] [\d.]+\n {3}# Tips Use ripgrep for speed\.\n$/,
  );
});

Deno.test("bad input gets a one-line error and a non-zero exit, losing nothing", async (t) => {
  await using home = await tempDir();
  const db = join(home.path, "kb.db");
  await runCli(["index", "-", "--source", "keep", "--db", db], {
    home: home.path,
    stdin: "precious content",
  });
  const cases: Array<
    {
      name: string;
      args: string[];
      stdin?: string;
      code: number;
      error: RegExp;
    }
  > = [
    {
      name: "a missing path",
      args: ["index", "nope.md", "--db", db],
      code: 1,
      error: /Cannot index ".*nope\.md": no such file or directory/,
    },
    {
      name: "empty stdin",
      args: ["index", "-", "--db", db],
      stdin: "",
      code: 1,
      error: /standard input is empty/,
    },
    {
      name: "an empty query",
      args: ["search", " ", "--db", db],
      code: 2,
      error: /the query is empty/,
    },
    {
      name: "no query",
      args: ["search", "--db", db],
      code: 2,
      error: /Missing a query/,
    },
    {
      name: "purge without --yes off a terminal",
      args: ["purge", "--db", db],
      code: 2,
      error: /pass --yes/,
    },
  ];
  for (const c of cases) {
    await t.step(c.name, async () => {
      const run = await runCli(c.args, {
        home: home.path,
        ...(c.stdin === undefined ? {} : { stdin: c.stdin }),
      });
      assert.equal(run.code, c.code, run.stderr);
      assert.match(run.stderr.split("\n")[0] ?? "", c.error);
    });
  }
  const still = await runCli(["search", "precious", "--db", db, "--json"], {
    home: home.path,
  });
  assert.equal(
    (JSON.parse(still.stdout) as SearchJson).results[0]?.hits[0]?.source,
    "keep",
  );
});

Deno.test("a database that is not SQLite is set aside, kept and named once; a data home that cannot exist is reported", async () => {
  await using home = await tempDir();
  const bogus = join(home.path, "bogus.db");
  await writeFile(bogus, "not sqlite at all ".repeat(100));
  const run = await runCli(["search", "x", "--db", bogus], { home: home.path });
  assert.equal(run.code, 0, run.stderr);
  const notes = run.stderr.split("\n").filter((line) => line !== "");
  assert.equal(notes.length, 1, run.stderr);
  const aside = notes[0]!.match(/moved it aside to "([^"]+)"/)?.[1];
  assert.ok(aside, run.stderr);
  assert.equal(
    await Deno.readTextFile(aside),
    "not sqlite at all ".repeat(100),
  );

  const blocker = join(home.path, "file-not-folder");
  await writeFile(blocker, "");
  const blocked = await runCli(["index", "-", "--source", "x"], {
    home: home.path,
    stdin: "content",
    env: { CTX_MODE_HOME: join(blocker, "home") },
  });
  assert.equal(blocked.code, 1);
  assert.match(
    blocked.stderr,
    /^ctx-mode: Cannot create folder ".*file-not-folder\/home\/projects": .+\n$/,
  );
});

Deno.test("purge --yes wipes the knowledge base and says what it removed", async () => {
  await using home = await tempDir();
  const db = join(home.path, "kb.db");
  await runCli(["index", "-", "--source", "a", "--db", db], {
    home: home.path,
    stdin: "alpha words",
  });
  const run = await runCli(["purge", "--yes", "--db", db], { home: home.path });
  assert.equal(run.code, 0, run.stderr);
  assert.match(run.stdout, /^Removed 1 source, 1 chunk \(11 bytes\) from /);
  const after = await runCli(["search", "alpha", "--db", db, "--json"], {
    home: home.path,
  });
  assert.equal(
    (JSON.parse(after.stdout) as SearchJson).results[0]?.hits.length,
    0,
  );
});
