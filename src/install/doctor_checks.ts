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

import { commandLine, type LaunchCommand } from "./launch_command.ts";
import { hasOwnRegistration } from "./shared_blocks.ts";
import { registeredCommands, runsVersion } from "./registered.ts";
import { INSTALL_TARGETS } from "./targets/mod.ts";
import type { TargetWhere } from "./types.ts";

/** One check, as the doctor reports it. */
export interface RegistrationCheck {
  /** What was checked. */
  name: string;
  /** `ok`, `warn` or `fail`. */
  status: "ok" | "warn" | "fail";
  /** What was found, with the fix. */
  detail: string;
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
  for (const target of INSTALL_TARGETS) {
    for (const scope of target.scopes) {
      if (scope === "project" && where.projectDir === where.home) continue;
      const name = `${target.name} (${scope})`;
      let commands;
      try {
        // A routing block alone is no registration: agents share those files.
        if (!hasOwnRegistration(target, scope, where, launch)) continue;
        commands = registeredCommands(target, scope, where, launch);
      } catch (error) {
        checks.push({ name, status: "fail", detail: (error as Error).message });
        continue;
      }
      if (!commands.some((c) => c.role === "server")) {
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
          command.role === "server" ? "MCP server" : `hooks (${command.count})`
        }`;
        checks.push(
          result.ok
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
