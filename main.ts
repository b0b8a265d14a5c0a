/**
 * The `ctx-mode` command line: reads the command name, loads that command's
 * module and runs it. Nothing else lives here.
 *
 * @module
 */

import denoJson from "./deno.json" with { type: "json" };
import { UsageError } from "./src/cli/_usage_error.ts";
import {
  type CliContext,
  type Command,
  processContext,
} from "./src/cli/_context.ts";

interface CommandEntry {
  summary: string;
  load: () => Promise<Command>;
}

// Literal import() calls so that `deno compile` embeds each command, and each run loads only its own.
const COMMANDS: Record<string, CommandEntry> = {
  serve: {
    summary: "Start the MCP server on stdio (the default without a command)",
    load: async () => (await import("./src/cli/serve.ts")).command,
  },
  index: {
    summary: "Index files, folders or stdin into the project's knowledge base",
    load: async () => (await import("./src/cli/index.ts")).command,
  },
  search: {
    summary: "Search the knowledge base; one query per argument",
    load: async () => (await import("./src/cli/search.ts")).command,
  },
  exec: {
    summary: "Run code in the sandbox; print only what it prints",
    load: async () => (await import("./src/cli/exec.ts")).command,
  },
  "exec-file": {
    summary: "Analyse a file in the sandbox without printing it",
    load: async () => (await import("./src/cli/exec.ts")).execFileCommand,
  },
  batch: {
    summary: "Run shell commands at once, index their output, answer queries",
    load: async () => (await import("./src/cli/batch.ts")).command,
  },
  doctor: {
    summary: "Check the installation: runtime, SQLite, data home, languages",
    load: async () => (await import("./src/cli/doctor.ts")).command,
  },
  explain: {
    summary: "Show how the safety guard reads a shell command, and its verdict",
    load: async () => (await import("./src/cli/explain.ts")).command,
  },
  audit: {
    summary: "Show the safety guard's latest denies and asks",
    load: async () => (await import("./src/cli/audit.ts")).command,
  },
  fetch: {
    summary: "Fetch URLs into the knowledge base; prints receipts and outlines",
    load: async () => (await import("./src/cli/fetch.ts")).command,
  },
  stats: {
    summary: "Show what the project's knowledge base holds",
    load: async () => (await import("./src/cli/stats.ts")).command,
  },
  session: {
    summary: "Show what session continuity captured: guide, sessions, events",
    load: async () => (await import("./src/cli/session.ts")).command,
  },
  hook: {
    summary: "The hook entry point an agent's hook configuration runs",
    load: async () => (await import("./src/cli/hook.ts")).command,
  },
  purge: {
    summary: "Wipe the project's knowledge base",
    load: async () => (await import("./src/cli/purge.ts")).command,
  },
  version: {
    summary: "Print the version",
    load: async () => (await import("./src/cli/version.ts")).command,
  },
  help: {
    summary: "Show help for ctx-mode or one command",
    load: () => Promise.resolve(helpCommand),
  },
};

const helpCommand: Command = {
  usage:
    "Usage: ctx-mode help [COMMAND]\n\nShow the list of commands, or one command's usage.\n",
  async run(args, context) {
    const [name] = args;
    if (name === undefined) {
      await context.out(overview());
      return 0;
    }
    const entry = COMMANDS[name];
    if (!entry) throw new UsageError(`Unknown command "${name}"`, "");
    await context.out((await entry.load()).usage);
    return 0;
  },
};

function overview(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((name) => name.length));
  const lines = Object.entries(COMMANDS).map(([name, entry]) =>
    `  ${name.padEnd(width)}  ${entry.summary}`
  );
  return `ctx-mode ${denoJson.version}: keep bulky tool output out of an AI agent's context window

Usage: ctx-mode <command> [options]

Commands:
${lines.join("\n")}

Run "ctx-mode <command> --help" for a command's options.
Data home: $CTX_MODE_HOME, default ~/.ctx-mode
`;
}

/**
 * Runs the CLI with `args` and returns the exit code: 0 success, 1 failure, 2 usage error.
 *
 * @param args The arguments after the program name.
 * @param context The outside world; the real process by default.
 * @returns The exit code.
 */
export async function main(
  args: string[],
  context: CliContext = processContext(),
): Promise<number> {
  const [first, ...rest] = args;
  // Internal: the compiled binary re-executes itself to host the JavaScript sandbox; not a listed command.
  if (first === "__sandbox") {
    return await (await import("./src/sandbox/worker_host.ts")).runWorkerHost(
      rest,
    );
  }
  try {
    if (first === undefined) return await main(["serve"], context);
    if (first === "--help" || first === "-h") {
      await context.out(overview());
      return 0;
    }
    if (first === "--version" || first === "-V") {
      return await main(["version"], context);
    }
    const entry = COMMANDS[first];
    if (!entry) {
      throw new UsageError(
        first.startsWith("-")
          ? `Unknown option "${first}"`
          : `Unknown command "${first}"`,
        "",
      );
    }
    const command = await entry.load();
    if (rest.includes("--help") || rest.includes("-h")) {
      await context.out(command.usage);
      return 0;
    }
    return await command.run(rest, context);
  } catch (error) {
    if (error instanceof UsageError) {
      const help = error.command
        ? `ctx-mode ${error.command} --help`
        : "ctx-mode --help";
      await context.err(
        `ctx-mode: ${error.message}\nRun "${help}" for usage.\n`,
      );
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    await context.err(`ctx-mode: ${message.split("\n")[0]}\n`);
    return 1;
  }
}

if (import.meta.main) {
  Deno.exitCode = await main(Deno.args);
}
