import assert from "node:assert/strict";
import { lineSignal } from "../../src/shrink/_signal_lines.ts";

Deno.test("lineSignal() tells summary lines that open a line and those that stand anywhere in it", () => {
  for (
    const line of [
      "Tests:       3 failed, 297 passed, 300 total",
      "test result: FAILED. 411 passed; 1 failed",
      "# fail 3",
      "ok | 12 passed | 0 failed (3s)",
      "ok  \tgithub.com/acme/api\t0.412s",
      "[INFO] BUILD SUCCESS",
      "> Task :app:test BUILD FAILED in 4s",
      "webpack 5.90.0 compiled successfully in 812 ms",
      "webpack compiled with 2 warnings",
      "main.c: 2 warnings generated.",
      "  3 passing (12ms)",
    ]
  ) assert.equal(lineSignal(line), "summary", line);
  for (
    const line of [
      "ok 12 - handles request number 12 within budget",
      "  ✓ builds the invoice",
      "the BUILDING was compiled into",
      "INFO request 12 done",
    ]
  ) assert.notEqual(lineSignal(line), "summary", line);
});
