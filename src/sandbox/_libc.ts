/**
 * The few libc calls the sandbox makes through FFI (Linux): the raw
 * `syscall` for Landlock, `prctl`, `capset`, `open`/`close`, `waitpid`,
 * `statfs`, and `errno`. Loaded once, on first use, only where FFI is
 * granted.
 *
 * This module must never throw from its exports or prompt for a permission.
 *
 * @module
 */

const SYMBOLS = {
  createRuleset: {
    name: "syscall",
    parameters: ["i64", "buffer", "usize", "u32"],
    result: "i64",
  },
  addRule: {
    name: "syscall",
    parameters: ["i64", "i32", "i32", "buffer", "u32"],
    result: "i64",
  },
  restrictSelf: {
    name: "syscall",
    parameters: ["i64", "i32", "u32"],
    result: "i64",
  },
  prctl: { parameters: ["i32", "u64", "u64", "u64", "u64"], result: "i32" },
  capset: { parameters: ["buffer", "buffer"], result: "i32" },
  capget: { parameters: ["buffer", "buffer"], result: "i32" },
  open: { parameters: ["buffer", "i32"], result: "i32" },
  close: { parameters: ["i32"], result: "i32" },
  waitpid: { parameters: ["i32", "buffer", "i32"], result: "i32" },
  statfs: { parameters: ["buffer", "buffer"], result: "i32" },
  ["__errno_location"]: { parameters: [], result: "pointer" },
} as const;

/** The loaded calls. */
export type Libc = Deno.DynamicLibrary<typeof SYMBOLS>["symbols"];

let loaded: Libc | null | undefined;

/**
 * Opens libc once.
 *
 * @returns The calls; `null` when not on Linux, without FFI permission, or no libc found.
 */
export function libc(): Libc | null {
  if (loaded !== undefined) return loaded;
  loaded = null;
  if (Deno.build.os !== "linux") return loaded;
  try {
    if (Deno.permissions.querySync({ name: "ffi" }).state !== "granted") {
      return loaded;
    }
  } catch {
    return loaded;
  }
  for (const name of ["libc.so.6", `libc.musl-${Deno.build.arch}.so.1`]) {
    try {
      loaded = Deno.dlopen(name, SYMBOLS).symbols;
      break;
    } catch {
      // try the next name
    }
  }
  return loaded;
}

/**
 * Why the last failed libc call failed.
 *
 * @param c The loaded calls.
 * @returns `errno N`.
 */
export function errno(c: Libc): string {
  const pointer = c.__errno_location();
  const code = pointer === null
    ? 0
    : new Deno.UnsafePointerView(pointer).getInt32();
  return `errno ${code}`;
}

/**
 * The bytes used on the file system that holds `path` (`statfs`).
 *
 * @param path A path.
 * @returns Used bytes; 0 when it cannot be read.
 */
export function usedBytes(path: string): number {
  const c = libc();
  if (c === null || path.includes("\0")) return 0;
  // struct statfs on 64-bit Linux: f_type, f_bsize, f_blocks, f_bfree, … (8 bytes each).
  const buffer = new BigUint64Array(15);
  if (c.statfs(new TextEncoder().encode(path + "\0"), buffer) !== 0) return 0;
  return Number((buffer[2]! - buffer[3]!) * buffer[1]!);
}

/**
 * Reaps a child that has ended (`waitpid` with `WNOHANG`).
 *
 * @param pid A child's pid, or -1 for any.
 * @returns The pid reaped, 0 when none has ended, -1 when there is none.
 */
export function reapChild(pid: number): number {
  const c = libc();
  if (c === null) return -1;
  const WNOHANG = 1;
  return c.waitpid(pid, new Int32Array(1), WNOHANG);
}
