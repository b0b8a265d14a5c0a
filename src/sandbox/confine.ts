/**
 * Whether runs can be confined to the project with bubblewrap (`bwrap`, Linux
 * only): found on PATH and able to create the namespaces we use here (user
 * namespaces may be disabled, for example inside some containers).
 *
 * The probe starts `bwrap … true` once per process and caches the answer.
 * This module must never confine anything itself; it only answers whether
 * confinement is possible.
 *
 * @module
 */

import { findOnPath } from "./_languages.ts";

/** How runs are confined on this machine. */
export interface Confinement {
  /** `"bwrap"`: a mount namespace holding only the project, the temp dir and runtime paths. `"none"`: not confined. */
  kind: "bwrap" | "none";
  /** The `bwrap` executable, when `kind` is `"bwrap"`. */
  command?: string;
  /** Why, in one line (for `doctor`). */
  reason: string;
}

const PROBE_TIMEOUT_MS = 5_000;
const probes = new Map<string, Promise<Confinement>>();

/** The namespace flags every confined run uses; the probe checks exactly these. */
export const BWRAP_NAMESPACE_ARGS: readonly string[] = [
  "--die-with-parent",
  "--unshare-pid",
  "--unshare-ipc",
  "--unshare-uts",
  "--unshare-cgroup-try",
];

async function probe(command: string): Promise<Confinement> {
  try {
    const output = await new Deno.Command(command, {
      args: [
        ...BWRAP_NAMESPACE_ARGS,
        "--ro-bind",
        "/",
        "/",
        "--dev",
        "/dev",
        "--proc",
        "/proc",
        "true",
      ],
      clearEnv: true,
      stdin: "null",
      stdout: "null",
      stderr: "piped",
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    }).output();
    if (output.success) {
      return { kind: "bwrap", command, reason: `${command} works` };
    }
    const why = new TextDecoder().decode(output.stderr).trim().split("\n")[0] ??
      "";
    return {
      kind: "none",
      reason: `${command} cannot create namespaces here: ${
        why || `exit ${output.code}`
      }`,
    };
  } catch (error) {
    return {
      kind: "none",
      reason: `${command} failed to start: ${
        error instanceof Error ? error.message : error
      }`,
    };
  }
}

/**
 * Finds out whether bubblewrap can confine runs here.
 *
 * @param options The environment whose PATH is searched, and the OS.
 * @returns `kind: "bwrap"` when a probe run succeeded; cached per executable.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detectConfinement } from "./confine.ts";
 * const confinement = await detectConfinement({ os: "darwin" });
 * assert.equal(confinement.kind, "none");
 * ```
 */
export async function detectConfinement(
  options: {
    /** The environment whose PATH is searched. @default {Deno.env.toObject()} */
    env?: Readonly<Record<string, string | undefined>>;
    /** The OS; bubblewrap exists only on Linux. @default {Deno.build.os} */
    os?: typeof Deno.build.os;
  } = {},
): Promise<Confinement> {
  const os = options.os ?? Deno.build.os;
  if (os !== "linux") {
    return { kind: "none", reason: `bubblewrap is Linux-only (this is ${os})` };
  }
  const command = findOnPath("bwrap", options.env ?? Deno.env.toObject(), os);
  if (!command) {
    return {
      kind: "none",
      reason:
        "bwrap is not installed (Debian/Ubuntu: apt-get install bubblewrap)",
    };
  }
  let pending = probes.get(command);
  if (!pending) {
    pending = probe(command);
    probes.set(command, pending);
  }
  return await pending;
}
