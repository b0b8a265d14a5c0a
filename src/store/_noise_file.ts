/**
 * Which files found in a folder are not worth indexing as text: drawings and
 * diagrams stored as markup (`.svg`, `.drawio`), source maps, lock files and
 * minified bundles, whose "words" would only crowd real sections out of the
 * results. And which HTML files are the twin of a Markdown file beside them.
 *
 * This module is pure: it must never do I/O.
 *
 * @module
 */

const NOISE_EXTENSIONS = new Set(["svg", "drawio", "map", "lock"]);
const NOISE_NAMES = new Set([
  "package-lock.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "deno.lock",
]);
/** Text whose lines average more than this many characters is minified. */
const MINIFIED_LINE_CHARS = 500;
const HTML_EXTENSIONS = new Set(["html", "htm", "xhtml"]);
const MARKDOWN_EXTENSIONS = ["md", "markdown", "mdx"];

/**
 * Why a file is noise, from its path and (when read) its text.
 *
 * @param path The file's path.
 * @param text Its text, to spot minified code; omit to judge by name only.
 * @returns A one-line reason, or `undefined` for a file worth indexing.
 */
export function noiseReason(path: string, text?: string): string | undefined {
  const base = path.split(/[\\/]/).at(-1)?.toLowerCase() ?? "";
  const extension = base.includes(".") ? base.split(".").at(-1)! : "";
  if (NOISE_NAMES.has(base)) return "lock file";
  if (NOISE_EXTENSIONS.has(extension)) return `.${extension} file (not prose)`;
  if (/\.min\.(?:js|css|mjs)$/.test(base)) return "minified file";
  if (text !== undefined && text.length > 4096) {
    const lines = text.split("\n").length;
    if (text.length / lines > MINIFIED_LINE_CHARS) return "minified file";
  }
  return undefined;
}

/** Whether a path names an HTML file. */
export function isHtmlPath(path: string): boolean {
  const extension = path.split(".").at(-1)?.toLowerCase() ?? "";
  return HTML_EXTENSIONS.has(extension);
}

/**
 * The Markdown twin of an HTML file among the given paths (`api/fs.html` and
 * `api/fs.md`), so the same document is not indexed twice.
 *
 * @param path An HTML file's path.
 * @param paths Every path being indexed.
 * @returns The twin's path, or `undefined`.
 */
export function markdownTwin(
  path: string,
  paths: ReadonlySet<string>,
): string | undefined {
  const stem = path.replace(/\.[^./\\]+$/, "");
  return MARKDOWN_EXTENSIONS.map((extension) => `${stem}.${extension}`)
    .find((candidate) => paths.has(candidate));
}
