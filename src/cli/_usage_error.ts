/**
 * The error of a command called the wrong way. Its own module, free of
 * imports, so that `main.ts` and the hook path load no argument parser.
 *
 * @module
 */

/** A mistake in how a command was called; printed without a stack, exit code 2. */
export class UsageError extends Error {
  /** The command whose `--help` explains the right usage. */
  readonly command: string;

  constructor(message: string, command: string) {
    super(message);
    this.name = "UsageError";
    this.command = command;
  }
}
