/**
 * `ctx-mode purge`: wipes the project's knowledge base after confirmation.
 *
 * @module
 */

import { parseCommandArgs, STORE_OPTIONS, UsageError } from "./_args.ts";
import type { CliContext, Command } from "./_context.ts";
import { openStoreFor } from "./_store.ts";
import { formatCount } from "../store/format_count.ts";

const USAGE = `Usage: ctx-mode purge [--yes]

Remove every indexed source of the project's knowledge base. Asks first on a
terminal; elsewhere --yes is required.

Options:
  -y, --yes      Do not ask
  --project DIR  The project (default: the agent's project variable, else cwd)
  --db PATH      Use this database file instead of the project's
  -h, --help     Show this help
`;

/** The `purge` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs("purge", args, {
      ...STORE_OPTIONS,
      yes: { type: "boolean", short: "y" },
    });
    if (positionals.length > 0) {
      throw new UsageError(`Unexpected argument "${positionals[0]}"`, "purge");
    }
    using kb = openStoreFor(values, context);
    const { sources, chunks } = kb.stats();
    if (sources === 0) {
      await context.out(`Nothing to remove: ${kb.path} holds no sources\n`);
      return 0;
    }
    if (!values.yes) {
      if (!context.stdinIsTerminal) {
        throw new UsageError(
          "Cannot purge without confirmation: pass --yes",
          "purge",
        );
      }
      const question = `Wipe ${formatCount(sources, "source")} (${
        formatCount(chunks, "chunk")
      }) from ${kb.path}? [y/N] `;
      if (!await confirm(question, context)) {
        await context.err("Nothing removed.\n");
        return 1;
      }
    }
    const removed = kb.purge();
    await context.out(
      `Removed ${formatCount(removed.sources, "source")}, ${
        formatCount(removed.chunks, "chunk")
      } (${removed.bytes} bytes) from ${kb.path}\n`,
    );
    return 0;
  },
};

async function confirm(
  question: string,
  context: CliContext,
): Promise<boolean> {
  await context.err(question);
  const reader = context.stdin.getReader();
  try {
    const { value } = await reader.read();
    const answer = new TextDecoder().decode(value ?? new Uint8Array()).trim()
      .toLowerCase();
    return answer === "y" || answer === "yes";
  } finally {
    reader.releaseLock();
  }
}
