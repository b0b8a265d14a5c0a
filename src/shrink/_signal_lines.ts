/**
 * Which lines of a command's output matter: errors, failures, warnings and
 * summary lines (`3 failed, 297 passed`), and, right after a failure, its
 * assertion diff, code frame and stack frames. Knows the shapes of jest,
 * vitest, mocha, node:test and TAP, deno test, pytest and unittest, go test,
 * cargo test, rspec, JUnit/Maven/Gradle, dotnet test (VSTest), tsc, webpack and compilers in
 * general; and the failing tests' names where a runner prints them.
 *
 * Pure: bounded regular expressions over single lines, never I/O.
 *
 * @module
 */

/** What a line is worth keeping as. */
export type Signal = "summary" | "failure" | "error" | "warning";

/** Lines that report a pass, whatever words they hold (`✓ handles errors`). */
const PASS =
  /^\s*(?:✓|√|✔|PASS(?:ED)?\b|ok\b|test .* \.\.\. ok$)|\bPASSED\b|\.\.\. ok$/;

const SUMMARY: readonly RegExp[] = [
  /^\s*(?:Test Suites|Tests|Test Files|Snapshots|Suites)\b:?\s+.*\d/,
  /^\s*(?:Time|Duration):?\s+[\d.]+\s*m?s\b/,
  /^test result:/,
  /^\s*(?:\[\w+\]\s*)?Tests run:\s*\d+/,
  /^=+ .*\b\d+ (?:passed|failed|errors?|skipped|deselected|warnings?)\b.* =+$/,
  /^Ran \d+ tests? in /,
  /^(?:FAILED|OK) \((?:failures|errors|skipped)=/,
  /^(?:#|ℹ) (?:tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) \d/,
  /^\d+ examples?, \d+ failures?/,
  /^\s*\d+ (?:passing|failing|pending)\b/,
  /^(?:ok|FAILED) \| \d+ passed/,
  /\bBUILD (?:SUCCESS(?:FUL)?|FAIL(?:URE|ED))\b/,
  /\bcompiled (?:successfully|with \d+ (?:errors?|warnings?))/,
  /^Found \d+ errors?\b/,
  /\b\d+ (?:errors?|warnings?) generated\b/,
  /^\s*\d+ (?:failed|passed)\b.*\b\d+ (?:failed|passed|skipped|total)\b/,
  /^(?:FAIL|ok)\s+\S+\s+[\d.]+s$/,
  /^\s*(?:✖\s*)?\d+ problems? \(\d+ errors?, \d+ warnings?\)/,
  /^Plan: \d+ to add, \d+ to change, \d+ to destroy\b/,
  /^(?:Apply|Destroy) complete! Resources:/,
  /^(?:Passed|Failed)!\s+-\s+Failed:\s+\d+/,
];

const FAILURE: readonly RegExp[] = [
  /^\s*●\s+\S/,
  /^\s*(?:✕|✗|×|✖|❌)\s+\S/,
  /^\s*(?:FAIL|FAILED)\b/,
  /^\s*--- FAIL:/,
  / \.\.\. FAILED\b/,
  /\sFAILED\s*(?:\[|$)/,
  /^not ok \d+/,
  /<<< (?:FAILURE|ERROR)!/,
  /^---- .+ stdout ----$/,
  /^_{3,} .+ _{3,}$/,
  /^rspec \.\/\S+:\d+ # /,
  /\bpanicked at\b/,
  /^\s*\d+\) \S/,
  /^\s*Failure\/Error:/,
  /^ > \[[^\]]+\] .+:$/,
  /^FAILURE: /,
  /^\s*Failed\s+\S+\s+\[[\d.]+\s*m?s\]\s*$/,
];

const ERROR: readonly RegExp[] = [
  /^\s*(?:error|ERROR|Error)(?:\[[\w-]+\])?\b/,
  /\b(?:error|ERROR|Error)(?:\[[\w-]+\])?(?::|!|\s+TS\d+)/,
  /\b[A-Z]\w*(?:Error|Exception)\b(?::|\s*$)/,
  /\b(?:fatal|FATAL|Fatal|panic|PANIC|Traceback|Segmentation fault|Aborted|Uncaught|npm ERR!|ERR!)/,
  /^\s*E\s{2,}\S/,
  /\b[Aa]ssertion\b.*\b[Ff]ailed\b/,
  /\bAssertionError\b/,
  /^\S+\.go:\d+:\d+: \S/,
  /^\s*\d+:\d+\s+error\s/,
  /\bnpm error\b/,
  /^(?:g?make|gmake)(?:\[\d+\])?: \*\*\* /,
  // A compiler's one-letter severity (kotlinc: `e: file.kt:57:23 …`).
  /^e: \S/,
  // A step that says it failed (`Execution failed for task …`, `Compilation failed`).
  /^\s*[A-Z][a-z]+(?: [a-z]+)? failed\b/,
];

const WARNING: readonly RegExp[] = [
  /^\s*(?:warning|WARNING|Warning|WARN|warn)\b/,
  /\b(?:warning|WARNING|Warning|WARN)(?:\[[\w-]+\])?(?::|\]|\s+in\b)/,
  /\b\w+Warning\b:/,
  /\b(?:[Dd]eprecated|DEPRECATED)\b/,
  /^\s*\d+:\d+\s+warning\s/,
  /^w: \S/,
  /^\s*# \S+ (?:must be replaced|will be destroyed)$|# forces replacement$/,
];

/** Lines that belong to the failure above them: diffs, code frames, frames. */
const DETAIL: readonly RegExp[] = [
  /^\s*(?:Expected|Received|expected|received|Actual|actual|got|left|right|Difference)\b[^:]{0,30}:/,
  /^\s*[-+] {1,}\S/,
  /^\s*[-+]\s{2,}/,
  /^\s*>\s*\d+\s*\|/,
  /^\s*\|\s*\^/,
  /^>\s{2,}\S/,
  /^\s*\[Diff\]/,
  /^\s*assert\b/,
];

const FRAME: readonly RegExp[] = [
  /^\s+at \S/,
  /^\s+File ".*", line \d+/,
  /^\s*--> \S+:\d+(?::\d+)?/,
  /^\s*\S+\.(?:go|py|rb|ts|tsx|js|mjs|jsx|rs|java|kt|cs|php|ex|exs|swift):\d+(?::\d+)?(?::|$)/,
  /^\s*# \.\/\S+:\d+/,
  /^\s*❯ \S+:\d+/,
];

/**
 * Where a build tool says its failing step is, on a line of its own: a bare
 * `file:line` (BuildKit's `Dockerfile:14`), Terraform's `on main.tf line 12`,
 * Gradle's `Build file '…' line: 17`, Ansible's `in '…': line 12`, and
 * BuildKit's code frame line marked `>>>`.
 */
const LOCATION = anyOf([
  /^\s*(?:\.{0,2}\/|\/)?(?:[\w@.+-]+\/)*(?=[\w@.+-]*[A-Za-z])[\w@+-][\w@.+-]*:\d+(?::\d+)?:?\s*$/,
  /^[│|]?\s*on \S+ line \d+(?:,|:|$)/,
  /^(?:\w+ file|Script) '[^']+' line: \d+/,
  /\bappears to be in '[^']+': line \d+/,
  /^\s*\d+\s*\|\s*>>>/,
]);

/** Frames in dependencies and the runtime: counted, not shown. */
const INTERNAL_FRAME =
  /node_modules|node:internal|\(internal\/|site-packages|\/rustc\/|java\.base\/|<anonymous>\)?$|\/usr\/lib\/|^\s+at (?:System|Microsoft)\.[\w.`]+\(/;

/** One pattern for a list: a single scan per line instead of one per pattern. */
function anyOf(patterns: readonly RegExp[]): RegExp {
  return new RegExp(
    patterns.map((pattern) => `(?:${pattern.source})`).join("|"),
  );
}

/**
 * The summary patterns, told apart by one anchored scan for those that open
 * a line and, only for lines holding one of their words, a scan for the few
 * that may stand anywhere: an alternation with unanchored branches costs
 * every line a scan from each position, and most lines of a long test run
 * reach this check.
 */
const SUMMARY_AT_START = new RegExp(
  `^(?:${
    SUMMARY.filter((pattern) => pattern.source.startsWith("^")).map((
      pattern,
    ) => `(?:${pattern.source.slice(1)})`).join("|")
  })`,
);
const SUMMARY_INSIDE = anyOf(
  SUMMARY.filter((pattern) => !pattern.source.startsWith("^")),
);
const SUMMARY_INSIDE_WORDS = /BUILD|compiled|generated/;
const FAILURE_ANY = anyOf(FAILURE);
const ERROR_ANY = anyOf(ERROR);
const WARNING_ANY = anyOf(WARNING);
const DETAIL_ANY = anyOf(DETAIL);
const FRAME_ANY = anyOf(FRAME);

/**
 * Words and marks one of the patterns above needs: a line without any is
 * noise, told by one scan instead of five. The words are grouped by their
 * first letter, and what must open a line (a runner's marks among it) is
 * looked for there only: a flat alternation with anchored branches costs
 * every position of every line a try of each branch.
 */
const MAYBE =
  /f(?:ail|atal|ound)|e(?:rr|xception|xample)|warn|d(?:eprecat|uration|estroy)|p(?:ass|ending|anic|roblem)|ok\b|t(?:est|ime|otal|raceback)|s(?:uite|napshot|egmentation)|build|c(?:ompiled|omplete! )|generated|r(?:an |spec|eplace)|a(?:bort|ssert)|uncaught|<<<|----|___|\.go:\d+:\d+: /i;
/**
 * A line a runner opens with its pass mark: most lines of a long test run.
 * No pattern that opens a line can match one, so it is a summary only by a
 * pattern that stands anywhere (`✓ compiled successfully`), or else noise.
 */
const PASS_MARK = /^\s*[✓√✔]/;
const MAYBE_AT_START =
  /^(?:\s*(?:\d+\)|[eE]\s\s|[●✕✗×✖❌])|[#ℹ=]|[pP]lan: | > \[|[ew]: )/;

/**
 * What a line is worth keeping as, or undefined for noise.
 *
 * @param line One line of output.
 * @returns Its signal.
 */
export function lineSignal(line: string): Signal | undefined {
  if (PASS_MARK.test(line)) return summaryInside(line) ? "summary" : undefined;
  if (
    line.length === 0 || line.length > 2000 ||
    !(MAYBE_AT_START.test(line) || MAYBE.test(line))
  ) {
    return undefined;
  }
  if (SUMMARY_AT_START.test(line) || summaryInside(line)) {
    return "summary";
  }
  if (PASS.test(line)) return undefined;
  if (FAILURE_ANY.test(line)) return "failure";
  if (ERROR_ANY.test(line)) return "error";
  if (WARNING_ANY.test(line)) return "warning";
  return undefined;
}

/** Whether a summary pattern that may stand anywhere matches. */
function summaryInside(line: string): boolean {
  return line.length <= 2000 && SUMMARY_INSIDE_WORDS.test(line) &&
    SUMMARY_INSIDE.test(line);
}

/**
 * What a line shortly after a failure or error is: the place of the failing
 * step, part of its diff or code frame, a frame of its stack (in the
 * project, or in a dependency), or neither.
 *
 * @param line One line of output.
 * @returns `location`, `detail`, `frame`, `internal-frame` or undefined.
 */
export function detailKind(
  line: string,
): "location" | "detail" | "frame" | "internal-frame" | undefined {
  if (line.length > 2000) return undefined;
  if (LOCATION.test(line)) return "location";
  if (FRAME_ANY.test(line)) {
    return INTERNAL_FRAME.test(line) ? "internal-frame" : "frame";
  }
  if (DETAIL_ANY.test(line)) return "detail";
  return undefined;
}

const TEST_NAMES: readonly RegExp[] = [
  /^\s*●\s+(.+?)\s*$/,
  /^\s*(?:✕|✗|×|✖|❌)\s+(.+?)(?:\s+\(\d+(?:\.\d+)?\s*m?s\))?\s*$/,
  /^FAILED (\S+?)(?: - .*)?$/,
  /^\s*--- FAIL: (\S+)/,
  /^test (\S+) \.\.\. FAILED\b/,
  /^not ok \d+ - (.+?)\s*(?:#.*)?$/,
  /^rspec \.\/\S+:\d+ # (.+)$/,
  /^(\S.*?) \.\.\. FAILED\b/,
  /^(\S+::\S+) FAILED\b/,
  /^_{3,} (?!ERROR at )(\S+) _{3,}$/,
  /^\s*FAIL\s+\S+\.(?:test|spec)\.\w+ > (.+)$/,
  /^\[ERROR\]\s+(\S+)\s+Time elapsed.*<<< (?:FAILURE|ERROR)!/,
  /^\s*Failed\s+(\S+)\s+\[[\d.]+\s*m?s\]\s*$/,
];

/**
 * The name of the failing test a line reports, where a runner prints one.
 *
 * @param line One line of output.
 * @returns The test's name, or undefined.
 */
export function failedTestName(line: string): string | undefined {
  if (line.length > 500) return undefined;
  for (const pattern of TEST_NAMES) {
    const name = line.match(pattern)?.[1]?.trim();
    if (name) return name;
  }
  return undefined;
}
