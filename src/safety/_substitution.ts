/**
 * The output of a command substitution whose text is knowable without running
 * anything: `$(echo rm)`, `$(printf '%s/.ssh/id_rsa' ~)`, `$(cd ~ && pwd)`,
 * `$(echo cm0= | base64 -d)`. A word made only of such a substitution is
 * judged as the text it stands for, so a program name, a delete target or a
 * secret path cannot hide behind it.
 *
 * Pure: decodes and formats text; never runs anything.
 *
 * @module
 */

import { commandName, literalWord } from "./_context.ts";
import type { SimpleCommand, Word } from "./shell_parse.ts";

/** Commands that print nothing, so they add nothing to a substitution's output. */
const SILENT = new Set(["cd", "true", ":", "export", "set", "unset", "shopt"]);
const WHOLE_SUBSTITUTION = /^"?(?:[$<]\([\s\S]*\)|`[\s\S]*`)"?$/;

/** Decodes base64 text as UTF-8, or null when it is not base64. */
export function decodeBase64(text: string): string | null {
  const clean = text.replace(/\s+/g, "");
  if (clean === "" || !/^[A-Za-z0-9+/_-]+={0,2}$/.test(clean)) return null;
  try {
    const binary = atob(clean.replaceAll("-", "+").replaceAll("_", "/"));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Whether a command decodes base64 from its stdin (`base64 -d`, `base64 --decode`). */
export function isBase64Decoder(c: SimpleCommand): boolean {
  const name = commandName(c.argv[0]);
  const args = c.argv.slice(1).map((w) => w.value);
  if (name === "base64" || name === "gbase64") {
    return args.some((a) => a === "--decode" || /^-[a-zA-Z]*[dD]/.test(a));
  }
  if (name === "openssl") {
    return args.includes("-d") &&
      (args[0] === "base64" || args.includes("-base64") || args.includes("-a"));
  }
  return false;
}

/** printf's output for a format and its arguments (`%s`, `%b`, `%d` and `\n` only). */
function printfText(format: string, args: string[]): string {
  const pattern = /%[-+ #0-9.]*([sbdiu%])/g;
  const uses = [...format.matchAll(pattern)].filter((m) => m[1] !== "%")
    .length;
  let out = "";
  let next = 0;
  do {
    out += format.replace(pattern, (_, kind: string) => {
      if (kind === "%") return "%";
      return args[next++] ?? "";
    });
  } while (uses > 0 && next < args.length);
  return out.replaceAll("\\n", "\n").replaceAll("\\t", "\t");
}

/** The text a command prints, or null when unknown. */
function printed(c: SimpleCommand): string | null {
  const name = commandName(c.argv[0]);
  if (name === "pwd") return c.cwd === null ? null : `${c.cwd}\n`;
  if (name !== "echo" && name !== "printf") return null;
  let args = c.argv.slice(1);
  if (args.some((w) => w.dynamic)) return null;
  if (name === "printf") {
    const [format, ...rest] = args.map((w) => w.value);
    return format === undefined ? "" : printfText(format, rest);
  }
  let newline = "\n";
  while (args[0] && /^-[neE]+$/.test(args[0].value)) {
    if (args[0].value.includes("n")) newline = "";
    args = args.slice(1);
  }
  return args.map((w) => w.value).join(" ") + newline;
}

/**
 * The text a word made only of one command substitution stands for, when that
 * text can be known without running anything; null otherwise.
 *
 * @param w The word.
 * @returns The substitution's output without trailing newlines, or null.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseShell } from "./shell_parse.ts";
 * import { substitutionText } from "./_substitution.ts";
 * const parsed = parseShell('cat "$(echo LmVudg== | base64 -d)"', {});
 * assert.ok(parsed.ok);
 * const word = parsed.commands.at(-1)?.argv[1];
 * assert.equal(word && substitutionText(word), ".env");
 * ```
 */
export function substitutionText(w: Word): string | null {
  const commands = w.substitutions;
  if (!w.dynamic || commands.length === 0 || commands.length > 8) return null;
  if (!WHOLE_SUBSTITUTION.test(w.raw)) return null;
  let out = "";
  for (const c of commands) {
    if (c.pipelineIndex < c.pipelineLength - 1) continue;
    if (c.pipelineIndex > 0) {
      const feeder = commands.find((x) =>
        x.pipeline === c.pipeline && x.pipelineIndex === c.pipelineIndex - 1
      );
      const text = c.pipelineIndex === 1 && feeder && isBase64Decoder(c)
        ? printed(feeder)
        : null;
      const decoded = text === null ? null : decodeBase64(text);
      if (decoded === null) return null;
      out += decoded;
      continue;
    }
    if (c.argv.length === 0 || SILENT.has(commandName(c.argv[0]))) continue;
    const text = printed(c);
    if (text === null) return null;
    out += text;
  }
  return out.replace(/\n+$/, "");
}

/**
 * Replaces each word made only of a knowable command substitution by the
 * words it expands to (split at blanks unless quoted).
 *
 * @param words The command's words.
 * @returns The words, resolved where possible.
 */
export function resolveWords(words: Word[]): Word[] {
  if (!words.some((w) => w.dynamic && w.substitutions.length > 0)) return words;
  return words.flatMap((w) => {
    const text = substitutionText(w);
    if (text === null) return [w];
    if (w.raw.startsWith('"')) return [literalWord(text)];
    return text.split(/\s+/).filter((t) => t !== "").map((t) => literalWord(t));
  });
}
