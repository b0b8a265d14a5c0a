import assert from "node:assert/strict";
import { outputDigest } from "../../src/shrink/output_digest.ts";

function digest(lines: string[], max = 1200): string {
  return outputDigest(lines.join("\n") + "\n", max)!.join("\n");
}

const passing = (n: number, make: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => make(i));

Deno.test("a pytest failure is shown with its E line, even when the progress lines fill the budget", () => {
  const out = digest([
    ...passing(300, (i) => `tests/test_m.py::test_${i} PASSED   [ 50%]`),
    "tests/test_api.py::test_headers FAILED   [ 60%]",
    "=================================== FAILURES ===================================",
    "_________________________________ test_headers _________________________________",
    "    def test_headers():",
    ">       assert check(result)",
    "E       KeyError: 'X-RateLimit-Remaining'",
    "tests/test_api.py:40: KeyError",
    "======================== 1 failed, 300 passed in 4.10s ========================",
  ]);
  assert.match(out, /test_headers: KeyError: 'X-RateLimit-Remaining'/);
});

Deno.test("a Go test's file_test.go lines, printed before its --- FAIL under -v, are tied to it", () => {
  const out = digest([
    ...passing(
      200,
      (i) => `=== RUN   TestOk${i}\n--- PASS: TestOk${i} (0.00s)`,
    ),
    "=== RUN   TestRetry",
    "    retry_test.go:57: got delay 400ms, want 800ms",
    "--- FAIL: TestRetry (0.01s)",
    "FAIL",
    "FAIL\texample.com/queue\t0.2s",
  ]);
  assert.match(
    out,
    /TestRetry: retry_test\.go:57: got delay 400ms, want 800ms/,
  );
});

Deno.test("a JUnit error shows its root cause, the last Caused by deep under the trace", () => {
  const frames = passing(60, (i) => `\tat org.lib.Call.invoke(Call.java:${i})`);
  const out = digest([
    ...passing(100, (i) => `[INFO] Running com.acme.T${i}Test`),
    "[ERROR] chargeTimesOut  Time elapsed: 0.5 s  <<< ERROR!",
    "org.springframework.dao.QueryTimeoutException: statement timed out",
    ...frames,
    "Caused by: java.sql.SQLTimeoutException: ORA-01013: user requested cancel",
    "\t... 62 more",
    "[ERROR] Tests run: 842, Failures: 0, Errors: 1, Skipped: 4",
  ]);
  assert.match(
    out,
    /chargeTimesOut: Caused by: java\.sql\.SQLTimeoutException: ORA-01013/,
  );
});

Deno.test("deno test's ERRORS section ties each error: line to the test it names", () => {
  const out = digest([
    ...passing(300, (i) => `cart › case ${i} ... ok (1ms)`),
    "cart › keeps the order ... FAILED (2ms)",
    "",
    " ERRORS ",
    "",
    "cart › keeps the order => ./tests/cart_test.ts:40:6",
    "error: AssertionError: Values are not strictly equal.",
    "    at file:///src/tests/cart_test.ts:44:5",
    "",
    "FAILED | 300 passed | 1 failed (2s)",
  ]);
  assert.match(out, /keeps the order: AssertionError: Values are not strictly/);
});

Deno.test("a linter's line:col error names the file it sits under, ahead of hundreds of warnings", () => {
  const lines: string[] = [];
  for (let f = 0; f < 100; f++) {
    lines.push(
      `src/m${f}.ts`,
      `  ${f + 1}:1  warning  Unexpected any  no-explicit-any`,
      "",
    );
  }
  lines.splice(
    150,
    0,
    "src/cart.ts",
    "  40:15  error  'fetchCart' is not defined  no-undef",
    "",
  );
  lines.push("✖ 101 problems (1 error, 100 warnings)");
  const out = digest(lines);
  assert.match(
    out,
    /src\/cart\.ts:40:15 error no-undef: 'fetchCart' is not defined/,
  );
  assert.match(out, /101 problems/);
});

Deno.test("JSON items: a rare nested state is found at any depth and named by the item's id", () => {
  const items = Array.from({ length: 40 }, (_, i) => ({
    metadata: { name: `pod-${i}` },
    status: {
      containerStatuses: [{
        ready: i !== 23,
        state: i === 23
          ? { waiting: { reason: "CrashLoopBackOff" } }
          : { running: { startedAt: "2026-01-01T00:00:00Z" } },
      }],
    },
    spec: { note: "x".repeat(300) },
  }));
  const out = outputDigest(JSON.stringify({ items }))!.join("\n");
  assert.match(
    out,
    /containerStatuses\[\]\.ready: true 39, false 1\n\s+false: pod-23/,
  );
  assert.match(
    out,
    /state\.waiting\.reason \(in 1 of 40 items\):\n\s+pod-23: CrashLoopBackOff/,
  );
});

Deno.test("JSON items: each item keeps its id, state and title, the last one too", () => {
  const issues = Array.from({ length: 20 }, (_, i) => ({
    id: 9_000_000 + i,
    number: 100 + i,
    title: `Issue title number ${i}`,
    state: i % 3 ? "open" : "closed",
    body: "text ".repeat(600),
  }));
  const out = outputDigest(JSON.stringify(issues))!.join("\n");
  assert.match(
    out,
    /Items \(number, state, title\):\n {2}100 \[closed\] Issue title number 0/,
  );
  assert.match(out, /119 \[open\] Issue title number 19/);
});

Deno.test("JSON: an object of records (npm audit's packages by name) is read as items by key", () => {
  const vulnerabilities = Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [
      i === 5 ? "vm2" : `pkg-${i}`,
      {
        severity: i === 5 ? "critical" : "moderate",
        range: "<1.0.0",
        note: "y".repeat(400),
      },
    ]),
  );
  const out = outputDigest(JSON.stringify({ vulnerabilities }))!.join("\n");
  assert.match(out, /\$\.vulnerabilities: 12 items/);
  assert.match(out, /critical: vm2/);
});

Deno.test("per-file counts: git log --numstat names the files changed most", () => {
  const lines: string[] = [];
  for (let c = 0; c < 60; c++) {
    lines.push(
      `commit ${c.toString(16).padStart(40, "a")}`,
      "Author: A <a@x>",
      "Date:   Mon Jan 1 2026",
      "",
      `    change ${c}`,
      "",
      `${c}\t1\tsrc/ws/client.ts`,
      `2\t0\tdocs/f${c}.md`,
      "",
    );
  }
  assert.match(digest(lines), /Files changed most: src\/ws\/client\.ts 60/);
});

Deno.test("per-file counts: du -a names the total, the largest folder and the largest file", () => {
  const lines = [
    ...passing(300, (i) => `${4 + (i % 7)}\t./node_modules/p${i}/index.js`),
    "48212\t./node_modules/big/addon.node",
    "50000\t./node_modules",
    ...passing(30, (i) => `8\t./src/f${i}.ts`),
    "240\t./src",
    "50248\t.",
  ];
  const out = digest(lines);
  assert.match(out, /total 50248 \(\.\)/);
  assert.match(out, /Largest at the top: \.\/node_modules 50000/);
  assert.match(out, /Largest files: \.\/node_modules\/big\/addon\.node 48212/);
});

Deno.test("a journal without levels: its kill and failure lines are its errors", () => {
  const lines = passing(
    500,
    (i) =>
      `Dec 01 06:${String(Math.floor(i / 60)).padStart(2, "0")}:${
        String(i % 60).padStart(2, "0")
      } web-3 api[22]: GET /api/failed-jobs 200 4ms`,
  );
  lines.splice(
    250,
    0,
    "Dec 01 06:04:10 web-3 kernel: Out of memory: Killed process 22 (node)",
  );
  const out = digest(lines);
  assert.match(
    out,
    /Errors \(1 distinct message\):\n.*Out of memory: Killed process/,
  );
  assert.doesNotMatch(out, /stack traces/);
});
