import assert from "node:assert/strict";
import { join } from "node:path";
import { OutputSpool } from "../../src/sandbox/output_spool.ts";
import { runCode } from "../../src/sandbox/run_code.ts";
import { maxIndexBytesFromEnv } from "../../src/sandbox/options_from_env.ts";
import { tempDir } from "./_helpers.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

async function readAll(spool: OutputSpool): Promise<string> {
  let text = "";
  for await (const piece of spool.read()) {
    text += decoder.decode(piece, { stream: true });
  }
  return text + decoder.decode();
}

async function entries(dir: string): Promise<string[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(dir)) names.push(entry.name);
  return names;
}

Deno.test("an OutputSpool gives back every byte written, and no path leads to its file", async () => {
  await using dir = await tempDir();
  await using spool = new OutputSpool({ tempDir: dir.path });
  assert.deepEqual(
    await entries(dir.path),
    [],
    "nothing before the first byte",
  );
  const line = "0123456789abcdef\n".repeat(4096);
  for (let i = 0; i < 40; i++) spool.write(encoder.encode(line));
  assert.equal(spool.spooledBytes, line.length * 40);
  assert.equal(spool.skippedBytes, 0);
  if (Deno.build.os !== "windows") {
    assert.deepEqual(await entries(dir.path), [], "unlinked once opened");
  }
  const text = await readAll(spool);
  assert.equal(text.length, line.length * 40);
  assert.equal(text, line.repeat(40));
  spool.close();
  assert.deepEqual(await entries(dir.path), []);
  assert.equal(await readAll(spool), "", "a closed spool reads nothing");
});

Deno.test("an OutputSpool stops at its cap and counts the rest", async () => {
  await using dir = await tempDir();
  await using spool = new OutputSpool({ maxBytes: 10, tempDir: dir.path });
  spool.write(encoder.encode("abcdefgh"));
  spool.write(encoder.encode("ijklmnop"));
  spool.write(encoder.encode("qrst"));
  assert.equal(spool.spooledBytes, 10);
  assert.equal(spool.skippedBytes, 10);
  assert.equal(spool.receivedBytes, 20);
  assert.equal(await readAll(spool), "abcdefghij");
});

Deno.test("an OutputSpool that cannot write counts the bytes and never throws", async () => {
  await using dir = await tempDir();
  const spool = new OutputSpool({ tempDir: join(dir.path, "missing") });
  spool.write(encoder.encode("lost"));
  spool.write(encoder.encode("also lost"));
  assert.equal(spool.spooledBytes, 0);
  assert.equal(spool.skippedBytes, 13);
  assert.match(spool.failure ?? "", /missing|No such file/);
  assert.equal(await readAll(spool), "");
  spool.close();
  assert.throws(() => new OutputSpool({ maxBytes: -1 }), RangeError);
});

Deno.test("maxIndexBytesFromEnv() reads CTX_MODE_MAX_INDEX_MB and refuses nonsense with one line", () => {
  assert.equal(maxIndexBytesFromEnv({}), 64 * 1024 * 1024);
  assert.equal(
    maxIndexBytesFromEnv({ CTX_MODE_MAX_INDEX_MB: " 100 " }),
    100 * 1024 * 1024,
  );
  for (const bad of ["0", "-5", "lots", "0.5"]) {
    assert.throws(
      () => maxIndexBytesFromEnv({ CTX_MODE_MAX_INDEX_MB: bad }),
      (error: Error) =>
        error instanceof RangeError &&
        error.message.startsWith(`Cannot use CTX_MODE_MAX_INDEX_MB "${bad}"`) &&
        !error.message.includes("\n"),
    );
  }
});

Deno.test("a run's stdout reaches the spool whole while the capture keeps head and tail, and the run cannot see the spool", async () => {
  await using project = await tempDir();
  await using spools = await tempDir();
  await using spool = new OutputSpool({ tempDir: spools.path });
  // About 1 MB with a marker in the middle; at the end the run looks for the spool folder.
  const code = [
    `for i in $(seq 1 10000); do echo "filler line $i of the first half"; done`,
    `echo "MARKER vortexquill in the middle"`,
    `for i in $(seq 1 10000); do echo "filler line $i of the second half"; done`,
    `echo "found: $(ls -A '${spools.path}' 2>/dev/null | wc -l | tr -d ' ')"`,
  ].join("\n");
  const run = await runCode(
    { language: "shell", code, projectDir: project.path },
    { stdoutSink: spool, maxOutputBytes: 64 * 1024 },
  );
  assert.equal(run.exitCode, 0, run.stderr);
  assert.ok(run.truncated);
  assert.doesNotMatch(run.stdout, /vortexquill/, "the capture dropped it");
  assert.equal(spool.receivedBytes, run.bytesProduced);
  assert.equal(spool.skippedBytes, 0);
  const whole = await readAll(spool);
  assert.equal(encoder.encode(whole).length, spool.spooledBytes);
  assert.match(whole, /\nMARKER vortexquill in the middle\n/);
  assert.match(whole, /found: 0\n$/, "no spool file was visible to the run");
});
