/**
 * File reads that answer "not there" instead of throwing: for settings and
 * definition files that may be missing, unreadable or not yet written.
 *
 * Deno APIs only (no `node:` modules), so the hook path can use it.
 *
 * @module
 */

/**
 * Reads a text file.
 *
 * @param path The file.
 * @returns Its text, or undefined when it is missing or unreadable.
 */
export function readTextOrUndefined(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}

/**
 * Lists a directory.
 *
 * @param path The directory.
 * @returns The names of its entries, or an empty list when it cannot be read.
 */
export function listNames(path: string): string[] {
  try {
    return [...Deno.readDirSync(path)].map((entry) => entry.name);
  } catch {
    return [];
  }
}
