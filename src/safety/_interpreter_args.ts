/**
 * How interpreters read their command lines beyond the code flag: options
 * that take a value (`perl -MFile::Path=rmtree`, `node -r fs`, `ruby -r
 * fileutils`), so the value is never taken for a flag; the script and module
 * files they run, so a file the same line wrote or downloaded is judged; the
 * statements `python -m timeit` runs; and code that deletes files one by one
 * while walking a folder (`for f in os.listdir(home): os.remove(…)`).
 *
 * Pure: reads words and code as text; never runs anything.
 *
 * @module
 */

import { deny, type Env, literalWord, type Verdict } from "./_context.ts";
import { classifyTarget } from "./_rm.ts";
import type { Word } from "./shell_parse.ts";
import { stringLiterals } from "./_string_literals.ts";

/** Long options of node, bun and deno that take the next word as their value. */
const JS_VALUED = new Set([
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
  "-C",
  "--conditions",
  "--env-file",
  "--input-type",
  "--title",
]);

/** Options that load a module file before the code (`node -r ./x.js`, `ruby -r ./x.rb`). */
const MODULE_OPTIONS = new Set([
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
]);

/**
 * How many words an option of interpreter `name` spans: 2 when its value is
 * the next word, 1 when the value is glued or it takes none, 0 when the word
 * is not an option.
 *
 * @param name The interpreter's name.
 * @param a The word.
 * @returns The span.
 */
export function optionSpan(name: string, a: string): number {
  if (!a.startsWith("-") || a === "-" || a === "--") return 0;
  if (/^(?:node|nodejs|bun|deno)$/.test(name)) return JS_VALUED.has(a) ? 2 : 1;
  if (name === "perl") return /^-[MmIx]$/.test(a) ? 2 : 1;
  if (name === "ruby") return /^-[rICEF]$/.test(a) ? 2 : 1;
  if (/^python|^pypy/.test(name)) return /^-[WXQ]$/.test(a) ? 2 : 1;
  if (name === "php") return /^-[dcfz]$/.test(a) ? 2 : 1;
  if (/^lua/.test(name)) return a === "-l" ? 2 : 1;
  return 1;
}

/**
 * Whether an option word carries its own value and so can never be a code
 * flag cluster (`-MFile::Path=remove_tree` ends with an `e` but is `-M`).
 *
 * @param name The interpreter's name.
 * @param a The word.
 * @returns True for glued module, include and library options.
 */
export function isGluedValue(name: string, a: string): boolean {
  if (name === "perl") return /^-(?:[MmIx].|d:)/.test(a);
  if (name === "ruby") return /^-[rICEF]./.test(a);
  if (/^lua/.test(name)) return /^-l./.test(a);
  return a.startsWith("--") && a.includes("=");
}

/**
 * The files an interpreter runs: its script operand, unless code comes from
 * a flag or a module is named (`python -m`), and module files it loads first
 * (`node -r ./x.js`, `ruby -r ./x.rb`) when they are written as paths.
 *
 * @param name The interpreter's name.
 * @param args Its arguments.
 * @param codeFlags The flags that give it code on the command line.
 * @returns The file paths, as written.
 */
export function interpreterFiles(
  name: string,
  args: Word[],
  codeFlags: string[],
): string[] {
  const out: string[] = [];
  let code = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Word;
    const a = w.value;
    if (a === "--") {
      const next = args[i + 1];
      if (next && !code && !next.dynamic) out.push(next.value);
      break;
    }
    const span = optionSpan(name, a);
    if (span === 0) {
      if (!code && !w.dynamic) out.push(a);
      break;
    }
    if (a === "-m" && /^python|^pypy/.test(name)) break;
    if (codeFlags.includes(a) || a.startsWith("--eval")) code = true;
    const value = span === 2 ? args[i + 1] : undefined;
    if (value && MODULE_OPTIONS.has(a) && /^\.{0,2}\//.test(value.value)) {
      out.push(value.value);
    }
    if (/^-r\.{0,2}\//.test(a) && name === "ruby") out.push(a.slice(2));
    i += span - 1;
  }
  return out;
}

/**
 * The statements `python -m timeit` runs (its operands and `-s` setup), or
 * an empty list for any other module.
 *
 * @param args The interpreter's arguments.
 * @returns The statements.
 */
export function timeitCode(args: Word[]): string[] {
  const at = args.findIndex((w, i) =>
    w.value === "-m" && args[i + 1]?.value === "timeit"
  );
  if (at === -1) return [];
  const out: string[] = [];
  const rest = args.slice(at + 2);
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]?.value ?? "";
    if (a === "-s" || a === "--setup") out.push(rest[++i]?.value ?? "");
    else if (/^-[nrpu]$|^--(?:number|repeat|unit)$/.test(a)) i++;
    else if (a.startsWith("--setup=")) out.push(a.slice(8));
    else if (!a.startsWith("-")) out.push(a);
  }
  return out.filter((s) => s !== "");
}

/** Calls that delete one file or directory. */
const FILE_DELETES =
  /\b(?:os\.(?:remove|unlink|rmdir|removedirs)|shutil\.rmtree|\w*\.unlink|unlinkSync|rmSync|rmdirSync|fs\.(?:unlink|rm|rmdir)|File\.(?:delete|unlink)|FileUtils\.rm\w*|unlink|rmtree|remove_tree|Deno\.remove\w*)\s*\(?/;

/** Calls that list or walk a folder. */
const WALKS =
  /\b(?:os\.(?:walk|listdir|scandir)|glob|rglob|iterdir|readdirSync|readdir|opendir|Dir\.(?:glob|each_child|children|entries|foreach)|Dir\[|Find\.find|find|io\.popen|lfs\.dir|walk\w*|Deno\.readDir\w*)\b/;

/**
 * Code that walks a folder and deletes what it finds one by one (a loop of
 * `os.remove`, `fs.rmSync`, `File.delete`, Lua's `os.remove`) where the
 * folder is the root, home or outside the project: judged as `rm -r` of it.
 *
 * @param name The interpreter's name.
 * @param code The code, home-directory APIs already written as the home path.
 * @param cwd Where relative paths start, or null when unknown.
 * @param env The analysis environment.
 * @returns The deny verdict, or null.
 */
export function checkDeleteLoop(
  name: string,
  code: string,
  cwd: string | null,
  env: Env,
): Verdict | null {
  if (!FILE_DELETES.test(code) || !WALKS.test(code)) return null;
  for (const lit of stringLiterals(code)) {
    const text = lit.text;
    if (!/^(?:\/|~|\.\.)/.test(text) || /\s/.test(text)) continue;
    if (text === "/") {
      const before = code.slice(0, lit.at).trimEnd().at(-1);
      const after = code.slice(lit.end).trimStart()[0];
      if (before !== "(" || (after !== ")" && after !== ",")) continue;
    }
    const glob = text.search(/[*?[{]/);
    const literal = glob === -1
      ? text
      : text.slice(0, text.lastIndexOf("/", glob) + 1) || "/";
    const path = literal.replace(/^~(?=\/|$)/, env.home);
    const v = classifyTarget(
      literalWord(path.length > 1 ? path.replace(/\/+$/, "") : path),
      cwd,
      env,
      true,
    );
    if (v && v.rule !== "rm.dynamic") {
      return deny(
        "interpreter.delete-loop",
        `The ${name} code walks ${text} and deletes what it finds one by one, as rm -r there would (${v.rule}). Delete inside the project, or ask the user`,
      );
    }
  }
  return null;
}

/** Code that opens a network connection. */
const SOCKETS =
  /\b(?:socket|TCPSocket|fsockopen|IO::Socket|net\.(?:connect|Socket|createConnection)|Deno\.connect)\b/;

/** Code that hands a shell its standard streams or runs one. */
const SHELL_WIRING =
  /\b(?:dup2|pty\.spawn|proc_open|exec|spawn|system|popen)\b|open\(\s*STDIN/;

/**
 * A one-liner that connects to the network and wires a shell to it (the
 * classic reverse shells of Python, Perl, Ruby, PHP and Node).
 *
 * @param name The interpreter's name.
 * @param code The code.
 * @returns The deny verdict, or null.
 */
export function checkReverseShell(name: string, code: string): Verdict | null {
  if (!SOCKETS.test(code) || !SHELL_WIRING.test(code)) return null;
  if (!/(?:^|[^\w.-])(?:\/bin\/)?(?:ba|z|da|k)?sh\b|cmd\.exe/.test(code)) {
    return null;
  }
  return deny(
    "remote.reverse-shell",
    `The ${name} code connects to the network and wires a shell to the connection, which gives whoever is at the other end control of this machine. Do not run it`,
  );
}

/**
 * The code with its command-line arguments written in where it reads them
 * (`sys.argv[1]`, `process.argv[1]`, `ARGV[0]`, `$ARGV[0]`, a bare `shift`,
 * `$argv[1]`), so a delete whose target is an argument is judged with it
 * (`python3 -c 'shutil.rmtree(sys.argv[1])' ~`).
 *
 * @param name The interpreter's name.
 * @param code The one-liner.
 * @param args The literal words after the code.
 * @returns The code with the arguments in place.
 */
export function withArguments(
  name: string,
  code: string,
  args: string[],
): string {
  if (args.length === 0) return code;
  const lit = (i: number): string | null =>
    args[i] === undefined ? null : JSON.stringify(args[i]);
  const put = (pattern: RegExp, offset: number): void => {
    code = code.replace(pattern, (whole, n: string) => {
      return lit(Number(n) + offset) ?? whole;
    });
  };
  if (/^python|^pypy/.test(name)) put(/\bsys\.argv\[(\d+)\]/g, -1);
  else if (/^(?:node|nodejs|bun)$/.test(name)) {
    put(/\bprocess\.argv\[(\d+)\]/g, -1);
  } else if (name === "ruby") {
    put(/\bARGV\[(\d+)\]/g, 0);
    code = code.replace(/\bARGV\.first\b/g, lit(0) ?? "ARGV.first");
  } else if (name === "perl") {
    put(/\$ARGV\[(\d+)\]/g, 0);
    code = code.replace(/\bshift\b(?!\s*\()/, lit(0) ?? "shift");
  } else if (name === "php") put(/\$argv\[(\d+)\]/g, -1);
  return code;
}
