import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { childDatabase, runCli, runHook } from "../_helpers/run_cli.ts";
import { startServer } from "../_helpers/mcp_client.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

/** The three ways a database file arrives damaged, each written for real. */
const DAMAGE: Record<string, (path: string) => void> = {
  "random bytes": (path) => {
    Deno.writeFileSync(path, randomBytes(40_000));
  },
  "a truncated header": (path) => {
    writeRealDatabase(path);
    Deno.truncateSync(path, 40);
  },
  "a valid header with garbage pages": (path) => {
    writeRealDatabase(path);
    const size = Deno.statSync(path).size;
    using file = Deno.openSync(path, { read: true, write: true });
    // Every page after the first (which holds the header and the schema root).
    file.seekSync(8192, Deno.SeekMode.Start);
    file.writeSync(randomBytes(size - 8192));
  },
};

function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let at = 0; at < length; at += 65_536) {
    crypto.getRandomValues(bytes.subarray(at, at + 65_536));
  }
  return bytes;
}

/** A real knowledge base of some hundred chunks, checkpointed into its file. */
function writeRealDatabase(path: string): void {
  const kb = KnowledgeBase.open(path);
  for (let i = 0; i < 60; i++) {
    kb.index({
      label: `doc${i}`,
      content: `# Title ${i}\n\n` + `alpha beta gamma word${i} `.repeat(200),
    });
  }
  kb.close();
  // Closing checkpointed the log: what remains is the file alone.
  assert.throws(() => Deno.statSync(`${path}-wal`), Deno.errors.NotFound);
}

/** Every entry point, as a user or an agent runs it, with what it must still do. */
interface EntryPoint {
  args: string[];
  stdin?: string;
  /** What its output (stdout and stderr) must hold: the command's own work went on. */
  out: RegExp;
}

const ENTRY_POINTS: Record<string, EntryPoint> = {
  search: { args: ["search", "alpha"], out: /alpha/ },
  index: {
    args: ["index", "-", "--source", "note"],
    stdin: "# Note\n\nfresh text",
    out: /Indexed 1 source/,
  },
  stats: { args: ["stats"], out: /Knowledge base .*0 sources/s },
  fetch: {
    args: ["fetch", "http://127.0.0.1:9/"],
    out: /Cannot fetch "http:\/\/127\.0\.0\.1:9\/"/,
  },
  exec: {
    args: ["exec", "--lang", "shell", "echo from-exec"],
    out: /^from-exec\n/,
  },
  session: { args: ["session", "list"], out: /no session|sessions/i },
  purge: { args: ["purge", "--yes"], out: /Nothing to remove/ },
  doctor: { args: ["doctor"], out: /knowledge base: .*integrity check passed/ },
  batch: {
    args: ["batch", "--cmd", "one=echo batch-line", "--query", "batch-line"],
    out: /batch-line/,
  },
};

function asideOf(path: string): string[] {
  const name = path.slice(path.lastIndexOf("/") + 1);
  return [...Deno.readDirSync(dirname(path))].map((entry) => entry.name)
    .filter((entry) => entry.startsWith(`${name}.corrupt-`)).sort();
}

/** Writes the damaged file with a `-wal` and `-shm` beside it; returns their bytes. */
function damage(path: string, how: string): Map<string, Uint8Array> {
  Deno.mkdirSync(dirname(path), { recursive: true });
  DAMAGE[how]!(path);
  Deno.writeTextFileSync(`${path}-wal`, "not a write-ahead log either");
  Deno.writeTextFileSync(`${path}-shm`, "nor shared memory");
  return new Map(
    ["", "-wal", "-shm"].map((suffix) => [
      suffix,
      Deno.readFileSync(path + suffix),
    ]),
  );
}

/**
 * The damaged files are kept under one `.corrupt-` name: the file and its
 * `-wal` byte for byte (the `-shm` is SQLite's rebuildable index of the log,
 * which the read-only check that found the damage may rewrite).
 */
function assertKept(path: string, before: Map<string, Uint8Array>): void {
  const aside = asideOf(path);
  const main = aside.find((name) => !/-(wal|shm)$/.test(name));
  assert.ok(main, `nothing set aside beside ${path}: ${aside.join(", ")}`);
  assert.deepEqual(aside, [main, `${main}-shm`, `${main}-wal`]);
  for (const [suffix, bytes] of before) {
    if (suffix === "-shm") continue;
    assert.deepEqual(
      Deno.readFileSync(join(dirname(path), main + suffix)),
      bytes,
      `${main}${suffix} changed`,
    );
  }
}

for (const how of Object.keys(DAMAGE)) {
  for (const [name, entry] of Object.entries(ENTRY_POINTS)) {
    Deno.test(`ctx-mode ${name} sets a database with ${how} aside, keeps it byte for byte, says so once and does its work on a new one`, async () => {
      await using home = await tempDir();
      await using project = await tempDir();
      const path = childDatabase(home.path, await Deno.realPath(project.path));
      const before = damage(path, how);
      const run = await runCli(entry.args, {
        home: home.path,
        cwd: project.path,
        ...(entry.stdin === undefined ? {} : { stdin: entry.stdin }),
      });
      assertKept(path, before);
      const notes = run.stderr.match(
        /was damaged .*moved it aside to "[^"]+"/g,
      );
      assert.equal(notes?.length, 1, run.stderr);
      assert.ok(run.stderr.includes(asideOf(path)[0]!), run.stderr);
      assert.doesNotMatch(run.stderr, /Cannot open database/);
      assert.match(run.stdout + run.stderr, entry.out);
      // The new file is healthy: the next run says nothing about damage.
      const again = await runCli(["search", "anything"], {
        home: home.path,
        cwd: project.path,
      });
      assert.equal(again.code, 0, again.stderr);
      assert.doesNotMatch(again.stderr, /damaged/);
      assert.equal(asideOf(path).length, 3);
    });
  }

  Deno.test(`a hook meets a database with ${how}: it answers as usual, prints nothing extra on stdout, and the file is kept`, async () => {
    await using home = await tempDir();
    await using project = await tempDir();
    const real = await Deno.realPath(project.path);
    const path = childDatabase(home.path, real);
    const before = damage(path, how);
    const run = await runHook(["claude-code", "PostToolUse"], {
      "session_id": "damaged-db-session",
      "hook_event_name": "PostToolUse",
      "cwd": real,
      "tool_name": "Bash",
      "tool_input": { command: "ls" },
      "tool_response": { stdout: "a\nb\n", stderr: "", interrupted: false },
    }, { home: home.path, cwd: real });
    assert.deepEqual([run.code, run.stdout], [0, ""], run.stderr);
    // The hook path runs no integrity check (it must stay fast): damage
    // SQLite meets while writing sets the file aside, byte for byte.
    const main = asideOf(path).find((name) => !/-(wal|shm)$/.test(name));
    assert.ok(main, run.stderr);
    assert.deepEqual(
      await Deno.readFile(join(dirname(path), main)),
      before.get(""),
    );
    assert.equal(run.stderr.match(/moved it aside/g)?.length, 1, run.stderr);
  });

  Deno.test(`the MCP server meets a database with ${how}: it sets it aside, keeps it byte for byte and searches a new one`, async () => {
    await using home = await tempDir();
    await using project = await tempDir();
    const path = childDatabase(home.path, await Deno.realPath(project.path));
    const before = damage(path, how);
    await using session = await startServer({
      project: project.path,
      home: home.path,
    });
    const found = await session.callText("ctx_search", {
      queries: ["alpha"],
    });
    assert.match(found, /was damaged .*moved it aside/);
    assertKept(path, before);
    const indexed = await session.callText("ctx_index", {
      content: "# Fresh\n\nnew content",
      source: "fresh",
    });
    assert.match(indexed, /Indexed "fresh"/);
  });
}
