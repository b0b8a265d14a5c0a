/**
 * The seccomp filter of every confined run, as a classic BPF program
 * (`struct sock_filter[]`), for x86_64 and aarch64. Sockets are allowed by
 * family: IPv4 and IPv6 (not raw, not `SOCK_PACKET`), and netlink's routing
 * protocol alone (getifaddrs, `ip`). Every other family is refused: Unix-domain
 * sockets (file rules do not govern connecting to one: an agent or docker
 * socket, the session bus, abstract sockets), packet sockets, vsock (the
 * hypervisor's side), Bluetooth, `AF_ALG` and the rest, and netlink's other
 * protocols (`NETLINK_SOCK_DIAG` lists every process's sockets, audit and
 * uevents read the host's). Also refused: datagram socket pairs (a
 * datagram socket can be re-connected to any Unix socket), io_uring (which
 * creates sockets without the `socket` call), System V IPC (`shmget`,
 * `semget`, `msgget` and the calls on their objects: judged by uid alone, so
 * a root run would own root's, and a detached segment is memory no process
 * maps, beyond the memory cap), `memfd_secret`, the kernel's key rings
 * (`add_key`, `request_key`, `keyctl`: the session and user key rings hold
 * other programs' secrets, and a key is memory outside the cap), and, from the host that
 * installs it under Landlock, signals aimed at that host (a run that killed
 * its host would leave its orphans unwatched). Every syscall of another ABI
 * (32-bit x86, x32) ends the process: its numbers are not the ones checked.
 *
 * Stream socket pairs, TCP, UDP, routing netlink and every other syscall stay
 * allowed.
 *
 * Pure: builds bytes; `seccompFile` alone writes them (once) to a private
 * file. Imports nothing: the sandbox host loads it.
 *
 * @module
 */

/** The syscall numbers the filter looks at, per architecture. */
interface SyscallTable {
  /** `AUDIT_ARCH_*` of the architecture. */
  audit: number;
  socket: number;
  socketpair: number;
  kill: number;
  tkill: number;
  tgkill: number;
  /** System V IPC: shared memory, semaphores, message queues (`shmget`…`semtimedop`). */
  sysvIpc: readonly number[];
  /** The key ring calls: `add_key`, `request_key`, `keyctl`. */
  keyRing: readonly number[];
  /** Syscall numbers at or above this belong to another ABI (x32), if any. */
  foreignFrom?: number;
}

const TABLES: Partial<Record<typeof Deno.build.arch, SyscallTable>> = {
  "x86_64": {
    audit: 0xc000003e,
    socket: 41,
    socketpair: 53,
    kill: 62,
    tkill: 200,
    tgkill: 234,
    sysvIpc: [29, 30, 31, 64, 65, 66, 67, 68, 69, 70, 71, 220],
    keyRing: [248, 249, 250],
    foreignFrom: 0x40000000,
  },
  aarch64: {
    audit: 0xc00000b7,
    socket: 198,
    socketpair: 199,
    kill: 129,
    tkill: 130,
    tgkill: 131,
    sysvIpc: [186, 187, 188, 189, 190, 191, 192, 193, 194, 195, 196, 197],
    keyRing: [217, 218, 219],
  },
};

/** The same on every architecture (the unified syscall table). */
const IO_URING_SETUP = 425;
const PIDFD_OPEN = 434;
const MEMFD_SECRET = 447;

const AF_INET = 2;
const AF_INET6 = 10;
const AF_NETLINK = 16;
const NETLINK_ROUTE = 0;
const SOCK_DGRAM = 2;
const SOCK_RAW = 3;
const SOCK_PACKET = 10;
/** `SOCK_TYPE_MASK`: the type without `SOCK_NONBLOCK`/`SOCK_CLOEXEC`. */
const SOCK_TYPE_MASK = 0xf;

const RET_KILL_PROCESS = 0x80000000;
const RET_ERRNO = 0x00050000;
const RET_ALLOW = 0x7fff0000;
const EPERM = 1;
const ENOSYS = 38;

/** `struct seccomp_data` offsets: nr, arch, then the low words of args[0], args[1], args[2]. */
const NR = 0;
const ARCH = 4;
const ARG0 = 16;
const ARG1 = 24;
const ARG2 = 32;

const LD_ABS = 0x20;
const JEQ = 0x15;
const JGE = 0x35;
const AND = 0x54;
const RET = 0x06;

type Op =
  | { code: number; k: number; yes?: string; no?: string }
  | { label: string };

function load(offset: number): Op {
  return { code: LD_ABS, k: offset };
}
function ifEqual(k: number, yes: string): Op {
  return { code: JEQ, k, yes };
}
function ret(k: number): Op {
  return { code: RET, k };
}

/** Resolves labels into the 8-byte instructions the kernel reads. */
function assemble(ops: readonly Op[]): Uint8Array {
  const labels = new Map<string, number>();
  const code: Exclude<Op, { label: string }>[] = [];
  for (const op of ops) {
    if ("label" in op) labels.set(op.label, code.length);
    else code.push(op);
  }
  const bytes = new Uint8Array(code.length * 8);
  const view = new DataView(bytes.buffer);
  code.forEach((op, index) => {
    const jump = (label: string | undefined) => {
      if (label === undefined) return 0;
      const offset = labels.get(label)! - index - 1;
      if (!(offset >= 0 && offset < 256)) {
        throw new RangeError(`Cannot assemble jump "${label}": out of reach`);
      }
      return offset;
    };
    view.setUint16(index * 8, op.code, true);
    view.setUint8(index * 8 + 2, jump(op.yes));
    view.setUint8(index * 8 + 3, jump(op.no));
    view.setUint32(index * 8 + 4, op.k >>> 0, true);
  });
  return bytes;
}

/**
 * The filter program for one architecture.
 *
 * @param options The architecture, and a host whose signals are refused.
 * @returns The `struct sock_filter` array; `undefined` for an architecture without a table.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { seccompProgram } from "./_seccomp.ts";
 * assert.equal(seccompProgram({ arch: "x86_64" })!.length % 8, 0);
 * ```
 */
export function seccompProgram(
  options: {
    /** @default {Deno.build.arch} */
    arch?: typeof Deno.build.arch;
    /** A pid that runs may not signal (nor its process group). @default {undefined} */
    protect?: number;
  } = {},
): Uint8Array | undefined {
  const table = TABLES[options.arch ?? Deno.build.arch];
  if (!table) return undefined;
  const ops: Op[] = [
    load(ARCH),
    ifEqual(table.audit, "native"),
    ret(RET_KILL_PROCESS),
    { label: "native" },
    load(NR),
  ];
  if (table.foreignFrom !== undefined) {
    ops.push({ code: JGE, k: table.foreignFrom, yes: "kill" });
  }
  ops.push(
    ifEqual(table.socket, "socket"),
    ifEqual(table.socketpair, "socketpair"),
    ifEqual(IO_URING_SETUP, "enosys"),
    // Memory no process maps (a detached segment, secret memory) would escape the memory cap;
    // System V objects are also judged by uid alone (a root run's uid 0 owns root's).
    ifEqual(MEMFD_SECRET, "enosys"),
    ...table.sysvIpc.map((nr) => ifEqual(nr, "enosys")),
    ...table.keyRing.map((nr) => ifEqual(nr, "enosys")),
  );
  const protect = options.protect;
  if (protect !== undefined) {
    ops.push(
      ifEqual(table.kill, "signal"),
      ifEqual(table.tkill, "signal"),
      ifEqual(table.tgkill, "signal"),
      ifEqual(PIDFD_OPEN, "signal"),
    );
  }
  ops.push(
    ret(RET_ALLOW),
    { label: "socket" },
    load(ARG0),
    ifEqual(AF_INET, "inet"),
    ifEqual(AF_INET6, "inet"),
    // Routing netlink is raw by type but reads the kernel's tables (getifaddrs, `ip`).
    ifEqual(AF_NETLINK, "netlink"),
    ret(RET_ERRNO | EPERM),
    { label: "netlink" },
    load(ARG2),
    ifEqual(NETLINK_ROUTE, "allow"),
    ret(RET_ERRNO | EPERM),
    { label: "inet" },
    load(ARG1),
    { code: AND, k: SOCK_TYPE_MASK },
    ifEqual(SOCK_RAW, "eperm"),
    ifEqual(SOCK_PACKET, "eperm"),
    ret(RET_ALLOW),
    { label: "socketpair" },
    load(ARG1),
    { code: AND, k: SOCK_TYPE_MASK },
    ifEqual(SOCK_DGRAM, "eperm"),
    ret(RET_ALLOW),
  );
  if (protect !== undefined) {
    // kill(pid), kill(-pgid), kill(0) (the host's group), kill(-1) (everyone); tkill(tid), tgkill(tgid), pidfd_open(pid).
    ops.push(
      { label: "signal" },
      load(ARG0),
      ifEqual(protect, "eperm"),
      ifEqual(-protect, "eperm"),
      ifEqual(0, "eperm"),
      ifEqual(-1, "eperm"),
      ret(RET_ALLOW),
    );
  }
  ops.push(
    { label: "allow" },
    ret(RET_ALLOW),
    { label: "eperm" },
    ret(RET_ERRNO | EPERM),
    { label: "enosys" },
    ret(RET_ERRNO | ENOSYS),
    { label: "kill" },
    ret(RET_KILL_PROCESS),
  );
  return assemble(ops);
}

let written: string | undefined;

/**
 * The filter for this machine in a file only this user can change
 * (bubblewrap reads it from a file descriptor): in a folder of this user's
 * own (`ctx-mode-seccomp-<uid>` in the temp dir, mode 0700, refused if it is
 * a link or someone else's), named by its content, written once and kept
 * (a server killed with SIGKILL leaves nothing that a later one would not
 * reuse).
 *
 * @param dir The temp dir. @default {TMPDIR, else /tmp}
 * @returns The file's path; `undefined` for an architecture without a table,
 *   or when no safe folder can be had.
 */
export function seccompFile(
  dir = Deno.env.get("TMPDIR") ?? "/tmp",
): string | undefined {
  if (written !== undefined) return written;
  const program = seccompProgram();
  if (!program) return undefined;
  const uid = Deno.uid() ?? 0;
  const folder = `${dir}/ctx-mode-seccomp-${uid}`;
  try {
    Deno.mkdirSync(folder, { mode: 0o700 });
  } catch (error) {
    if (!(error instanceof Deno.errors.AlreadyExists)) return undefined;
  }
  const info = Deno.lstatSync(folder);
  if (!info.isDirectory || info.uid !== uid || (info.mode! & 0o077) !== 0) {
    return undefined;
  }
  let hash = 2166136261;
  for (const byte of program) hash = Math.imul(hash ^ byte, 16777619) >>> 0;
  const path = `${folder}/${Deno.build.arch}-${hash.toString(16)}.bpf`;
  let current: Uint8Array | undefined;
  try {
    current = Deno.readFileSync(path);
  } catch {
    // not written yet
  }
  if (
    current?.length !== program.length ||
    current.some((b, i) => b !== program[i])
  ) {
    const partial = `${path}.${Deno.pid}`;
    Deno.writeFileSync(partial, program, { mode: 0o600 });
    Deno.renameSync(partial, path);
  }
  return written = path;
}
