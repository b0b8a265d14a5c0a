/**
 * The `ctx-mode` command line: reads the command name, loads that command's
 * module and runs it. `main.ts` loads it for everything but a hook the
 * running server answers. Nothing else lives here.
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import { UsageError } from "./_usage_error.ts";
import { type CliContext, type Command, processContext } from "./_context.ts";

/**
 * The server's start, relative to this file, loaded only to serve (in
 * `CLI_MODULES` for `deno compile`). Here, not in `serve.ts`: importing that
 * would have every command (the status line among them) load the
 * argument parser, `node:util` and the launch command.
 */
export const SERVE_RUN_MODULE = "./_serve_run.ts";

/**
 * What `install` and `uninstall` do once their arguments are valid, relative
 * to this file (in `CLI_MODULES`): it loads the config formats' npm packages,
 * which `--help` and a bad option must not.
 */
export const INSTALL_RUN_MODULE = "./_install_run.ts";

interface CommandEntry {
  summary: string;
  /** The module, relative to this file; null for `help`, which lives here. */
  module: string | null;
  /** The module's export. @default {"command"} */
  exportName?: string;
}

const COMMANDS: Record<string, CommandEntry> = {
  serve: {
    summary: "Start the MCP server on stdio (the default without a command)",
    module: "./serve.ts",
  },
  index: {
    summary: "Index files, folders or stdin into the project's knowledge base",
    module: "./index.ts",
  },
  search: {
    summary: "Search the knowledge base; one query per argument",
    module: "./search.ts",
  },
  exec: {
    summary: "Run code in the sandbox; print only what it prints",
    module: "./exec.ts",
  },
  "exec-file": {
    summary: "Analyse a file in the sandbox without printing it",
    module: "./exec.ts",
    exportName: "execFileCommand",
  },
  batch: {
    summary: "Run shell commands at once, index their output, answer queries",
    module: "./batch.ts",
  },
  doctor: {
    summary: "Check the installation: runtime, SQLite, data home, languages",
    module: "./doctor.ts",
  },
  explain: {
    summary: "Show how the safety guard reads a shell command, and its verdict",
    module: "./explain.ts",
  },
  trust: {
    summary: "Trust the project's .ctx-mode.json to switch rules off",
    module: "./trust.ts",
  },
  shrink: {
    summary: "Show what a bulky tool result would shrink to, or why not",
    module: "./shrink.ts",
  },
  audit: {
    summary: "Show the safety guard's latest denies and asks",
    module: "./audit.ts",
  },
  fetch: {
    summary: "Fetch URLs into the knowledge base; prints receipts and outlines",
    module: "./fetch.ts",
  },
  stats: {
    summary: "Show the context savings and what the knowledge base holds",
    module: "./stats.ts",
  },
  statusline: {
    summary: "Print Claude Code's status line: this session's savings",
    module: "./statusline.ts",
  },
  session: {
    summary: "Show what session continuity captured: guide, sessions, events",
    module: "./session.ts",
  },
  install: {
    summary:
      "Register ctx-mode with coding agents (MCP server, hooks, instructions)",
    module: "./install.ts",
  },
  uninstall: {
    summary: "Remove what install registered, leaving other entries untouched",
    module: "./install.ts",
    exportName: "uninstallCommand",
  },
  hook: {
    summary: "The hook entry point an agent's hook configuration runs",
    module: "./hook.ts",
  },
  purge: {
    summary: "Wipe the project's knowledge base",
    module: "./purge.ts",
  },
  version: {
    summary: "Print the version",
    module: "./version.ts",
  },
  help: {
    summary: "Show help for ctx-mode or one command",
    module: null,
  },
};

/** Hosts the JavaScript sandbox inside the compiled binary (the internal `__sandbox` entry). */
const WORKER_HOST = "../sandbox/worker_host.ts";
/** The sandbox host every run happens in, inside the compiled binary (the internal `__host` entry). */
const SANDBOX_HOST = "../sandbox/sandbox_host.ts";

/**
 * The modules `main` loads by computed specifier, relative to this file:
 * every command and the sandbox's hosts (`deno compile` embeds each
 * with `--include`).
 */
export const CLI_MODULES: readonly string[] = [
  ...new Set(
    Object.values(COMMANDS).flatMap((entry) =>
      entry.module === null ? [] : [entry.module]
    ),
  ),
  WORKER_HOST,
  SANDBOX_HOST,
  SERVE_RUN_MODULE,
  INSTALL_RUN_MODULE,
  // `index.ts` loads the HTML converter by computed specifier (its HTML_TO_MARKDOWN_MODULE).
  "../fetch/html_to_markdown.ts",
  // `doctor.ts` loads its registration checks the same way (its REGISTRATION_CHECKS_MODULE).
  "../../adapters/install_checks.ts",
];

/**
 * Loads a command. The specifier is computed, not a literal: `deno run`
 * walks every literal `import()` of a module when it loads it, so literal
 * ones here would read the whole program (and resolve the MCP server's npm
 * packages) on every run, even for a hook's one-line answer.
 * `scripts/compile.ts` passes {@linkcode CLI_MODULES} to `deno compile`
 * with `--include`, so the binary still embeds every command.
 */
async function loadCommand(entry: CommandEntry): Promise<Command> {
  if (entry.module === null) return helpCommand;
  const module = await import(new URL(entry.module, import.meta.url).href);
  return module[entry.exportName ?? "command"] as Command;
}

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
    await context.out((await loadCommand(entry)).usage);
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
    const host: { runWorkerHost(args: string[]): Promise<number> } =
      await import(new URL(WORKER_HOST, import.meta.url).href);
    return await host.runWorkerHost(rest);
  }
  if (first === "__host") {
    const host: { runSandboxHost(args: string[]): Promise<number> } =
      await import(new URL(SANDBOX_HOST, import.meta.url).href);
    return await host.runSandboxHost(rest);
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
    const command = await loadCommand(entry);
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
