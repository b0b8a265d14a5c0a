import assert from "node:assert/strict";
import { DONE_MARK, DoneMarkScanner } from "../../src/sandbox/_done_mark.ts";

const encode = (text: string) => new TextEncoder().encode(text);
const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

Deno.test("DoneMarkScanner passes the output before the mark and finds it wherever the chunks split it", () => {
  const stream = `line one\nline two\n${DONE_MARK}3\nafter\n`;
  for (let size = 1; size <= stream.length; size++) {
    const scanner = new DoneMarkScanner();
    let passed = "";
    for (let at = 0; at < stream.length; at += size) {
      passed += decode(scanner.push(encode(stream.slice(at, at + size))));
    }
    passed += decode(scanner.flush());
    assert.equal(scanner.code, 3, `chunks of ${size}`);
    assert.equal(passed, "line one\nline two\n", `chunks of ${size}`);
  }
});

Deno.test("DoneMarkScanner gives back a held tail that was not the mark", () => {
  const scanner = new DoneMarkScanner();
  const held = decode(scanner.push(encode("text\u0000ctx")));
  assert.equal(held, "text");
  assert.equal(decode(scanner.flush()), "\u0000ctx");
  assert.equal(scanner.code, undefined);
});
