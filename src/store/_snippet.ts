/**
 * Snippets: windows of a chunk around the places where query terms occur,
 * not its first characters, within a size cap. A chunk that fits the cap is
 * its whole text, whitespace collapsed. A longer one made of short lines (a
 * manual's options, `--help` tables, code, lists) keeps its lines: the
 * snippet is the run of whole lines around the best match. Prose is cut in
 * character windows, whitespace collapsed.
 *
 * @module
 */

const ELLIPSIS = "…";

/** Where each term occurs in the text, as a sorted list of [offset, term index]. */
function occurrences(
  text: string,
  needles: readonly string[],
): Array<[number, number]> {
  const lower = text.toLowerCase();
  const found: Array<[number, number]> = [];
  needles.forEach((needle, index) => {
    if (!needle) return;
    for (
      let at = lower.indexOf(needle);
      at !== -1 && found.length < 2000;
      at = lower.indexOf(needle, at + needle.length)
    ) {
      found.push([at, index]);
    }
  });
  return found.sort((x, y) => x[0] - y[0]);
}

/**
 * The window of `width` characters whose terms weigh most, each distinct term
 * weighing the inverse of how often it occurs in the text: a rare term (the
 * `"title"` key once per record) beats a common one (`issues` in every URL).
 */
function bestWindow(
  hits: ReadonlyArray<[number, number]>,
  width: number,
  weights: ReadonlyMap<number, number>,
): { start: number; weight: number; terms: Set<number> } {
  let best = { start: hits[0]?.[0] ?? 0, weight: 0, terms: new Set<number>() };
  let tail = 0;
  const inWindow = new Map<number, number>();
  for (const [offset, term] of hits) {
    inWindow.set(term, (inWindow.get(term) ?? 0) + 1);
    while ((hits[tail]?.[0] ?? offset) < offset - width) {
      const dropped = hits[tail]![1];
      const left = (inWindow.get(dropped) ?? 1) - 1;
      if (left === 0) inWindow.delete(dropped);
      else inWindow.set(dropped, left);
      tail++;
    }
    let weight = 0;
    for (const present of inWindow.keys()) weight += weights.get(present) ?? 0;
    if (weight > best.weight) {
      best = { start: hits[tail]![0], weight, terms: new Set(inWindow.keys()) };
    }
  }
  return best;
}

/** Moves a range outward to the nearest spaces, when they are close. */
function widen(text: string, start: number, end: number): [number, number] {
  let from = Math.max(0, start);
  let to = Math.min(text.length, end);
  const space = text.lastIndexOf(" ", from);
  if (from > 0 && space !== -1 && from - space < 20) from = space + 1;
  const after = text.indexOf(" ", to);
  if (to < text.length && after !== -1 && after - to < 20) to = after;
  return [from, to];
}

/**
 * A snippet of `body` of at most about `maxChars` characters: one or two
 * windows around the terms, joined by an ellipsis; the opening of the body
 * when no term occurs in it.
 *
 * @param body The chunk text.
 * @param needles Lower-cased strings to look for (stems and substrings).
 * @param maxChars The size cap.
 * @returns The snippet, whitespace collapsed.
 */
export function makeSnippet(
  body: string,
  needles: readonly string[],
  maxChars: number,
): string {
  return snippetOf(body, needles, maxChars).text;
}

/**
 * A snippet as {@link makeSnippet} makes it, with the line of the body it
 * starts on, counted from the body's first line that holds text (0).
 */
export function snippetOf(
  body: string,
  needles: readonly string[],
  maxChars: number,
): { text: string; line: number } {
  const text = body.replace(/\s+/g, " ").trim();
  if (text.length <= maxChars) return { text, line: 0 };
  const lines = lineSnippet(body, needles, maxChars);
  if (lines !== undefined) return lines;
  const hits = occurrences(text, needles);
  if (hits.length === 0) {
    return {
      text: text.slice(0, widen(text, 0, maxChars - 1)[1]).trim() + ELLIPSIS,
      line: 0,
    };
  }

  const counts = new Map<number, number>();
  for (const [, term] of hits) counts.set(term, (counts.get(term) ?? 0) + 1);
  const weights = new Map([...counts].map(([term, n]) => [term, 1 / n]));
  const half = Math.floor(maxChars / 2);
  const lead = Math.min(60, Math.floor(half / 4));
  const first = bestWindow(hits, half - lead, weights);
  const primary = widen(text, first.start - lead, first.start - lead + half);
  // A second window earns its place only by showing a term the first lacks,
  // and one that is not everywhere in the text (occurring at most 4 times);
  // otherwise the whole budget goes to more context around the first, most of
  // it before the match, where headers and names usually stand.
  const missing = hits.filter(([offset, term]) =>
    (offset < primary[0] || offset >= primary[1]) && !first.terms.has(term) &&
    (weights.get(term) ?? 0) >= 0.25
  );
  let ranges = [primary];
  if (missing.length > 0) {
    const second = bestWindow(missing, half - lead, weights);
    ranges.push(widen(text, second.start - lead, second.start - lead + half));
  } else {
    const before = Math.floor(maxChars * 0.4);
    ranges = [
      widen(text, first.start - before, first.start - before + maxChars),
    ];
  }
  ranges.sort((x, y) => x[0] - y[0]);
  const merged: Array<[number, number]> = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  const pieces = merged.map(([from, to]) => text.slice(from, to).trim());
  const head = merged[0]![0] > 0 ? ELLIPSIS : "";
  const tail = merged[merged.length - 1]![1] < text.length ? ELLIPSIS : "";
  return {
    text: head + pieces.join(` ${ELLIPSIS} `) + tail,
    line: lineOfCollapsed(body, merged[0]![0]),
  };
}

/**
 * The line of `body` holding the character at `offset` of its collapsed
 * form (runs of whitespace made one space, trimmed), counted from its first
 * line that holds text.
 */
function lineOfCollapsed(body: string, offset: number): number {
  let next = 0;
  let line = 0;
  let started = false;
  let spaced = false;
  for (const char of body) {
    if (/\s/.test(char)) {
      if (char === "\n" && started) line++;
      spaced = true;
      continue;
    }
    // A run of whitespace between two words is one space of the collapsed text.
    if (started && spaced) next++;
    if (next >= offset) return line;
    started = true;
    spaced = false;
    next += char.length;
  }
  return line;
}

/** A text whose lines are all at most this long is made of lines. */
const SHORT_LINE = 160;
/** Fewer lines than this are no structure worth keeping. */
const MIN_LINES = 3;

/**
 * The run of whole lines around the best match, when the text is made of
 * short lines and holds a term: the line with the rarest terms, then the
 * lines after and before it while they fit the cap, common indentation
 * removed, an ellipsis on each side that was cut.
 */
function lineSnippet(
  body: string,
  needles: readonly string[],
  maxChars: number,
): { text: string; line: number } | undefined {
  const lines = body.replace(/\s+$/, "").split("\n").map((line) =>
    line.replace(/\s+$/, "")
  );
  if (
    lines.length < MIN_LINES || lines.some((line) => line.length > SHORT_LINE)
  ) return undefined;
  const lower = lines.map((line) => line.toLowerCase());
  const counts = needles.map((needle) =>
    needle ? lower.filter((line) => line.includes(needle)).length : 0
  );
  const weightOf = (index: number) =>
    needles.reduce(
      (sum, needle, n) =>
        needle && lower[index]!.includes(needle) ? sum + 1 / counts[n]! : sum,
      0,
    );
  let best = -1;
  let bestWeight = 0;
  lines.forEach((_, index) => {
    const weight = weightOf(index);
    if (weight > bestWeight) {
      best = index;
      bestWeight = weight;
    }
  });
  if (best === -1) return undefined;
  let start = best;
  let end = best + 1;
  let size = lines[best]!.trim().length;
  // A line or two before the match (a term's name, a heading), the rest after.
  for (let grew = true; grew;) {
    grew = false;
    const before = best - start < 2 && start > 0
      ? lines[start - 1]!
      : undefined;
    if (before !== undefined && size + before.trim().length + 1 <= maxChars) {
      start--;
      size += before.trim().length + 1;
      grew = true;
    }
    const after = end < lines.length ? lines[end]! : undefined;
    if (after !== undefined && size + after.trim().length + 1 <= maxChars) {
      end++;
      size += after.trim().length + 1;
      grew = true;
    }
  }
  const kept = lines.slice(start, end);
  let first = start;
  while (kept.length > 1 && kept[0]!.trim() === "") {
    kept.shift();
    first++;
  }
  while (kept.length > 1 && kept.at(-1)!.trim() === "") kept.pop();
  const indent = Math.min(
    ...kept.filter((line) => line.trim() !== "").map((line) =>
      /^[ \t]*/.exec(line)![0].length
    ),
  );
  let text = kept.map((line) => line.slice(indent)).join("\n")
    .replace(/\n{3,}/g, "\n\n");
  if (text.length > maxChars) text = text.slice(0, maxChars - 1).trimEnd();
  const opening = lines.findIndex((line) => line.trim() !== "");
  return {
    text: `${start > 0 ? ELLIPSIS : ""}${text}${
      end < lines.length ? ELLIPSIS : ""
    }`,
    line: first - Math.max(0, opening),
  };
}
