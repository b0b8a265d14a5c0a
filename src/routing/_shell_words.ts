/**
 * A small, quote-aware splitter of shell command lines into simple commands,
 * words and redirections — just enough for routing to see which programs run
 * and where their output goes.
 *
 * It must never execute, expand or judge anything: no globbing, no variable
 * or command substitution (`$(…)` and backticks stay inside their word),
 * and heredoc bodies are not read. It is not the safety parser and must not be
 * used to decide whether a command is safe.
 *
 * @module
 */

/** The operator that ends a simple command. */
export type ShellOperator = "|" | "&&" | "||" | ";" | "&";

/** A redirection such as `> out.txt`, `2>&1` or `&>/dev/null`. */
export interface ShellRedirect {
  /** The operator: `>`, `>>`, `>|`, `<`, `<<`, `<<<`, `&>`, `&>>`, `>&`, `<&`. */
  op: string;
  /** The file descriptor written before the operator, if any (`2` in `2>`). */
  fd?: number;
  /** The file, the duplicated descriptor (`1` in `2>&1`) or the heredoc word. */
  target: string;
}

/** One simple command: its words (quotes removed) and redirections. */
export interface ShellCommand {
  /** The words, with quotes and escapes removed. */
  words: string[];
  /** The redirections, in order. */
  redirects: ShellRedirect[];
  /** The operator after this command; absent for the last one. */
  next?: ShellOperator;
}

interface Pending {
  op: string;
  fd?: number;
}

/**
 * Splits a command line into simple commands at `|`, `&&`, `||`, `;`, `&`
 * and newlines, honouring single quotes, double quotes and backslashes.
 *
 * @param line The command line.
 * @returns The simple commands in order; empty ones are dropped.
 * @throws {SyntaxError} On an unterminated quote or substitution.
 */
export function shellCommands(line: string): ShellCommand[] {
  const commands: ShellCommand[] = [];
  let words: string[] = [];
  let redirects: ShellRedirect[] = [];
  let word: string | undefined;
  let wordQuoted = false;
  let pending: Pending | undefined;
  let i = 0;

  function endWord(): void {
    if (word === undefined) return;
    if (pending) {
      redirects.push(
        pending.fd === undefined
          ? { op: pending.op, target: word }
          : { op: pending.op, fd: pending.fd, target: word },
      );
      pending = undefined;
    } else {
      words.push(word);
    }
    word = undefined;
    wordQuoted = false;
  }

  function endCommand(next?: ShellOperator): void {
    endWord();
    if (words.length > 0 || redirects.length > 0) {
      commands.push(next ? { words, redirects, next } : { words, redirects });
    } else if (next && commands.length > 0) {
      const last = commands[commands.length - 1];
      if (last && !last.next) last.next = next;
    }
    words = [];
    redirects = [];
  }

  function fail(state: string): never {
    throw new SyntaxError(`Cannot split "${line}": ${state}`);
  }

  /** Returns the index of the `)` that closes the `(` at `start`, quotes respected. */
  function closingParen(start: number): number {
    let depth = 0;
    for (let j = start; j < line.length; j++) {
      const c = line[j];
      if (c === "\\") {
        j++;
      } else if (c === "'" || c === '"') {
        const end = line.indexOf(c, j + 1);
        if (end < 0) fail("unterminated quote");
        j = end;
      } else if (c === "(") {
        depth++;
      } else if (c === ")" && --depth === 0) {
        return j;
      }
    }
    return fail("unterminated substitution");
  }

  while (i < line.length) {
    const c = line[i] as string;
    const next = line[i + 1];
    if (c === " " || c === "\t") {
      endWord();
      i++;
    } else if (c === "\n") {
      endCommand(";");
      i++;
    } else if (c === "#" && word === undefined) {
      const end = line.indexOf("\n", i);
      i = end < 0 ? line.length : end;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) fail("unterminated single quote");
      word = (word ?? "") + line.slice(i + 1, end);
      wordQuoted = true;
      i = end + 1;
    } else if (c === '"') {
      let text = "";
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) {
        const d = line[j] as string;
        if (d === "\\" && j + 1 < line.length) {
          const e = line[j + 1] as string;
          if ('"\\$`'.includes(e)) text += e;
          else if (e !== "\n") text += d + e;
          j++;
        } else if (d === "$" && line[j + 1] === "(") {
          const end = closingParen(j + 1);
          text += line.slice(j, end + 1);
          j = end;
        } else {
          text += d;
        }
      }
      if (j >= line.length) fail("unterminated double quote");
      word = (word ?? "") + text;
      wordQuoted = true;
      i = j + 1;
    } else if (c === "\\") {
      if (next === "\n") {
        i += 2;
        continue;
      }
      word = (word ?? "") + (next ?? "");
      wordQuoted = true;
      i += 2;
    } else if (c === "$" && next === "(") {
      const end = closingParen(i + 1);
      word = (word ?? "") + line.slice(i, end + 1);
      i = end + 1;
    } else if (c === "`") {
      const end = line.indexOf("`", i + 1);
      if (end < 0) fail("unterminated backquote");
      word = (word ?? "") + line.slice(i, end + 1);
      i = end + 1;
    } else if (c === "|") {
      endCommand(next === "|" ? "||" : "|");
      i += next === "|" || next === "&" ? 2 : 1;
    } else if (c === "&") {
      if (next === "&") {
        endCommand("&&");
        i += 2;
      } else if (next === ">") {
        endWord();
        const append = line[i + 2] === ">";
        pending = { op: append ? "&>>" : "&>" };
        i += append ? 3 : 2;
      } else {
        endCommand("&");
        i++;
      }
    } else if (c === ";") {
      endCommand(";");
      i += next === ";" ? 2 : 1;
    } else if (c === "(" || c === ")" || (c === "{" && word === undefined)) {
      endWord();
      i++;
    } else if (c === ">" || c === "<") {
      let fd: number | undefined;
      if (word !== undefined && !wordQuoted && /^\d+$/.test(word)) {
        fd = Number(word);
        word = undefined;
      }
      endWord();
      let op: string = c;
      i++;
      const rest = line.slice(i);
      const more = c === ">" ? /^(>|\||&)/.exec(rest) : /^(<<|<|&)/.exec(rest);
      if (more) {
        op += more[1];
        i += (more[1] as string).length;
      }
      if (op.endsWith("&")) {
        const dup = /^\s*(\d+|-)/.exec(line.slice(i));
        if (dup) {
          redirects.push(
            fd === undefined
              ? { op, target: dup[1] as string }
              : { op, fd, target: dup[1] as string },
          );
          i += dup[0].length;
          continue;
        }
      }
      pending = fd === undefined ? { op } : { op, fd };
    } else {
      word = (word ?? "") + c;
      i++;
    }
  }
  endCommand();
  return commands;
}
