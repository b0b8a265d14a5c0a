import assert from "node:assert/strict";
import { sha256Hex } from "../../src/config/sha256.ts";

Deno.test("sha256Hex() agrees with Web Crypto at every padding boundary and beyond", async () => {
  const sizes = [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 1000, 70_000];
  for (const size of sizes) {
    const bytes = new Uint8Array(size).map((_, i) => (i * 31 + size) & 0xff);
    const expected = [
      ...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes)),
    ].map((b) => b.toString(16).padStart(2, "0")).join("");
    assert.equal(sha256Hex(bytes), expected, `${size} bytes`);
  }
  assert.equal(sha256Hex("é"), sha256Hex(new TextEncoder().encode("é")));
});
