/**
 * Where each chunk starts in the text it was cut from: the 1-based line of
 * its body's first line, found by walking the text once in chunk order (the
 * chunkers keep order, and a chunk's body is a piece of the text, trimmed).
 * A chunk whose first line the text does not hold from there on (a body the
 * chunker rewrote) gets 0, "unknown", and the walk goes on.
 *
 * Pure: it reads the strings it is given.
 *
 * @module
 */

/** The characters of a body's first line that are looked for at most. */
const PROBE_CHARS = 200;
/** A first line at least this long may start inside a line (a long line cut in parts). */
const DISTINCT_CHARS = 16;

/**
 * The line each chunk body starts on in `text`, 0 where it is not found.
 *
 * @param text The text the chunks were cut from.
 * @param bodies The chunk bodies, in order.
 * @param firstLine The line number of the text's first line.
 */
export function chunkLines(
  text: string,
  bodies: readonly string[],
  firstLine = 1,
): number[] {
  let cursor = 0;
  let line = firstLine;
  let counted = 0;
  return bodies.map((body) => {
    const probe = firstTextLine(body);
    if (probe === "") return 0;
    const at = find(text, probe, cursor);
    if (at === -1) return 0;
    // The newlines between the last chunk's start and this one's.
    for (
      let i = text.indexOf("\n", counted);
      i !== -1 && i < at;
      i = text.indexOf("\n", i + 1)
    ) line++;
    counted = at;
    cursor = at + 1;
    return line;
  });
}

/** The first line of a body that holds text, trimmed and cut short. */
function firstTextLine(body: string): string {
  for (const raw of body.split("\n", 8)) {
    const line = raw.trim();
    if (line !== "") return line.slice(0, PROBE_CHARS);
  }
  return "";
}

/**
 * Where `probe` next starts a line of `text` (after its indentation) from
 * `from` on; a long probe may also stand inside a line. -1 when nowhere.
 */
function find(text: string, probe: string, from: number): number {
  let inside = -1;
  for (
    let at = text.indexOf(probe, from);
    at !== -1;
    at = text.indexOf(probe, at + 1)
  ) {
    let before = at - 1;
    while (before >= 0 && (text[before] === " " || text[before] === "\t")) {
      before--;
    }
    if (before < 0 || text[before] === "\n") return at;
    if (inside === -1) inside = at;
  }
  return probe.length >= DISTINCT_CHARS ? inside : -1;
}
