/**
 * `ctx-mode serve` (also `ctx-mode` with no command): the MCP server on stdio.
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import { parseCommandArgs, UsageError } from "./_args.ts";
import type { Command } from "./_context.ts";
import { agentSessionId, dataHome } from "../config/paths.ts";
import { databasePathFor, projectFor } from "./_store.ts";
import { existsSync } from "node:fs";

const USAGE = `Usage: ctx-mode serve [--project DIR] [--db PATH]

Start the MCP server on stdin/stdout (what an agent runs). Running ctx-mode with
no command does the same.

Register it with your agents (server, hooks, instructions) with
"ctx-mode install", which writes the command that runs this installation:
the binary, "deno run -A jsr:@ctx/mode@<version>", or for a clone
"deno run -A --config <clone>/deno.json <clone>/main.ts".

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
    const project = projectFor(values, context, "serve");
    const home = dataHome(context.env);
    const { serveStdio } = await import("../server/server.ts");
    const { confinementReport, hideFromSameUser } = await import(
      "../sandbox/mod.ts"
    );
    // Runs are processes of the same user: keep the server's environment out of their reach.
    hideFromSameUser();
    // Which confinement runs get is said at start, so a weaker one is never silent.
    const sandbox = await confinementReport(context.env);
    await context.err(`ctx-mode: sandbox ${sandbox.detail}\n`);
    const { detectPlatform } = await import("../../adapters/detect.ts");
    const { platformDoctor } = await import(
      "../../adapters/platform_checks.ts"
    );
    // Hooks of this project answered by this process, off the tool calls'
    // thread; started beside the server, which does not wait for it.
    const { listenForHooks } = await import(
      "../hook_channel/project_socket.ts"
    );
    const socket = listenForHooks(context.env, {
      dataHome: home,
      projectDir: project,
    });
    void socket.then((started) => {
      if ("reason" in started) {
        context.err(
          `ctx-mode: this server does not answer hooks: ${started.reason}\n`,
        )
          .catch(() => {});
      }
    });
    try {
      await serveStdio({
        projectDir: project,
        dataHome: home,
        databasePath: databasePathFor(values, context, "serve"),
        env: context.env,
        sessionId: agentSessionId(context.env),
        onNote: (line) => void context.err(`ctx-mode: ${line}\n`),
        log: (line) => {
          context.err(`ctx-mode serve: ${line}\n`).catch(() => {});
        },
        describePlatform: (clientName) =>
          detectPlatform({ env: context.env, clientName, exists: existsSync }),
        platformChecks: async (clientName) =>
          (await platformDoctor(context.env, {
            projectDir: project,
            clientName,
          }))
            .checks,
      });
    } finally {
      const started = await socket;
      if (!("reason" in started)) await started.close();
    }
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
