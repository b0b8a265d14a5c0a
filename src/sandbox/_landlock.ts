/**
 * Linux Landlock through FFI: confines the calling thread (and every process it
 * spawns afterwards) to the file system paths it is given, and from ABI 6 keeps
 * it from signalling or connecting to abstract unix sockets of processes outside
 * its domain. The network stays open (no ABI 4 net rules).
 *
 * Landlock applies per thread, and without `LANDLOCK_RESTRICT_SELF_TSYNC` only
 * to the thread that calls `landlock_restrict_self`. In Deno that is the main
 * JavaScript thread; the runtime's other threads (the ones that run async file
 * ops such as `Deno.readTextFile`) were started earlier and stay unrestricted.
 * A child started with `Deno.Command` from the restricted thread is forked by
 * that thread and is fully restricted, as are its own children, for good. So
 * the intended use is a host process that restricts its main thread once, then
 * only spawns children (and uses only sync file ops itself, which run on the
 * restricted thread); nothing it does asynchronously is confined.
 *
 * The restricted main thread shares its children's domain, so Landlock lets a
 * child signal it and trace it, and tracing it would reach the unrestricted
 * threads through the memory they share. Hence, once restricted, the process
 * is made non-dumpable (only a holder of `CAP_SYS_PTRACE` may then trace it or
 * open its `/proc/<pid>/mem`) and, where the thread may (`CAP_SETPCAP`),
 * `CAP_SYS_PTRACE` leaves the thread's bounding set, so children running as
 * root do not get it back on exec. A child can still send the host signals.
 * The other way round, the restricted thread may signal only processes it
 * spawned after restricting: to stop an earlier one, close its stdin.
 *
 * This module must never throw from its exports, prompt for a permission, or
 * confine anything but the calling thread (the non-dumpable flag is the
 * process's, and only narrows who may trace it).
 *
 * @module
 */

/** Paths a restricted thread keeps access to. */
export interface LandlockRules {
  /** Read (files, dirs) and execute beneath these paths. */
  readable: readonly string[];
  /** Everything (read, write, create, remove, rename within, truncate, make dirs/links/fifos/sockets) beneath these paths. */
  writable: readonly string[];
  /** Write-only files such as /dev/null, /dev/tty (read + write file, no create). */
  devices?: readonly string[];
}

/** What `restrictCurrentThread` did. */
export type LandlockOutcome = { ok: true; abi: number } | {
  ok: false;
  reason: string;
};

import { errno, type Libc, libc } from "./_libc.ts";

/** The Landlock syscalls, the same number on every Linux architecture. */
const SYS_CREATE_RULESET = 444n;
const SYS_ADD_RULE = 445n;
const SYS_RESTRICT_SELF = 446n;
const CREATE_RULESET_VERSION = 1;
const RULE_PATH_BENEATH = 1;
const PR_SET_DUMPABLE = 4;
const PR_SET_NO_NEW_PRIVS = 38;
const O_PATH = 0o10000000;
const O_DIRECTORY = 0o200000;
const O_CLOEXEC = 0o2000000;

/** `LANDLOCK_ACCESS_FS_*` bits. */
const FS = {
  execute: 1n << 0n,
  writeFile: 1n << 1n,
  readFile: 1n << 2n,
  readDir: 1n << 3n,
  removeDir: 1n << 4n,
  removeFile: 1n << 5n,
  makeChar: 1n << 6n,
  makeDir: 1n << 7n,
  makeReg: 1n << 8n,
  makeSock: 1n << 9n,
  makeFifo: 1n << 10n,
  makeBlock: 1n << 11n,
  makeSym: 1n << 12n,
  refer: 1n << 13n,
  truncate: 1n << 14n,
  ioctlDev: 1n << 15n,
} as const;

/** `LANDLOCK_SCOPE_ABSTRACT_UNIX_SOCKET | LANDLOCK_SCOPE_SIGNAL`. */
const SCOPE_ALL = 1n | 2n;

/** Rights Landlock accepts on a rule for a path that is not a directory. */
const FILE_ONLY = FS.execute | FS.writeFile | FS.readFile | FS.truncate |
  FS.ioctlDev;

const READABLE = FS.execute | FS.readFile | FS.readDir;
/** Device nodes are never made (they need privileges a run must not use). */
const WRITABLE = READABLE | FS.writeFile | FS.removeDir | FS.removeFile |
  FS.makeDir | FS.makeReg | FS.makeSock | FS.makeFifo | FS.makeSym |
  FS.refer | FS.truncate;
/** No ioctl: `TIOCSTI` on a terminal would type commands into the user's shell. */
const DEVICE = FS.readFile | FS.writeFile | FS.truncate;

/** Every fs right the kernel of this ABI knows. */
function handledFs(abi: number): bigint {
  let mask = (1n << 13n) - 1n;
  if (abi >= 2) mask |= FS.refer;
  if (abi >= 3) mask |= FS.truncate;
  if (abi >= 5) mask |= FS.ioctlDev;
  return mask;
}

let cachedAbi: number | undefined;

/**
 * The Landlock ABI version the kernel offers.
 *
 * @returns 0 when not on Linux, without `--allow-ffi`, or when the kernel lacks Landlock (or has it disabled); never throws.
 */
export function landlockAbi(): number {
  if (cachedAbi !== undefined) return cachedAbi;
  const c = libc();
  if (c === null) return cachedAbi = 0;
  const version = c.createRuleset(
    SYS_CREATE_RULESET,
    null,
    0n,
    CREATE_RULESET_VERSION,
  );
  return cachedAbi = version > 0n ? Number(version) : 0;
}

/** The `landlock_ruleset_attr` this ABI reads (8, 16 or 24 bytes). */
function rulesetAttr(abi: number): Uint8Array {
  const fields = [handledFs(abi)];
  if (abi >= 4) fields.push(0n);
  if (abi >= 6) fields.push(SCOPE_ALL);
  return new Uint8Array(new BigUint64Array(fields).buffer);
}

/** Adds one `path_beneath` rule; `null` when added or skipped, else why not. */
function allowPath(
  c: Libc,
  ruleset: number,
  path: string,
  access: bigint,
): string | null {
  if (path.includes("\0")) return null;
  const name = new TextEncoder().encode(path + "\0");
  let fd = c.open(name, O_PATH | O_DIRECTORY | O_CLOEXEC);
  let rights = access;
  if (fd < 0) {
    fd = c.open(name, O_PATH | O_CLOEXEC);
    if (fd < 0) return null;
    rights &= FILE_ONLY;
  }
  try {
    // struct landlock_path_beneath_attr is packed: u64 allowed_access, s32 parent_fd.
    const attr = new DataView(new ArrayBuffer(12));
    attr.setBigUint64(0, rights, true);
    attr.setInt32(8, fd, true);
    const result = c.addRule(
      SYS_ADD_RULE,
      ruleset,
      RULE_PATH_BENEATH,
      new Uint8Array(attr.buffer),
      0,
    );
    return result === 0n
      ? null
      : `Cannot add a Landlock rule for "${path}": ${errno(c)}`;
  } finally {
    c.close(fd);
  }
}

/**
 * Confines the calling thread, and every process it starts from now on, to
 * `rules`; irreversible. Paths that do not exist are skipped; a path that is a
 * file gets only the file rights of its list.
 *
 * @param rules The paths that stay readable, writable, or usable as devices.
 * @returns `{ ok: true, abi }` once restricted, else `{ ok: false, reason }` with the thread unrestricted; never throws.
 */
export function restrictCurrentThread(rules: LandlockRules): LandlockOutcome {
  const abi = landlockAbi();
  const c = libc();
  if (abi === 0 || !c) {
    return {
      ok: false,
      reason: "Cannot use Landlock: " +
        (c
          ? "the kernel does not offer it"
          : "not Linux, no FFI permission, or no libc"),
    };
  }
  const attr = rulesetAttr(abi);
  const ruleset = Number(
    c.createRuleset(SYS_CREATE_RULESET, attr, BigInt(attr.byteLength), 0),
  );
  if (ruleset < 0) {
    return {
      ok: false,
      reason: `Cannot create a Landlock ruleset: ${errno(c)}`,
    };
  }
  try {
    const handled = handledFs(abi);
    const lists: [readonly string[], bigint][] = [
      [rules.readable, READABLE & handled],
      [rules.writable, WRITABLE & handled],
      [rules.devices ?? [], DEVICE & handled],
    ];
    for (const [paths, access] of lists) {
      for (const path of paths) {
        const failure = allowPath(c, ruleset, path, access);
        if (failure) return { ok: false, reason: failure };
      }
    }
    if (c.prctl(PR_SET_NO_NEW_PRIVS, 1n, 0n, 0n, 0n) !== 0) {
      return { ok: false, reason: `Cannot set no_new_privs: ${errno(c)}` };
    }
    if (c.restrictSelf(SYS_RESTRICT_SELF, ruleset, 0) !== 0n) {
      return {
        ok: false,
        reason: `Cannot enforce the Landlock ruleset: ${errno(c)}`,
      };
    }
    c.prctl(PR_SET_DUMPABLE, 0n, 0n, 0n, 0n);
    return { ok: true, abi };
  } finally {
    c.close(ruleset);
  }
}

/**
 * Sets this process's dumpable flag (`PR_SET_DUMPABLE`).
 *
 * @param dumpable `false` hides `/proc/<pid>/environ`, memory and file descriptors from other processes of the same user.
 * @returns Whether it took effect (Linux with FFI).
 */
export function setDumpable(dumpable: boolean): boolean {
  const c = libc();
  return c !== null &&
    c.prctl(PR_SET_DUMPABLE, dumpable ? 1n : 0n, 0n, 0n, 0n) === 0;
}
