/**
 * `ctx-mode version`: prints the version from `deno.json`.
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import { parseCommandArgs, UsageError } from "./_args.ts";
import type { Command } from "./_context.ts";

/** The `version` command. */
export const command: Command = {
  usage: "Usage: ctx-mode version\n\nPrint the version of ctx-mode.\n",
  async run(args, context) {
    const { positionals } = parseCommandArgs("version", args, {});
    if (positionals.length > 0) {
      throw new UsageError(
        `Unexpected argument "${positionals[0]}"`,
        "version",
      );
    }
    await context.out(`ctx-mode ${denoJson.version}\n`);
    return 0;
  },
};
