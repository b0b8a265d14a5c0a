/**
 * awk programs on the command line: `system(…)` calls and output piped to a
 * command (`print … | "cmd"`) judged as the shell code they run, with awk's
 * own string escapes (`\x20`, `\040`) decoded first.
 *
 * Pure: reads the program text; never runs awk.
 *
 * @module
 */

import {
  allow,
  deny,
  type Env,
  type Invocation,
  type Verdict,
} from "./_context.ts";
import { noteRead, secretVerdict } from "./_secret_access.ts";
import { classifySecretPath } from "./_secrets.ts";
import type { Word } from "./shell_parse.ts";

const AWK_VALUES = "fvF";

/** The program text of an awk command line, or null when it comes from a file. */
function awkProgram(args: Word[]): string | null {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (a === "--") return args[i + 1]?.value ?? null;
    if (!a.startsWith("-") || a === "-") return a;
    if (a === "-f" || a.startsWith("--file")) return null;
    const letter = a[1] ?? "";
    if (AWK_VALUES.includes(letter) && a.length === 2) i++;
  }
  return null;
}

/** The string literal at the start of `text` (after blanks), and what follows it. */
function leadingLiteral(text: string): { value: string; after: string } | null {
  const m = /^\s*"((?:[^"\\]|\\.)*)"/.exec(text);
  if (m === null) return null;
  return { value: awkUnescape(m[1] ?? ""), after: text.slice(m[0].length) };
}

/** An awk string literal's text: `\x20`, `\040`, `\n`, `\t` and escaped characters decoded. */
function awkUnescape(text: string): string {
  const simple: Record<string, string> = { n: "\n", t: "\t", r: "\r" };
  return text.replace(
    /\\(?:x([0-9a-fA-F]{1,2})|([0-7]{1,3})|(.))/g,
    (_, hex?: string, oct?: string, c?: string) =>
      hex !== undefined
        ? String.fromCharCode(parseInt(hex, 16))
        : oct !== undefined
        ? String.fromCharCode(parseInt(oct, 8))
        : simple[c ?? ""] ?? c ?? "",
  );
}

/** Checks awk's output pipes (`print … | "cmd"`): the command, and the text printed into a shell. */
function checkAwkPipes(program: string, inv: Invocation, env: Env): Verdict {
  for (
    const m of program.matchAll(
      /(print|printf)\b([^|;}]*)\|\s*"((?:[^"\\]|\\.)*)"(?!\s*\|?\s*getline)/g,
    )
  ) {
    const command = awkUnescape(m[3] ?? "");
    const v = env.nested(command, inv.cwd, env);
    if (v.verdict !== "allow") return v;
    if (!/^\s*(?:ba|z|da|k)?sh(?:\s+-s)?\s*$/.test(command)) continue;
    const printed = leadingLiteral(m[2] ?? "");
    if (printed === null || printed.after.trim() !== "") {
      return deny(
        "awk.system-dynamic",
        "awk prints text built at run time into a shell, which runs it unchecked. Run the commands directly in the shell",
      );
    }
    const code = env.nested(printed.value, inv.cwd, env);
    if (code.verdict !== "allow") return code;
  }
  return allow();
}

/**
 * Checks an awk program: the commands its `system()` and `| getline` run and
 * the files its `getline <` reads; a command built at run time cannot be checked.
 */
export function checkAwk(inv: Invocation, env: Env): Verdict {
  const program = awkProgram(inv.args);
  if (program === null) return allow();
  for (const m of program.matchAll(/\bsystem\s*\(/g)) {
    const lit = leadingLiteral(program.slice((m.index ?? 0) + m[0].length));
    if (lit === null || !/^\s*\)/.test(lit.after)) {
      return deny(
        "awk.system-dynamic",
        "awk's system() runs a command built at run time, which cannot be checked. Run the command directly in the shell",
      );
    }
    const v = env.nested(lit.value, inv.cwd, env);
    if (v.verdict !== "allow") return v;
  }
  for (const m of program.matchAll(/"((?:[^"\\]|\\.)*)"\s*\|\s*getline/g)) {
    const v = env.nested(awkUnescape(m[1] ?? ""), inv.cwd, env);
    if (v.verdict !== "allow") return v;
  }
  const piped = checkAwkPipes(program, inv, env);
  if (piped.verdict !== "allow") return piped;
  for (const m of program.matchAll(/getline[^<;}]*<\s*"((?:[^"\\]|\\.)*)"/g)) {
    const path = m[1] ?? "";
    noteRead(env, path, inv.cwd, inv.name);
    const secret = classifySecretPath(path, { cwd: inv.cwd, home: env.home });
    if (secret) return secretVerdict(secret, path);
  }
  return allow();
}
