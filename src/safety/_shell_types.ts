/**
 * The shapes the shell parser produces: words with their provenance,
 * redirections and heredocs, and the simple commands a command line runs.
 *
 * Types only; `shell_parse.ts` is where callers import them from.
 *
 * @module
 */

/** One shell word after quote removal, with its provenance. */
export interface Word {
  /** The word after quote removal; dynamic parts are kept as written (`$X`, `*`). */
  value: string;
  /** The source text of the word. */
  raw: string;
  /** Whether the word's value depends on run time: variables, substitutions, globs, braces. */
  dynamic: boolean;
  /** The literal text before the first dynamic part (the whole value when literal). */
  literalPrefix: string;
  /** Whether any part of the word was quoted or escaped. */
  quoted: boolean;
  /** The simple commands run by substitutions inside this word. */
  substitutions: SimpleCommand[];
  /** The literal values a word made only of a loop variable takes (`$c` in `for c in ls rm`). */
  alternatives?: string[];
}

/** A redirection operator. */
export type RedirectOperator =
  | "<"
  | ">"
  | ">>"
  | ">|"
  | "<>"
  | "<&"
  | ">&"
  | "&>"
  | "&>>"
  | "<<"
  | "<<-"
  | "<<<";

/** The body of a heredoc. */
export interface Heredoc {
  /** The delimiter after quote removal. */
  delimiter: string;
  /** Whether the delimiter was quoted (the body is then literal data). */
  quoted: boolean;
  /** Whether the operator was `<<-` (leading tabs stripped). */
  stripTabs: boolean;
  /** The body text, without the delimiter line. */
  body: string;
}

/** One redirection of a command. */
export interface Redirect {
  /** The operator. */
  op: RedirectOperator;
  /** The explicit file descriptor (`2>`), or null. */
  fd: number | null;
  /** The target word; null for heredocs. */
  target: Word | null;
  /** The heredoc, for `<<` and `<<-`. */
  heredoc: Heredoc | null;
}

/** One simple command as the shell would run it. */
export interface SimpleCommand {
  /** The command words: name and arguments. */
  argv: Word[];
  /** Leading `NAME=value` assignments. */
  assignments: Word[];
  /** Redirections, in order. */
  redirects: Redirect[];
  /** The absolute directory it runs in, or null when an earlier `cd` made it unknowable. */
  cwd: string | null;
  /** Whether it runs inside `$(…)`, backticks or a process substitution. */
  inSubstitution: boolean;
  /** An identifier shared by the commands of one pipeline. */
  pipeline: number;
  /** Its position in the pipeline (0 for the first). */
  pipelineIndex: number;
  /** How many commands the pipeline has. */
  pipelineLength: number;
  /** Whether the pipeline is sent to the background with `&`. */
  background: boolean;
  /** The innermost function whose body holds it, or null. */
  functionName: string | null;
}
