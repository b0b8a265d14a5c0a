/**
 * The resident memory of a process and everything below it, read from
 * `/proc` (Linux). A run's memory is watched from the server, outside the
 * run, so a busy loop or a tampered timer inside it cannot stop the watch.
 *
 * Files a bubblewrap run keeps in its in-memory folders count too, and so
 * do the anonymous memory files (`memfd_create`) a process of the tree holds
 * open: both take memory that belongs to no process's resident set.
 *
 * Reads `/proc` only; this module never signals anything.
 *
 * @module
 */

import { IN_MEMORY_DIRS } from "./_bwrap.ts";
import { usedBytes } from "./_libc.ts";

const PAGE_BYTES = 4096;

function readStat(pid: string): { ppid: number; rss: number } | undefined {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // The command name may hold spaces and parentheses: fields start after the last ")".
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), rss: Number(fields[21]) * PAGE_BYTES };
  } catch {
    return undefined;
  }
}

/**
 * The bytes held by the memory files (`memfd_create`) that `pids` hold
 * open, each file counted once however many hold it. A mapped one is in the
 * resident set too and so counted twice: the cap errs on the safe side.
 */
function memoryFileBytes(pids: Iterable<number>): number {
  const seen = new Set<string>();
  let total = 0;
  for (const pid of pids) {
    let fds: Iterable<Deno.DirEntry>;
    try {
      fds = Deno.readDirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      const path = `/proc/${pid}/fd/${fd.name}`;
      try {
        if (!Deno.readLinkSync(path).startsWith("/memfd:")) continue;
        const info = Deno.statSync(path);
        const key = `${info.dev}:${info.ino}`;
        if (seen.has(key)) continue;
        seen.add(key);
        total += (info.blocks ?? 0) * 512;
      } catch {
        // closed meanwhile
      }
    }
  }
  return total;
}

/**
 * The resident bytes of `root` and all its descendants, with the memory
 * files they hold open.
 *
 * @param root A pid.
 * @returns Bytes; 0 where `/proc` cannot be read (not Linux).
 */
export function treeResidentBytes(root: number): number {
  if (Deno.build.os !== "linux") return 0;
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  try {
    for (const entry of Deno.readDirSync("/proc")) {
      if (!/^\d+$/.test(entry.name)) continue;
      const stat = readStat(entry.name);
      if (!stat) continue;
      const pid = Number(entry.name);
      rss.set(pid, stat.rss);
      const siblings = children.get(stat.ppid);
      if (siblings) siblings.push(pid);
      else children.set(stat.ppid, [pid]);
    }
  } catch {
    return 0;
  }
  let total = 0;
  const stack = [root];
  const seen = new Set<number>();
  while (stack.length > 0) {
    const pid = stack.pop()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total + memoryFileBytes(seen);
}

/** The first child of a process, or undefined. */
function firstChild(pid: number): number | undefined {
  try {
    const word = Deno.readTextFileSync(`/proc/${pid}/task/${pid}/children`)
      .split(" ")[0];
    return word ? Number(word) : undefined;
  } catch {
    return undefined;
  }
}

function deviceOf(path: string): number | undefined {
  try {
    return Deno.statSync(path).dev;
  } catch {
    return undefined;
  }
}

/**
 * The bytes held by files in the in-memory folders of the mount namespace a
 * bubblewrap run made below `root` (bubblewrap itself, or a wrapper that
 * starts it): along the chain of first children, the first process whose
 * folder is another file system than this process's own. A namespace that
 * only copied this process's mounts (a PID-namespace wrapper) counts nothing,
 * as the server's own folders do not.
 *
 * @param root A pid.
 * @returns Bytes; 0 when no process below has in-memory folders of its own, or they cannot be read.
 */
export function namespaceFileBytes(root: number): number {
  const chain: number[] = [];
  for (let at = firstChild(root); at !== undefined && chain.length < 4;) {
    chain.push(at);
    at = firstChild(at);
  }
  let total = 0;
  for (const dir of IN_MEMORY_DIRS) {
    const own = deviceOf(dir);
    for (const pid of chain) {
      const device = deviceOf(`/proc/${pid}/root${dir}`);
      if (device === undefined || device === own) continue;
      total += usedBytes(`/proc/${pid}/root${dir}`);
      break;
    }
  }
  return total;
}
