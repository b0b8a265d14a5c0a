// deno-lint-ignore-file no-console -- a script: it prints its figures
/**
 * Relevance of search on the evaluation corpora (built by
 * `scripts/eval_corpora.ts`) with the questions in `scripts/eval/<corpus>.json`.
 *
 * Each question names the file that answers it and fragments of the answering
 * section's heading; a hit counts when its source ends with the file and its
 * title contains one of the fragments (case-sensitive), or when it names such
 * a place among the others holding the same text word for word. Questions alternate
 * between the halves: even positions are the development half (tune on it),
 * odd positions the test half (never tune on it).
 *
 * Run alone: `deno run -A scripts/eval_search.ts [--misses] [--check] [--json] [corpus…]`;
 * `--check` only verifies that every question's file holds its fragments,
 * `--json` prints the figures as `scripts/eval/baseline.json` records them.
 *
 * @module
 */

import { join } from "node:path";
import { KnowledgeBase } from "../src/store/knowledge_base.ts";
import { collectFiles } from "../src/store/collect_files.ts";
import { htmlToMarkdown } from "../src/fetch/html_to_markdown.ts";
import { indexFiles } from "../src/store/index_files.ts";
import { CORPORA, corpusDir, type CorpusName } from "./eval_corpora.ts";

/** One evaluation question. */
export interface EvalQuestion {
  /** What an agent would type. */
  q: string;
  /** The answering file, relative to the corpus folder. */
  file: string;
  /** Fragments of the answering section's title; one is enough. */
  sections: string[];
  /** How the question is phrased. */
  style: "natural" | "exact" | "typo";
}

/** Figures of one half. */
export interface HalfScore {
  questions: number;
  hit1: number;
  hit5: number;
  mrr: number;
  /** Wall time of one search, median and 99th percentile, in ms. */
  p50: number;
  p99: number;
  misses: string[];
}

/** Figures of one corpus. */
export interface CorpusScore {
  corpus: CorpusName;
  files: number;
  chunks: number;
  dev: HalfScore;
  test: HalfScore;
}

/** The questions of a corpus, read from the repository. */
export async function loadQuestions(
  corpus: CorpusName,
): Promise<EvalQuestion[]> {
  const url = new URL(`./eval/${corpus}.json`, import.meta.url);
  return JSON.parse(await Deno.readTextFile(url)) as EvalQuestion[];
}

/** Indexes a built corpus the way `ctx-mode index <folder>` does. */
export async function indexCorpus(
  kb: KnowledgeBase,
  dir: string,
): Promise<{ files: number; chunks: number }> {
  const found = await collectFiles(dir, {});
  const summary = await indexFiles(
    kb,
    found.files.map((file) => ({ path: file.path, label: file.relative })),
    { htmlToMarkdown: (html) => htmlToMarkdown(html).markdown },
  );
  return {
    files: summary.receipts.length,
    chunks: summary.receipts.reduce((sum, r) => sum + r.chunks, 0),
  };
}

/** Scores questions against an indexed knowledge base. */
export function score(
  kb: KnowledgeBase,
  questions: readonly EvalQuestion[],
): HalfScore {
  let hit1 = 0;
  let hit5 = 0;
  let reciprocal = 0;
  const misses: string[] = [];
  const times: number[] = [];
  for (const question of questions) {
    const started = performance.now();
    const hits = kb.search([question.q], { limit: 10 })[0]?.hits ?? [];
    times.push(performance.now() - started);
    const answers = (place: { source: string; title: string }) =>
      place.source.endsWith(question.file) &&
      question.sections.some((fragment) => place.title.includes(fragment));
    // A hit that names the answer among the places holding the same text
    // shows it too.
    const rank = hits.findIndex((hit) =>
      answers(hit) || (hit.also ?? []).some(answers)
    );
    if (rank === 0) hit1++;
    if (rank !== -1 && rank < 5) hit5++;
    if (rank !== -1) reciprocal += 1 / (rank + 1);
    if (rank !== 0) {
      misses.push(
        `${
          rank === -1 ? "miss" : `#${rank + 1}`
        }  ${question.q}  (want ${question.file}: ${
          question.sections[0]
        })  →  ${hits[0]?.source}: ${hits[0]?.title}`,
      );
    }
  }
  const n = questions.length || 1;
  times.sort((a, b) => a - b);
  const at = (q: number) =>
    times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return {
    questions: questions.length,
    hit1: hit1 / n,
    hit5: hit5 / n,
    mrr: reciprocal / n,
    p50: at(0.5),
    p99: at(0.99),
    misses,
  };
}

/** Scores one corpus, or returns undefined when it has not been built. */
export async function evaluateCorpus(
  corpus: CorpusName,
): Promise<CorpusScore | undefined> {
  const dir = corpusDir(corpus);
  if (!dir) return undefined;
  const questions = await loadQuestions(corpus);
  using kb = KnowledgeBase.open(":memory:");
  const { files, chunks } = await indexCorpus(kb, dir);
  return {
    corpus,
    files,
    chunks,
    dev: score(kb, questions.filter((_, i) => i % 2 === 0)),
    test: score(kb, questions.filter((_, i) => i % 2 === 1)),
  };
}

/** Checks that each question's file exists and holds its fragments. */
export async function checkQuestions(corpus: CorpusName): Promise<string[]> {
  const dir = corpusDir(corpus);
  if (!dir) return [];
  const problems: string[] = [];
  for (const question of await loadQuestions(corpus)) {
    const text = await Deno.readTextFile(join(dir, question.file)).catch(() =>
      undefined
    );
    if (text === undefined) {
      problems.push(`${corpus}: no file ${question.file}`);
      continue;
    }
    const plain = (question.file.endsWith(".html")
      ? text.replace(/<[^>]+>/g, "").replaceAll("&lt;", "<")
        .replaceAll("&gt;", ">")
      : text).replace(/\s+/g, " ");
    if (
      !question.sections.some((fragment) =>
        plain.includes(fragment)
      )
    ) {
      problems.push(
        `${corpus}: ${question.file} lacks ${question.sections.join(" | ")}`,
      );
    }
  }
  return problems;
}

if (import.meta.main) {
  const flags = Deno.args.filter((arg) => arg.startsWith("--"));
  const names = Deno.args.filter((arg) => !arg.startsWith("--"));
  const corpora =
    (names.length > 0 ? names : Object.keys(CORPORA)) as CorpusName[];
  if (flags.includes("--json")) {
    const figures: Record<string, unknown> = {};
    for (const corpus of corpora) {
      const result = await evaluateCorpus(corpus);
      if (!result) continue;
      const strip = ({ misses: _, p50: _p50, p99: _p99, ...rest }: HalfScore) =>
        rest;
      figures[corpus] = { dev: strip(result.dev), test: strip(result.test) };
    }
    console.log(JSON.stringify(figures, null, 2));
    Deno.exit(0);
  }
  for (const corpus of corpora) {
    if (flags.includes("--check")) {
      for (const problem of await checkQuestions(corpus)) console.log(problem);
      continue;
    }
    const result = await evaluateCorpus(corpus);
    if (!result) {
      console.log(`${corpus}: not built (deno run -A scripts/eval_corpora.ts)`);
      continue;
    }
    const halves = flags.includes("--dev")
      ? ["dev"] as const
      : ["dev", "test"] as const;
    for (const half of halves) {
      const s = result[half];
      console.log(
        `${corpus} ${half}: hit@1 ${s.hit1.toFixed(2)} hit@5 ${
          s.hit5.toFixed(2)
        } MRR ${
          s.mrr.toFixed(2)
        } (${s.questions} q, ${result.chunks} chunks, p50 ${
          s.p50.toFixed(1)
        } ms)`,
      );
      if (flags.includes("--misses") && half === "dev") {
        for (const miss of s.misses) console.log(`  ${miss}`);
      }
    }
  }
}
