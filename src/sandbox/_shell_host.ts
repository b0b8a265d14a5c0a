/**
 * The shell host inside bubblewrap: `bash` itself waits for the run, so a
 * shell call starts no process but a subshell. Its request is the exec-file
 * target on the first line as `\xHH` escapes (so that no byte of a file
 * name can end the line; empty when none), then the code until end of
 * input; it writes the code to the run's temp dir, sources it with stdin at
 * end of file, and ends with the done mark on both streams (from its EXIT
 * trap), as every host does.
 *
 * The same request starts every other language in bubblewrap
 * ({@link execHostArgv}): `bash` writes the code, runs the build step if
 * there is one, and replaces itself with the program, so a Perl or Rust
 * call starts no Deno host; its end is the process's, as the Python host's.
 *
 * Pure: builds text and argument lists; never starts a process.
 *
 * @module
 */

import { DONE_MARK } from "./_done_mark.ts";
import {
  HOST_IDLE,
  HOST_SETUP_FAILED,
  HOST_SETUP_MARK,
} from "./_host_protocol.ts";

const IDLE_LINE = `${HOST_SETUP_MARK} ${HOST_IDLE}`;

function quote(word: string): string {
  return `'${word.replaceAll("'", `'\\''`)}'`;
}

/** `printf` text for a line that holds NUL and other bytes, escaped for its format string. */
function printfFormat(text: string): string {
  return text.replaceAll("\\", "\\\\").replaceAll("%", "%%").replaceAll(
    "\u0000",
    "\\0",
  );
}

/**
 * The command line of a shell host.
 *
 * @param shell The run's shell (`bash`), which runs the host script and the code.
 * @param codePath Where the code goes.
 * @param idleMs How long to wait for the request.
 * @returns The argv, executable first.
 */
export function shellHostArgv(
  shell: string,
  codePath: string,
  idleMs: number,
): string[] {
  const mark = printfFormat(DONE_MARK);
  const script = [
    ...readRequest(codePath, idleMs),
    // The code runs in this shell, not a subshell (a fork costs
    // milliseconds); the EXIT trap writes the done mark however it ends
    // (`exit`, `set -e`, the end of the file). Code that replaces the trap or
    // `exec`s ends the host without the mark: the run ends when it exits.
    "ctx_done() {",
    "  ctx_code=$?",
    `  printf '${mark}%s\\n' "$ctx_code"`,
    `  printf '${mark}%s\\n' "$ctx_code" >&2`,
    "}",
    "trap ctx_done EXIT",
    `. ${quote(codePath)} </dev/null`,
  ].join("\n");
  return [shell, "-c", script];
}

/** Waits for the request, writes the code and exports the exec-file target. */
function readRequest(codePath: string, idleMs: number): string[] {
  return [
    `IFS= read -r -t ${Math.max(1, Math.ceil(idleMs / 1000))} ctx_file || ` +
    `{ printf '%s\\n' ${quote(IDLE_LINE)} >&2; exit ${HOST_SETUP_FAILED}; }`,
    // The target comes as \xHH escapes: no byte of a file name can end its line.
    `printf -v ctx_file '%b' "$ctx_file"`,
    // Builtins and a subshell only: every exec costs milliseconds.
    "IFS= read -r -d '' ctx_code",
    `printf '%s' "$ctx_code" > ${quote(codePath)}`,
    "unset ctx_code",
    `if [ -n "$ctx_file" ]; then export FILE_PATH="$ctx_file"; fi`,
    "unset ctx_file",
  ];
}

/**
 * The command line of a host for a language other than shell, Python and
 * JavaScript: `bash` reads the request as a shell host does, runs the build
 * step (its failure ends the run with its exit code), then replaces itself
 * with the run, stdin at end of file.
 *
 * @param bash A `bash` the run can execute.
 * @param codePath Where the code goes.
 * @param steps The build step if any, then the run, each with its working directory.
 * @param idleMs How long to wait for the request.
 * @returns The argv, executable first.
 */
export function execHostArgv(
  bash: string,
  codePath: string,
  steps: readonly { argv: readonly string[]; cwd: string }[],
  idleMs: number,
): string[] {
  const command = (step: { argv: readonly string[]; cwd: string }) =>
    `cd ${quote(step.cwd)} && ${step.argv.map(quote).join(" ")} </dev/null`;
  const run = steps.at(-1)!;
  const script = [
    ...readRequest(codePath, idleMs),
    ...steps.slice(0, -1).map((step) => `${command(step)} || exit $?`),
    `cd ${quote(run.cwd)} || exit $?`,
    `exec ${run.argv.map(quote).join(" ")} </dev/null`,
  ].join("\n");
  return [bash, "-c", script];
}

/**
 * The request of a shell host.
 *
 * @param code The shell code (its preamble included).
 * @param file For exec-file: the target's real path.
 * @returns The bytes to send, after which input ends.
 */
export function shellHostRequest(code: string, file?: string): string {
  const escaped = file === undefined
    ? ""
    : [...new TextEncoder().encode(file)].map((byte) =>
      `\\x${byte.toString(16).padStart(2, "0")}`
    ).join("");
  return `${escaped}\n${code}`;
}
