/**
 * `ctx-mode trust`: the user trusts the project's `.ctx-mode.json` as it is
 * now, so that its `guard.disabledRules` and `guard.tmpDirs` count (a project
 * file otherwise only tightens the policy). Records the file's SHA-256 under
 * `trustedProjectFiles` in `<data home>/config.json`; editing the file
 * untrusts it. `--revoke` removes the record.
 *
 * The guard asks the user before an agent runs this command or writes the
 * config file (rule `policy.write`).
 *
 * @module
 */

import { parseCommandArgs, UsageError } from "./_args.ts";
import type { Command } from "./_context.ts";
import { joinPath } from "../config/path_lite.ts";
import { dataHome, projectDir } from "../config/paths.ts";
import { sha256Hex } from "../config/sha256.ts";
import { buildPolicy } from "../safety/policy.ts";

const USAGE = `Usage: ctx-mode trust [--revoke] [--project DIR]

Trust the project's .ctx-mode.json as it is now. A project file may only
tighten the guard (raise the level, add rules); once trusted, its
guard.disabledRules and guard.tmpDirs count too. The file's SHA-256 is
recorded in <data home>/config.json; any edit to the file untrusts it, and
\`ctx-mode doctor\` shows the state.

Options:
  --revoke       Stop trusting the project's .ctx-mode.json
  --project DIR  The project (default: the agent's project variable, else cwd)
  -h, --help     Show this help
`;

/** The user's config as an object; a missing file is empty, a broken one an error. */
async function readConfig(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return {};
    throw error;
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error(
      `Cannot update "${path}": it is not valid JSON; fix it first`,
    );
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) {
    throw new Error(`Cannot update "${path}": it is not a JSON object`);
  }
  return data as Record<string, unknown>;
}

/** Writes the config beside itself and renames it into place, so a crash never leaves half a file. */
async function writeConfig(
  path: string,
  config: Record<string, unknown>,
): Promise<void> {
  await Deno.mkdir(joinPath(path, ".."), { recursive: true });
  const temp = `${path}.${Deno.pid}.tmp`;
  await Deno.writeTextFile(temp, `${JSON.stringify(config, null, 2)}\n`);
  await Deno.rename(temp, path);
}

function trustedOf(config: Record<string, unknown>): Record<string, string> {
  const value = config.trustedProjectFiles;
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? { ...(value as Record<string, string>) }
    : {};
}

/** The `trust` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs("trust", args, {
      project: { type: "string" },
      revoke: { type: "boolean" },
    });
    if (positionals.length > 0) {
      throw new UsageError(`Unexpected argument "${positionals[0]}"`, "trust");
    }
    const project = projectDir(context.cwd, {
      explicit: values.project,
      env: context.env,
    });
    const file = joinPath(project, ".ctx-mode.json");
    const configPath = joinPath(dataHome(context.env), "config.json");
    const config = await readConfig(configPath);
    const trusted = trustedOf(config);
    if (values.revoke) {
      const was = file in trusted;
      delete trusted[file];
      if (was) {
        await writeConfig(configPath, {
          ...config,
          trustedProjectFiles: trusted,
        });
      }
      await context.out(
        was
          ? `No longer trusting ${file}; its guard.disabledRules and guard.tmpDirs are ignored.\n`
          : `${file} was not trusted.\n`,
      );
      return 0;
    }
    let text: string;
    try {
      text = new TextDecoder().decode(await Deno.readFile(file));
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) {
        throw new Error(`Cannot trust "${file}": it does not exist`);
      }
      throw error;
    }
    const home = context.env.HOME ?? context.env.USERPROFILE ?? "/";
    const policy = buildPolicy([{
      path: file,
      scope: "user",
      format: "ctx-mode",
      text,
    }], { home });
    if (policy.files[0]?.status !== "loaded") {
      throw new Error(
        `Cannot trust "${file}": ${policy.files[0]?.problems.join("; ")}`,
      );
    }
    const hash = sha256Hex(text);
    trusted[file] = hash;
    await writeConfig(configPath, { ...config, trustedProjectFiles: trusted });
    await context.out(
      `Trusted ${file} (sha256 ${hash.slice(0, 12)}…): rules switched off: ${
        policy.disabledRules.join(", ") || "none"
      }; temp dirs: ${
        policy.tmpDirs.join(", ") || "none"
      }. Any edit to the file untrusts it.\n`,
    );
    for (const note of policy.notes) await context.err(`${note}\n`);
    return 0;
  },
};
