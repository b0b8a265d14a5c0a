/**
 * Interpreter one-liners (`python -c`, `node -e`, `ruby -e`, `perl -e`,
 * `php -r`, code piped or here-doc'ed into them) and awk programs: the shell
 * commands their code runs, their own recursive-delete APIs, and the secret
 * files their code opens.
 *
 * Pure: reads code as text (string literals and a few API names); never runs it.
 *
 * @module
 */

import {
  allow,
  commandName,
  deny,
  type Env,
  type Invocation,
  literalWord,
  type Verdict,
} from "./_context.ts";
import { checkCalls, languageOf } from "./_code_rules.ts";
import {
  checkDeleteLoop,
  checkReverseShell,
  isGluedValue,
  optionSpan,
  timeitCode,
  withArguments,
} from "./_interpreter_args.ts";
import { decodeBase64 } from "./_substitution.ts";
import { classifyTarget, rmFlags } from "./_rm.ts";
import {
  checkSecretOperands,
  noteRead,
  secretVerdict,
} from "./_secret_access.ts";
import { classifySecretPath } from "./_secrets.ts";
import { parseShell, type SimpleCommand } from "./shell_parse.ts";
import { stringLiterals } from "./_string_literals.ts";

const JS_FLAGS = ["-e", "--eval", "-p", "--print"];

/** The flags that give an interpreter its code on the command line, or undefined when it is not one. */
export function codeFlags(name: string): string[] | undefined {
  if (/^python[0-9.]*$/.test(name) || name === "pypy3") return ["-c"];
  switch (name) {
    case "node":
    case "nodejs":
    case "bun":
      return JS_FLAGS;
    case "ruby":
      return ["-e"];
    case "perl":
      return ["-e", "-E"];
    case "php":
      return ["-r"];
    default:
      return /^lua(?:jit|[0-9.]*)$/.test(name) ? ["-e"] : undefined;
  }
}

/** Names in code that run a shell command. */
const EXEC_MARKERS = [
  "system",
  "popen",
  "subprocess",
  "exec",
  "spawn",
  "child_process",
  "`",
  "qx",
  "Bun.$",
];

/** Names in code that delete a directory tree. */
const DELETE_MARKERS = [
  "rmtree",
  "rmSync",
  "rm_rf",
  "rm_r",
  "remove_tree",
  "rimraf",
  "remove_dir_all",
  "fs.rm(",
  "rmdirSync",
  "removeSync(",
  "Deno.remove(",
];

/** Names in code that open, read, copy or send a file. */
const ACCESS_MARKERS = [
  "open",
  "read",
  "Read",
  "file",
  "File",
  "fs.",
  "copy",
  "load",
  "Path",
  "send",
  "upload",
  "include",
  "require",
];

/** The code an interpreter reads from a heredoc or here-string when given no script (or `-`). */
function stdinCode(inv: Invocation, cmd: SimpleCommand): string | undefined {
  const script = inv.args.find((w) =>
    !w.value.startsWith("-") || w.value === "-"
  );
  if (script !== undefined && script.value !== "-") return undefined;
  for (const r of cmd.redirects) {
    if (r.heredoc) return r.heredoc.body;
    if (r.op === "<<<" && r.target) return r.target.value;
  }
  return undefined;
}

function codeIndex(inv: Invocation, flags: string[]): number {
  for (let i = 0; i < inv.args.length; i++) {
    const a = inv.args[i]?.value ?? "";
    if (a === "--" || !a.startsWith("-")) return -1;
    if (a === "-m") return -1;
    if (flags.includes(a)) return i;
    if (isGluedValue(inv.name, a)) continue;
    if (optionSpan(inv.name, a) === 2) {
      i++;
      continue;
    }
    if (
      !a.startsWith("--") &&
      flags.some((f) => f.length === 2 && a.endsWith(f.slice(1)))
    ) return i;
  }
  return -1;
}

/** Code glued to its flag (`python -c'…'`, `python -Bc'…'`, `perl -e'…'`, `node --eval='…'`), or null. */
function gluedCode(inv: Invocation, flags: string[]): string | null {
  for (const w of inv.args) {
    const a = w.value;
    if (a === "--" || !a.startsWith("-")) break;
    const long = flags.find((f) => f.startsWith("--") && a.startsWith(`${f}=`));
    if (long !== undefined) return a.slice(long.length + 1);
  }
  if (!/^(?:python|pypy|perl|ruby)/.test(inv.name)) return null;
  const letters = flags.filter((f) => f.length === 2).map((f) => f[1]).join(
    "",
  );
  const before = /^python|^pypy/.test(inv.name) ? "[bBdEhiIOPqsSuvVx]*" : "";
  const pattern = new RegExp(`^-${before}[${letters}]([\\s\\S]+)$`);
  for (const w of inv.args) {
    const a = w.value;
    if (a === "--" || !a.startsWith("-")) return null;
    if (a.startsWith("--") || isGluedValue(inv.name, a)) continue;
    const m = pattern.exec(a);
    if (m) return m[1] ?? null;
  }
  return null;
}

/** Whether shell text runs `rm` with both recursion and force. */
function runsRecursiveForceDelete(text: string): boolean {
  const parsed = parseShell(text, {});
  if (!parsed.ok) return false;
  return parsed.commands.some((c) => {
    if (commandName(c.argv[0]) !== "rm") return false;
    const { recursive, force } = rmFlags(c.argv.slice(1));
    return recursive && force;
  });
}

/** Checks a one-liner as the interpreter `name` would run it. */
/** The language APIs that give the home directory (`os.homedir()`, `Path.home()`, `$ENV{HOME}`, `Dir.home`). */
const Q = `["']`;
const HOME_APIS = new RegExp(
  [
    `(?:\\bos|require\\(\\s*${Q}(?:node:)?os${Q}\\s*\\))\\.homedir\\(\\)`,
    `\\b(?:pathlib\\.)?Path\\.home\\(\\)`,
    `\\bDir\\.home\\b(?:\\(\\))?`,
    `\\bos\\.path\\.expanduser\\(\\s*${Q}~${Q}\\s*\\)`,
    `\\bos\\.environ\\s*\\[\\s*${Q}HOME${Q}\\s*\\]`,
    `\\bos\\.(?:environ\\.get|getenv)\\(\\s*${Q}HOME${Q}\\s*\\)`,
    `\\bprocess\\.env\\.HOME\\b`,
    `\\bprocess\\.env\\[\\s*${Q}HOME${Q}\\s*\\]`,
    `\\bDeno\\.env\\.get\\(\\s*${Q}HOME${Q}\\s*\\)`,
    `\\bENV\\s*\\[\\s*${Q}HOME${Q}\\s*\\]`,
    `\\bgetenv\\(\\s*${Q}HOME${Q}\\s*\\)`,
    `\\$ENV\\{\\s*${Q}?HOME${Q}?\\s*\\}`,
  ].join("|"),
  "g",
);

/** Home-directory APIs interpolated in a string: Perl `"$ENV{HOME}/x"`, Ruby `"#{Dir.home}/x"`, JS `` `${os.homedir()}/x` ``, Python `f"{Path.home()}/x"`. */
const INTERPOLATED_HOME = new RegExp(
  `(f?)(["\`])([^"\`]*?)(?:\\$ENV\\{\\s*${Q}?HOME${Q}?\\s*\\}|#\\{\\s*(?:Dir\\.home|ENV\\[\\s*${Q}HOME${Q}\\s*\\])\\s*\\}|\\$\\{\\s*(?:(?:os|require\\(\\s*${Q}(?:node:)?os${Q}\\s*\\))\\.homedir\\(\\)|process\\.env\\.HOME)\\s*\\}|\\{\\s*(?:(?:pathlib\\.)?Path\\.home\\(\\)|os\\.path\\.expanduser\\(\\s*${Q}~${Q}\\s*\\)|os\\.environ\\[\\s*${Q}HOME${Q}\\s*\\])\\s*\\})([^"\`]*)\\2`,
  "g",
);

/** The code with home-directory APIs interpolated in strings written as the home path. */
function withHomeInterpolated(code: string, home: string): string {
  return code.replace(
    INTERPOLATED_HOME,
    (_whole, _f: string, _q: string, pre: string, post: string) =>
      JSON.stringify(`${pre}${home}${post}`),
  );
}

/** The code with every home-directory API call written as the home path literal. */
function withHomeLiterals(source: string, home: string): string {
  const code = withHomeInterpolated(source, home);
  const literal = JSON.stringify(home);
  if (!HOME_APIS.test(code)) return code;
  HOME_APIS.lastIndex = 0;
  const quoted = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const joined = new RegExp(
    `(?:os\\.path\\.join|path\\.join|File\\.join)\\(\\s*${
      quoted(literal)
    }((?:\\s*,\\s*["'][^"'\\\\]*["'])+)\\s*\\)`,
    "g",
  );
  const appended = /"([^"\\]*)"\s*[+/]\s*["']([^"'\\]*)["']/;
  let out = code.replace(HOME_APIS, literal)
    .replace(joined, (_, parts: string) =>
      JSON.stringify(
        [home, ...[...parts.matchAll(/["']([^"']*)["']/g)].map((m) => m[1])]
          .join("/"),
      ));
  for (let i = 0; i < 8; i++) {
    const m = appended.exec(out);
    if (m === null || !(m[1] ?? "").startsWith(home)) break;
    const tail = m[2] ?? "";
    const path = `${m[1]}${
      tail.startsWith("/") || tail === "" ? "" : "/"
    }${tail}`;
    out = out.slice(0, m.index) + JSON.stringify(path) +
      out.slice(m.index + m[0].length);
  }
  return out;
}

/** Base64 decoding calls on a literal: Python, JavaScript, Ruby, Perl, PHP. */
const DECODE_CALLS =
  /\b(?:(?:base64\.)?(?:b64decode|standard_b64decode|urlsafe_b64decode|decodebytes)|atob|Buffer\.from|Base64\.(?:decode64|strict_decode64)|decode_base64|base64_decode)\(\s*(["'])([A-Za-z0-9+/=_-]+)\1\s*(?:,\s*["']base64["']\s*)?\)/g;

/** The code with base64 literals decoded where it decodes them, so the decoded path or command is judged. */
function withDecodedLiterals(code: string): string {
  return code.replace(DECODE_CALLS, (call, _q: string, text: string) => {
    if (call.startsWith("Buffer.from") && !/base64["']\s*\)$/.test(call)) {
      return call;
    }
    const decoded = decodeBase64(text);
    return decoded === null ? call : JSON.stringify(decoded);
  });
}

export function checkOneLiner(
  name: string,
  source: string,
  cwd: string | null,
  env: Env,
): Verdict {
  const code = withDecodedLiterals(withHomeLiterals(source, env.home));
  if (env.level === "paranoid") {
    return deny(
      "interpreter.one-liner",
      `Paranoid level: ${name} one-liners are blocked. Write the code to a file in the project and run that`,
    );
  }
  if (parseShell(code, { cwd, home: env.home }).ok) {
    const asShell = env.nested(code, cwd, env);
    if (asShell.verdict !== "allow" && !asShell.rule?.startsWith("guard.")) {
      return asShell;
    }
  }
  const literals = stringLiterals(code);
  const runsShell = EXEC_MARKERS.some((m) => code.includes(m));
  const opensFiles = ACCESS_MARKERS.some((m) => code.includes(m));
  for (const lit of literals) {
    const pathLike = lit.text !== "" && !/\s/.test(lit.text);
    if (pathLike && (opensFiles || runsShell)) {
      noteRead(env, lit.text, cwd, name);
    }
    const secret = pathLike &&
      classifySecretPath(lit.text, { cwd, home: env.home });
    if (secret && (opensFiles || runsShell)) {
      return secretVerdict(secret, lit.text);
    }
    if (runsShell && lit.text.includes(" ")) {
      const v = env.nested(lit.text, cwd, env);
      if (v.verdict !== "allow" && !v.rule?.startsWith("guard.")) return v;
      if (runsRecursiveForceDelete(lit.text)) {
        return deny(
          "interpreter.rm-rf",
          `The ${name} code runs rm -rf through a shell call, where its target cannot be checked reliably. Run the rm command directly`,
        );
      }
    }
  }
  for (const marker of DELETE_MARKERS) {
    let from = code.indexOf(marker);
    while (from !== -1) {
      const lit = literals.find((l) => l.at > from);
      if (lit && lit.text !== "") {
        const recursive = ![
          "fs.rm(",
          "rmSync",
          "rmdirSync",
          "removeSync(",
          "Deno.remove(",
        ].includes(marker) ||
          code.includes("recursive");
        const v = recursive
          ? classifyTarget(
            literalWord(lit.text.replace(/^~(?=\/|$)/, env.home)),
            cwd,
            env,
            true,
          )
          : null;
        if (v && v.rule !== "rm.dynamic") return v;
      }
      from = code.indexOf(marker, from + marker.length);
    }
  }
  const loop = checkDeleteLoop(name, code, cwd, env) ??
    checkReverseShell(name, code);
  if (loop) return loop;
  const language = languageOf(name);
  return language === null ? allow() : checkCalls(language, code, cwd, env);
}

/**
 * Checks an interpreter invocation: its one-liner, here-doc or piped code, or
 * the files it is given.
 *
 * @param inv The interpreter invocation.
 * @param cmd The simple command it came from (for here-docs).
 * @param piped Literal text a pipeline feeds it (`echo … | python3`), or null.
 * @param env The analysis environment.
 * @returns The verdict.
 */
export function checkInterpreter(
  inv: Invocation,
  cmd: SimpleCommand,
  piped: string | null,
  env: Env,
): Verdict {
  const flags = codeFlags(inv.name) ?? [];
  const glued = gluedCode(inv, flags);
  if (glued !== null) {
    return checkOneLiner(inv.name, glued, inv.cwd, env);
  }
  for (const statement of timeitCode(inv.args)) {
    const v = checkOneLiner(inv.name, statement, inv.cwd, env);
    if (v.verdict !== "allow") return v;
  }
  const index = codeIndex(inv, flags);
  let code = index === -1 ? stdinCode(inv, cmd) : inv.args[index + 1]?.value;
  const hasScript = inv.args.some((w) =>
    !w.value.startsWith("-") || w.value === "--"
  );
  if (code === undefined && piped !== null && !hasScript) code = piped;
  if (code === undefined) return checkSecretOperands(inv, env) ?? allow();
  const files = index === -1 ? [] : inv.args.slice(index + 2);
  const secret = checkSecretOperands({ ...inv, args: files }, env);
  if (secret) return secret;
  const literal = files.every((w) => !w.dynamic)
    ? withArguments(inv.name, code, files.map((w) => w.value))
    : code;
  return checkOneLiner(inv.name, literal, inv.cwd, env);
}
