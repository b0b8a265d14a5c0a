/**
 * `ctx-mode doctor`: the installation checklist — runtime, SQLite features,
 * data home, languages the sandbox can run, the project.
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import { parseCommandArgs, STORE_OPTIONS, UsageError } from "./_args.ts";
import type { Command } from "./_context.ts";
import { resolve } from "node:path";
import { dataHome, projectDatabasePath, projectDir } from "../config/paths.ts";
import { loadPolicy, placeFromEnv } from "../safety/policy_gate.ts";
import { networkPolicy } from "../config/network_policy.ts";
import { confinementReport, detectLanguages } from "../sandbox/mod.ts";
import { formatDoctor, runDoctor } from "../server/doctor.ts";
import { platformDoctor } from "../../adapters/platform_checks.ts";
import { currentLaunchCommand } from "../install/launch_command.ts";
import type { registrationChecks as RegistrationChecks } from "../../adapters/install_checks.ts";

/**
 * The registration checks, relative to this file, loaded only when doctor
 * runs (in `CLI_MODULES` for `deno compile`): they read agents' config
 * formats through npm packages that `doctor --help` must not load.
 */
export const REGISTRATION_CHECKS_MODULE = "../../adapters/install_checks.ts";
import { setAsideIfDamaged } from "./_store.ts";

const USAGE = `Usage: ctx-mode doctor [--json]

Check the installation: Deno runtime, SQLite with FTS5 and trigram, the data
home, the languages the sandbox can run (with versions), the project, and the
safety guard's level, switched-off rules and permission rule files.
Exits 1 when a check fails.

Options:
  --json         Print the checks as JSON
  --project DIR  The project (default: the agent's project variable, else cwd)
  --db PATH      Use this database file instead of the project's
  -h, --help     Show this help
`;

/** The `doctor` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs("doctor", args, {
      ...STORE_OPTIONS,
      json: { type: "boolean" },
    });
    if (positionals.length > 0) {
      throw new UsageError(`Unexpected argument "${positionals[0]}"`, "doctor");
    }
    // A missing project is one of the doctor's findings, not a usage error.
    const project = projectDir(context.cwd, {
      explicit: values.project,
      env: context.env,
    });
    const platform = await platformDoctor(context.env, { projectDir: project });
    const home = context.env.HOME ?? context.env.USERPROFILE;
    const { registrationChecks }: {
      registrationChecks: typeof RegistrationChecks;
    } = await import(new URL(REGISTRATION_CHECKS_MODULE, import.meta.url).href);
    const registrations = home
      ? await registrationChecks(
        { home, env: context.env, projectDir: project },
        currentLaunchCommand(denoJson.version),
      )
      : [];
    const databasePath = values.db
      ? resolve(context.cwd, values.db)
      : projectDatabasePath(project, dataHome(context.env));
    // As every command does: a damaged file goes aside (said on stderr) and the check sees the new one.
    setAsideIfDamaged(databasePath, context);
    const checks = runDoctor({
      version: denoJson.version,
      dataHome: dataHome(context.env),
      projectDir: project,
      databasePath,
      languages: await detectLanguages({ env: context.env, versions: true }),
      sandbox: await confinementReport(context.env),
      network: networkPolicy(context.env, {
        dataHome: dataHome(context.env),
        projectDir: project,
      }),
      platform: platform.detection,
      platformChecks: [...platform.checks, ...registrations],
      policy: loadPolicy(placeFromEnv(project, context.env)),
    });
    await context.out(
      values.json ? `${JSON.stringify({ checks })}\n` : formatDoctor(checks),
    );
    return checks.some((check) => check.status === "fail") ? 1 : 0;
  },
};
