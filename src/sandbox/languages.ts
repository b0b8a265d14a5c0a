/**
 * Which languages can run here: name resolution (ids and aliases) and runtime
 * detection on PATH, with versions on request.
 *
 * Detection stats files on PATH and caches the answer per PATH for the life
 * of the process; versions cost one short-lived process per language and are
 * only fetched when asked. This module must never run user code.
 *
 * @module
 */

import { sandboxEnv } from "./env.ts";
import {
  findOnPath,
  type LanguageId,
  type LanguageSpec,
  languageTable,
} from "./_languages.ts";

export type { LanguageId } from "./_languages.ts";

/** What this machine offers for one language. */
export interface LanguageInfo {
  /** The language. */
  id: LanguageId;
  /** Other names accepted for it. */
  aliases: readonly string[];
  /** The executable found on PATH (the Deno executable for JavaScript and TypeScript), or `undefined`. */
  command: string | undefined;
  /**
   * Whether code in this language can run here: its runtime is on PATH and,
   * when versions were asked, its version command succeeds.
   */
  available: boolean;
  /** The runtime's version, when asked for and found. */
  version?: string;
  /**
   * Why the version command failed, when asked for and it exited non-zero
   * (a `rustup` proxy without a default toolchain): the runtime is found
   * but does not run.
   */
  versionError?: string;
  /** The extension given to code files. */
  extension: string;
}

/** A read-only view of environment variables. */
export type Env = Readonly<Record<string, string | undefined>>;

const VERSION_TIMEOUT_MS = 3_000;
const commandCache = new Map<string, Map<LanguageId, string | undefined>>();
const versionCache = new Map<
  string,
  Promise<{ version?: string; error?: string }>
>();

function isDenoSandboxed(id: LanguageId): boolean {
  return id === "javascript" || id === "typescript";
}

/** The command per language for this PATH, looked up once per process. */
function commandsFor(
  env: Env,
  os: typeof Deno.build.os,
): Map<LanguageId, string | undefined> {
  const key = `${os}\0${env.PATH ?? env.Path ?? ""}\0${env.PATHEXT ?? ""}`;
  let found = commandCache.get(key);
  if (!found) {
    found = new Map();
    for (const spec of languageTable(os)) {
      if (isDenoSandboxed(spec.id)) {
        found.set(spec.id, Deno.execPath());
        continue;
      }
      let command: string | undefined;
      for (const name of spec.commands) {
        command = findOnPath(name, env, os);
        if (command) break;
      }
      found.set(spec.id, command);
    }
    commandCache.set(key, found);
  }
  return found;
}

function availableIds(env: Env, os: typeof Deno.build.os): string {
  const commands = commandsFor(env, os);
  return languageTable(os).filter((spec) => commands.get(spec.id)).map((spec) =>
    spec.id
  ).join(", ");
}

/**
 * Whether a name is one of the sandbox's languages or their aliases, whether
 * or not its runtime is installed.
 *
 * @param name A name such as `"py"` or `"TypeScript"`.
 * @param os The OS. @default {Deno.build.os}
 * @returns `true` for a language the sandbox knows.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isLanguageName } from "./languages.ts";
 * assert.equal(isLanguageName("Py"), true);
 * assert.equal(isLanguageName("cobol"), false);
 * ```
 */
export function isLanguageName(
  name: string,
  os: typeof Deno.build.os = Deno.build.os,
): boolean {
  const wanted = name.trim().toLowerCase();
  return languageTable(os).some((row) =>
    row.id === wanted || row.aliases.includes(wanted)
  );
}

/**
 * Maps a language name or alias (case-insensitive) to its id, and checks that
 * it can run here.
 *
 * @param name A name such as `"py"`, `"TypeScript"` or `"bash"`.
 * @param options The environment whose PATH to search, and the OS.
 * @returns The language id.
 * @throws {RangeError} When the name is unknown or its runtime is not on PATH;
 *   the message lists the languages that are available.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { resolveLanguage } from "./languages.ts";
 * assert.equal(resolveLanguage("TS"), "typescript");
 * assert.throws(() => resolveLanguage("cobol"), RangeError);
 * ```
 */
export function resolveLanguage(
  name: string,
  options: {
    /** The environment whose PATH is searched. @default {Deno.env.toObject()} */
    env?: Env;
    /** The OS. @default {Deno.build.os} */
    os?: typeof Deno.build.os;
  } = {},
): LanguageId {
  const os = options.os ?? Deno.build.os;
  const env = options.env ?? Deno.env.toObject();
  const wanted = name.trim().toLowerCase();
  const spec = languageTable(os).find((row) =>
    row.id === wanted || row.aliases.includes(wanted)
  );
  if (!spec) {
    throw new RangeError(
      `Cannot run language "${name}": unknown; available: ${
        availableIds(env, os)
      }`,
    );
  }
  if (!commandsFor(env, os).get(spec.id)) {
    throw new RangeError(
      `Cannot run language "${name}": ${
        spec.commands.join(" or ")
      } not found on PATH; available: ${availableIds(env, os)}`,
    );
  }
  return spec.id;
}

async function fetchVersion(
  spec: LanguageSpec,
  command: string,
  env: Env,
): Promise<{ version?: string; error?: string }> {
  try {
    const output = await new Deno.Command(command, {
      args: [...spec.versionArgs],
      env: sandboxEnv(
        Object.fromEntries(
          Object.entries(env).filter((entry): entry is [string, string] =>
            entry[1] !== undefined
          ),
        ),
      ),
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(VERSION_TIMEOUT_MS),
    }).output();
    const text = new TextDecoder().decode(output.stdout) + "\n" +
      new TextDecoder().decode(output.stderr);
    if (!output.success) {
      const line = text.split("\n").map((l) => l.trim()).find((l) => l !== "");
      return { error: `exited ${output.code}${line ? `: ${line}` : ""}` };
    }
    const version = spec.versionPattern.exec(text)?.[1];
    return version === undefined ? {} : { version };
  } catch (error) {
    return { error: (error as Error).message.split("\n")[0] ?? "did not run" };
  }
}

/**
 * Lists every language with the runtime found for it on PATH.
 *
 * @param options The environment, the OS, and whether to ask each runtime its version.
 * @returns One entry per language, in table order (JavaScript and TypeScript first).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detectLanguages } from "./languages.ts";
 * const languages = await detectLanguages();
 * assert.ok(languages.find((info) => info.id === "typescript")?.available);
 * ```
 */
export async function detectLanguages(
  options: {
    /** The environment whose PATH is searched. @default {Deno.env.toObject()} */
    env?: Env;
    /** Ask each available runtime its version (one short process each, run in parallel). @default {false} */
    versions?: boolean;
    /** The OS. @default {Deno.build.os} */
    os?: typeof Deno.build.os;
  } = {},
): Promise<LanguageInfo[]> {
  const os = options.os ?? Deno.build.os;
  const env = options.env ?? Deno.env.toObject();
  const commands = commandsFor(env, os);
  return await Promise.all(
    languageTable(os).map(async (spec): Promise<LanguageInfo> => {
      const command = commands.get(spec.id);
      const info: LanguageInfo = {
        id: spec.id,
        aliases: spec.aliases,
        command,
        available: command !== undefined,
        extension: spec.extension,
      };
      if (!options.versions || command === undefined) return info;
      if (isDenoSandboxed(spec.id)) {
        info.version = Deno.version.deno;
        return info;
      }
      let pending = versionCache.get(command);
      if (!pending) {
        pending = fetchVersion(spec, command, env);
        versionCache.set(command, pending);
      }
      const { version, error } = await pending;
      if (version !== undefined) info.version = version;
      if (error !== undefined) {
        // Found but not runnable (a rustup proxy with no toolchain): not available, for doctor as for everyone.
        info.versionError = error;
        info.available = false;
      }
      return info;
    }),
  );
}

/**
 * The spec and command for a language that is known to be available.
 *
 * @param id The language.
 * @param env The environment whose PATH is searched.
 * @param os The OS.
 * @returns The table row and the executable.
 */
export function languageRuntime(
  id: LanguageId,
  env: Env,
  os: typeof Deno.build.os = Deno.build.os,
): { spec: LanguageSpec; command: string } {
  const spec = languageTable(os).find((row) => row.id === id);
  const command = commandsFor(env, os).get(id);
  if (!spec || !command) {
    throw new RangeError(`Cannot run language "${id}": not available`);
  }
  return { spec, command };
}
