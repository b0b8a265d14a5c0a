/**
 * Fixture trees for the install tests: a copy of
 * `tests/fixtures/install/<agent>/<case>/` (a `home/` and maybe a `project/`)
 * in a temporary folder, and snapshots of every file in it.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { join, relative } from "node:path";
import { looksLikeCtxMode } from "../../src/install/mod.ts";

/** The fixture corpus. */
export const FIXTURES = fileURLToPath(
  new URL("../fixtures/install/", import.meta.url),
);

/** Copies a folder tree. */
export function copyTree(from: string, to: string): void {
  Deno.mkdirSync(to, { recursive: true });
  for (const entry of Deno.readDirSync(from)) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (entry.isDirectory) copyTree(source, target);
    else Deno.copyFileSync(source, target);
  }
}

/** Every file and folder under `root`: bytes (as text) and mode. */
export function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(dir)) {
      const path = join(dir, entry.name);
      const info = Deno.statSync(path);
      const key = relative(root, path);
      if (entry.isDirectory) {
        files.set(`${key}/`, `dir ${(info.mode ?? 0) & 0o7777}`);
        walk(path);
      } else {
        files.set(
          key,
          `${(info.mode ?? 0) & 0o7777} ${Deno.readTextFileSync(path)}`,
        );
      }
    }
  };
  walk(root);
  return files;
}

/**
 * A config value without anything ctx-mode wrote: keys named `ctx-mode`,
 * hook handlers that run ctx-mode, and the containers that leaves empty.
 */
export function stripCtxMode(value: unknown): unknown {
  if (Array.isArray(value)) {
    const kept = value.map(stripCtxMode).filter((item) =>
      item !== undefined && item !== "ctx-mode" &&
      !(typeof item === "object" && item !== null &&
        ["command", "bash"].some((key) =>
          looksLikeCtxMode(String((item as Record<string, unknown>)[key]))
        ))
    );
    return kept.length === 0 && value.length > 0 ? undefined : kept;
  }
  if (value !== null && typeof value === "object") {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (key === "ctx-mode") continue;
      // Codex's `[features] hooks`, which install turns on for its hooks;
      // the table's other keys are the user's.
      if (key === "features" && item !== null && typeof item === "object") {
        const { hooks: _hooks, ...rest } = item as Record<string, unknown>;
        if (Object.keys(rest).length > 0) result[key] = rest;
        continue;
      }
      const stripped = stripCtxMode(item);
      // A hook group whose handlers were all ctx-mode's goes with them.
      if (key === "hooks" && Array.isArray(item) && stripped === undefined) {
        return undefined;
      }
      if (stripped !== undefined) result[key] = stripped;
    }
    const emptied = Object.keys(result).length === 0 &&
      Object.keys(value).length > 0;
    return emptied ? undefined : result;
  }
  return value;
}
