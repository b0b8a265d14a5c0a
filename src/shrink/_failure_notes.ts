/**
 * Why each failing test failed, as its runner says it: pytest's `E   `
 * lines, Go's `file_test.go:NN:` lines (printed before the `--- FAIL` line
 * under `-v`, so they are tied to the test that ran), the exception a JUnit
 * report opens with and the last `Caused by:` under it (the root cause),
 * jest's `Expected`/`Received`, Rust's panics, and the message after ` - `
 * of pytest's short summary; deno test's `error:` lines under the test its
 * ERRORS section names.
 *
 * Pure: one bounded regular expression per line, never I/O.
 *
 * @module
 */

/**
 * Lines that say why a test failed, all told by how they open: one anchored
 * scan whose leading blanks are taken once (the lookahead and its
 * back-reference never give them back, so a line that fails is not tried
 * again from each shorter indent). A Rust panic, which may stand anywhere,
 * is looked for apart.
 */
const MESSAGE =
  /^(?:E\s+\S|(?=(\s*))\1(?:(?<=\s)[\w.-]+_test\.go:\d+: \S|Caused by: \S|(?:error: )?(?:[\w$]+\.)*[\w$]*(?:\(\)\s)?(?:Error|Exception|Failure|Failed)\w* ?(?::\s|$)|(?:Expected|Received)(?: value| substring| length)?:\s))/;
const PANIC = /\bpanicked at\b/;
/** A heading whose message is on the next line (VSTest's `Error Message:`). */
const MESSAGE_HEADING = /^\s*(?:Error |Failure )?Message:\s*$/;
/** What a deno report or a Rust panic holds: lines without it are neither. */
const RARE = / => |panicked at/;
const GO_MESSAGE = /^\s+[\w.-]+_test\.go:\d+: /;
const GO_RUN = /^=== (?:RUN|CONT)\s+(\S+)/;
/** deno test's report of a failing test in its ERRORS section: `name => ./file.ts:12:6`. */
const DENO_REPORT = /^(\S.*?) => \.{0,2}\/\S+:\d+:\d+$/;
const SHORT_SUMMARY = /^FAILED (\S+) - (.+)$/;
/** Messages kept per test, at most. */
const MAX_MESSAGES = 8;

/** Collects the messages of failing tests while a view reads the lines. */
export class FailureNotes {
  #running: string | undefined;
  #current: string | undefined;
  #underHeading = false;
  readonly #messages = new Map<string, string[]>();

  /** Reads a line that reported a failing test by `name` (it opens that test's report). */
  failure(line: string, name: string): void {
    this.#current = name;
    const summary = line.match(SHORT_SUMMARY);
    if (summary) this.#add(summary[1]!, summary[2]!);
  }

  /** Reads a summary line: what follows belongs to no test. */
  summary(): void {
    this.#current = undefined;
  }

  /** Reads any other line. */
  line(line: string): void {
    if (line.length > 2000) return;
    if (line.startsWith("=== ")) {
      const run = line.match(GO_RUN)?.[1];
      if (run) {
        this.#running = run;
        return;
      }
    }
    // One scan for the two shapes that may stand anywhere in a line (`includes` is slower on wide strings).
    const rare = RARE.test(line);
    if (rare) {
      const report = line.match(DENO_REPORT)?.[1];
      if (report) {
        this.#current = report;
        return;
      }
    }
    if (!this.#current && !this.#running) return;
    const underHeading = this.#underHeading && line.trim() !== "";
    if (underHeading || MESSAGE_HEADING.test(line)) {
      this.#underHeading = !underHeading;
      if (!underHeading) return;
    } else if (
      !MESSAGE.test(line) && !(rare && PANIC.test(line))
    ) {
      return;
    }
    const owner = GO_MESSAGE.test(line) ? this.#running : this.#current;
    // pytest's `E` column and deno's `error:` are dropped: pytest's short summary repeats the message without it.
    if (owner) {
      this.#add(owner, line.trim().replace(/^E\s+|^error: (?=\S)/, ""));
    }
  }

  /**
   * The messages of a failing test: the first, and the root cause (the last
   * `Caused by:`) or else the last, when it differs.
   */
  of(name: string): string[] {
    const all: string[] = [];
    for (const [owner, messages] of this.#messages) {
      if (owner === name || sameTest(owner, name)) all.push(...messages);
    }
    if (all.length <= 1) return all;
    const cause = all.findLast((message) => message.startsWith("Caused by:"));
    const second = cause ?? all.at(-1)!;
    return second === all[0] ? [all[0]!] : [all[0]!, second];
  }

  #add(owner: string, text: string): void {
    const message = text.replace(/\s+/g, " ");
    const messages = this.#messages.get(owner) ?? [];
    if (messages.includes(message)) return;
    if (messages.length >= MAX_MESSAGES) {
      // The root cause comes last: keep the first messages and the newest.
      messages.splice(MAX_MESSAGES - 1, 1);
    }
    messages.push(message);
    this.#messages.set(owner, messages);
  }
}

/** Whether two names are one test: a short name and its full one (`a.py::t` and `t`). */
export function sameTest(a: string, b: string): boolean {
  const [long, short] = a.length >= b.length ? [a, b] : [b, a];
  return long.length > short.length && long.endsWith(short) &&
    /[\s:>›.]$/.test(long.slice(0, -short.length));
}
