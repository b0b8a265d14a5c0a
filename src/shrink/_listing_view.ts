/**
 * The view of a listing: `find`, `ls -R`, `ls -l`, globs, and `grep -r`
 * matches (`path:line:text`). Counts per folder (one and two levels down)
 * and per extension, or matches per file, and the first entries.
 *
 * Pure; one pass over the lines.
 *
 * @module
 */

import { bump, commas, counted, countList } from "./_text.ts";
import type { View, ViewInput } from "./_view.ts";

const PATH = /^(?:\.{0,2}\/|~\/|[\w@+-])[^\t\0]*$/;
const GREP = /^((?:\.{0,2}\/|[\w@+~-])[^:\t\0]*?):(\d+:)?(.*)$/;
const LS_LONG =
  /^[-dlcbps][rwxsStT-]{9}[.+@]?\s+\d+\s+\S+\s+\S+\s+([\d,]+)\s+\S+\s+\S+\s+\S+\s+(.+)$/;
/** A verbose archive row (`tar -tv`): mode, owner/group, size, date, time, path. */
const TAR_LONG =
  /^[-dlhcbps][rwxsStT-]{9}\s+\S+\/\S+\s+([\d,]+)\s+\d{4}-\d\d-\d\d\s+\d\d:\d\d(?::\d\d)?\s+(.+)$/;

/** A row of size, date, time and path (`unzip -l`). */
const SIZE_DATE_ROW =
  /^\s*(\d[\d,]*)\s+\d{4}-\d\d-\d\d\s+\d\d:\d\d(?::\d\d)?\s+(\S.*)$/;
/** A row of date, time, size and one path (`aws s3 ls --recursive`); a log's `200 OK` is none. */
const DATE_SIZE_ROW =
  /^\d{4}-\d\d-\d\d\s+\d\d:\d\d(?::\d\d)?\s+(\d[\d,]*)\s+((?=\S*[./])\S+)$/;

/** The size and name of a row that gives both (`ls -l`, `tar -tv`, `unzip -l`, `aws s3 ls`), or undefined. */
function longRow(line: string): { size: number; name: string } | undefined {
  const match = line.match(LS_LONG) ?? line.match(TAR_LONG) ??
    line.match(SIZE_DATE_ROW) ?? line.match(DATE_SIZE_ROW);
  return match
    ? { size: Number(match[1]!.replaceAll(",", "")), name: match[2]! }
    : undefined;
}
const FIRST_ENTRIES = 12;
/**
 * A line that is the tool's own words, not an entry: it opens with a bare
 * word and a space (`sending incremental file list`, `deleting a.css`,
 * `sent 412 bytes  received 98 bytes`), a rule of dashes, or a total
 * (`734003200   3000 files`).
 */
const NOTE =
  /^[A-Za-z]+:? (?![^/\s]*\/$)|^[-=\s]+$|^\d[\d,]*\s+(?:\d[\d,]*\s+)?[a-z]+$/;
/** The first and the last of the tool's own lines a view shows. */
const NOTES_EACH_END = 4;
/** A `du` line: a size (blocks, or `-h`'s `1.5M`), a tab, a path. */
const SIZED = /^(\d+(?:[.,]\d+)?[KMGTPE]?)\t(\S.*)$/;
const LARGEST = 8;
const UNITS: Readonly<Record<string, number>> = {
  K: 1,
  M: 2,
  G: 3,
  T: 4,
  P: 5,
  E: 6,
};

/** How a listing's lines read. */
type Shape = "grep" | "paths" | "sizes";

/**
 * Whether lines are rows of a listing that open with their date and time
 * (`aws s3 ls`), which would otherwise read as a log's.
 *
 * @param lines The lines.
 * @returns True when most of the first lines are such rows.
 */
export function rowsOpenWithDates(lines: readonly string[]): boolean {
  const sample = lines.slice(0, 400).filter((line) => line.trim() !== "");
  return sample.length >= 20 &&
    sample.filter((line) => DATE_SIZE_ROW.test(line)).length >=
      sample.length * 0.85;
}

/**
 * Whether lines are a listing, and of which shape.
 *
 * @param lines The lines.
 * @returns `grep` for matches, `paths` for file names, `sizes` for `du`, undefined otherwise.
 */
export function listingShape(lines: readonly string[]): Shape | undefined {
  let seen = 0;
  let grep = 0;
  let paths = 0;
  let sized = 0;
  for (const line of lines.slice(0, 400)) {
    if (line.trim() === "") continue;
    seen++;
    if (SIZED.test(line)) sized++;
    const match = line.match(GREP);
    if (match && match[2] && /[./]/.test(match[1]!)) grep++;
    else if (
      longRow(line) !== undefined || /^\S.*:$/.test(line) ||
      (PATH.test(line) && line.includes("/") && !/\s/.test(line))
    ) paths++;
  }
  if (seen < 20) return undefined;
  if (sized >= seen * 0.9) return "sizes";
  if (grep >= seen * 0.8) return "grep";
  if (paths + grep >= seen * 0.85) return "paths";
  return undefined;
}

function folderOf(path: string, depth: number): string {
  const parts = path.replace(/^\.\//, "").split("/");
  if (parts.length <= depth) {
    return parts.length > 1 ? `${parts.slice(0, -1).join("/")}/` : "./";
  }
  return `${parts.slice(0, depth).join("/")}/`;
}

function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf("/") + 1);
  const dot = base.lastIndexOf(".");
  return dot > 0 ? base.slice(dot).toLowerCase() : "(none)";
}

/**
 * The view of a listing.
 *
 * @param input The listing and the clip function.
 * @param shape What kind of listing it is.
 * @returns The view.
 */
export function listingView(input: ViewInput, shape: Shape): View {
  if (shape === "sizes") return sizesView(input);
  const { lines, clip } = input;
  const top = new Map<string, number>();
  const second = new Map<string, number>();
  const extensions = new Map<string, number>();
  const files = new Map<string, number>();
  const first: string[] = [];
  const notes: string[] = [];
  const largest: Array<{ size: number; path: string }> = [];
  let entries = 0;
  let folders = 0;
  let folder = "";
  for (const line of lines) {
    if (line.trim() === "") continue;
    let path: string;
    if (shape === "grep") {
      const match = line.match(GREP);
      if (!match) continue;
      path = match[1]!;
      bump(files, path);
    } else {
      const long = longRow(line);
      if (/^\S.*:$/.test(line) && !long) {
        folder = line.slice(0, -1);
        continue;
      }
      const name = long ? long.name : line.trim();
      if (/^total \d+$/.test(name)) continue;
      // What the tool says between its entries (`deleting a.css`, `total size is …`).
      if (!long && NOTE.test(name)) {
        notes.push(line.trim());
        continue;
      }
      path = folder ? `${folder}/${name}` : name;
      if (path.endsWith("/") || (long && line.startsWith("d"))) folders++;
      else if (long) keepLargest(largest, { size: long.size, path });
    }
    entries++;
    if (first.length < FIRST_ENTRIES) first.push(line);
    bump(top, folderOf(path, 1));
    bump(second, folderOf(path, 2));
    bump(extensions, extensionOf(path));
  }
  const noun = shape === "grep" ? "match" : "entry";
  const body = [
    `Listing of ${
      counted(entries, noun, shape === "grep" ? "matches" : "entries")
    }${shape === "grep" ? ` in ${counted(files.size, "file")}` : ""}${
      folders > 0
        ? ` (${counted(entries - folders, "file")}, ${
          counted(folders, "folder")
        })`
        : ""
    }`,
  ];
  if (notes.length > 0) {
    const shown = notes.length <= 2 * NOTES_EACH_END ? notes : [
      ...notes.slice(0, NOTES_EACH_END),
      `… ${commas(notes.length - 2 * NOTES_EACH_END)} more`,
      ...notes.slice(-NOTES_EACH_END),
    ];
    body.push(
      `Other lines (${commas(notes.length)}):`,
      ...shown.map((line) => `  ${clip(line)}`),
    );
  }
  if (shape === "grep") {
    body.push(`Matches per file: ${clip(countList(files, 15), 1200)}`);
  }
  body.push(
    `Per folder: ${clip(countList(top, 15), 900)}`,
    `Two levels down: ${clip(countList(second, 20), 1200)}`,
    `Per extension: ${clip(countList(extensions, 15), 600)}`,
    ...(largest.length > 0
      ? [
        `Largest files: ${
          clip(
            largest.map((e) => `${e.path} ${commas(e.size)}`).join(", "),
            900,
          )
        }`,
      ]
      : []),
    `First ${noun === "match" ? "matches" : "entries"}:`,
    ...first.map((line) => `  ${clip(line)}`),
  );
  return {
    format: "listing",
    body,
    summary: `${
      counted(entries, noun, shape === "grep" ? "matches" : "entries")
    }${shape === "grep" ? ` in ${commas(files.size)} files` : ""}`,
  };
}

/** Keeps the {@link LARGEST} biggest files seen so far, biggest first. */
function keepLargest(
  kept: Array<{ size: number; path: string }>,
  file: { size: number; path: string },
): void {
  if (kept.length >= LARGEST && file.size <= kept.at(-1)!.size) return;
  kept.push(file);
  kept.sort((a, b) => b.size - a.size);
  if (kept.length > LARGEST) kept.pop();
}

/** A `du` size in its own unit (blocks or bytes), `-h`'s suffixes read as powers of 1024. */
function sizeOf(text: string): number {
  const unit = UNITS[text.at(-1)!];
  const n = Number.parseFloat(text.replace(",", "."));
  return unit === undefined ? n : n * 1024 ** unit;
}

/**
 * The view of `du` output: the total, the largest entries at the top, the
 * largest files (entries no other entry sits under), and the counts per
 * folder and extension.
 */
function sizesView(input: ViewInput): View {
  const { lines, clip } = input;
  const entries: Array<{ size: number; text: string; path: string }> = [];
  const parents = new Set<string>();
  for (const line of lines) {
    const match = line.match(SIZED);
    if (!match) continue;
    const path = match[2]!.replace(/\/+$/, "");
    entries.push({ size: sizeOf(match[1]!), text: match[1]!, path });
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) {
      parents.add(parts.slice(0, i).join("/"));
    }
  }
  const depth = (path: string) => path.replace(/^\.\//, "").split("/").length;
  const largest = (list: typeof entries) =>
    [...list].sort((a, b) => b.size - a.size).slice(0, LARGEST).map((e) =>
      `${e.path} ${e.text}`
    ).join(", ");
  const total = entries.find((e) => e.path === "." || e.path === "") ??
    [...entries].sort((a, b) => b.size - a.size)[0];
  const topDepth = Math.min(
    ...entries.filter((e) => e !== total).map((e) => depth(e.path)),
  );
  const top = entries.filter((e) => e !== total && depth(e.path) === topDepth);
  const files = entries.filter((e) => !parents.has(e.path));
  const extensions = new Map<string, number>();
  for (const file of files) bump(extensions, extensionOf(file.path));
  const body = [
    `Sizes of ${counted(entries.length, "entry", "entries")} (${
      counted(files.length, "file")
    })${total ? `; total ${total.text} (${total.path})` : ""}`,
    `Largest at the top: ${clip(largest(top), 900)}`,
    `Largest files: ${clip(largest(files), 900)}`,
    `Files per extension: ${clip(countList(extensions, 12), 600)}`,
  ];
  return {
    format: "listing",
    body,
    summary: `${counted(entries.length, "entry", "entries")}${
      total ? `, ${total.text} in all` : ""
    }`,
  };
}
