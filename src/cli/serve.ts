/**
 * `ctx-mode serve` (also `ctx-mode` with no command): the MCP server on stdio.
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import { parseCommandArgs, UsageError } from "./_args.ts";
import type { Command } from "./_context.ts";
import type { runServer as RunServer } from "./_serve_run.ts";
import { SERVE_RUN_MODULE } from "./cli.ts";

const USAGE = `Usage: ctx-mode serve [--project DIR] [--db PATH]

Start the MCP server on stdin/stdout (what an agent runs). Running ctx-mode with
no command does the same.

Register it with your agents (server, hooks, instructions) with
"ctx-mode install", which writes the command that runs this installation:
the binary, "deno run -q -A jsr:@ctx/mode@<version>", or for a clone
"deno run -q -A --config <clone>/deno.json <clone>/main.ts" (-q: a first
start on a cold cache prints no Download lines into the agent's log).

Options:
  --project DIR  The project (default: the agent's project variable, else cwd)
  --db PATH      Use this database file instead of the project's
  -h, --help     Show this help
`;

/** The `serve` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs("serve", args, {
      project: { type: "string" },
      db: { type: "string" },
    });
    if (positionals.length > 0) {
      throw new UsageError(`Unexpected argument "${positionals[0]}"`, "serve");
    }
    if (context.stdinIsTerminal) {
      await context.err(await terminalHint());
      return 0;
    }
    // A bad --project is refused before the runner loads: loading it loads
    // (and on a cold cache downloads) the MCP SDK, whose `Download` lines
    // would come before the one-line error.
    const { projectFor } = await import("./_store.ts");
    projectFor(values, context, "serve");
    // By computed specifier: `serve --help` and the terminal hint must not
    // load (or download) the MCP SDK that a literal import would pull in.
    const server: { runServer: typeof RunServer } = await import(
      new URL(SERVE_RUN_MODULE, import.meta.url).href
    );
    await server.runServer(values, context);
    return 0;
  },
};

async function terminalHint(): Promise<string> {
  const { commandLine, currentLaunchCommand } = await import(
    "../install/launch_command.ts"
  );
  const launch = currentLaunchCommand(denoJson.version);
  return `ctx-mode is an MCP server: it talks JSON-RPC on stdin/stdout with an AI agent, not with a person.

Register it with your agents instead of running it here (their MCP server, hooks and instructions):
  ${commandLine(launch, ["install"])}
or by hand, with the command that runs this installation:
  claude mcp add ctx-mode -- ${commandLine(launch, ["serve"])}

Run "${commandLine(launch, ["--help"])}" for the other commands.
`;
}
