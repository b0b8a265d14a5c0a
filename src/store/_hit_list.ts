/**
 * The last steps of a hit list: a manual's survey sections put below its own
 * option sections, and the same text in several places folded into one hit
 * that names the others.
 *
 * Pure: it reorders and groups candidates it is given.
 *
 * @module
 */

/** Where a chunk stands: its source label and heading path. */
export interface SearchPlace {
  /** The label of the source. */
  source: string;
  /** The chunk's heading path there. */
  title: string;
}

/** What these steps read of a candidate. */
interface Candidate {
  row: { title: string; body: string; label: string };
  score: number;
}

/** Characters that are not whitespace taken from each end of a text for its bucket key. */
const KEY_CHARS = 48;

/**
 * A bucket key for a text that ignores whitespace: its first and last 48
 * characters that are not whitespace (cheaper than normalising 100 bodies
 * per query); texts in one bucket are compared in full by {@link sameText}.
 */
function textKey(text: string): string {
  const isSpace = (code: number) =>
    code === 32 || (code >= 9 && code <= 13) || code === 160;
  let head = "";
  for (let i = 0; i < text.length && head.length < KEY_CHARS; i++) {
    if (!isSpace(text.charCodeAt(i))) head += text[i];
  }
  let tail = "";
  for (let i = text.length - 1; i >= 0 && tail.length < KEY_CHARS; i--) {
    if (!isSpace(text.charCodeAt(i))) tail = text[i] + tail;
  }
  return `${head}\n${tail}`;
}

/** Whether two texts are the same once runs of whitespace are one space. */
function sameText(a: string, b: string): boolean {
  return a === b ||
    a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();
}

/** Places named in one hit at most. */
const MAX_ALSO = 5;

/**
 * The best `limit` scored rows without repeats. A chunk whose heading and
 * text another, better one already has (the same page indexed under two
 * names) is left out; one whose text alone another has, word for word,
 * under another heading or in another source (a paragraph copied into two
 * pages, one option line shared by several programs) is folded into that
 * hit as one of the places it names.
 */
export function distinct<T extends Candidate>(
  scored: readonly T[],
  limit: number,
): Array<{ item: T; also: SearchPlace[] }> {
  const byText = new Map<string, Array<{ item: T; also: SearchPlace[] }>>();
  const kept: Array<{ item: T; also: SearchPlace[] }> = [];
  for (const item of scored) {
    const { title, body, label } = item.row;
    const key = textKey(body);
    const bucket = byText.get(key) ?? [];
    const same = bucket.find((entry) => sameText(entry.item.row.body, body));
    if (same) {
      const named = same.item.row.title === title ||
        same.also.some((place) => place.title === title);
      if (!named && same.also.length < MAX_ALSO) {
        same.also.push({ source: label, title });
      }
      continue;
    }
    if (kept.length >= limit) continue;
    const entry = { item, also: [] };
    bucket.push(entry);
    byText.set(key, bucket);
    kept.push(entry);
  }
  return kept;
}

/**
 * A document's top chunk (its title names the document only: a manual's
 * synopsis and summary) and a manual's survey sections (`NAME`, `SYNOPSIS`,
 * `DESCRIPTION`) never outrank an option section of the same document that
 * the query also found: the option is the part that answers, the survey
 * only mentions everything.
 */
const OPTION_SECTION = / > [-+]{1,2}[\w#?@][^>]*$/;
/** A document's top chunk, or a manual's survey sections. */
const SURVEY =
  /^(?:(?! > ).)*(?: > (?:NAME|SYNOPSIS|DESCRIPTION)(?: \(part \d+\/\d+\))?)?$/;

export function belowOwnSections(candidates: Candidate[]): void {
  const bestSection = new Map<string, number>();
  for (const { row, score } of candidates) {
    if (!OPTION_SECTION.test(row.title)) continue;
    bestSection.set(
      row.label,
      Math.max(bestSection.get(row.label) ?? -Infinity, score),
    );
  }
  for (const candidate of candidates) {
    if (!SURVEY.test(candidate.row.title)) continue;
    const section = bestSection.get(candidate.row.label);
    if (section !== undefined && candidate.score >= section) {
      candidate.score = section - 1e-6;
    }
  }
}

/**
 * A query that is nothing but identifiers (`RUNNING_ON_VALGRIND`,
 * `fs.readFileSync`, `--max-time`): the chunks holding one of them as typed
 * come before those that only hold its words (`Running your program` for
 * `RUNNING_ON_VALGRIND`), in the order of their scores.
 *
 * @param candidates The scored candidates, changed in place.
 * @param exact Whether a candidate holds a typed identifier.
 */
export function exactFirst<T extends Candidate>(
  candidates: T[],
  exact: (candidate: T) => boolean,
): void {
  let bestOther = -Infinity;
  let worstExact = Infinity;
  for (const candidate of candidates) {
    if (exact(candidate)) worstExact = Math.min(worstExact, candidate.score);
    else bestOther = Math.max(bestOther, candidate.score);
  }
  if (worstExact === Infinity || bestOther < worstExact) return;
  const lift = bestOther - worstExact + 1e-6;
  for (const candidate of candidates) {
    if (exact(candidate)) candidate.score += lift;
  }
}
