/**
 * What of a run's output enters the context: small output as it is; large
 * output indexed into the knowledge base and answered by intent (the sections
 * that match it plus terms to search next), or, without an intent, its head and
 * tail with a note saying how to search the rest. When the run's stdout was
 * spooled, the index gets the whole of it (up to the spool's cap), not only
 * the head and tail the capture kept.
 *
 * Never prints; never runs anything.
 *
 * @module
 */

import type { IndexReceipt, KnowledgeBase } from "../store/knowledge_base.ts";
import type { OutputSpool } from "./output_spool.ts";
import { queryWords } from "../store/_terms.ts";
import { formatBytes } from "../store/format_bytes.ts";
import { searchCall } from "../store/search_call.ts";
import { utf8ByteLength } from "../store/split_oversize.ts";
import { formatCount } from "../store/format_count.ts";

/** Output above this many bytes is indexed rather than returned whole. */
export const LARGE_OUTPUT_BYTES = 5 * 1024;

/** The bound of a digest returned in place of large output. */
const DIGEST_BYTES = 1200;
/** With an intent, the digest is this small and the matching sections get the next bound. */
const INTENT_DIGEST_BYTES = 720;
const INTENT_SECTION_BYTES = 300;
const INTENT_SNIPPET_CHARS = 160;

/** The output a caller sees, and how it was made. */
export interface ShapedOutput {
  /** The text for the context window. */
  text: string;
  /** How the text was made from the output. */
  mode: "whole" | "intent" | "digest" | "head-tail";
  /** The receipt when the output was indexed. */
  indexed?: IndexReceipt;
  /** Distinctive terms of the output, for follow-up searches. */
  terms?: string[];
  /** Bytes of stdout past the index cap, neither returned nor indexed. */
  notIndexedBytes?: number;
  /** Whether the index got the spooled output, not only what the capture kept. */
  spooled?: boolean;
}

/** Options for {@linkcode shapeOutput}. */
export interface ShapeOptions {
  /** What the caller is looking for in the output. @default {undefined} */
  intent?: string | undefined;
  /** Where large output is indexed; without it, large output is only cut. @default {undefined} */
  kb?: KnowledgeBase | undefined;
  /** The source label large output is indexed under. @default {"execution output"} */
  source?: string;
  /** The size above which output is indexed. @default {5120} */
  thresholdBytes?: number;
  /** The size of the text returned for large output. @default {5120} */
  returnBytes?: number;
  /** The receipt when the caller already indexed the whole output: `output` is then only what it kept. @default {undefined} */
  indexed?: IndexReceipt | undefined;
  /** The size of the whole output, when `output` holds only part of it. @default {the size of output} */
  outputBytes?: number | undefined;
  /** Bytes of the output that were not indexed (past the index cap). @default {0} */
  notIndexedBytes?: number | undefined;
  /** Why they were not. @default {"past the index cap"} */
  notIndexedReason?: string | undefined;
  /**
   * A compact view of the whole output (a log's errors with counts, a page's
   * outline), returned instead of its head and tail, or undefined for kinds
   * it does not know. @default {undefined}
   */
  digest?:
    | ((output: string, maxBytes: number) => string[] | undefined)
    | undefined;
  /** The whole output for the digest, when `output` holds only part of it. @default {output} */
  wholeOutput?: string | undefined;
}

/**
 * Decides what of `output` enters the context.
 *
 * @param output The full standard output of a run.
 * @param options The intent, the knowledge base and the thresholds.
 * @returns The text to return and how it was made.
 */
export function shapeOutput(
  output: string,
  options: ShapeOptions = {},
): ShapedOutput {
  const threshold = options.thresholdBytes ?? LARGE_OUTPUT_BYTES;
  const budget = options.returnBytes ?? LARGE_OUTPUT_BYTES;
  const bytes = options.outputBytes ?? utf8ByteLength(output);
  if (bytes <= threshold) return { text: output, mode: "whole" };

  const source = options.source ?? "execution output";
  const indexed = options.indexed ?? options.kb?.index({
    label: source,
    content: output,
    origin: "execution",
  });
  const notIndexed = options.notIndexedBytes ?? 0;
  // Past the index cap, say what is in the index and what is not.
  const receipt = (chunks: number) =>
    notIndexed > 0
      ? `${formatBytes(bytes)} of output; the first ${
        formatBytes(bytes - notIndexed)
      } indexed as "${source}" (${formatCount(chunks, "chunk")}), the last ${
        formatBytes(notIndexed)
      } (${options.notIndexedReason ?? "past the index cap"}) not`
      : `${formatBytes(bytes)} of output indexed as "${source}" (${
        formatCount(chunks, "chunk")
      })`;
  const whole = notIndexed === 0;
  const terms = distinctiveTerms(output, 12);
  const intent = options.intent?.trim();
  if (indexed && options.kb && intent) {
    // A digest says what the output is; beside it, the matching sections get a small share.
    const digest = digestOf(output, options, INTENT_DIGEST_BYTES);
    const snippetChars = digest ? INTENT_SNIPPET_CHARS : 500;
    const hits = options.kb.search([intent], {
      source,
      limit: digest ? 2 : 6,
      snippetChars,
    })[0]?.hits ?? [];
    // The answer should cost a small share of the output it replaces: about 3%,
    // never less than 1 KB nor more than the return budget; and sections that
    // score far below the best one are noise, not matches.
    const answerBudget = digest ? INTENT_SECTION_BYTES : Math.min(
      budget,
      Math.max(1024, Math.round(bytes * 0.03)),
    );
    const best = hits[0]?.score ?? 0;
    const sections: string[] = [];
    let used = 0;
    for (const hit of hits) {
      if (hit.score < best * 0.5) break;
      const piece = `### ${hit.title}\n${hit.snippet}`;
      if (used + piece.length > answerBudget && sections.length > 0) break;
      sections.push(piece);
      used += piece.length;
    }
    const header = `${receipt(indexed.chunks)}; ` +
      (sections.length > 0
        ? `${formatCount(sections.length, "section")} ${
          sections.length === 1 ? "matches" : "match"
        } "${intent}"${digest ? ", after its digest" : ""}:`
        : `nothing matched "${intent}"${digest ? "; its digest:" : "."}`);
    return {
      text: [
        header,
        ...(digest ? [digest] : []),
        ...sections,
        searchNote(source, terms.slice(0, digest ? 6 : 12), whole),
      ].join("\n\n"),
      mode: "intent",
      indexed,
      terms,
      ...(notIndexed > 0 ? { notIndexedBytes: notIndexed } : {}),
    };
  }
  const note = indexed
    ? `${whole ? "" : `${receipt(indexed.chunks)}. `}${
      searchNote(source, terms, whole)
    }`
    : "Pass an intent to get only the matching sections.";
  const digest = digestOf(output, options, DIGEST_BYTES);
  if (digest !== undefined && utf8ByteLength(digest) < budget) {
    return {
      text: `${digest}\n\n[A digest of ${
        formatBytes(bytes)
      } of output. ${note}]`,
      mode: "digest",
      ...(indexed ? { indexed, terms } : {}),
      ...(notIndexed > 0 ? { notIndexedBytes: notIndexed } : {}),
    };
  }
  const cut = headAndTail(output, budget);
  // Only part of a spooled output is at hand: say what is not shown of the whole.
  const omitted = Math.max(cut.omittedBytes, bytes - utf8ByteLength(cut.text));
  const lines = options.outputBytes === undefined
    ? ` (${formatCount(cut.omittedLines, "line")})`
    : "";
  return {
    text: `${cut.text}\n\n[${formatBytes(omitted)}${lines} omitted of ${
      formatBytes(bytes)
    }. ${note}]`,
    mode: "head-tail",
    ...(indexed ? { indexed, terms } : {}),
    ...(notIndexed > 0 ? { notIndexedBytes: notIndexed } : {}),
  };
}

/**
 * Shapes a run's stdout with the whole of it indexed: large output is indexed
 * from the spool (streamed, never held whole), and only the head and tail the
 * capture kept are at hand for the returned text.
 *
 * @param stdout What the capture kept of stdout (`RunResult.stdout`).
 * @param spool The spool that received the run's stdout; the caller closes it.
 * @param options As for {@linkcode shapeOutput}, plus an abort signal for the indexing.
 * @returns The text to return and how it was made.
 */
export async function shapeSpooledOutput(
  stdout: string,
  spool: OutputSpool,
  options: ShapeOptions & { signal?: AbortSignal | undefined } = {},
): Promise<ShapedOutput> {
  const threshold = options.thresholdBytes ?? LARGE_OUTPUT_BYTES;
  const bytes = spool.receivedBytes;
  if (!options.kb || spool.spooledBytes === 0 || bytes <= threshold) {
    return shapeOutput(stdout, options);
  }
  // The digest reads the whole output, collected on the way to the index while it is small enough.
  const collect = options.digest !== undefined &&
    spool.skippedBytes === 0 && spool.spooledBytes <= DIGEST_MAX_BYTES;
  const pieces: Uint8Array[] = [];
  const indexed = await options.kb.indexStream(
    {
      label: options.source ?? "execution output",
      origin: "execution",
    },
    collect ? collected(spool.read(), pieces) : spool.read(),
    { signal: options.signal },
  );
  const whole = collect
    ? new TextDecoder().decode(concatBytes(pieces))
    : undefined;
  return {
    ...shapeOutput(stdout, {
      ...options,
      // Past the size the digest reads whole, there is no digest: counts of a part would mislead.
      digest: collect ? options.digest : undefined,
      wholeOutput: whole,
      indexed,
      outputBytes: bytes,
      notIndexedBytes: spool.skippedBytes,
      ...(spool.failure === undefined
        ? {}
        : { notIndexedReason: `the spool file failed: ${spool.failure}` }),
    }),
    spooled: true,
  };
}

/** Output up to this size is read whole for its digest. */
const DIGEST_MAX_BYTES = 16 * 1024 * 1024;

async function* collected(
  source: AsyncIterable<Uint8Array>,
  into: Uint8Array[],
): AsyncGenerator<Uint8Array> {
  for await (const piece of source) {
    into.push(piece.slice());
    yield piece;
  }
}

function concatBytes(pieces: readonly Uint8Array[]): Uint8Array {
  const all = new Uint8Array(pieces.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const piece of pieces) {
    all.set(piece, at);
    at += piece.length;
  }
  return all;
}

/** The digest of the whole output, as one text, when the caller gave a digest that knows its kind. */
function digestOf(
  output: string,
  options: ShapeOptions,
  maxBytes: number,
): string | undefined {
  const lines = options.digest?.(options.wholeOutput ?? output, maxBytes);
  return lines && lines.length > 0 ? lines.join("\n") : undefined;
}

function searchNote(
  source: string,
  terms: readonly string[],
  whole = true,
): string {
  const sample = terms.length > 0
    ? ` Searchable terms: ${terms.join(", ")}.`
    : "";
  return `${whole ? "The full output" : "The indexed part"} is searchable: ${
    searchCall([source])
  }.${sample}`;
}

/** The first and last lines of `text` within `budget` bytes, whole lines where possible. */
export function headAndTail(
  text: string,
  budget: number,
): { text: string; omittedBytes: number; omittedLines: number } {
  const total = utf8ByteLength(text);
  if (total <= budget) {
    return { text, omittedBytes: 0, omittedLines: 0 };
  }
  const lines = text.split("\n");
  const half = Math.floor(budget / 2);
  const head: string[] = [];
  let headBytes = 0;
  for (const line of lines) {
    const size = utf8ByteLength(line) + 1;
    if (headBytes + size > half) break;
    head.push(line);
    headBytes += size;
  }
  const tail: string[] = [];
  let tailBytes = 0;
  for (let i = lines.length - 1; i >= head.length; i--) {
    const size = utf8ByteLength(lines[i]!) + 1;
    if (tailBytes + size > half) break;
    tail.unshift(lines[i]!);
    tailBytes += size;
  }
  // One giant line: cut it by characters rather than return nothing.
  if (head.length === 0 && tail.length === 0) {
    const chars = Math.floor(half / 2);
    return {
      text: `${text.slice(0, chars)}\n…\n${text.slice(-chars)}`,
      omittedBytes: total - utf8ByteLength(text.slice(0, chars)) -
        utf8ByteLength(text.slice(-chars)),
      omittedLines: 0,
    };
  }
  const omittedLines = lines.length - head.length - tail.length;
  const omittedBytes = total - headBytes - tailBytes;
  return {
    text: `${head.join("\n")}\n…\n${tail.join("\n")}`,
    omittedBytes: Math.max(0, omittedBytes),
    omittedLines,
  };
}

/**
 * The words of `text` most worth searching for: frequent enough to matter,
 * rare enough to tell sections apart (they occur on few of its lines).
 */
export function distinctiveTerms(text: string, count: number): string[] {
  const lines = text.split("\n");
  const lineCounts = new Map<string, number>();
  for (const line of lines.slice(0, 20_000)) {
    for (const word of new Set(queryWords(line))) {
      if (word.length < 4 || /\d/.test(word)) continue;
      lineCounts.set(word, (lineCounts.get(word) ?? 0) + 1);
    }
  }
  const total = Math.min(lines.length, 20_000);
  return [...lineCounts]
    .filter(([, n]) => n >= 2 && n <= Math.max(2, total * 0.3))
    .map(([word, n]) => ({
      word,
      weight: Math.log(1 + n) * Math.log(total / n),
    }))
    .sort((a, b) => b.weight - a.weight)
    .slice(0, count)
    .map(({ word }) => word);
}
