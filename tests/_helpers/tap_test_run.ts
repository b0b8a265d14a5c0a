/**
 * A bulky test run the shrink tests share: 3,000 TAP lines with three
 * failures among them (tests 700, 1500 and 2900) and the summary.
 *
 * @module
 */

/** The failing tests' numbers in {@linkcode tapTestRun}. */
export const FAILING_TESTS = [700, 1500, 2900] as const;

/** 3,000 lines of a test run with 3 failures among them (TAP). */
export function tapTestRun(): string {
  const lines: string[] = [];
  for (let i = 0; i < 3000; i++) {
    lines.push(
      (FAILING_TESTS as readonly number[]).includes(i)
        ? `not ok ${i} - rejects login attempt ${i}`
        : `ok ${i} - handles request number ${i} quickly`,
    );
  }
  return `${lines.join("\n")}\n# tests 3000\n# pass 2997\n# fail 3\n`;
}
