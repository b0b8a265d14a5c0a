import assert from "node:assert/strict";
import { OutputCapture } from "../../src/sandbox/_output.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("OutputCapture keeps short output whole and drops nothing", () => {
  const capture = new OutputCapture(100);
  capture.push(bytes("one\n"));
  capture.push(bytes("two\n"));
  const out = capture.finish();
  assert.equal(out.text, "one\ntwo\n");
  assert.equal(out.bytesProduced, 8);
  assert.equal(out.bytesKept, 8);
  assert.equal(out.droppedBytes, 0);
  assert.equal(out.droppedLines, 0);
});

Deno.test("OutputCapture keeps the head and the tail and counts the dropped middle", () => {
  const capture = new OutputCapture(20);
  const lines = Array.from(
    { length: 100 },
    (_, i) => `line ${String(i).padStart(2, "0")}\n`,
  );
  for (const line of lines) capture.push(bytes(line));
  const out = capture.finish();
  const all = lines.join("");
  assert.equal(out.bytesProduced, all.length);
  assert.equal(out.bytesKept, 20);
  assert.equal(out.droppedBytes, all.length - 20);
  assert.ok(out.text.startsWith(all.slice(0, 10)), out.text);
  assert.ok(out.text.endsWith(all.slice(-10)), out.text);
  assert.match(
    out.text,
    new RegExp(`${all.length - 20} bytes \\(\\d+ lines\\) dropped`),
  );
  const middle = all.slice(10, -10);
  assert.equal(out.droppedLines, middle.split("\n").length - 1);
});

Deno.test("OutputCapture stays bounded when chunks are larger than the cap", () => {
  const capture = new OutputCapture(1024);
  const chunk = new Uint8Array(64 * 1024).fill(0x61);
  for (let i = 0; i < 200; i++) capture.push(chunk);
  const out = capture.finish();
  assert.equal(out.bytesProduced, 200 * 64 * 1024);
  assert.equal(out.bytesKept, 1024);
  assert.equal(out.droppedBytes, 200 * 64 * 1024 - 1024);
  assert.equal(out.droppedLines, 0);
  assert.ok(out.text.length < 1024 + 100);
});

Deno.test("OutputCapture decodes invalid UTF-8 to replacement characters", () => {
  const capture = new OutputCapture(100);
  capture.push(new Uint8Array([0x6f, 0x6b, 0xff, 0xfe, 0x20, 0xc3]));
  const out = capture.finish();
  assert.equal(out.text, "ok\uFFFD\uFFFD \uFFFD");
});

Deno.test("OutputCapture never splits a character into replacement characters at its cuts", () => {
  const capture = new OutputCapture(9);
  capture.push(bytes("ééééééééééééé"));
  const out = capture.finish();
  assert.ok(!out.text.includes("\uFFFD"), out.text);
  assert.match(
    out.text,
    /^é+\n\[ctx-mode: \d+ bytes \(0 lines\) dropped here\]\né+$/,
  );
});
