/**
 * The files that hold the user's permission rules and guard settings, most
 * specific first, and their raw text:
 *
 * - project: `.claude/settings.local.json`, `.claude/settings.json` (Claude
 *   Code's format, honoured on every platform) and `.ctx-mode.json`;
 * - user: `<data home>/config.json` and `~/.claude/settings.json`.
 *
 * Reads only, synchronously and without `node:` modules, because the hook
 * process loads this on every tool call; a missing or unreadable file is
 * reported, never thrown.
 *
 * @module
 */

import { joinPath } from "./path_lite.ts";

/** One policy file and what reading it gave. */
export interface PolicySource {
  /** The file's absolute path. */
  path: string;
  /** Whether it belongs to the project or to the user. */
  scope: "project" | "user";
  /** `claude` (only `permissions` is read) or `ctx-mode` (also `guard`). */
  format: "claude" | "ctx-mode";
  /** The file's text; null when it does not exist. */
  text: string | null;
  /** Why it could not be read, when it exists but could not. */
  error?: string;
}

/** Where the files are looked for. */
export interface PolicyFileOptions {
  /** The user's home directory. */
  home: string;
  /** ctx-mode's data home. */
  dataHome: string;
  /** Claude Code's user folder (`$CLAUDE_CONFIG_DIR`). @default {"<home>/.claude"} */
  claudeDir?: string | undefined;
}

/**
 * The policy files of a project, most specific first, without reading them.
 *
 * @param projectDir The project directory.
 * @param options The home directory and the data home.
 * @returns The candidate files in precedence order.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { policyFilePaths } from "./policy_files.ts";
 * if (Deno.build.os !== "windows") {
 *   const files = policyFilePaths("/p", { home: "/h", dataHome: "/h/.ctx-mode" });
 *   assert.deepEqual(files.map((f) => f.path), [
 *     "/p/.claude/settings.local.json",
 *     "/p/.claude/settings.json",
 *     "/p/.ctx-mode.json",
 *     "/h/.ctx-mode/config.json",
 *     "/h/.claude/settings.json",
 *   ]);
 * }
 * ```
 */
export function policyFilePaths(
  projectDir: string,
  options: PolicyFileOptions,
): Array<Omit<PolicySource, "text" | "error">> {
  return [
    {
      path: joinPath(projectDir, ".claude", "settings.local.json"),
      scope: "project",
      format: "claude",
    },
    {
      path: joinPath(projectDir, ".claude", "settings.json"),
      scope: "project",
      format: "claude",
    },
    {
      path: joinPath(projectDir, ".ctx-mode.json"),
      scope: "project",
      format: "ctx-mode",
    },
    {
      path: joinPath(options.dataHome, "config.json"),
      scope: "user",
      format: "ctx-mode",
    },
    {
      path: joinPath(
        options.claudeDir ?? joinPath(options.home, ".claude"),
        "settings.json",
      ),
      scope: "user",
      format: "claude",
    },
  ];
}

/** Files larger than this are not policy files anyone wrote by hand. */
const MAX_BYTES = 1_048_576;

function readSource(
  file: Omit<PolicySource, "text" | "error">,
): PolicySource {
  try {
    const bytes = Deno.readFileSync(file.path);
    if (bytes.byteLength > MAX_BYTES) {
      return {
        ...file,
        text: null,
        error: `larger than ${MAX_BYTES} bytes`,
      };
    }
    return { ...file, text: new TextDecoder().decode(bytes) };
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return { ...file, text: null };
    const message = error instanceof Error
      ? error.message.split("\n")[0] ?? ""
      : String(error);
    return { ...file, text: null, error: message };
  }
}

/**
 * Reads the policy files of a project.
 *
 * @param projectDir The project directory.
 * @param options The home directory and the data home.
 * @returns Every candidate file, most specific first, with its text or why it could not be read.
 */
export function readPolicyFiles(
  projectDir: string,
  options: PolicyFileOptions,
): PolicySource[] {
  return policyFilePaths(projectDir, options).map(readSource);
}
