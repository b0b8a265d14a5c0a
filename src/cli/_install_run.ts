/**
 * What `ctx-mode install` and `uninstall` do once their arguments are valid:
 * choose the agents, plan every file in memory, print the diff or warm the
 * Deno cache and write. Loaded by computed specifier from `install.ts`, so
 * that a bad option or `--help` loads none of the config formats' npm
 * packages.
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import { UsageError } from "./_args.ts";
import type { CliContext } from "./_context.ts";
import { projectDir } from "../config/paths.ts";
import {
  applyPlan,
  commandLine,
  currentLaunchCommand,
  detectAgents,
  type InstallTarget,
  isChange,
  isInstalled,
  type LaunchCommand,
  type Mode,
  plannedReader,
  planTarget,
  type Scope,
  scopeFor,
  type TargetPlan,
  type TargetWhere,
  unifiedDiff,
} from "../install/mod.ts";
import { warmCache } from "../install/warm_cache.ts";
import { CLI_MODULES } from "./cli.ts";
import { HOOK_SERVE_MODULE } from "./hook.ts";
import { ADAPTER_MODULES, SETUP_MODULES } from "../../adapters/registry.ts";
import {
  INSTALL_TARGETS,
  installTarget,
} from "../../adapters/install_targets.ts";
import { pluginFilesOf } from "../../adapters/plugin_files.ts";
import type { InstallRequest } from "./install.ts";

function where(context: CliContext): TargetWhere {
  const home = context.env.HOME ?? context.env.USERPROFILE;
  if (!home) {
    throw new Error('Cannot find the home directory "": HOME is not set');
  }
  return {
    home: projectDir(home),
    env: context.env,
    projectDir: projectDir(context.cwd, { env: {} }),
  };
}

function tilde(path: string, home: string): string {
  return path.startsWith(`${home}/`) ? `~${path.slice(home.length)}` : path;
}

async function readLine(context: CliContext): Promise<string> {
  const reader = context.stdin.getReader();
  const decoder = new TextDecoder();
  let line = "";
  try {
    while (!line.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) break;
      line += decoder.decode(value, { stream: true });
    }
  } finally {
    reader.releaseLock();
  }
  return line.trim();
}

/** The targets named on the command line, or those found (after confirmation). */
async function chooseTargets(
  request: InstallRequest,
  context: CliContext,
  place: TargetWhere,
): Promise<InstallTarget[] | undefined> {
  const { mode } = request;
  if (request.names.length > 0) {
    // install.ts checked each name.
    return request.names.flatMap((name) => installTarget(name) ?? []);
  }
  const found = detectAgents(INSTALL_TARGETS, place);
  if (found.length === 0) {
    throw new UsageError(
      `Cannot find an agent to ${mode}: none of their config folders or programs is here; name one (ctx-mode ${mode} claude-code)`,
      mode,
    );
  }
  if (request.yes || request.dryRun) return found.map((f) => f.target);
  if (!context.stdinIsTerminal) {
    throw new UsageError(
      `Cannot ask which agents to ${mode} without a terminal: pass --yes or name the agents (found: ${
        found.map((f) => f.target.name).join(", ")
      })`,
      mode,
    );
  }
  await context.err(
    `Agents found:\n${
      found.map((f) => `  ${f.target.name.padEnd(16)} ${f.evidence}`).join("\n")
    }\n${
      mode === "install" ? "Install ctx-mode for" : "Remove ctx-mode from"
    } all of them? [y/N] `,
  );
  const answer = await readLine(context);
  return /^y(es)?$/i.test(answer) ? found.map((f) => f.target) : undefined;
}

/** ctx-mode's status line, offered to agents that show one where the user has none. */
const STATUS_LINE = ["statusline"] as const;

function plans(
  targets: InstallTarget[],
  mode: Mode,
  scope: Scope | undefined,
  place: TargetWhere,
  launch: LaunchCommand,
  repair: boolean,
  plugins: Map<string, Record<string, string>>,
): TargetPlan[] {
  // Agents that share a file are planned one after the other.
  const { read, record } = plannedReader();
  if (repair) {
    return INSTALL_TARGETS.flatMap((target) =>
      target.scopes.filter((s) =>
        // In the home folder the project's files are the user's.
        !(s === "project" && place.projectDir === place.home) &&
        isInstalled(target, {
          scope: s,
          where: place,
          launch,
          pluginFiles: plugins.get(target.name),
        })
      )
        .map((s) =>
          record(planTarget(target, {
            scope: s,
            mode,
            where: place,
            launch,
            agents: INSTALL_TARGETS,
            statusLine: STATUS_LINE,
            pluginFiles: plugins.get(target.name),
            read,
          }))
        )
    );
  }
  return targets.map((target) => {
    const chosen = scopeFor(target, scope);
    if (!chosen) {
      throw new UsageError(
        `Cannot ${mode} "${target.name}" in the ${scope} scope: it has only ${
          target.scopes.join(" and ")
        }`,
        mode,
      );
    }
    return record(planTarget(target, {
      scope: chosen,
      mode,
      where: place,
      launch,
      agents: INSTALL_TARGETS,
      statusLine: STATUS_LINE,
      pluginFiles: plugins.get(target.name),
      read,
    }));
  });
}

/**
 * Installs or uninstalls as `request` says.
 *
 * @param request The validated arguments.
 * @param context The outside world.
 * @returns The exit code.
 */
export async function runInstall(
  request: InstallRequest,
  context: CliContext,
): Promise<number> {
  const { mode, scope, repair } = request;
  const place = where(context);
  const launch = currentLaunchCommand(denoJson.version);
  const targets = repair ? [] : await chooseTargets(request, context, place);
  if (targets === undefined) {
    await context.err("Nothing changed.\n");
    return 1;
  }
  // Every file is read and edited in memory first: one that does not parse stops all.
  const planned = plans(
    targets,
    mode,
    scope,
    place,
    launch,
    repair,
    await pluginFilesOf(INSTALL_TARGETS, launch),
  );
  if (request.dryRun) {
    const diffs = planned.flatMap((plan) => plan.changes.map(unifiedDiff))
      .filter(Boolean);
    await context.out(
      diffs.length > 0 ? diffs.join("") : "Nothing to change.\n",
    );
    return 0;
  }
  if (mode === "install" && planned.some((p) => p.changes.some(isChange))) {
    const warmed = await warmCache(
      launch,
      context.env,
      lazyModules(),
      npmPackages(),
    );
    if (!warmed.ok) {
      throw new Error(
        `Cannot warm the Deno cache before registering: ${warmed.detail}; nothing was registered`,
      );
    }
  }
  const lines: string[] = [];
  for (const plan of planned) {
    const written = applyPlan(plan, place);
    const label = `${plan.target.name} (${plan.scope})`;
    lines.push(
      written.length === 0
        ? `${label}: ${
          mode === "install" ? "already installed" : "not installed"
        }`
        : `${label}: ${mode === "install" ? "wrote" : "cleaned"} ${
          written.map((path) => tilde(path, place.home)).join(", ")
        }`,
    );
    if (mode === "install" && written.length > 0 && plan.target.notice) {
      lines.push(`  ${plan.target.notice}`);
    }
    const held = mode === "install" && plan.target.afterInstall?.(place);
    if (held) lines.push(`  ${held}`);
    if (
      mode === "install" && !repair && !plan.target.hooksReady &&
      plan.target.hooks.length > 0
    ) {
      lines.push(
        `  hooks for ${plan.target.name} are not written yet: ctx-mode has no hook adapter for it`,
      );
    }
  }
  if (repair && planned.length === 0) {
    lines.push("No ctx-mode registration found.");
  }
  if (mode === "install" && planned.length > 0) {
    lines.push(`Registered command: ${commandLine(launch, ["serve"])}`);
  }
  await context.out(`${lines.join("\n")}\n`);
  return 0;
}

/** The npm packages deno.json names, without versions (`npm:@scope/name`). */
function npmPackages(): string[] {
  return Object.values(denoJson.imports).filter((spec) =>
    spec.startsWith("npm:")
  ).map((spec) => {
    const name = spec.slice(4);
    const at = name.lastIndexOf("@");
    return `npm:${at > 0 ? name.slice(0, at) : name}`;
  });
}

/** Every module the program loads by computed specifier, as URLs. */
function lazyModules(): string[] {
  const at = (base: string, paths: readonly string[]) =>
    paths.map((path) => new URL(path, new URL(base, import.meta.url)).href);
  return [
    ...at("./cli.ts", CLI_MODULES),
    ...at("./hook.ts", [HOOK_SERVE_MODULE]),
    ...at("../../adapters/registry.ts", [
      ...SETUP_MODULES,
      ...Object.values(ADAPTER_MODULES),
    ]),
  ];
}
