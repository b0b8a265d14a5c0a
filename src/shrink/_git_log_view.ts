/**
 * The view of `git log` (with or without `--stat` or `--numstat`): how many commits and
 * over which dates, the authors, the files changed most, and the newest
 * commits. The log is indexed as one Markdown section per commit, titled by
 * its hash and subject, so that a search for a file finds the commit that
 * touched it.
 *
 * Pure; one pass over the lines.
 *
 * @module
 */

import { bump, counted, countList } from "./_text.ts";
import type { View, ViewInput } from "./_view.ts";

const COMMIT = /^commit ([0-9a-f]{7,64})\b/;
const STAT = /^ (\S.*?)\s+\|\s+(?:\d+|Bin)/;
/** A `--numstat` line: lines added, removed, path (`-` for binary files). */
const NUMSTAT = /^(?:\d+|-)\t(?:\d+|-)\t(.+)$/;
const NEWEST = 12;

interface Commit {
  hash: string;
  author: string;
  date: string;
  subject: string;
  files: number;
  start: number;
}

/**
 * Whether a text is a `git log`.
 *
 * @param lines Its lines.
 * @returns True when it opens with a commit line.
 */
export function looksLikeGitLog(lines: readonly string[]): boolean {
  const first = lines.find((line) => line.trim() !== "") ?? "";
  return COMMIT.test(first);
}

/**
 * The view of a `git log`.
 *
 * @param input The log and the clip function.
 * @returns The view, indexed as one section per commit.
 */
export function gitLogView(input: ViewInput): View {
  const { lines, clip } = input;
  const commits: Commit[] = [];
  const authors = new Map<string, number>();
  const changed = new Map<string, number>();
  let current: Commit | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const hash = line.match(COMMIT)?.[1];
    if (hash) {
      current = { hash, author: "", date: "", subject: "", files: 0, start: i };
      commits.push(current);
      continue;
    }
    if (!current) continue;
    if (line.startsWith("Author: ")) {
      current.author = line.slice(8).replace(/\s*<[^>]*>\s*$/, "").trim();
      bump(authors, current.author);
    } else if (line.startsWith("Date: ")) current.date = line.slice(6).trim();
    else if (!current.subject && line.startsWith("    ")) {
      current.subject = line.trim();
    } else {
      const file = line.match(STAT)?.[1] ?? line.match(NUMSTAT)?.[1];
      if (file) {
        current.files++;
        bump(changed, file.trim());
      }
    }
  }
  const newest = commits[0];
  const oldest = commits.at(-1);
  const body = [
    `git log: ${counted(commits.length, "commit")}${
      oldest && newest ? `, from ${oldest.date} to ${newest.date}` : ""
    }`,
    `Authors: ${clip(countList(authors, 10), 800)}`,
  ];
  if (changed.size > 0) {
    body.push(`Files changed most: ${clip(countList(changed, 12), 1000)}`);
  }
  body.push("Newest commits:");
  for (const commit of commits.slice(0, NEWEST)) {
    body.push(
      `  ${commit.hash.slice(0, 12)} ${clip(commit.date, 40)} ${
        clip(commit.subject, 120)
      }${commit.files > 0 ? ` (${counted(commit.files, "file")})` : ""}`,
    );
  }
  if (oldest && commits.length > NEWEST) {
    body.push(
      `Oldest: ${oldest.hash.slice(0, 12)} ${clip(oldest.date, 40)} ${
        clip(oldest.subject, 120)
      }`,
    );
  }
  const sections = commits.map((commit, n) => {
    const end = commits[n + 1]?.start ?? lines.length;
    return `## commit ${commit.hash} ${commit.subject}\n\n${
      lines.slice(commit.start, end).join("\n")
    }`;
  });
  return {
    format: "git-log",
    body,
    summary: `${counted(commits.length, "commit")}${
      newest
        ? `, newest ${newest.hash.slice(0, 10)} ${clip(newest.subject, 60)}`
        : ""
    }`,
    indexText: sections.join("\n\n"),
    indexKind: "markdown",
  };
}
