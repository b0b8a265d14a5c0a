/**
 * What earlier commands of the same line leave for a later one: variables
 * they assign or export (`export GIT_SSH_COMMAND=…; git fetch`) and files
 * they write with known text (`echo 'rm -rf ~' > s.sh; sh s.sh`), so code
 * that runs later from those variables and files is judged too.
 *
 * Pure: looks at the parsed commands only; never reads a file.
 *
 * @module
 */

import { commandName } from "./_context.ts";
import { resolveFrom } from "./_paths.ts";
import type { SimpleCommand, Word } from "./shell_parse.ts";

const DECLARATIONS = new Set([
  "export",
  "declare",
  "typeset",
  "readonly",
  "local",
]);

/** Adds a `NAME=value` word to the map (null when the value is only known at run time). */
function assign(out: Map<string, string | null>, w: Word): void {
  const eq = w.value.indexOf("=");
  if (eq <= 0 || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(w.value.slice(0, eq))) {
    return;
  }
  out.set(w.value.slice(0, eq), w.dynamic ? null : w.value.slice(eq + 1));
}

/**
 * The environment a command runs with, as far as the line shows it: variables
 * assigned or exported by earlier commands, then its own `NAME=value` prefix.
 *
 * @param all Every simple command of the line, in order.
 * @param cmd The command.
 * @returns Variable values by name, null when only known at run time.
 */
export function lineEnvironment(
  all: SimpleCommand[],
  cmd: SimpleCommand,
): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const c of all) {
    if (c === cmd) break;
    if (c.inSubstitution !== cmd.inSubstitution) continue;
    if (c.argv.length === 0) c.assignments.forEach((w) => assign(out, w));
    else if (DECLARATIONS.has(commandName(c.argv[0]))) {
      c.argv.slice(1).forEach((w) => assign(out, w));
    }
  }
  cmd.assignments.forEach((w) => assign(out, w));
  return out;
}

/**
 * The text an echo, printf or here-doc'ed cat writes, or null when unknown.
 *
 * @param c The command.
 * @returns The text, or null.
 */
export function writtenText(c: SimpleCommand): string | null {
  const name = commandName(c.argv[0]);
  const args = c.argv.slice(1);
  if (name === "cat" && args.length === 0) {
    return c.redirects.find((r) => r.heredoc)?.heredoc?.body ?? null;
  }
  if (name !== "echo" && name !== "printf") return null;
  const words = args.filter((w) => !/^-[neE]+$/.test(w.value));
  if (words.some((w) => w.dynamic)) return null;
  return words.map((w) => w.value).join(" ").replaceAll("\\n", "\n");
}

/**
 * The text an earlier command of the line wrote to a file (`echo … > f`,
 * `cat > f <<EOF`), or null when none did or the text is unknown.
 *
 * @param all Every simple command of the line, in order.
 * @param cmd The command that runs or reads the file.
 * @param path The file as the command names it.
 * @param cwd The directory relative paths start from, or null when unknown.
 * @returns The text written (appends joined), or null.
 */
export function writtenScript(
  all: SimpleCommand[],
  cmd: SimpleCommand,
  path: string,
  cwd: string | null,
): string | null {
  if (path === "" || (!path.startsWith("/") && cwd === null)) return null;
  const target = resolveFrom(cwd ?? "/", path);
  let text: string | null = null;
  for (const c of all) {
    if (c === cmd) break;
    for (const r of c.redirects) {
      if (r.op !== ">" && r.op !== ">>" && r.op !== ">|") continue;
      if (r.target === null || r.target.dynamic) continue;
      if (!r.target.value.startsWith("/") && c.cwd === null) continue;
      if (resolveFrom(c.cwd ?? "/", r.target.value) !== target) continue;
      const written = writtenText(c);
      if (written === null) continue;
      text = r.op === ">>" && text !== null ? `${text}\n${written}` : written;
    }
  }
  return text;
}

/**
 * An unquoted here-doc's body as the shell hands it on: variables the line
 * assigned are put in place (`W='ls'; sh <<EOF\n$W\nEOF` runs `ls`); null
 * when the whole body is a variable only known at run time.
 *
 * @param body The here-doc's body.
 * @param vars The line's variables (see {@linkcode lineEnvironment}).
 * @returns The body as the shell passes it on, or null.
 */
export function expandHeredoc(
  body: string,
  vars: Map<string, string | null>,
): string | null {
  const only = /^\s*\$\{?([A-Za-z_]\w*)\}?\s*$/.exec(body);
  if (only && typeof vars.get(only[1] ?? "") !== "string") return null;
  return body.replace(
    /(?<!\\)\$(?:\{([A-Za-z_]\w*)\}|([A-Za-z_]\w*))/g,
    (whole, braced?: string, bare?: string) => {
      const value = vars.get(braced ?? bare ?? "");
      return typeof value === "string" ? value : whole;
    },
  );
}
