/**
 * Registers ctx-mode in a throwaway HOME the way a user does: the real
 * `ctx-mode install <agent> --yes`, run as a subprocess of `main.ts` (from
 * the clone, or from the tree served over HTTP as a JSR user would run it).
 * Also the one edit a scenario makes afterwards: pointing the hooks install
 * wrote at a stand-in program (scenario 6).
 *
 * @module
 */

import type { RunResult, Where } from "./_agent.ts";
import type { TargetWhere } from "../../src/install/mod.ts";
import { installTarget } from "../../adapters/install_targets.ts";
import { failOpen, withoutFailOpen } from "../../src/install/fail_open.ts";

/** How long `ctx-mode install` may take (it warms the Deno cache first). */
const INSTALL_TIMEOUT_MS = 300_000;

/** The place install writes to, as the install library sees it. */
function targetWhere(where: Where, env: Record<string, string>): TargetWhere {
  return { home: where.home, env, projectDir: where.project };
}

/**
 * Runs `ctx-mode install <agent> --yes` in the project, with HOME the
 * throwaway one.
 *
 * @param launcher The command that runs ctx-mode (`deno run -A … main.ts`).
 * @param agent ctx-mode's name of the agent.
 * @param where The HOME and project.
 * @param env The environment (PATH, HOME, DENO_DIR, the agent's own variables).
 * @returns What install printed and its exit code.
 */
export async function runInstall(
  launcher: readonly string[],
  agent: string,
  where: Where,
  env: Record<string, string>,
): Promise<RunResult> {
  const [command = "deno", ...args] = launcher;
  const child = new Deno.Command(command, {
    args: [...args, "install", agent, "--yes"],
    cwd: where.project,
    clearEnv: true,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const timer = setTimeout(() => child.kill("SIGKILL"), INSTALL_TIMEOUT_MS);
  try {
    const output = await child.output();
    return {
      code: output.code,
      stdout: new TextDecoder().decode(output.stdout),
      stderr: new TextDecoder().decode(output.stderr),
    };
  } finally {
    clearTimeout(timer);
  }
}

interface HookEntry {
  command?: string;
  timeout?: number;
  /** Copilot CLI's flat entries: the command per shell, the timeout in seconds. */
  bash?: string;
  powershell?: string;
  timeoutSec?: number;
  hooks?: HookEntry[];
}

/** Points one entry at the stand-in; returns whether it was ctx-mode's. */
function replaceEntry(
  hook: HookEntry,
  agent: string,
  event: string,
  program: string,
  timeout: number,
): boolean {
  const call = ` hook ${agent} ${event}`;
  // Only ctx-mode's command changes: the guard install gave the line (see
  // src/install/fail_open.ts) stays, naming the stand-in where it names the
  // program.
  const replaced = (text: string) => {
    const core = withoutFailOpen(text);
    const line = `${program}${call}`;
    return core === text
      ? line
      : text.startsWith("command -v ")
      ? failOpen(line, "posix-exec")
      : text.replace(core, line);
  };
  if (hook.command?.includes(call)) {
    hook.command = replaced(hook.command);
    hook.timeout = timeout;
    return true;
  }
  if (hook.bash?.includes(call)) {
    hook.bash = replaced(hook.bash);
    if (hook.powershell) hook.powershell = replaced(hook.powershell);
    hook.timeoutSec = timeout;
    return true;
  }
  return false;
}

/**
 * Points every hook `ctx-mode install` registered for `agent` at `program`
 * (`<program> hook <agent> <event>`, as if ctx-mode's binary had been
 * replaced by it, the rest of the line as install wrote it) and gives each
 * a timeout: scenario 6's failing ctx-mode.
 *
 * @param agent ctx-mode's name of the agent.
 * @param where The HOME and project.
 * @param env The environment install ran with.
 * @param program The stand-in program.
 * @param timeout The timeout in the agent's unit.
 * @returns How many hooks were changed.
 */
export async function replaceHooks(
  agent: string,
  where: Where,
  env: Record<string, string>,
  program: string,
  timeout: number,
): Promise<number> {
  const target = installTarget(agent);
  if (!target) return 0;
  const files = target.registrations({
    scope: target.defaultScope,
    where: targetWhere(where, env),
    launch: { kind: "binary", command: program, args: [] },
  }).flatMap((reg) =>
    reg.kind === "json-hooks" ||
      reg.kind === "owned-file" && reg.path.endsWith(".json")
      ? [reg.path]
      : []
  );
  let changed = 0;
  for (const file of new Set(files)) {
    const config = JSON.parse(await Deno.readTextFile(file));
    const events: Record<string, HookEntry[]> = config.hooks ?? {};
    for (const [event, groups] of Object.entries(events)) {
      // Grouped entries (`{matcher, hooks: […]}`) or flat ones (Copilot CLI).
      for (const hook of groups.flatMap((group) => group.hooks ?? [group])) {
        if (replaceEntry(hook, agent, event, program, timeout)) changed++;
      }
    }
    await Deno.writeTextFile(file, `${JSON.stringify(config, null, 2)}\n`);
  }
  return changed;
}
