/**
 * How this copy of ctx-mode was installed, and the exact commands that
 * upgrade it. Tells only; never changes anything.
 *
 * @module
 */

import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

/** How ctx-mode is running. */
export type InstallKind = "binary" | "jsr" | "clone" | "local";

/** The facts the advice is drawn from; injectable for tests. */
export interface InstallFacts {
  /** `Deno.mainModule`. */
  mainModule: string;
  /** `Deno.execPath()`. */
  execPath: string;
  /** `Deno.build.os`. */
  os: string;
  /** Whether a path exists. */
  exists(path: string): boolean;
}

/** The advice for one install. */
export interface UpgradeAdvice {
  /** How it is installed. */
  kind: InstallKind;
  /** The commands to run, in order. */
  commands: string[];
  /** One line saying where the install lives. */
  where: string;
}

/**
 * Tells how ctx-mode was installed and which commands upgrade it.
 *
 * @param facts The main module, executable, OS and a file-existence check.
 * @returns The install kind, where it lives and the commands.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { upgradeAdvice } from "./upgrade_advice.ts";
 * const advice = upgradeAdvice({
 *   mainModule: "https://jsr.io/@ctx/mode/0.1.0/main.ts",
 *   execPath: "/usr/bin/deno",
 *   os: "linux",
 *   exists: () => false,
 * });
 * assert.equal(advice.kind, "jsr");
 * ```
 */
export function upgradeAdvice(facts: InstallFacts): UpgradeAdvice {
  const { mainModule, execPath } = facts;
  if (/deno-compile-/.test(mainModule)) {
    const target = facts.os === "windows" ? "ctx-mode.exe" : "ctx-mode";
    return {
      kind: "binary",
      where: `compiled binary at ${execPath}`,
      commands: [
        `Download the latest ${target} for your platform from the project's releases page`,
        `Replace ${execPath} with it${
          facts.os === "windows" ? "" : ` and run: chmod +x ${execPath}`
        }`,
        `${target} version`,
      ],
    };
  }
  if (/^(https:\/\/jsr\.io\/|jsr:)/.test(mainModule)) {
    return {
      kind: "jsr",
      where: `from JSR (${mainModule})`,
      commands: [
        "deno install --global --allow-all --force --reload --name ctx-mode jsr:@ctx/mode",
        "ctx-mode version",
      ],
    };
  }
  if (mainModule.startsWith("file:")) {
    const folder = dirname(fileURLToPath(mainModule));
    if (facts.exists(join(folder, ".git"))) {
      return {
        kind: "clone",
        where: `git clone at ${folder}`,
        commands: [
          `git -C ${quote(folder)} pull --ff-only`,
          `cd ${quote(folder)} && deno install --frozen`,
          `cd ${quote(folder)} && deno task start version`,
        ],
      };
    }
    return {
      kind: "local",
      where: `local copy at ${folder}`,
      commands: [
        "deno install --global --allow-all --force --name ctx-mode jsr:@ctx/mode",
        "Point your agent's hook and MCP commands at the installed ctx-mode",
      ],
    };
  }
  return {
    kind: "local",
    where: `running ${mainModule}`,
    commands: [
      "deno install --global --allow-all --force --name ctx-mode jsr:@ctx/mode",
    ],
  };
}

function quote(path: string): string {
  return /^[\w@%+=:,./-]+$/.test(path)
    ? path
    : `'${path.replaceAll("'", "'\\''")}'`;
}
