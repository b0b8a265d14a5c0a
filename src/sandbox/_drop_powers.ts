/**
 * Takes every power from the calling thread before it starts a run (the
 * Landlock host's main thread, whose children inherit what it keeps): as
 * root, every capability leaves the bounding set and the effective,
 * permitted, inheritable and ambient sets, and the securebits are locked so
 * that executing a program as root grants none back (`SECBIT_NOROOT`);
 * for every user, no-new-privileges, then the seccomp filter of
 * `_seccomp.ts`. An ordinary user's thread holds no capability to begin with;
 * its bounding set stays (dropping from it needs a capability), and
 * no-new-privileges keeps set-user-id and file-capability programs from
 * raising anything.
 *
 * This module must never throw from its exports; it changes only the
 * calling thread.
 *
 * @module
 */

import { errno, libc } from "./_libc.ts";
import { seccompProgram } from "./_seccomp.ts";

const PR_CAPBSET_READ = 23;
const PR_CAPBSET_DROP = 24;
const PR_SET_SECUREBITS = 28;
const PR_SET_NO_NEW_PRIVS = 38;
const PR_CAP_AMBIENT = 47;
const PR_CAP_AMBIENT_CLEAR_ALL = 4n;
const PR_SET_SECCOMP = 22;
const SECCOMP_MODE_FILTER = 2n;
const LINUX_CAPABILITY_VERSION_3 = 0x20080522;
/** Capability numbers are below 64 in every kernel so far. */
const CAP_COUNT = 64;
/**
 * `SECBIT_NOROOT`, `SECBIT_NO_SETUID_FIXUP`, `SECBIT_KEEP_CAPS_LOCKED`,
 * `SECBIT_NO_CAP_AMBIENT_RAISE`, each with its lock.
 */
const SECUREBITS = 0b1110_1111n;

/** What `dropPowers` did. */
export type DropOutcome = { ok: true } | { ok: false; reason: string };

/** The thread's effective, permitted and inheritable sets, as one number each (`capget`). */
function capabilitySets(): bigint[] | undefined {
  const c = libc()!;
  const header = new Uint32Array([LINUX_CAPABILITY_VERSION_3, 0]);
  const data = new Uint32Array(6);
  if (c.capget(header, data) !== 0) return undefined;
  return [0, 1, 2].map((set) =>
    BigInt(data[set]!) | (BigInt(data[set + 3]!) << 32n)
  );
}

function installSeccomp(program: Uint8Array): boolean {
  const c = libc()!;
  const fprog = new DataView(new ArrayBuffer(16));
  fprog.setUint16(0, program.length / 8, true);
  fprog.setBigUint64(
    8,
    BigInt(Deno.UnsafePointer.value(Deno.UnsafePointer.of(program))),
    true,
  );
  const pointer = Deno.UnsafePointer.of(new Uint8Array(fprog.buffer));
  return c.prctl(
    PR_SET_SECCOMP,
    SECCOMP_MODE_FILTER,
    BigInt(Deno.UnsafePointer.value(pointer)),
    0n,
    0n,
  ) === 0;
}

/**
 * Takes every capability and privilege from the calling thread and installs
 * the run's seccomp filter.
 *
 * @param options The pid that runs may not signal (this host).
 * @returns `{ ok: true }`, or why not; as root, anything left is a failure.
 */
export function dropPowers(options: { protect: number }): DropOutcome {
  const c = libc();
  if (c === null) {
    return { ok: false, reason: "Cannot drop privileges: no FFI or no libc" };
  }
  const root = Deno.uid() === 0;
  if (root) {
    for (let cap = 0n; cap < BigInt(CAP_COUNT); cap++) {
      // Past the kernel's last capability the call fails with EINVAL: nothing to drop.
      c.prctl(PR_CAPBSET_DROP, cap, 0n, 0n, 0n);
    }
    if (c.prctl(PR_SET_SECUREBITS, SECUREBITS, 0n, 0n, 0n) !== 0) {
      return {
        ok: false,
        reason: `Cannot lock the securebits as root: ${errno(c)}`,
      };
    }
  }
  c.prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0n, 0n, 0n);
  const header = new Uint32Array([LINUX_CAPABILITY_VERSION_3, 0]);
  if (c.capset(header, new Uint32Array(6)) !== 0) {
    return { ok: false, reason: `Cannot clear the capabilities: ${errno(c)}` };
  }
  const sets = capabilitySets();
  if (sets === undefined || sets.some((set) => set !== 0n)) {
    return { ok: false, reason: "Cannot clear the capabilities: some stayed" };
  }
  if (root) {
    for (let cap = 0n; cap < BigInt(CAP_COUNT); cap++) {
      if (c.prctl(PR_CAPBSET_READ, cap, 0n, 0n, 0n) === 1) {
        return {
          ok: false,
          reason: `Cannot drop capability ${cap} from the bounding set`,
        };
      }
    }
  }
  if (c.prctl(PR_SET_NO_NEW_PRIVS, 1n, 0n, 0n, 0n) !== 0) {
    return { ok: false, reason: `Cannot set no_new_privs: ${errno(c)}` };
  }
  const program = seccompProgram({ protect: options.protect });
  if (!program) {
    return {
      ok: false,
      reason: `Cannot filter system calls on ${Deno.build.arch}`,
    };
  }
  if (!installSeccomp(program)) {
    return {
      ok: false,
      reason: `Cannot install the seccomp filter: ${errno(c)}`,
    };
  }
  return { ok: true };
}
