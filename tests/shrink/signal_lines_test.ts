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

Deno.test("lineSignal() reads a line opened by a pass mark as noise unless a summary stands in it", () => {
  assert.equal(lineSignal("  ✓ compiled successfully in 812 ms"), "summary");
  assert.equal(lineSignal("✔ webpack compiled with 2 warnings"), "summary");
  for (
    const line of [
      "    ✓ reports an error when the cart is empty (3 ms)",
      "  √ throws TypeError: bad input",
      "✔ fails over to the replica",
    ]
  ) assert.equal(lineSignal(line), undefined, line);
  // A runner's failure marks and numbered failures still open a line.
  assert.equal(lineSignal("  ✕ refunds the order (4 ms)"), "failure");
  assert.equal(lineSignal("  1) Cart adds an item:"), "failure");
});

Deno.test("lineSignal() reads a compiler's one-letter severity and a step that says it failed", () => {
  for (
    const line of [
      "e: file:///src/Invoice.kt:57:23 Unresolved reference: taxRateFor",
      "Execution failed for task ':billing:compileKotlin'.",
      "Compilation failed; see the compiler error output for details.",
      "  Build failed with 2 errors",
    ]
  ) assert.equal(lineSignal(line), "error", line);
  assert.equal(
    lineSignal("w: file:///src/Mapper.kt:12:4 Parameter 'x' is never used"),
    "warning",
  );
  for (
    const line of [
      "e:x is a variable name",
      "we: the team",
      "the request failed over to the replica",
      "2 tests failed",
    ]
  ) assert.ok(lineSignal(line) !== "error", line);
});
