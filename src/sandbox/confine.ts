/**
 * How runs can be confined here. First choice: bubblewrap (`bwrap`, Linux
 * only), found on PATH and able to create the namespaces we use (user
 * namespaces may be disabled, for example inside some containers), with a
 * confined process that really holds no capabilities (and runs as uid 65534
 * inside). Second: Landlock
 * (Linux, unprivileged), which confines file access by the kernel's own view
 * of paths, links resolved. Else none.
 *
 * The probe starts `bwrap … cat /proc/self/status` once per process and caches
 * the answer.
 * This module must never confine anything itself; it only answers whether
 * confinement is possible.
 *
 * @module
 */

import { findOnPath } from "./_languages.ts";
import { landlockAbi } from "./_landlock.ts";

/** How runs are confined on this machine. */
export interface Confinement {
  /**
   * `"bwrap"`: a user and mount namespace holding only the project, the temp
   * dir and runtime paths, without capabilities. `"landlock"`: the kernel
   * limits file access to the same paths. `"none"`: not confined.
   */
  kind: "bwrap" | "landlock" | "none";
  /** The `bwrap` executable, when `kind` is `"bwrap"`. */
  command?: string;
  /** Why, in one line (for `doctor`). */
  reason: string;
}

const PROBE_TIMEOUT_MS = 5_000;
const probes = new Map<string, Promise<Confinement>>();
/** Where bwrap is, per PATH, looked up once per process (as language commands are). */
const bwrapOnPath = new Map<string, string | undefined>();

/** The namespace flags every confined run uses; the probe checks exactly these. */
export const BWRAP_NAMESPACE_ARGS: readonly string[] = [
  "--unshare-user",
  // nobody inside, even when the server is root: no uid 0 for programs that trust it.
  "--uid",
  "65534",
  "--gid",
  "65534",
  "--cap-drop",
  "ALL",
  "--new-session",
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
        "cat",
        "/proc/self/status",
      ],
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    }).output();
    if (output.success) {
      const status = new TextDecoder().decode(output.stdout);
      const effective = /^CapEff:\s*([0-9a-f]+)/m.exec(status)?.[1];
      if (effective !== undefined && /^0+$/.test(effective)) {
        return {
          kind: "bwrap",
          command,
          reason: `${command} works (no capabilities inside)`,
        };
      }
      return {
        kind: "none",
        reason: `${command} left capabilities to the confined process (CapEff ${
          effective ?? "unknown"
        })`,
      };
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
 * Finds out how runs can be confined here: bubblewrap, else Landlock, else not.
 *
 * @param options The environment whose PATH is searched, the OS, and which mechanisms may be used.
 * @returns The strongest confinement that works; the bubblewrap probe is cached per executable.
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
    /** The OS; bubblewrap and Landlock exist only on Linux. @default {Deno.build.os} */
    os?: typeof Deno.build.os;
    /** Use bubblewrap when it works. @default {true} */
    bwrap?: boolean;
    /** Fall back to Landlock when bubblewrap does not work. @default {true} */
    landlock?: boolean;
  } = {},
): Promise<Confinement> {
  const os = options.os ?? Deno.build.os;
  if (os !== "linux") {
    return {
      kind: "none",
      reason: `bubblewrap and Landlock are Linux-only (this is ${os})`,
    };
  }
  const bwrap = options.bwrap === false
    ? { kind: "none" as const, reason: "bubblewrap not used" }
    : await detectBwrap(options.env ?? Deno.env.toObject(), os);
  if (bwrap.kind === "bwrap" || options.landlock === false) return bwrap;
  const abi = landlockAbi();
  if (abi > 0) {
    return {
      kind: "landlock",
      reason: `Landlock ABI ${abi} (${bwrap.reason})`,
    };
  }
  return {
    kind: "none",
    reason: `${bwrap.reason}; Landlock is not available`,
  };
}

async function detectBwrap(
  env: Readonly<Record<string, string | undefined>>,
  os: typeof Deno.build.os,
): Promise<Confinement> {
  const pathKey = env.PATH ?? "";
  if (!bwrapOnPath.has(pathKey)) {
    bwrapOnPath.set(pathKey, findOnPath("bwrap", env, os));
  }
  const command = bwrapOnPath.get(pathKey);
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

/** How runs are confined here, as the doctor reports it. */
export interface ConfinementReport {
  kind: Confinement["kind"];
  /** `ok` for bubblewrap, `warn` for weaker confinement or none. */
  status: "ok" | "warn";
  detail: string;
}

/**
 * Says which confinement runs get here, honouring `CTX_MODE_CONFINE`, and
 * what holds with it, so that a fall-back is never silent.
 *
 * @param env The environment (PATH, `CTX_MODE_CONFINE`).
 * @returns The kind, a status and one line.
 */
export async function confinementReport(
  env: Readonly<Record<string, string | undefined>>,
): Promise<ConfinementReport> {
  const setting = env.CTX_MODE_CONFINE?.trim().toLowerCase();
  if (setting && ["off", "0", "false", "no"].includes(setting)) {
    return {
      kind: "none",
      status: "warn",
      detail:
        "turned off by CTX_MODE_CONFINE: shell, Python and the rest run with your user's full access; JavaScript keeps Deno's permissions",
    };
  }
  const confinement = await detectConfinement({
    env,
    bwrap: setting !== "landlock",
  });
  switch (confinement.kind) {
    case "bwrap":
      return {
        kind: "bwrap",
        status: "ok",
        detail:
          `bubblewrap: runs see only the project, their temp dir and the runtime, as nobody with no capabilities, in their own PID namespace, without Unix-domain or raw sockets (${confinement.reason})`,
      };
    case "landlock":
      return {
        kind: "landlock",
        status: "warn",
        detail:
          `Landlock: runs may write only the project and their temp dir and read only the system and the runtime, links resolved by the kernel, with no capabilities and without Unix-domain or raw sockets; no PID namespace, the process list visible (${confinement.reason})`,
      };
    default:
      return {
        kind: "none",
        status: "warn",
        detail:
          `not confined: shell, Python and the rest run with your user's full access; JavaScript keeps Deno's permissions and refuses projects with links that lead out (${confinement.reason})`,
      };
  }
}
