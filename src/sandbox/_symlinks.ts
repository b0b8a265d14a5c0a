/**
 * Finds symbolic links in a project that lead out of it. Deno's permission
 * checks compare the path as written, without resolving links, so a link in
 * the project to `~/.ssh/id_rsa` would be readable from the JavaScript
 * sandbox; when no mount namespace confines the run, the runner refuses to
 * start while such links exist.
 *
 * Synchronous and bounded (an entry cap), so a scan of a big tree costs tens
 * of milliseconds, not seconds. This module must never change the file system.
 *
 * @module
 */

import { dirname, isAbsolute, join, relative, resolve } from "node:path";

/** A link whose target lies outside every allowed root. */
export interface EscapingLink {
  /** The link, relative to the project. */
  path: string;
  /** Where it leads (resolved when possible). */
  target: string;
}

/** What a scan found. */
export interface LinkScan {
  links: EscapingLink[];
  /** `false` when the entry cap stopped the scan before the end. */
  complete: boolean;
  /** Directory entries looked at. */
  entries: number;
}

/** Trees where a link leads to the system's own programs and libraries, never to user data. */
const SYSTEM_TARGETS = [
  "/usr",
  "/bin",
  "/sbin",
  "/lib",
  "/lib32",
  "/lib64",
  "/libx32",
  "/nix/store",
  "/snap",
  "/System",
  "/Library/Frameworks",
  "/Applications",
];

function isInside(path: string, root: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** Magic numbers of programs: ELF, Mach-O (both byte orders, fat), a `#!` script. */
function looksLikeProgram(path: string): boolean {
  let file: Deno.FsFile | undefined;
  try {
    file = Deno.openSync(path, { read: true });
    const head = new Uint8Array(4);
    const read = file.readSync(head) ?? 0;
    if (read < 2) return false;
    const [a, b, c, d] = head;
    if (a === 0x23 && b === 0x21) return true;
    if (a === 0x7f && b === 0x45 && c === 0x4c && d === 0x46) return true;
    const magic =
      ((a ?? 0) << 24 | (b ?? 0) << 16 | (c ?? 0) << 8 | (d ?? 0)) >>> 0;
    return [0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe]
      .includes(magic);
  } catch {
    return false;
  } finally {
    file?.close();
  }
}

/**
 * Whether a link target is harmless to expose: inside an allowed root, inside
 * the system's program trees, or an executable program (a virtualenv's
 * `bin/python` pointing at the interpreter).
 */
function isHarmless(target: string, allowed: readonly string[]): boolean {
  if (allowed.some((root) => isInside(target, root))) return true;
  if (SYSTEM_TARGETS.some((root) => isInside(target, root))) return true;
  try {
    const info = Deno.statSync(target);
    return info.isFile && ((info.mode ?? 0) & 0o111) !== 0 &&
      looksLikeProgram(target);
  } catch {
    return false;
  }
}

function resolveLink(path: string): string {
  try {
    return Deno.realPathSync(path);
  } catch {
    // Dangling: judge where it would lead if its target appeared later.
    try {
      return resolve(dirname(path), Deno.readLinkSync(path));
    } catch {
      return path;
    }
  }
}

/**
 * Lists the links in `projectDir` that lead outside `allowed` (and outside
 * the system's program trees). Every folder is looked at, `.git` and
 * package folders included: a link anywhere reaches as far as one at the top.
 *
 * @param projectDir The project, as a real path.
 * @param options The roots links may lead into, and the entry cap.
 * @returns The offending links and whether the scan saw every entry.
 */
export function findEscapingLinks(
  projectDir: string,
  options: {
    /** Roots a link may lead into (the project itself, the run's temp dir). */
    allowed: readonly string[];
    /** Stop after this many entries. @default {200_000} */
    maxEntries?: number;
    /** Stop collecting after this many links. @default {20} */
    maxLinks?: number;
  },
): LinkScan {
  const maxEntries = options.maxEntries ?? 200_000;
  const maxLinks = options.maxLinks ?? 20;
  const links: EscapingLink[] = [];
  let entries = 0;
  const stack: string[] = [projectDir];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let listing: Deno.DirEntry[];
    try {
      listing = [...Deno.readDirSync(dir)];
    } catch {
      continue;
    }
    for (const entry of listing) {
      if (++entries > maxEntries) {
        return { links, complete: false, entries: entries - 1 };
      }
      const path = join(dir, entry.name);
      if (entry.isSymlink) {
        const target = resolveLink(path);
        if (!isHarmless(target, options.allowed)) {
          links.push({ path: relative(projectDir, path), target });
          if (links.length >= maxLinks) {
            return { links, complete: true, entries };
          }
        }
        continue;
      }
      if (entry.isDirectory) stack.push(path);
    }
  }
  return { links, complete: true, entries };
}
