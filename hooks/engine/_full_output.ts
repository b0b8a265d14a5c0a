/**
 * The whole result of a tool whose payload carries only its start: some
 * agents keep a bulky result in a file of their own and hand the hook a
 * preview and the file's path. Shrinking then reads that file, and only when
 * it is what the agent says: a regular file that resolves inside the agent's
 * own folder, of a bounded size. A path that leads anywhere else (a crafted
 * payload, a link out) is never read.
 *
 * Deno APIs only; no `node:` modules (this is the hook path).
 *
 * @module
 */

/** The largest kept result read back, in bytes. */
export const FULL_OUTPUT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Reads the file an agent kept a tool's whole result in.
 *
 * @param file The file, the agent's folder it must resolve inside, and the
 *   name of the folder it must resolve directly into (`tool-results`): no
 *   other file of the agent's (its settings, its credentials) is ever read.
 * @returns Its text, or undefined when it is not a regular file in such a
 *   folder, is larger than {@linkcode FULL_OUTPUT_MAX_BYTES}, or cannot be read.
 */
export function readFullOutput(
  file: { path: string; within: string; folder: string },
): string | undefined {
  try {
    const root = Deno.realPathSync(file.within);
    const path = Deno.realPathSync(file.path);
    if (!path.startsWith(`${root}/`)) return undefined;
    const parent = path.slice(0, path.lastIndexOf("/"));
    if (parent.slice(parent.lastIndexOf("/") + 1) !== file.folder) {
      return undefined;
    }
    const info = Deno.statSync(path);
    if (!info.isFile || info.size > FULL_OUTPUT_MAX_BYTES) return undefined;
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}
