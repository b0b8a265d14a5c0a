/**
 * The doctor's registration checks: for every agent and scope where ctx-mode
 * is registered, each registered server and hook command is run with
 * `--version` and must succeed; a failure names the `install --repair`
 * command of this installation.
 *
 * Reads configs and runs the registered commands; never writes.
 *
 * @module
 */

import { findClaudePlugin } from "./claude_code/plugin.ts";
import {
  commandLine,
  type LaunchCommand,
} from "../src/install/launch_command.ts";
import { isInstalled } from "../src/install/mod.ts";
import { readExisting } from "../src/install/plan.ts";
import { pluginFilesOf } from "./plugin_files.ts";
import { registeredCommands, runsVersion } from "../src/install/registered.ts";
import { INSTALL_TARGETS } from "./install_targets.ts";
import type { Registration, TargetWhere } from "../src/install/types.ts";

/** One check, as the doctor reports it. */
export interface RegistrationCheck {
  /** What was checked. */
  name: string;
  /** `ok`, `warn` or `fail`. */
  status: "ok" | "warn" | "fail";
  /** What was found, with the fix. */
  detail: string;
}

/** Whether a registration is the place of an MCP server entry. */
function isServerPlace(reg: Registration): boolean {
  if (reg.kind === "toml-table") return reg.table.at(-1) === "ctx-mode";
  return (reg.kind === "json-member" || reg.kind === "yaml-member") &&
    reg.value !== undefined && reg.key.at(-1) === "ctx-mode";
}

function tilde(path: string, home: string): string {
  return path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

/**
 * Checks every registration of ctx-mode found.
 *
 * @param where The home, project and environment.
 * @param launch This installation's launch command (for the fix hints).
 * @returns One check per registered command, or one warning when ctx-mode is registered nowhere.
 */
export async function registrationChecks(
  where: TargetWhere,
  launch: LaunchCommand,
): Promise<RegistrationCheck[]> {
  const checks: RegistrationCheck[] = [];
  const repair = commandLine(launch, ["install", "--repair"]);
  const ran = new Map<string, { ok: boolean; detail: string }>();
  const plugins = await pluginFilesOf(INSTALL_TARGETS, launch);
  for (const target of INSTALL_TARGETS) {
    const pluginFiles = plugins.get(target.name);
    for (const scope of target.scopes) {
      if (scope === "project" && where.projectDir === where.home) continue;
      const name = `${target.name} (${scope})`;
      let commands;
      try {
        if (!isInstalled(target, { scope, where, launch, pluginFiles })) {
          continue;
        }
        commands = registeredCommands(
          target,
          scope,
          where,
          launch,
          pluginFiles,
        );
      } catch (error) {
        checks.push({ name, status: "fail", detail: (error as Error).message });
        continue;
      }
      const serverPlace = target.registrations({ scope, where, launch })
        .some(isServerPlace);
      if (serverPlace && !commands.some((c) => c.role === "server")) {
        checks.push({
          name: `${name} MCP server`,
          status: "warn",
          detail: `not registered; run: ${
            commandLine(launch, ["install", target.name, `--${scope}`])
          }`,
        });
      }
      const distinct = new Map<
        string,
        typeof commands[number] & { count: number }
      >();
      for (const command of commands) {
        const key = `${command.role}\u0000${
          command.versionArgv.join("\u0000")
        }`;
        const seen = distinct.get(key);
        if (seen) seen.count++;
        else distinct.set(key, { ...command, count: 1 });
      }
      for (const command of distinct.values()) {
        const key = command.versionArgv.join("\u0000");
        const result = ran.get(key) ??
          await runsVersion(command.versionArgv, where.env);
        ran.set(key, result);
        const label = `${name} ${
          command.role === "server"
            ? "MCP server"
            : command.role === "plugin"
            ? "plugin"
            : `hooks (${command.count})`
        }`;
        checks.push(
          result.ok && command.current === false
            ? {
              name: label,
              status: "warn",
              detail: `${
                tilde(command.path, where.home)
              }: written for another ctx-mode command (${command.shown}); run: ${repair}`,
            }
            : result.ok
            ? {
              name: label,
              status: "ok",
              detail: `${
                tilde(command.path, where.home)
              }: ${command.shown} (${result.detail})`,
            }
            : {
              name: label,
              status: "fail",
              detail: `${
                tilde(command.path, where.home)
              }: \`${command.shown}\` does not run (${result.detail}); run: ${repair}`,
            },
        );
      }
    }
  }
  const plugin = findClaudePlugin(where, (path) => {
    try {
      return readExisting(path);
    } catch {
      return undefined;
    }
  });
  if (plugin) {
    // The plugin runs ctx-mode through its own script.
    const script = `${plugin.installPath}/scripts/ctx-mode.sh`;
    const result = await runsVersion(["sh", script, "--version"], where.env);
    checks.push({
      name: `claude-code plugin ${plugin.id}`,
      status: result.ok ? "ok" : "fail",
      detail: result.ok
        ? `${tilde(script, where.home)} (${result.detail})`
        : `${
          tilde(script, where.home)
        } does not run (${result.detail}); put ctx-mode on PATH or set CTX_MODE_COMMAND`,
    });
  }
  if (checks.length === 0) {
    checks.push({
      name: "agents",
      status: "warn",
      detail: `ctx-mode is registered with no agent; run: ${
        commandLine(launch, ["install"])
      }`,
    });
  }
  return checks;
}
