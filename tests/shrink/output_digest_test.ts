import assert from "node:assert/strict";
import { outputDigest } from "../../src/shrink/output_digest.ts";

const bytes = (lines: string[] | undefined) =>
  new TextEncoder().encode((lines ?? []).join("\n")).length;

Deno.test("outputDigest() of hostile output stays within its bound: nesting 200,000 deep, one 5 MB line, 3,000 sections of wide characters", () => {
  const outputs = [
    "[".repeat(200_000) + "]".repeat(200_000),
    "x".repeat(5_000_000),
    Array.from({ length: 3_000 }, (_, i) => `head${i}:\n  ${"é".repeat(300)}`)
      .join("\n"),
    Array.from({ length: 5_000 }, (_, i) => `ERROR ${i}: disk ${i} failed`)
      .join("\n"),
  ];
  for (const output of outputs) {
    const digest = outputDigest(output, 1200);
    assert.ok(digest && digest.length > 0);
    // The section cut markers may pass the bound by one short line.
    assert.ok(bytes(digest) <= 1200 + 64, `${bytes(digest)} B`);
  }
});

Deno.test("outputDigest() of empty or blank output is undefined", () => {
  assert.equal(outputDigest(""), undefined);
  assert.equal(outputDigest("  \n\n\t\n"), undefined);
});

Deno.test("outputDigest() scrubs every line it keeps, JSON values included", () => {
  const secret = "ghp_" + "Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8";
  const items = Array.from({ length: 30 }, (_, i) => ({
    id: i,
    name: `item ${i}`,
    token: i === 7 ? secret : "none",
  }));
  const digest = outputDigest(
    JSON.stringify(items, null, 2),
    1200,
    (line) => line.replaceAll(secret, "[scrubbed]"),
  )!.join("\n");
  assert.ok(!digest.includes(secret), digest);
});

Deno.test("outputDigest() of a program's progress keeps its warnings, first line and last line when it is cut", () => {
  const lines = ["migrating 50000 rows"];
  for (let i = 1; i <= 50_000; i++) {
    lines.push(
      i === 31_337
        ? `WARNING: row ${i} skipped: bad date`
        : `row ${i}: ok checksum=${(i * 7919).toString(16)}`,
    );
  }
  lines.push("done: 49999 rows migrated, 1 skipped");
  const digest = outputDigest(lines.join("\n"), 500)!.join("\n");
  assert.match(digest, /migrating 50000 rows/);
  assert.match(digest, /row 31337 skipped/);
  assert.match(digest, /done: 49999 rows migrated, 1 skipped/);
  assert.match(digest, /… \d+ more/, "the cut section says what it left out");
  assert.ok(bytes([digest]) <= 500 + 64);
});

Deno.test("outputDigest() of a git log, a listing and a test run names its kind's key facts", () => {
  const log = Array.from({ length: 60 }, (_, i) =>
    [
      `commit ${String(i).padStart(2, "0")}${"ab12cd34".repeat(4)}ef123456`,
      `Author: ${i % 3 ? "Ann Lee <ann@x.test>" : "Bo Wu <bo@x.test>"}`,
      `Date:   Mon Mar ${(i % 28) + 1} 10:00:00 2026 +0000`,
      "",
      `    fix: change number ${i}`,
      "",
      ` src/core.ts | ${i + 1} +`,
      " 1 file changed, 1 insertion(+)",
      "",
    ].join("\n")).join("\n");
  assert.match(outputDigest(log)!.join("\n"), /60 commits[\s\S]*Ann Lee/);
  const listing = Array.from(
    { length: 4_000 },
    (_, i) => `./${i % 2 ? "src" : "vendor"}/pkg${i % 50}/file${i}.ts`,
  ).join("\n");
  assert.match(outputDigest(listing)!.join("\n"), /4,000[\s\S]*vendor/);
  const run = [
    ...Array.from({ length: 400 }, (_, i) => `test case ${i} ... ok (1ms)`),
    "test case broken ... FAILED (2ms)",
    "error: AssertionError: expected 1, got 2",
    "",
    "FAILED | 400 passed | 1 failed (3s)",
  ].join("\n");
  const digest = outputDigest(run)!.join("\n");
  assert.match(digest, /test case broken/);
  assert.match(digest, /expected 1, got 2/);
  assert.match(digest, /400 passed \| 1 failed/);
});

Deno.test("outputDigest() at a tight budget spends it on what the view found, not on the head, the tail or blank lines", () => {
  const lines = ["running 3 suites"];
  for (let i = 0; i < 600; i++) lines.push(`  ✓ case ${i} (1 ms)`);
  for (const name of ["rounds totals", "retries once", "keeps order"]) {
    lines.push(
      `  ● Cart › ${name}`,
      "",
      `    Expected: "${name} ok"`,
      `    Received: "${name} broken"`,
      "",
      `      at Object.<anonymous> (src/cart.test.ts:${name.length}:9)`,
      "",
    );
  }
  lines.push("", "Tests:       3 failed, 600 passed, 603 total", "", "");
  for (const max of [600, 720]) {
    const digest = outputDigest(lines.join("\n"), max)!;
    const text = digest.join("\n");
    for (const name of ["rounds totals", "retries once", "keeps order"]) {
      assert.match(text, new RegExp(`${name} broken`), `${max}: ${text}`);
    }
    assert.match(text, /3 failed, 600 passed/);
    assert.ok(bytes(digest) <= max, `${bytes(digest)} > ${max}`);
    assert.ok(
      !digest.some((line) => /^\s*\d+: $/.test(line)),
      `a blank line is kept: ${text}`,
    );
    // A heading over lines is shown with at least one of them.
    digest.forEach((line, i) => {
      if (/:$/.test(line) && !/^\s/.test(line)) {
        assert.match(digest[i + 1] ?? "", /^\s+\d+: \S|^\s+\S/, text);
      }
    });
  }
});
