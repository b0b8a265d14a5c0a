/**
 * Classes of output whose key facts a view used to drop: a listing tool's
 * own lines and its verbose archive rows, the scalars beside a JSON
 * document's items and identifiers named with a store's mark (`_id`), and
 * the sub-headings of a long page's first section.
 */

import assert from "node:assert/strict";
import { outputDigest } from "../../src/shrink/output_digest.ts";
import { pageView } from "../../src/shrink/_page_view.ts";

function digest(text: string, max = 1600): string {
  return outputDigest(text, max)!.join("\n");
}

const many = <T>(n: number, make: (i: number) => T): T[] =>
  Array.from({ length: n }, (_, i) => make(i));
const pad = (n: number) => String(n).padStart(2, "0");

Deno.test("a listing keeps what its tool says between the entries, and counts files apart from folders", () => {
  const text = [
    "building file list ... done",
    "removing cache/tmp.bin",
    "lib/",
    ...many(600, (i) => `lib/module-${i}.py`),
    "",
    "Number of regular files transferred: 600",
    "Total transferred file size: 8,192,044 bytes",
  ].join("\n") + "\n";
  const out = digest(text);
  assert.match(out, /Listing of 601 entries \(600 files, 1 folder\)/);
  assert.match(out, /removing cache\/tmp\.bin/);
  assert.match(out, /Total transferred file size: 8,192,044 bytes/);
});

Deno.test("a verbose archive listing is a listing whose largest files are named", () => {
  const rows = many(
    900,
    (i) =>
      `-rw-r----- build/staff ${
        i === 444 ? 9_000_000_000 : 1000 + i
      } 2026-03-0${1 + (i % 9)} 0${i % 10}:1${i % 6} backup/part-${i}.tar`,
  );
  const out = digest(rows.join("\n") + "\n");
  assert.match(out, /^Listing of 900 entries/m);
  assert.match(out, /Largest files: backup\/part-444\.tar 9,000,000,000/);
});

Deno.test("a JSON document shows the scalars beside its items, and names items by an _id", () => {
  const doc = {
    page: { total: 7301, next: "cursor-8f2a" },
    results: many(60, (i) => ({
      _id: `doc-${9000 + i}`,
      state: i === 17 ? "quarantined" : "ok",
      title: `Record ${i}`,
    })),
  };
  const out = digest(JSON.stringify(doc, null, 2));
  assert.match(out, /page\.total: 7301/);
  assert.match(out, /page\.next: "cursor-8f2a"/);
  assert.match(out, /quarantined: doc-9017/);
});

Deno.test("a long page's outline holds its first section's sub-headings", () => {
  const sections = many(40, (i) =>
    [
      `## Chapter ${40 - i}`,
      "### Overview",
      `Text of chapter ${40 - i}.`,
      i === 0 ? "### Migration steps\nDo this first." : "### Notes\nNothing.",
    ].join("\n\n"));
  const text = `# Handbook\n\n${sections.join("\n\n")}\n`;
  const out = pageView({
    text,
    lines: text.split("\n"),
    subject: "handbook.md",
    clip: (line: string, max = 200) => line.slice(0, max),
  }, false).body.join("\n");
  assert.match(out, /- Chapter 40\n\s+- Overview\n\s+- Migration steps/);
  // Only the first section's: the others' stay out of the outline.
  assert.doesNotMatch(out, /- Chapter 39\n\s+- Overview/);
});

Deno.test("a log's closing stats after its records are shown whole", () => {
  const lines = many(
    2000,
    (i) =>
      `2026-05-0${1 + (i % 9)}T10:00:${pad(i % 60)}Z INFO synced item ${i}`,
  );
  lines.push(
    "Summary:",
    "  Synced:    1998",
    "  Failed:    2",
    "  Duration:  4m02s",
    "2026-05-09T10:59:59Z INFO done",
  );
  const out = digest(lines.join("\n") + "\n");
  assert.match(out, /Failed:\s+2/);
  assert.match(out, /Duration:\s+4m02s/);
});

Deno.test("a status report's state fields are shown, wherever they sit", () => {
  const lines = [
    "Name:         queue-worker",
    ...many(300, (i) => `  Env_${i}:     value-${i}`),
    "  Last State:   Terminated",
    "    Reason:     Error",
    "    Exit Code:  2",
    ...many(100, (i) => `  Mount_${i}:   /data/${i}`),
  ];
  const out = digest(lines.join("\n") + "\n");
  assert.match(out, /Last State:\s+Terminated/);
  assert.match(out, /Exit Code:\s+2/);
});

Deno.test("rows of size, date and path (unzip -l, aws s3 ls) are a listing whose largest files are named", () => {
  const s3 = many(
    700,
    (i) =>
      `2026-04-0${1 + (i % 9)} 12:00:0${i % 10}  ${
        i === 99 ? 77_000_000_000 : 500 + i
      } logs/2026/part-${i}.gz`,
  );
  assert.match(
    digest(s3.join("\n") + "\n"),
    /Largest files: logs\/2026\/part-99\.gz 77,000,000,000/,
  );
});

Deno.test("JSON items are named by a key of their own kind's id, and the totals on the way to them are shown", () => {
  const doc = {
    result: {
      meta: { totalCount: 48211, hasMore: true },
      invoices: many(80, (i) => ({
        _id: { $oid: `64ab${String(i).padStart(20, "0")}` },
        invoiceNumber: `INV-${7000 + i}`,
        status: i === 33 ? "disputed" : "settled",
      })),
    },
  };
  const out = digest(JSON.stringify(doc));
  assert.match(out, /result\.meta\.totalCount: 48211/);
  assert.match(out, /disputed: INV-7033/);
});

Deno.test("JSON rows (arrays of values), even inside a short list of records, are items whose rare column value is found", () => {
  const values = many(
    2000,
    (i) => [1_760_000_000 + i * 30, i === 1234 ? "down" : "up"],
  );
  const doc = {
    status: "success",
    data: { result: [{ metric: { instance: "db-2" }, values }] },
  };
  const out = digest(JSON.stringify(doc));
  assert.match(out, /\$\.data\.result\[0\]\.values: 2,000 items/);
  assert.match(out, /data\.result\[0\]\.metric\.instance: "db-2"/);
  assert.match(out, /down: #1234/);
});

Deno.test("a program's output that is a Markdown document is read as a page; one that says something failed is not", () => {
  const sections = many(40, (i) => [
    `## Section ${i}`,
    "",
    ...many(4, (p) => `Paragraph ${p} of section ${i}, with some words in it.`),
    "",
  ]).flat();
  const readme = [
    "# Tessellate",
    "",
    "Vector tiles from GeoJSON.",
    "",
    "## Getting started",
    "",
    "### Upgrading from 1.x",
    "",
    "The `--zoom` flag is now `--max-zoom`.",
    "",
    ...sections,
  ].join("\n");
  const page = digest(readme);
  assert.match(page, /^Page "Tessellate" \(Markdown, \d+ headings\)/);
  assert.match(page, /Upgrading from 1\.x/);
  const run = [
    "# Step 1: build",
    "",
    ...sections,
    "FAILED tests/test_tiles.py::test_clip - AssertionError",
  ].join("\n");
  const view = digest(run);
  assert.doesNotMatch(view, /^Page /);
  assert.match(view, /FAILED tests\/test_tiles\.py::test_clip/);
});
