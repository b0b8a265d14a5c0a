/**
 * What `deno test` prints for 30 test files: one line per test, then the
 * details of the one failing test and the summary.
 *
 * @module
 */

import type { Dataset } from "./dataset.ts";
import { createRandom } from "./random.ts";

const AREAS = [
  "api/router",
  "api/middleware",
  "api/pagination",
  "auth/session",
  "auth/tokens",
  "cli/args",
  "cli/output",
  "config/load",
  "config/merge",
  "db/migrations",
  "db/queries",
  "jobs/scheduler",
  "jobs/queue",
  "mail/templates",
  "mail/transport",
  "storage/s3",
  "storage/local",
  "upload/chunker",
  "upload/retry",
  "upload/progress",
  "ui/format",
  "ui/table",
  "util/duration",
  "util/slug",
  "util/semver",
  "ws/client",
  "ws/server",
  "cache/lru",
  "cache/http",
  "search/query",
];

const BEHAVIOURS = [
  "returns the default when the value is missing",
  "rejects an empty string",
  "keeps the order of the input",
  "handles unicode input",
  "times out after the configured delay",
  "retries a transient failure once",
  "does not retry a 4xx response",
  "closes the handle on error",
  "parses the legacy format",
  "round-trips through JSON",
  "is stable across runs",
  "reports progress in whole percents",
  "ignores trailing slashes",
  "escapes HTML in user content",
  "caps the page size at 100",
];

/**
 * The output and the failing test with its assertion message.
 *
 * @param seed The random seed.
 * @returns The output and the answer: the failing test's name and the assertion that failed.
 */
export function testOutput(seed = 6): Dataset {
  const random = createRandom(seed);
  const lines: string[] = [];
  let passed = 0;
  const failing = {
    file: "./tests/upload/retry_test.ts",
    name: "retry › gives up once the deadline has passed",
  };
  let totalMs = 0;
  for (const area of AREAS) {
    const file = `./tests/${area}_test.ts`;
    const count = random.int(8, 16);
    lines.push(`running ${count} tests from ${file}`);
    const module = area.split("/")[1]!;
    const used = new Set<string>();
    for (let t = 0; t < count; t++) {
      let name = `${module} › ${random.pick(BEHAVIOURS)}`;
      while (used.has(name)) name += " (again)";
      used.add(name);
      const ms = random.int(0, 40);
      totalMs += ms;
      if (file === failing.file && t === 3) {
        lines.push(`${failing.name} ... FAILED (${ms}ms)`);
        continue;
      }
      if (random.chance(0.1)) {
        lines.push(
          `${name} ...`,
          "------- output -------",
          `[${module}] using fixture ${random.int(1, 9)} of 9`,
          "----- output end -----",
          `${name} ... ok (${ms}ms)`,
        );
      } else {
        lines.push(`${name} ... ok (${ms}ms)`);
      }
      passed++;
    }
  }
  const where = `${failing.file}:88:6`;
  lines.push(
    "",
    " ERRORS ",
    "",
    `${failing.name} => ${where}`,
    "error: AssertionError: Values are not strictly equal.",
    "",
    "",
    "    [Diff] Actual / Expected",
    "",
    "",
    "-   3",
    "+   2",
    "",
    "  throw new AssertionError(message);",
    "        ^",
    "    at assertStrictEquals (https://jsr.io/@std/assert/1.0.8/strict_equals.ts:66:9)",
    `    at file:///home/runner/src/widget/tests/upload/retry_test.ts:97:5`,
    "    at eventLoopTick (ext:core/01_core.js:175:7)",
    "",
    " FAILURES ",
    "",
    `${failing.name} => ${where}`,
    "",
    `FAILED | ${passed} passed | 1 failed (${
      (totalMs / 1000 + 2.4).toFixed(0)
    }s)`,
    "",
    "error: Test failed",
  );
  return {
    text: lines.join("\n") + "\n",
    answer: [failing.name, "Values are not strictly equal"],
    summary:
      `"${failing.name}": Values are not strictly equal (actual 3, expected 2)`,
  };
}
