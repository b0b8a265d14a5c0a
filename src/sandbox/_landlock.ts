/**
 * Linux Landlock through FFI (provisional; replaced by the full module).
 *
 * @module
 */

/** Paths a restricted thread keeps. */
export interface LandlockRules {
  /** Read (files, dirs) and execute beneath these paths. */
  readable: readonly string[];
  /** Everything beneath these paths. */
  writable: readonly string[];
  /** Device files that are read and written, never created. */
  devices?: readonly string[];
}

/** What a restriction did. */
export type LandlockOutcome = { ok: true; abi: number } | {
  ok: false;
  reason: string;
};

const SYS_CREATE = 444n;
const SYS_ADD = 445n;
const SYS_RESTRICT = 446n;

function libc() {
  return Deno.dlopen("libc.so.6", {
    syscall: { parameters: ["i64", "pointer", "usize", "u32"], result: "i64" },
    addRule: {
      name: "syscall",
      parameters: ["i64", "i32", "i32", "pointer", "u32"],
      result: "i64",
    },
    restrict: {
      name: "syscall",
      parameters: ["i64", "i32", "u32"],
      result: "i64",
    },
    prctl: { parameters: ["i32", "u64", "u64", "u64", "u64"], result: "i32" },
    open: { parameters: ["buffer", "i32"], result: "i32" },
    close: { parameters: ["i32"], result: "i32" },
  });
}

/**
 * The Landlock ABI version of this kernel.
 *
 * @returns 0 when Landlock cannot be used here.
 */
export function landlockAbi(): number {
  if (Deno.build.os !== "linux") return 0;
  try {
    const lib = libc();
    try {
      const abi = Number(lib.symbols.syscall(SYS_CREATE, null, 0n, 1));
      return abi > 0 ? abi : 0;
    } finally {
      lib.close();
    }
  } catch {
    return 0;
  }
}

/**
 * Restricts the calling thread (and what it spawns) to the rules.
 *
 * @param rules The paths kept.
 * @returns Whether it worked.
 */
export function restrictCurrentThread(rules: LandlockRules): LandlockOutcome {
  const abi = landlockAbi();
  if (abi === 0) return { ok: false, reason: "Landlock is not available" };
  const lib = libc();
  const all = abi >= 5 ? (1n << 16n) - 1n : (1n << 15n) - 1n;
  const size = abi >= 6 ? 24n : abi >= 4 ? 16n : 8n;
  const attr = new BigUint64Array([all, 0n, abi >= 6 ? 3n : 0n]);
  const fd = Number(
    lib.symbols.syscall(SYS_CREATE, Deno.UnsafePointer.of(attr), size, 0),
  );
  if (fd < 0) return { ok: false, reason: "landlock_create_ruleset failed" };
  const read = 1n | 4n | 8n;
  const fileRights = 1n | 2n | 4n | (1n << 14n) | (abi >= 5 ? 1n << 15n : 0n);
  const add = (path: string, access: bigint) => {
    const pfd = lib.symbols.open(
      new TextEncoder().encode(path + "\0"),
      0o10000000 | 0o2000000,
    );
    if (pfd < 0) return;
    let isDir = false;
    try {
      isDir = Deno.statSync(path).isDirectory;
    } catch {
      // gone
    }
    const buf = new Uint8Array(12);
    const view = new DataView(buf.buffer);
    view.setBigUint64(0, isDir ? access : access & fileRights, true);
    view.setInt32(8, pfd, true);
    lib.symbols.addRule(SYS_ADD, fd, 1, Deno.UnsafePointer.of(buf), 0);
    lib.symbols.close(pfd);
  };
  for (const path of rules.readable) add(path, read);
  for (const path of rules.writable) add(path, all);
  for (const path of rules.devices ?? []) add(path, 2n | 4n | (1n << 14n));
  lib.symbols.prctl(38, 1n, 0n, 0n, 0n);
  const done = lib.symbols.restrict(SYS_RESTRICT, fd, 0);
  lib.symbols.close(fd);
  lib.close();
  return done === 0n
    ? { ok: true, abi }
    : { ok: false, reason: "landlock_restrict_self failed" };
}
