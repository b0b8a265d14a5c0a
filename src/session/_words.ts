/**
 * A small shell reader for capture: a command line split into simple
 * commands (at `&&`, `||`, `;`, `|`, `&` and newlines) and each into words,
 * honouring quotes and backslashes. Not a shell parser: no expansions, no
 * subshells; enough to see `git commit -m "…"` or `cd app && npm test`.
 *
 * Pure and bounded: only the first 4,000 characters are read.
 *
 * @module
 */

const MAX_CHARS = 4000;

/**
 * The simple commands of a command line, each as its words.
 *
 * @param command A shell command line.
 * @returns The words of each simple command, empty commands dropped.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { simpleCommands } from "./_words.ts";
 * assert.deepEqual(simpleCommands(`cd app && git commit -m "fix: it's done"`), [
 *   ["cd", "app"],
 *   ["git", "commit", "-m", "fix: it's done"],
 * ]);
 * ```
 */
export function simpleCommands(command: string): string[][] {
  const text = command.slice(0, MAX_CHARS);
  const commands: string[][] = [];
  let words: string[] = [];
  let word = "";
  let inWord = false;
  const endWord = () => {
    if (inWord) words.push(word);
    word = "";
    inWord = false;
  };
  const endCommand = () => {
    endWord();
    if (words.length > 0) commands.push(words);
    words = [];
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === "'") {
      const close = text.indexOf("'", i + 1);
      const end = close === -1 ? text.length : close;
      word += text.slice(i + 1, end);
      inWord = true;
      i = end;
    } else if (char === '"') {
      inWord = true;
      for (i++; i < text.length && text[i] !== '"'; i++) {
        if (text[i] === "\\" && i + 1 < text.length) i++;
        word += text[i];
      }
    } else if (char === "\\" && i + 1 < text.length) {
      i++;
      if (text[i] !== "\n") {
        word += text[i];
        inWord = true;
      }
    } else if (char === ";" || char === "|" || char === "&" || char === "\n") {
      endCommand();
    } else if (char === " " || char === "\t" || char === "\r") {
      endWord();
    } else if (char === "#" && !inWord) {
      const newline = text.indexOf("\n", i);
      i = newline === -1 ? text.length : newline - 1;
    } else {
      word += char;
      inWord = true;
    }
  }
  endCommand();
  return commands;
}

/**
 * The words of a simple command from its program on: leading `VAR=value`
 * assignments and wrappers such as `sudo`, `env`, `time`, `nohup` dropped.
 *
 * @param words The words of one simple command.
 * @returns The program and its arguments.
 */
export function programWords(words: readonly string[]): string[] {
  let start = 0;
  while (start < words.length) {
    const word = words[start]!;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) start++;
    else if (/^(sudo|env|time|nohup|command|exec)$/.test(word)) start++;
    else break;
  }
  return words.slice(start);
}

/**
 * The base name of a program word: `/usr/bin/git` → `git`.
 *
 * @param word A program word.
 * @returns Its last path segment.
 */
export function programName(word: string): string {
  return word.slice(word.lastIndexOf("/") + 1);
}
