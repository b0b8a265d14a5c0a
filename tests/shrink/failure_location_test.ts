import assert from "node:assert/strict";
import { outputDigest } from "../../src/shrink/output_digest.ts";
import { shrinkToolResult } from "../../src/shrink/shrink_tool_result.ts";

// Build tools name the file and line of the step that failed on a line of
// its own, a few lines from the error: a digest cut to its budget must keep
// it, however many error lines surround it.

function digest(lines: string[], max = 1200): string {
  return outputDigest(lines.join("\n") + "\n", max)!.join("\n");
}

const noise = (n: number, make: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => make(i));

Deno.test("a BuildKit failure keeps the Dockerfile line it points at and the step it marks", () => {
  const lines = [
    ...noise(
      600,
      (i) => `#7 ${(i / 10).toFixed(3)} Collecting pkg${i}==1.${i}`,
    ),
    "#8 [app 5/9] RUN pip install -r requirements.txt",
    ...noise(
      12,
      (i) =>
        `#8 9.${i} ERROR: Could not find a version that satisfies the requirement torch==9.${i}`,
    ),
    '#8 ERROR: process "/bin/sh -c pip install -r requirements.txt" did not complete successfully: exit code: 1',
    "------",
    " > [app 5/9] RUN pip install -r requirements.txt:",
    "9.11 ERROR: No matching distribution found for torch==9.11",
    "------",
    "Dockerfile:23",
    "--------------------",
    "  21 |     COPY requirements.txt .",
    "  22 |     ",
    "  23 | >>> RUN pip install -r requirements.txt",
    "  24 |     COPY . .",
    "--------------------",
    'ERROR: failed to solve: process "/bin/sh -c pip install -r requirements.txt" did not complete successfully: exit code: 1',
  ];
  const out = digest(lines);
  assert.match(out, /Dockerfile:23/);
  assert.match(out, />>> RUN pip install/);
  // The step that failed is where it failed too, even at an intent's small budget.
  assert.match(
    out.split("Errors and failures")[0]!,
    /\[app 5\/9\] RUN pip install -r requirements\.txt/,
  );
  assert.match(
    digest(lines, 720),
    /Where it failed:[^]*\[app 5\/9\] RUN pip install[^]*Dockerfile:23/,
  );
});

Deno.test("Terraform's `on file line N` under an Error is kept among many errors", () => {
  const errors = noise(15, (i) =>
    [
      "│ Error: Unsupported argument",
      "│ ",
      `│   on modules/net/vpc${i}.tf line ${
        10 + i
      }, in resource "aws_vpc" "v${i}":`,
      `│   ${10 + i}:   enable_classiclink = true`,
      "│ ",
      '│ An argument named "enable_classiclink" is not expected here.',
      "╵",
    ].join("\n"));
  const out = digest([
    ...noise(
      400,
      (i) =>
        `module.net.aws_subnet.s[${i}]: Refreshing state... [id=subnet-${i}]`,
    ),
    ...errors,
  ]);
  assert.match(out, /on modules\/net\/vpc0\.tf line 10\b/);
});

Deno.test("Gradle's failure names its build file and line, and counts as a failure", () => {
  const out = digest([
    ...noise(500, (i) => `> Task :lib${i}:compileJava UP-TO-DATE`),
    "",
    "FAILURE: Build failed with an exception.",
    "",
    "* Where:",
    "Build file '/srv/app/payments/build.gradle' line: 37",
    "",
    "* What went wrong:",
    "A problem occurred evaluating project ':payments'.",
    "> Could not find method compile() for arguments [org.json:json:20240303]",
    "",
    "* Try:",
    "> Run with --stacktrace option to get the stack trace.",
    ...noise(30, (i) => `> Run with --info option ${i}.`),
    "",
    "BUILD FAILED in 3s",
  ]);
  assert.match(out, /FAILURE: Build failed with an exception/);
  assert.match(out, /payments\/build\.gradle' line: 37/);
});

Deno.test("make's `*** [file:line: target] Error N` is an error line, kept with the compiler error above it", () => {
  const lines = [
    ...noise(800, (i) => `cc -O2 -Wall -c src/mod${i}.c -o build/mod${i}.o`),
    "src/net/socket.c: In function 'sock_open':",
    "src/net/socket.c:88:12: error: 'SOCK_CLOEXEC' undeclared (first use in this function)",
    "make[2]: *** [Makefile:142: build/net/socket.o] Error 1",
    "make[1]: *** [Makefile:97: net] Error 2",
    "make: *** [Makefile:40: all] Error 2",
  ];
  const out = digest(lines);
  assert.match(out, /socket\.c:88:12: error/);
  assert.match(out, /Makefile:142: build\/net\/socket\.o\] Error 1/);
  const shrunk = shrinkToolResult({
    toolKind: "shell",
    toolName: "Bash",
    subject: "make",
    content: lines.join("\n"),
    exitCode: 2,
  }, { now: 0 });
  assert.ok(shrunk.shrunk);
  assert.match(shrunk.view, /Makefile:40: all\] Error 2/);
  assert.match(shrunk.summary, /4 error\/failure lines/);
});

Deno.test("a location line far from any error is not taken for one", () => {
  const out = digest([
    ...noise(300, (i) => `step ${i} done`),
    "Dockerfile:3",
    ...noise(300, (i) => `step ${i + 300} done`),
  ]);
  assert.doesNotMatch(out, /Where/);
});
