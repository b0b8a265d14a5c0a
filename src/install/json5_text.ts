/**
 * Edits of JSON5 files (OpenClaw's `openclaw.json`) with the JSONC engine,
 * every other byte kept: the text is read as a JSONC "shadow" in which each
 * JSON5-only token (an unquoted key, a single-quoted string, a hex number,
 * `Infinity`) is written as JSON; the edit is made on the shadow, and the
 * one span it changed is put back into the original text, so comments,
 * unquoted keys, quotes and trailing commas outside that span stay as they
 * were. What ctx-mode adds is plain JSON, which is JSON5 too.
 *
 * Works on text; never touches the disk.
 *
 * @module
 */

import JSON5 from "json5";

/** One token of the original text and its JSON spelling in the shadow. */
interface Token {
  /** Offset in the original. */
  start: number;
  /** Its length in the original. */
  length: number;
  /** Offset in the shadow. */
  at: number;
  /** Its text in the shadow. */
  json: string;
}

/** The original text read as JSONC, with the tokens that were rewritten. */
interface Shadow {
  text: string;
  tokens: Token[];
}

const IDENTIFIER = /[$_\p{ID_Start}\\][$_\u200C\u200D\p{ID_Continue}\\]*/uy;
const NUMBER =
  /[+-]?(?:0[xX][0-9a-fA-F]+|Infinity|NaN|(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)/y;
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

function stringEnd(text: string, start: number): number {
  const quote = text[start];
  let i = start + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === "\\" ? 2 : 1;
  return i + 1;
}

/** The next token's JSON spelling, or undefined when it is JSON already. */
function rewrite(
  text: string,
  i: number,
  afterKeyPlace: boolean,
): { length: number; json?: string } {
  const c = text[i] as string;
  if (c === '"' || c === "'") {
    const end = stringEnd(text, i);
    const token = text.slice(i, end);
    const json = JSON.stringify(JSON5.parse(token));
    return json === token ? { length: end - i } : { length: end - i, json };
  }
  NUMBER.lastIndex = i;
  const number = /[+\-.\d]/.test(c) || /^(Infinity|NaN)/.test(text.slice(i))
    ? NUMBER.exec(text)
    : null;
  if (number && !afterKeyPlace) {
    const token = number[0];
    if (JSON_NUMBER.test(token)) return { length: token.length };
    const value = JSON5.parse(token) as number;
    return {
      length: token.length,
      json: Number.isFinite(value) ? String(value) : "null",
    };
  }
  IDENTIFIER.lastIndex = i;
  const word = IDENTIFIER.exec(text);
  if (word) {
    const token = word[0];
    if (afterKeyPlace) {
      // An unquoted key (escapes read as JSON5 reads them).
      const key = Object.keys(JSON5.parse(`{${token}:0}`))[0] ?? token;
      return { length: token.length, json: JSON.stringify(key) };
    }
    return ["true", "false", "null"].includes(token)
      ? { length: token.length }
      : { length: token.length, json: "null" };
  }
  return { length: 1 };
}

/** Reads a JSON5 text (which must parse) as JSONC. */
function shadowOf(text: string): Shadow {
  const tokens: Token[] = [];
  let out = "";
  let i = 0;
  // Whether the next token is a key: after `{` or after a `,` inside an object.
  const stack: string[] = [];
  let keyPlace = false;
  while (i < text.length) {
    const c = text[i] as string;
    if (text.startsWith("//", i)) {
      const end = text.indexOf("\n", i);
      const stop = end < 0 ? text.length : end;
      out += text.slice(i, stop);
      i = stop;
      continue;
    }
    if (text.startsWith("/*", i)) {
      const stop = text.indexOf("*/", i + 2) + 2;
      out += text.slice(i, stop);
      i = stop;
      continue;
    }
    if (/\s/.test(c)) {
      // JSON5 white space JSONC may not know (no-break space, BOM): a space.
      out += /[ \t\r\n]/.test(c) ? c : " ";
      i++;
      continue;
    }
    if ("{[".includes(c)) {
      stack.push(c);
      keyPlace = c === "{";
    } else if ("}]".includes(c)) {
      stack.pop();
      keyPlace = false;
    } else if (c === ",") keyPlace = stack.at(-1) === "{";
    else if (c === ":") keyPlace = false;
    if ("{}[],:".includes(c)) {
      out += c;
      i++;
      continue;
    }
    const { length, json } = rewrite(text, i, keyPlace);
    keyPlace = false;
    if (json !== undefined) {
      tokens.push({ start: i, length, at: out.length, json });
      out += json;
    } else out += text.slice(i, i + length);
    i += length;
  }
  return { text: out, tokens };
}

/**
 * The original offset of a shadow offset, and whether it falls inside a
 * rewritten token (then the token's bounds, to widen a span to).
 */
function toOriginal(
  shadow: Shadow,
  offset: number,
): { offset: number; inside?: Token } {
  let delta = 0;
  for (const token of shadow.tokens) {
    if (token.at >= offset) break;
    if (offset < token.at + token.json.length) {
      return { offset: token.start, inside: token };
    }
    delta += token.json.length - token.length;
  }
  return { offset: offset - delta };
}

/**
 * Parses a JSON5 text.
 *
 * @throws {SyntaxError} `Cannot read "<file>": <error> at line N`.
 */
export function parseJson5(text: string, file: string): unknown {
  try {
    return JSON5.parse(text);
  } catch (error) {
    const found = /^JSON5: (.*) at (\d+):\d+$/.exec((error as Error).message);
    throw new SyntaxError(
      `Cannot read "${file}": ${found?.[1] ?? (error as Error).message}${
        found ? ` at line ${found[2]}` : ""
      }`,
    );
  }
}

/**
 * Edits a JSON5 text with a JSONC edit, keeping every byte outside the span
 * the edit changed.
 *
 * @param text The file's JSON5 text.
 * @param file The file's name, for errors.
 * @param editJsonc The edit, on the text read as JSONC.
 * @returns The edited JSON5 text.
 * @throws {SyntaxError} When the text is not JSON5 (`Cannot read "<file>": … at line N`).
 */
export function editJson5(
  text: string,
  file: string,
  editJsonc: (jsonc: string) => string,
): string {
  const value = parseJson5(text, file);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new SyntaxError(
      `Cannot read "${file}": the top level is not an object at line 1`,
    );
  }
  const shadow = shadowOf(text);
  const edited = editJsonc(shadow.text);
  if (edited === shadow.text) return text;
  let head = 0;
  const limit = Math.min(shadow.text.length, edited.length);
  while (head < limit && shadow.text[head] === edited[head]) head++;
  let tail = 0;
  while (
    tail < limit - head &&
    shadow.text[shadow.text.length - 1 - tail] ===
      edited[edited.length - 1 - tail]
  ) tail++;
  // Widened to whole tokens on both sides (the same bytes in both texts).
  const start = toOriginal(shadow, head);
  if (start.inside) head = start.inside.at;
  let endAt = shadow.text.length - tail;
  const end = toOriginal(shadow, endAt);
  if (end.inside) {
    const widen = end.inside.at + end.inside.json.length - endAt;
    endAt += widen;
    tail -= widen;
  }
  const from = start.inside ? start.inside.start : start.offset;
  const to = end.inside
    ? end.inside.start + end.inside.length
    : toOriginal(shadow, endAt).offset;
  return text.slice(0, from) + edited.slice(head, edited.length - tail) +
    text.slice(to);
}
