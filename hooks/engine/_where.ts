/**
 * What the hook engine's event modules share: the outside facts of one run,
 * where the project's data lives, the modules they load only when needed, and
 * the hook's one-line stderr reports.
 *
 * Deno APIs only; no `node:` modules (this is the hook path).
 *
 * @module
 */

import type { Adapter } from "../../adapters/types.ts";
import { secureDataHome } from "../../src/config/private_files.ts";
import { listNames, readTextOrUndefined } from "../../src/config/quiet_fs.ts";
import type { PolicyCache } from "../../src/safety/policy_cache.ts";
import type { SessionStoreCache } from "../../src/session/store_cache.ts";
import {
  dataHome,
  projectDatabasePath,
  projectDir,
} from "../../src/config/paths.ts";

/**
 * What the event modules load only when a hook needs it, relative to this
 * file, by computed specifier: `deno run` reads (and analyses) every module a
 * literal `import()` names as soon as it loads the importing module, so a
 * literal one would make each prompt read the knowledge base's modules.
 * `scripts/compile.ts` passes them to `deno compile` with `--include`.
 */
export const ENGINE_MODULES = {
  sessionStore: "../../src/session/store.ts",
  hookLog: "../../src/store/hook_log.ts",
  takeSnapshot: "../../src/session/take_snapshot.ts",
  restore: "../../src/session/restore.ts",
  knowledgeBase: "../../src/store/knowledge_base.ts",
  indexSession: "../../src/session/index_session.ts",
} as const;

/**
 * Loads one of the {@linkcode ENGINE_MODULES}.
 *
 * @param name Which one.
 * @returns The module (its type is the caller's to name).
 */
export function loadEngineModule<T>(
  name: keyof typeof ENGINE_MODULES,
): Promise<T> {
  return import(new URL(ENGINE_MODULES[name], import.meta.url).href);
}

/** The outside facts of one hook run (injectable for tests). */
export interface HookFacts {
  /** The hook process's environment. */
  env: Readonly<Record<string, string>>;
  /** The hook process's parent id. */
  parentPid: number;
  /** The clock, in milliseconds since the epoch. */
  now: number;
  /** The guard policy's cache, in a process that answers many hooks. @default {undefined: read afresh} */
  policies?: PolicyCache | undefined;
  /** Session stores kept open, in a process that answers many hooks. @default {undefined: opened and closed per use} */
  sessions?: SessionStoreCache | undefined;
  /**
   * Runs work after the hook's answer is out, before the process takes its
   * next hook (the server's hook socket). @default {undefined: the work runs before the answer}
   */
  defer?: ((work: () => Promise<void>) => void) | undefined;
}

/** Where a project's ctx-mode data lives. */
export interface ProjectPaths {
  /** The data home. */
  home: string;
  /** The project directory. */
  project: string;
  /** The project's database file (named when first asked: a pre-tool check rarely needs it). */
  readonly database: string;
}

/**
 * The data home, project and database for a payload's project directory; a
 * data home other users can read is tightened on the way (a few `lstat`s).
 *
 * @param dir The project directory the adapter found.
 * @param facts The run's environment.
 * @returns The paths.
 */
export function projectPaths(dir: string, facts: HookFacts): ProjectPaths {
  const home = dataHome(facts.env);
  secureDataHome(home);
  const project = projectDir(dir, {});
  let database: string | undefined;
  return {
    home,
    project,
    get database() {
      return database ??= projectDatabasePath(project, home);
    },
  };
}

/**
 * The user's home directory.
 *
 * @param env The environment.
 * @returns `HOME`, else `USERPROFILE`, else `/`.
 */
export function userHome(env: Readonly<Record<string, string>>): string {
  return env.HOME ?? env.USERPROFILE ?? "/";
}

/**
 * One line on stderr from the hook (stdout carries the platform's answer).
 *
 * @param line The report, without a newline.
 */
export function warn(line: string): void {
  try {
    Deno.stderr.writeSync(new TextEncoder().encode(`ctx-mode hook: ${line}\n`));
  } catch {
    // Nowhere left to report to; the hook still answers.
  }
}

/**
 * The first line of an error's message.
 *
 * @param error Anything thrown.
 * @returns Its message's first line.
 */
export function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split(
    "\n",
  )[0] ?? "";
}

/**
 * Whether a subagent of this type can reach ctx-mode's tools (its
 * definition decides; without the adapter's method, it shares the main
 * agent's tools).
 *
 * @param adapter The platform's adapter.
 * @param agentType The subagent's type, when the platform names it.
 * @param projectDir The project directory.
 * @param facts The run's environment.
 * @returns Whether it can.
 */
export function canSubagentCallServer(
  adapter: Adapter,
  agentType: string | undefined,
  projectDir: string,
  facts: HookFacts,
): boolean {
  return adapter.subagentCanCallServer?.(agentType, {
    home: userHome(facts.env),
    env: facts.env,
    projectDir,
    readText: readTextOrUndefined,
    listNames,
  }) ?? true;
}
