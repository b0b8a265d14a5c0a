/**
 * `ctx-mode install [agent…]` and `ctx-mode uninstall [agent…]`: register
 * ctx-mode's MCP server, hooks and routing instructions with coding agents,
 * in each agent's own files and format, with the command that runs this
 * installation; or remove exactly that again.
 *
 * This module reads and checks the arguments only: it loads no npm package,
 * so `--help` and a bad option never download. The work lives in
 * `_install_run.ts`, loaded once the arguments are valid, after its npm
 * packages are cached quietly in a subprocess (a cold cache would otherwise
 * print a `Download` line per package).
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import { parseCommandArgs, UsageError } from "./_args.ts";
import type { CliContext, Command } from "./_context.ts";
import { INSTALL_RUN_MODULE } from "./cli.ts";
import { currentLaunchCommand } from "../install/launch_command.ts";
import type { Scope } from "../install/types.ts";
type Mode = "install" | "uninstall";
import { cacheModules } from "../install/warm_cache.ts";
import { INSTALL_NAMES } from "../../adapters/install_names.ts";

const OPTIONS = {
  project: { type: "boolean" },
  user: { type: "boolean" },
  yes: { type: "boolean", short: "y" },
  "dry-run": { type: "boolean" },
} as const;

function usage(mode: Mode): string {
  const verb = mode === "install" ? "install" : "uninstall";
  const what = mode === "install"
    ? `Register ctx-mode with coding agents: its MCP server where the agent reads
it, its hooks (for agents ctx-mode has a hook adapter for) and the routing
instructions block, each in the agent's own file and format, with the command
that runs this installation. Installing twice changes nothing.`
    : `Remove what "ctx-mode install" wrote: ctx-mode's MCP server entry, its hooks
and its instructions block. Entries of other tools are never touched; files
and folders install created are removed when nothing else is left in them.`;
  return `Usage: ctx-mode ${verb} [AGENT…] [options]

${what}
Without AGENT, the agents found on this machine (their config folders, their
programs on PATH) are listed and ${verb}ed after you confirm.

Agents: ${INSTALL_NAMES.join(", ")}

Options:
  --user         The agent's user config (the default for most agents)
  --project      This project's config files (the current directory)
  -y, --yes      Do not ask (needed without a terminal)
  --dry-run      Print a unified diff per file and change nothing${
    mode === "install"
      ? `
  --repair       Rewrite every ctx-mode registration found to the command of
                 this installation (after the binary or the clone moved)`
      : ""
  }
  -h, --help     Show this help
`;
}

/** The arguments of `install` or `uninstall`, checked. */
export interface InstallRequest {
  mode: Mode;
  /** The agents named on the command line, each once; empty: those found. */
  names: readonly string[];
  /** `--project` or `--user`; undefined: each agent's default. */
  scope: Scope | undefined;
  yes: boolean;
  dryRun: boolean;
  repair: boolean;
}

function request(mode: Mode, args: string[]): InstallRequest {
  const { values, positionals } = parseCommandArgs(
    mode,
    args,
    mode === "install" ? { ...OPTIONS, repair: { type: "boolean" } } : OPTIONS,
  );
  if (values.project && values.user) {
    throw new UsageError("Cannot use --project and --user together", mode);
  }
  const repair = (values as { repair?: boolean }).repair === true;
  if (repair && positionals.length > 0) {
    throw new UsageError(
      "--repair takes no agent names: it repairs every registration found",
      mode,
    );
  }
  const scope: Scope | undefined = values.project
    ? "project"
    : values.user
    ? "user"
    : undefined;
  const names = [...new Set(positionals)];
  for (const name of names) {
    if (!INSTALL_NAMES.includes(name)) {
      throw new UsageError(
        `Unknown agent "${name}": expected one of ${INSTALL_NAMES.join(", ")}`,
        mode,
      );
    }
  }
  return {
    mode,
    names,
    scope,
    yes: values.yes === true,
    dryRun: values["dry-run"] === true,
    repair,
  };
}

/** `cli.ts`, which names the run module relative to itself. */
const CLI_URL = new URL("./cli.ts", import.meta.url);

function makeCommand(mode: Mode): Command {
  return {
    usage: usage(mode),
    async run(args, context) {
      const checked = request(mode, args);
      const cached = await cacheModules(
        currentLaunchCommand(denoJson.version),
        context.env,
        [new URL(INSTALL_RUN_MODULE, CLI_URL).href],
      );
      if (!cached.ok) {
        throw new Error(
          `Cannot cache the packages ${mode} needs: ${
            cached.detail.replace(/^error: /, "")
          }`,
        );
      }
      const run: {
        runInstall(
          request: InstallRequest,
          context: CliContext,
        ): Promise<number>;
      } = await import(new URL(INSTALL_RUN_MODULE, CLI_URL).href);
      return await run.runInstall(checked, context);
    },
  };
}

/** The `install` command. */
export const command: Command = makeCommand("install");

/** The `uninstall` command. */
export const uninstallCommand: Command = makeCommand("uninstall");
