import assert from "node:assert/strict";
import { startServer } from "../_helpers/mcp_client.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

/** Shell code printing `lines` filler lines (~45 bytes each) around a marker line. */
function around(marker: string, before: number, after: number): string {
  return [
    `for i in $(seq 1 ${before}); do echo "row $i of the inventory export, nothing here"; done`,
    `echo "## Checkout latency"`,
    `echo "${marker}"`,
    `for i in $(seq 1 ${after}); do echo "row $i of the inventory export, nothing here"; done`,
  ].join("\n");
}

async function spoolsIn(dir: string): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    if (entry.name.startsWith("ctx-mode-spool-")) names.push(entry.name);
  }
  return names;
}

Deno.test("ctx_execute indexes the whole of a 1 MB output: the intent finds a section in the middle the capture dropped, ctx_search finds it later, and no spool file is left", async (t) => {
  await using dir = await tempDir();
  // HOME apart from the project: runs refuse a project that is the home folder.
  await using home = await tempDir();
  await using tmp = await tempDir("ctx-test-tmp-");
  await using server = await startServer({
    project: dir.path,
    home: home.path,
    env: { TMPDIR: tmp.path },
  });

  await t.step("shell", async () => {
    const text = await server.callText("ctx_execute", {
      language: "shell",
      code: around(
        "zephyrquokka p99 latency 812 ms in eu-west",
        12_000,
        12_000,
      ),
      intent: "zephyrquokka checkout latency",
    });
    assert.match(text, /^1\.\d MB of output indexed as "execute: for i in/);
    assert.match(text, /zephyrquokka p99 latency 812 ms in eu-west/);
    assert.doesNotMatch(text, /dropped from the middle/);
    assert.ok(text.length < 6000, `the answer stays small (${text.length})`);
  });

  await t.step("JavaScript", async () => {
    const text = await server.callText("ctx_execute", {
      language: "javascript",
      code: [
        `const row = (i) => "entry " + i + " of the audit trail, all quiet";`,
        `console.log(Array.from({ length: 12000 }, (_, i) => row(i)).join("\\n"));`,
        `console.log("## Audit finding\\nmarmotlantern key rotated by an unknown actor");`,
        `console.log(Array.from({ length: 12000 }, (_, i) => row(i)).join("\\n"));`,
      ].join("\n"),
      intent: "marmotlantern key rotated",
    });
    assert.match(text, /marmotlantern key rotated by an unknown actor/);
  });

  await t.step("ctx_batch_execute", async () => {
    const text = await server.callText("ctx_batch_execute", {
      commands: [{
        label: "export",
        command: around("ocelotprism batch marker", 12_000, 12_000),
      }],
      queries: ["ocelotprism"],
    });
    assert.match(text, /- export: exit 0, 1\.\d MB, \d+ chunks indexed/);
    assert.match(text, /ocelotprism batch marker/);
  });

  await t.step("a later ctx_search finds both", async () => {
    const found = await server.callText("ctx_search", {
      queries: ["zephyrquokka", "marmotlantern"],
    });
    assert.match(found, /zephyrquokka p99 latency/);
    assert.match(found, /marmotlantern key rotated/);
  });

  assert.deepEqual(await spoolsIn(tmp.path), []);
});

Deno.test("ctx_execute with a small CTX_MODE_MAX_INDEX_MB indexes up to the cap and says how much it did not", async () => {
  await using dir = await tempDir();
  // HOME apart from the project: runs refuse a project that is the home folder.
  await using home = await tempDir();
  await using tmp = await tempDir("ctx-test-tmp-");
  await using server = await startServer({
    project: dir.path,
    home: home.path,
    env: { TMPDIR: tmp.path, CTX_MODE_MAX_INDEX_MB: "1" },
  });
  // ~0.5 MB, the first marker, ~1.4 MB, the second marker, ~0.5 MB: the second lies past the cap and outside the kept tail.
  const code = [
    around("quillfeather within the cap", 11_000, 31_000),
    `echo "glimmerbadger past the cap"`,
    `for i in $(seq 1 11000); do echo "tail row $i of the inventory export"; done`,
  ].join("\n");
  const text = await server.callText("ctx_execute", {
    language: "shell",
    code,
    intent: "quillfeather",
  });
  assert.match(
    text,
    /^2\.\d MB of output; the first 1\.0 MB indexed as "execute: .+?" \(\d+ chunks\), the last 1\.\d MB \(past the index cap\) not;/,
  );
  assert.match(text, /quillfeather within the cap/);
  const found = await server.callText("ctx_search", {
    queries: ["quillfeather", "glimmerbadger"],
  });
  assert.match(found, /quillfeather within the cap/);
  assert.doesNotMatch(found, /glimmerbadger past the cap/);

  const batch = await server.callText("ctx_batch_execute", {
    commands: [{ label: "big", command: code }],
    queries: ["glimmerbadger"],
  });
  assert.match(
    batch,
    /- big: exit 0, 2\.\d MB, \d+ chunks indexed as "batch:big" \(1\.\d MB of stdout past the index cap not indexed\)/,
  );
  assert.doesNotMatch(batch, /glimmerbadger past the cap/);
  assert.deepEqual(await spoolsIn(tmp.path), []);
});

Deno.test("ctx_execute with a nonsense CTX_MODE_MAX_INDEX_MB fails with one clear line", async () => {
  await using dir = await tempDir();
  // HOME apart from the project: runs refuse a project that is the home folder.
  await using home = await tempDir();
  await using server = await startServer({
    project: dir.path,
    home: home.path,
    env: { CTX_MODE_MAX_INDEX_MB: "plenty" },
  });
  const result = await server.call("ctx_execute", {
    language: "shell",
    code: "echo hi",
  });
  assert.equal(result.isError, true);
  assert.match(
    JSON.stringify(result.content),
    /Cannot use CTX_MODE_MAX_INDEX_MB \\"plenty\\"/,
  );
});
