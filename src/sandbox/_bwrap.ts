/**
 * The bubblewrap command line for a confined run: a new mount namespace with
 * the system's runtime paths read-only, the project and the run's temp dir
 * read-write, a few more read-only paths (interpreters installed outside the
 * system dirs), fresh `/dev`, `/proc` and `/tmp`, and nothing else — no home
 * directory, no other projects.
 *
 * Only reads the file system to see which system paths exist. This module
 * must never start a process.
 *
 * @module
 */

import { basename, dirname, isAbsolute, join, relative, sep } from "node:path";
import { BWRAP_NAMESPACE_ARGS } from "./confine.ts";
import { allowedEtcPaths } from "./_etc_allow.ts";

/** The paths a confined run sees besides the system's. */
export interface BwrapMounts {
  /** Bound read-write at the same path (the project, the temp dir). */
  writable: readonly string[];
  /** Bound read-only at the same path (runtimes outside the system dirs, an exec-file target). */
  readable: readonly string[];
  /** The working directory inside. */
  cwd: string;
  /**
   * A folder made inside the namespace's own `/tmp` (the run's temp dir: it
   * ends with the namespace, so nothing stays behind).
   */
  privateDir?: string;
  /** The size of each of the namespace's in-memory folders (`/tmp`, `/var/tmp`, `/dev/shm`). @default {undefined} (the kernel's default, half the RAM) */
  tmpBytes?: number;
  /** Binds over the project's control files (`_control_mounts.ts`), after every other bind. @default {[]} */
  controlArgs?: readonly string[];
  /** A file descriptor bubblewrap reads the run's seccomp filter from. @default {undefined} */
  seccompFd?: number;
  /**
   * A folder that holds exactly `/etc`'s allow list (`_etc_tree.ts`), bound
   * as `/etc` in one bind, and the folders of `/etc` bound over their empty
   * stand-ins in it. @default {undefined} (each allowed entry bound by itself)
   */
  etc?: { source: string; binds: readonly string[] };
}

/** Writable parts of a fresh /proc that act on the whole machine. */
const PROC_KNOBS = [
  "/proc/sys",
  "/proc/sysrq-trigger",
  "/proc/irq",
  "/proc/bus",
  "/proc/fs",
];

/** The namespace's writable folders that live in memory. */
export const IN_MEMORY_DIRS: readonly string[] = [
  "/tmp",
  "/var/tmp",
  "/dev/shm",
];

/** The parts of the file system the builder looks at; injectable for tests. */
export interface FsView {
  /** `undefined` when the path does not exist. */
  lstat(
    path: string,
  ): { isSymlink: boolean; isDirectory: boolean; isFile: boolean } | undefined;
  readLink(path: string): string;
  readDir(path: string): string[];
  realPath(path: string): string;
}

/** The real file system. */
export const REAL_FS: FsView = {
  lstat(path) {
    try {
      return Deno.lstatSync(path);
    } catch {
      return undefined;
    }
  },
  readLink: (path) => Deno.readLinkSync(path),
  readDir(path) {
    try {
      return [...Deno.readDirSync(path)].map((entry) => entry.name);
    } catch {
      return [];
    }
  },
  realPath(path) {
    try {
      return Deno.realPathSync(path);
    } catch {
      return path;
    }
  },
};

/**
 * Read-only system trees; a runtime inside one needs no mount of its own.
 * Not `/opt`: it holds whatever vendors installed, root-only keys included,
 * so a run sees of it only the runtimes and PATH folders it is given.
 */
export const SYSTEM_PATHS: readonly string[] = [
  "/usr",
  "/etc",
  "/nix",
  "/snap",
];
const TOP_LEVEL_LINKS = [
  "/bin",
  "/sbin",
  "/lib",
  "/lib32",
  "/lib64",
  "/libx32",
];
/** Credentials that live inside runtime roots we may mount (Cargo keeps registry tokens there). */
const ROOT_SECRET_FILES = ["credentials", "credentials.toml"];

/**
 * Whether `path` is `root` or lies under it (lexically).
 *
 * @param path An absolute path.
 * @param root An absolute path.
 * @returns `true` when inside.
 */
export function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/**
 * Whether a path is already visible read-only in every confined run.
 *
 * @param path An absolute path.
 * @returns `true` under `/usr`, `/etc`, `/nix`, `/snap` or the top-level library links.
 */
export function isSystemPath(path: string): boolean {
  return [...SYSTEM_PATHS, ...TOP_LEVEL_LINKS].some((root) =>
    isInside(path, root)
  );
}

/**
 * The directory that holds a runtime's installation, judged from its
 * executable: the parent of a `bin`/`sbin`/`shims` dir, else the executable's
 * own dir. Too-broad answers (home, `~/.local`) narrow to the executable's dir.
 */
function installRoot(executable: string, home: string | undefined): string {
  const dir = dirname(executable);
  const root = ["bin", "sbin", "shims"].includes(basename(dir))
    ? dirname(dir)
    : dir;
  if (
    home &&
    (root === home || root === join(home, ".local") || isInside(home, root))
  ) return dir;
  return root;
}

/**
 * The read-only mounts a runtime needs when it lives outside the system dirs
 * (pyenv, rustup, asdf, a Deno in `~/.deno`): its install root, judged from
 * the PATH entry and from the resolved executable.
 *
 * @param executable The executable found on PATH.
 * @param env The parent environment (for `HOME`, `RUSTUP_HOME`, `CARGO_HOME`).
 * @param fs The file system view.
 * @returns Absolute paths, without duplicates; empty for system runtimes.
 */
export function runtimeRoots(
  executable: string,
  env: Readonly<Record<string, string | undefined>>,
  fs: FsView = REAL_FS,
): string[] {
  const home = env.HOME;
  const realHome = home ? fs.realPath(home) : undefined;
  const roots = new Set<string>();
  for (const path of [executable, fs.realPath(executable)]) {
    if (isSystemPath(path)) continue;
    const root = installRoot(path, home);
    // A runtime in the home folder itself (or a link to it) brings only its own file.
    const whole = realHome !== undefined &&
      isInside(realHome, fs.realPath(root));
    roots.add(whole ? path : root);
  }
  // rustup's proxies need the toolchains, which live apart from the proxy.
  if (basename(fs.realPath(executable)).startsWith("rustup")) {
    const rustupHome = env.RUSTUP_HOME ??
      (home ? join(home, ".rustup") : undefined);
    if (rustupHome && fs.lstat(rustupHome)) roots.add(rustupHome);
  }
  return [...roots];
}

/** The part of the command line read from the system's own folders. */
interface SystemMounts {
  /** The system trees, links kept as links. */
  binds: string[];
  /** `/etc`'s allowed entries, links kept as links. */
  etc: string[];
  /** Whether `/sys` exists. */
  sys: boolean;
  /** The parts of `/proc` that act on the whole machine, where they exist. */
  knobs: string[];
}

function systemMounts(fs: FsView): SystemMounts {
  const binds: string[] = [];
  if (fs.lstat("/usr")) binds.push("--ro-bind", "/usr", "/usr");
  for (const path of TOP_LEVEL_LINKS) {
    const info = fs.lstat(path);
    if (!info) continue;
    if (info.isSymlink) binds.push("--symlink", fs.readLink(path), path);
    else if (info.isDirectory) binds.push("--ro-bind", path, path);
  }
  for (const path of SYSTEM_PATHS.filter((path) => path !== "/etc")) {
    if (path !== "/usr" && fs.lstat(path)) binds.push("--ro-bind", path, path);
  }
  // /etc by its allow list: links stay links, so what they point to decides.
  const etc: string[] = [];
  for (const path of allowedEtcPaths(fs)) {
    const info = fs.lstat(path);
    if (info?.isSymlink) etc.push("--symlink", fs.readLink(path), path);
    else if (info) etc.push("--ro-bind", path, path);
  }
  return {
    binds,
    etc,
    sys: fs.lstat("/sys") !== undefined,
    knobs: PROC_KNOBS.filter((path) => fs.lstat(path)),
  };
}

/** A folder's identity and last change, `""` when it is gone. */
function folderStamp(path: string): string {
  try {
    const info = Deno.statSync(path);
    return `${info.ino}:${info.mtime?.getTime()}:${info.ctime?.getTime()}`;
  } catch {
    return "";
  }
}

/** Changes closer than this to a reading may share its timestamp: not kept. */
const RECENT_CHANGE_MS = 2000;

let systemMemo:
  | { mounts: SystemMounts; stamps: Map<string, string> }
  | undefined;

/**
 * {@link systemMounts} of the real file system, read again only when a
 * folder it looked in changed since (every path it looked at is an entry of
 * one: adding, removing, renaming or retargeting a link changes the
 * folder's mtime, replacing it its inode). A folder changed within
 * {@link RECENT_CHANGE_MS} of the reading is not trusted to show a later
 * change in its timestamp: nothing is kept then.
 */
function cachedSystemMounts(): SystemMounts {
  if (systemMemo) {
    let same = true;
    for (const [folder, stamp] of systemMemo.stamps) {
      if (folderStamp(folder) !== stamp) {
        same = false;
        break;
      }
    }
    if (same) return systemMemo.mounts;
    systemMemo = undefined;
  }
  const folders = new Set<string>();
  const recording: FsView = {
    lstat(path) {
      folders.add(dirname(path));
      return REAL_FS.lstat(path);
    },
    readLink(path) {
      folders.add(dirname(path));
      return REAL_FS.readLink(path);
    },
    readDir(path) {
      folders.add(path);
      return REAL_FS.readDir(path);
    },
    realPath: () => {
      throw new Error("the system mounts resolve no link");
    },
  };
  const readAt = Date.now();
  const mounts = systemMounts(recording);
  const stamps = new Map(
    [...folders].map((folder) => [folder, folderStamp(folder)]),
  );
  // A change made while reading is recent: it is never kept.
  const recent = [...folders].some((folder) => {
    try {
      const info = Deno.statSync(folder);
      return Math.max(
        info.mtime?.getTime() ?? Infinity,
        info.ctime?.getTime() ?? Infinity,
      ) > readAt - RECENT_CHANGE_MS;
    } catch {
      return false;
    }
  });
  if (!recent) systemMemo = { mounts, stamps };
  return mounts;
}

function depth(path: string): number {
  return path.split(sep).filter(Boolean).length;
}

/**
 * Builds the `bwrap` argument list (without the executable) that runs `argv`
 * confined.
 *
 * @param mounts The project, temp dir and extra read-only paths.
 * @param argv The command to run inside.
 * @param fs The file system view.
 * @returns Arguments for `bwrap`, ending with `--` and `argv`.
 */
export function bwrapArgs(
  mounts: BwrapMounts,
  argv: readonly string[],
  fs: FsView = REAL_FS,
): string[] {
  const system = fs === REAL_FS ? cachedSystemMounts() : systemMounts(fs);
  const args = [...BWRAP_NAMESPACE_ARGS, ...system.binds];
  if (mounts.etc) {
    // One bind instead of one per entry: each costs bubblewrap a read of the mount table.
    args.push("--ro-bind", mounts.etc.source, "/etc");
    for (const path of mounts.etc.binds) args.push("--ro-bind", path, path);
  } else {
    args.push(...system.etc);
  }
  // /etc/resolv.conf may point into /run (systemd-resolved); DNS needs its target.
  const resolv = fs.lstat("/etc/resolv.conf");
  if (resolv?.isSymlink) {
    const target = dirname(fs.realPath("/etc/resolv.conf"));
    if (target !== "/etc" && !isSystemPath(target) && fs.lstat(target)) {
      args.push("--ro-bind", target, target);
    }
  }
  if (system.sys) args.push("--ro-bind", "/sys", "/sys");
  // Every writable folder in memory has a size (the watch counts what they hold).
  const size = mounts.tmpBytes ? ["--size", String(mounts.tmpBytes)] : [];
  args.push("--dev", "/dev", "--proc", "/proc");
  // The kernel's knobs: a run owns root's files when the server is root, and
  // would otherwise set global sysctls or trigger a reboot through sysrq.
  for (const path of system.knobs) args.push("--ro-bind", path, path);
  for (const path of IN_MEMORY_DIRS) args.push(...size, "--tmpfs", path);
  if (mounts.privateDir) args.push("--dir", mounts.privateDir);

  // Parents before children, so a read-only path inside the project stays read-only.
  const binds = [
    ...mounts.readable.filter((path) => !isSystemPath(path)).map((path) => ({
      path,
      writable: false,
    })),
    ...mounts.writable.map((path) => ({ path, writable: true })),
  ].sort((a, b) => depth(a.path) - depth(b.path));
  const seen = new Set<string>();
  for (const { path, writable } of binds) {
    if (seen.has(path)) continue;
    seen.add(path);
    args.push(writable ? "--bind" : "--ro-bind", path, path);
    if (!writable && fs.lstat(path)?.isDirectory) {
      for (const name of ROOT_SECRET_FILES) {
        const secret = join(path, name);
        if (fs.lstat(secret)?.isFile) {
          args.push("--ro-bind", "/dev/null", secret);
        }
      }
    }
  }
  args.push(...mounts.controlArgs ?? []);
  // The root and /dev are folders in memory too, with no size: nothing may be made in them.
  args.push("--remount-ro", "/dev", "--remount-ro", "/");
  if (mounts.seccompFd !== undefined) {
    args.push("--seccomp", String(mounts.seccompFd));
  }
  args.push("--chdir", mounts.cwd, "--", ...argv);
  return args;
}
