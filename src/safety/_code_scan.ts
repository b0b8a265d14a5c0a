/**
 * Reads program text of Python, JavaScript/TypeScript, Ruby, Perl and PHP as
 * far as the guard needs: its string literals (which parts are only known at
 * run time, which run a shell), masked so the calls around them can be found
 * (`_code_calls.ts`), comments skipped. Not a parser: text it cannot follow yields fewer calls, never an
 * exception.
 *
 * Pure: reads code as text; never runs it.
 *
 * @module
 */

/** The languages whose code is read. */
export type CodeLanguage = "python" | "javascript" | "ruby" | "perl" | "php";

/** A string literal. */
export interface Literal {
  /** Its value, escapes resolved roughly; interpolations kept as written. */
  text: string;
  /** Whether part of it is only known at run time (`f"{x}"`, `${x}`, `"#{x}"`, `"$x"`). */
  dynamic: boolean;
  /** The text before the first interpolation. */
  prefix: string;
  /** Whether the language runs it as a shell command (backticks, `%x{}`, `qx{}`, `` $`…` ``). */
  exec: boolean;
  /** Whether it is a word list (`qw(…)`, `%w[…]`). */
  words: boolean;
}

/** One argument of a call, as written, literals masked. */
export interface Arg {
  /** The masked text (each literal is `\u0001` followed by `\u0002`s). */
  text: string;
  /** Where it starts in the code. */
  start: number;
  /** The keyword, for `name=value` (Python) or `name: value` arguments. */
  keyword: string | null;
}

/** One call of a named function or method. */
export interface Call {
  /** The name as written, blanks removed and `::`/`->` read as `.` (`shutil.rmtree`, `new Deno.Command`). */
  name: string;
  /** The arguments. */
  args: Arg[];
  /** The call this is a method of (`Path(".git")` in `Path(".git").unlink()`), or null. */
  receiver: { name: string; args: Arg[] } | null;
}

/** Code with its literals and comments found. */
export interface Scanned {
  /** The code, comments blanked, literals masked (same length). */
  masked: string;
  /** Literals by start offset. */
  literals: Map<number, Literal>;
  /** The literals in order. */
  list: Literal[];
}

export const OPEN = "\u0001";
export const FILL = "\u0002";
const PAIRS: Record<string, string> = {
  "(": ")",
  "[": "]",
  "{": "}",
  "<": ">",
};

function hashComments(language: CodeLanguage): boolean {
  return language !== "javascript";
}

function slashComments(language: CodeLanguage): boolean {
  return language === "javascript" || language === "php";
}

/** Where a quoted literal ends, and its value. */
function readQuoted(
  code: string,
  from: number,
  close: string,
  raw: boolean,
  open = "",
): { end: number; text: string } {
  let text = "";
  let depth = 0;
  let i = from;
  for (; i < code.length; i++) {
    const c = code[i]!;
    if (c === "\\" && !raw) {
      const n = code[i + 1] ?? "";
      text += n === "n" ? "\n" : n === "t" ? "\t" : n;
      i++;
      continue;
    }
    if (open !== "" && c === open) depth++;
    else if (c === close) {
      if (depth === 0) break;
      depth--;
    }
    text += c;
  }
  return { end: Math.min(i + 1, code.length), text };
}

function interpolation(
  text: string,
  language: CodeLanguage,
  quote: string,
  prefix: string,
): number {
  if (quote === "'" && language !== "javascript" && language !== "python") {
    return -1;
  }
  const patterns: Record<CodeLanguage, RegExp | null> = {
    python: /f/i.test(prefix) ? /\{(?!\{)/ : null,
    javascript: quote === "`" ? /\$\{/ : null,
    ruby: /#\{/,
    perl: /[$@][\w{:]/,
    php: /\$[\w{]/,
  };
  const re = patterns[language];
  return re === null ? -1 : text.search(re);
}

/** The characters where a comment or literal can start, per language. */
const INTERESTING: Record<CodeLanguage, RegExp> = {
  python: /['"`#]/g,
  javascript: /['"`/]/g,
  ruby: /['"`#%]/g,
  perl: /['"`#q]/g,
  php: /['"`#/]/g,
};

/**
 * Finds the literals of code and blanks its comments.
 *
 * @param code The program text.
 * @param language Its language.
 * @returns The masked text and the literals.
 */
export function scanCode(code: string, language: CodeLanguage): Scanned {
  const out: string[] = [];
  let copied = 0;
  const literals = new Map<number, Literal>();
  const list: Literal[] = [];
  const blank = (from: number, to: number) => {
    out.push(
      code.slice(copied, from),
      code.slice(from, to).replace(/[^\n]/g, " "),
    );
    copied = to;
  };
  const add = (start: number, end: number, lit: Literal) => {
    literals.set(start, lit);
    list.push(lit);
    out.push(
      code.slice(copied, start),
      OPEN + FILL.repeat(Math.max(0, end - start - 1)),
    );
    copied = end;
  };
  const interesting = INTERESTING[language];
  let i = 0;
  while (i < code.length) {
    const c = code[i]!;
    const next = code[i + 1] ?? "";
    const before = code[i - 1] ?? "";
    if (
      (hashComments(language) && c === "#" && before !== "$" &&
        !(language === "ruby" && next === "{")) ||
      (slashComments(language) && c === "/" && next === "/")
    ) {
      const end = code.indexOf("\n", i);
      blank(i, end === -1 ? code.length : end);
      i = end === -1 ? code.length : end;
      continue;
    }
    if (slashComments(language) && c === "/" && next === "*") {
      const end = code.indexOf("*/", i + 2);
      const stop = end === -1 ? code.length : end + 2;
      blank(i, stop);
      i = stop;
      continue;
    }
    const perlQuote = language === "perl" && c === "q" &&
      !/[\w$@%&]/.test(before);
    const rubyQuote = language === "ruby" && c === "%" && /[qQwWx]/.test(next);
    if (perlQuote || rubyQuote) {
      const letter = rubyQuote ? next : /[qwx]/.test(next) ? next : "";
      let at = i + 1 + letter.length;
      while (code[at] === " ") at++;
      const delim = code[at] ?? "";
      if (delim !== "" && !/[\w\s,;=)]/.test(delim)) {
        const close = PAIRS[delim] ?? delim;
        const { end, text } = readQuoted(
          code,
          at + 1,
          close,
          false,
          PAIRS[delim] ? delim : "",
        );
        const lower = letter.toLowerCase();
        add(i, end, {
          text,
          dynamic: false,
          prefix: text,
          exec: lower === "x",
          words: lower === "w",
        });
        i = end;
        continue;
      }
    }
    if (c === "'" || c === '"' || c === "`") {
      const prefixMatch = language === "python"
        ? /[rRbBuUfF]{1,2}$/.exec(code.slice(Math.max(0, i - 2), i))
        : null;
      const prefix =
        prefixMatch && !/\w/.test(code[i - prefixMatch[0].length - 1] ?? "")
          ? prefixMatch[0]
          : "";
      const triple = language === "python" && code.startsWith(c.repeat(3), i);
      let end: number;
      let text: string;
      if (triple) {
        const close = code.indexOf(c.repeat(3), i + 3);
        end = close === -1 ? code.length : close + 3;
        text = code.slice(i + 3, close === -1 ? code.length : close);
      } else {
        ({ end, text } = readQuoted(code, i + 1, c, /r/i.test(prefix)));
      }
      const at = interpolation(text, language, c, prefix);
      const start = i - prefix.length;
      const execTag = language === "javascript" && c === "`" &&
        /\$\s*$|Bun\.\$\s*$/.test(code.slice(Math.max(0, start - 6), start));
      add(start, end, {
        text,
        dynamic: at !== -1,
        prefix: at === -1 ? text : text.slice(0, at),
        exec: c === "`" && (language !== "javascript" || execTag) &&
          language !== "python",
        words: false,
      });
      i = end;
      continue;
    }
    interesting.lastIndex = i + 1;
    i = interesting.test(code) ? interesting.lastIndex - 1 : code.length;
  }
  out.push(code.slice(copied));
  return { masked: out.join(""), literals, list };
}
