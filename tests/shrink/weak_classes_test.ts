import assert from "node:assert/strict";
import { outputDigest } from "../../src/shrink/output_digest.ts";
import { logLevel } from "../../src/shrink/_log_view.ts";

function digest(lines: string[], max = 1200): string {
  return outputDigest(lines.join("\n") + "\n", max)!.join("\n");
}

const many = (n: number, make: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => make(i));

Deno.test("logLevel() reads a level in brackets in any case, and a compiler's error: as none", () => {
  const cases: Array<[string, string | undefined]> = [
    ["2026/03/04 10:00:00 [error] 17#17: *9 open() failed", "ERROR"],
    ["[Wed Mar 04 10:00:00 2026] [proxy:warn] [pid 12] AH01144", "WARN"],
    ["2026/03/04 10:00:00 [crit] 17#17: SSL_read() failed", "FATAL"],
    ["[notice] 2026-03-04 worker started", "INFO"],
    ["src/a.c:3:1: error: expected ';'", undefined],
  ];
  for (const [line, level] of cases) assert.equal(logLevel(line), level, line);
});

Deno.test("a log with slash dates and lower-case bracketed levels is read as a log, its errors grouped apart from their request context", () => {
  const lines = many(3000, (i) => {
    const stamp = `2026/03/04 ${
      String(10 + Math.floor(i / 600)).padStart(2, "0")
    }:${String(Math.floor(i / 10) % 60).padStart(2, "0")}:${
      String(i % 60).padStart(2, "0")
    }`;
    if (i % 50 === 7) {
      return `${stamp} [error] 801#801: *${i} no live upstreams while connecting to upstream, client: 198.51.100.${
        i % 200
      }, server: api.example.org, request: "POST /v${
        i % 3
      }/jobs HTTP/2.0", host: "api.example.org"`;
    }
    return `${stamp} [info] 801#801: *${i} client 198.51.100.${
      i % 200
    } closed keepalive connection`;
  });
  const out = digest(lines);
  assert.match(out, /^Log of 3,000 lines, from 2026\/03\/04 10:00:00/);
  assert.match(out, /Lines per level: INFO 2,940, ERROR 60/);
  // One message whatever client and request it carried.
  assert.match(
    out,
    /\[×60, lines 8–2958\] \[error\] 801#801: \*7 no live upstreams/,
  );
});

Deno.test("a VSTest failure is named, with the message under its Error Message heading and the run's summary", () => {
  const out = digest([
    ...many(200, (i) => `  Passed Billing.Tests.TaxTests.Rounds_${i} [2 ms]`),
    "  Failed Billing.Tests.TaxTests.AppliesReducedRate [31 ms]",
    "  Error Message:",
    "   Expected rate to be 0.07, but found 0.19.",
    "  Stack Trace:",
    "     at Billing.Tests.TaxTests.AppliesReducedRate() in /w/Billing.Tests/TaxTests.cs:line 19",
    "     at System.RuntimeMethodHandle.InvokeMethod(Object target, Void** arguments)",
    ...many(100, (i) => `  Passed Billing.Tests.FxTests.Converts_${i} [1 ms]`),
    "",
    "Failed!  - Failed:     1, Passed:   300, Skipped:     0, Total:   301, Duration: 2 s - Billing.Tests.dll (net9.0)",
  ]);
  assert.match(
    out,
    /Failed tests \(1\): Billing\.Tests\.TaxTests\.AppliesReducedRate/,
  );
  assert.match(
    out,
    /AppliesReducedRate: Expected rate to be 0\.07, but found 0\.19\./,
  );
  assert.match(
    out,
    /Summary:\n {2}\d+: Failed! {2}- Failed: {5}1, Passed: {3}300/,
  );
  // The runtime's frames are counted, not shown.
  assert.doesNotMatch(out, /RuntimeMethodHandle/);
});

Deno.test("the indented lines under a heading right after an error are kept as its explanation, and end at the first other line", () => {
  const out = digest([
    ...many(150, (i) => `Resolving dependency ${i} of the workspace`),
    "",
    "error: failed to select a version for `serde`.",
    "    ... required by package `shop v0.1.0`",
    "versions that meet the requirements `=1.0.150` are:",
    "  1.0.150",
    "all possible versions conflict with previously selected packages:",
    "  previously selected package `serde v1.0.200`",
    '    ... which satisfies dependency `serde = "^1.0.190"` of package `api v0.3.0`',
    "Resolving dependency 151 of the workspace",
    "  not part of any block",
    ...many(60, (i) => `Resolving dependency ${152 + i} of the workspace`),
  ]);
  const errors = out.split("First lines:")[0]!;
  assert.match(errors, /155: {3}1\.0\.150\n/);
  assert.match(errors, /previously selected package `serde v1\.0\.200`/);
  assert.match(errors, /satisfies dependency `serde = "\^1\.0\.190"`/);
  assert.doesNotMatch(out, /not part of any block/);
});
