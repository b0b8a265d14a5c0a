/**
 * The positional parameters of `sh -c 'code' name arg…`: the words after the
 * code are typed in the command, so `$0`, `$1`, `${2}`, `"$@"` and `$*` in
 * the code are replaced by them before the code is judged
 * (`bash -c '"$@"' _ rm -rf /` runs `rm -rf /`).
 *
 * Pure text rewriting: never runs or expands anything else.
 *
 * @module
 */

import type { Word } from "./shell_parse.ts";

/** The variable a positional argument known only at run time becomes. */
const UNKNOWN = "CTX_MODE_ARG";

/** Shell-quotes a value for the place it lands: bare (single-quoted) or inside double quotes. */
function quote(value: string, inDouble: boolean): string {
  if (inDouble) return value.replace(/[\\"$`]/g, (c) => `\\${c}`);
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

/** One argument as shell text: its value quoted, or its literal prefix and a run-time variable. */
function argText(w: Word, inDouble: boolean): string {
  if (!w.dynamic) return quote(w.value, inDouble);
  const prefix = w.literalPrefix === "" ? "" : quote(w.literalPrefix, inDouble);
  return `${prefix}\${${UNKNOWN}}`;
}

/** The characters an `IFS=…` assignment in the code sets, or null. */
function ifsOf(code: string): string | null {
  const m = /(?:^|[\s;])IFS=(?:'([^']*)'|"([^"]*)"|([^\s;]*))/.exec(code);
  if (m === null) return null;
  return m[1] ?? m[2] ?? m[3] ?? null;
}

/** The text `$@`/`$*` stands for: quoted words, one per argument or split at IFS when bare. */
function allArgs(
  args: Word[],
  joined: boolean,
  inDouble: boolean,
  ifs: string | null,
): string {
  if (inDouble) {
    return joined
      ? args.map((a) => argText(a, true)).join(" ")
      : args.map((a) => `"${argText(a, true)}"`).join(" ").replace(
        /^"|"$/g,
        "",
      );
  }
  const pieces: string[] = [];
  for (const a of args) {
    if (a.dynamic) {
      pieces.push(argText(a, false));
      continue;
    }
    const separators = `${ifs ?? ""} \t\n`;
    let piece = "";
    for (const c of a.value) {
      if (separators.includes(c)) {
        if (piece !== "") pieces.push(quote(piece, false));
        piece = "";
      } else piece += c;
    }
    if (piece !== "") pieces.push(quote(piece, false));
  }
  return pieces.join(" ");
}

/**
 * Replaces the positional parameters in shell code by the words given after
 * it (`$0` is the first of them), respecting quotes: nothing changes inside
 * single quotes, values are escaped inside double quotes.
 *
 * @param code The code given to `sh -c`.
 * @param words The words after the code: `$0`, then `$1`…
 * @returns The code with the parameters replaced; unchanged when it has none.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { literalWord } from "./_context.ts";
 * import { substitutePositional } from "./_positional.ts";
 * const words = ["_", "rm", "-rf", "/"].map(literalWord);
 * assert.equal(substitutePositional('"$@"', words), '"rm" "-rf" "/"');
 * ```
 */
export function substitutePositional(code: string, words: Word[]): string {
  if (
    !code.includes("$") ||
    /(?:^|[\s;&|(])set\s+(?:--|[-+]\w*\s+[^-\s])/.test(code)
  ) {
    return code;
  }
  const args = words.slice(1);
  const ifs = ifsOf(code);
  let out = "";
  let inDouble = false;
  for (let i = 0; i < code.length; i++) {
    const c = code[i] as string;
    if (c === "\\") {
      out += code.slice(i, i + 2);
      i++;
      continue;
    }
    if (c === "'" && !inDouble) {
      const end = code.indexOf("'", i + 1);
      const stop = end === -1 ? code.length : end + 1;
      out += code.slice(i, stop);
      i = stop - 1;
      continue;
    }
    if (c === '"') {
      inDouble = !inDouble;
      out += c;
      continue;
    }
    if (c !== "$") {
      out += c;
      continue;
    }
    const m = /^\$(?:\{([0-9]+|[@*#])\}|([0-9@*#]))/.exec(code.slice(i));
    if (m === null) {
      out += c;
      continue;
    }
    const name = m[1] ?? m[2] ?? "";
    i += m[0].length - 1;
    if (name === "#") out += String(args.length);
    else if (name === "@" || name === "*") {
      out += allArgs(args, name === "*", inDouble, ifs);
    } else {
      const w = words[Number(name)];
      if (w !== undefined) {
        out += inDouble ? argText(w, true) : allArgs([w], false, false, ifs);
      }
    }
  }
  return out;
}
