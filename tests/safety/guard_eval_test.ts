import assert from "node:assert/strict";
import { EVAL_CASES, halfOf } from "./guard_eval_cases.ts";

Deno.test("the evaluation set holds at least 200 distinct cases, about 60% destructive", () => {
  assert.ok(EVAL_CASES.length >= 200, `${EVAL_CASES.length} cases`);
  const commands = new Set(
    EVAL_CASES.map((c) => `${c.cwd ?? ""}\0${c.command}`),
  );
  assert.equal(commands.size, EVAL_CASES.length, "a command appears twice");
  const destructive = EVAL_CASES.filter((c) => c.want !== "allow").length;
  const share = destructive / EVAL_CASES.length;
  assert.ok(share > 0.55 && share < 0.65, `${share} destructive`);
  for (const c of EVAL_CASES) assert.ok(c.why.length > 3, c.command);
});

Deno.test("the evaluation set splits into two halves of nearly equal size", () => {
  const test = EVAL_CASES.filter((_, i) => halfOf(i) === "test").length;
  assert.ok(
    Math.abs(EVAL_CASES.length - 2 * test) <= 1,
    `${test} in the test half`,
  );
});
