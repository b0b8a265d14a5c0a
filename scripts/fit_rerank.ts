// deno-lint-ignore-file no-console -- a script: it reports the fit
/**
 * Fits the re-ranking weights (`src/store/rank_weights.json`) on the
 * development half of every built corpus, never on the test half.
 *
 * Each development question is searched once; its candidates and their
 * features are kept, so that trying a weight only re-sorts them. The fit is
 * deterministic coordinate ascent on a coarse grid (steps of 0.25, from −2
 * to 4), maximising the mean over corpora of hit@1, hit@5 and MRR, less a
 * small cost per feature in use (a feature that does not pay for itself
 * drops to 0). Before the final fit on every corpus, each corpus is left out
 * in turn: the weights fitted on the others are scored on it, which tells
 * whether the fit carries over to documents it did not see.
 *
 * Run: `deno run -A scripts/fit_rerank.ts [--write] [--from-zero]`
 * (`--from-zero` starts from BM25 alone instead of the committed weights).
 *
 * @module
 */

import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { KnowledgeBase } from "../src/store/knowledge_base.ts";
import { Searcher } from "../src/store/_search.ts";
import {
  FEATURES,
  RANK_WEIGHTS,
  type RankWeightName,
} from "../src/store/_rank.ts";
import { CORPORA, corpusDir, type CorpusName } from "./eval_corpora.ts";
import { indexCorpus, loadQuestions } from "./eval_search.ts";

const STEP = 0.25;
const LOWEST = -2;
const HIGHEST = 4;
/** What a feature in use costs, in objective points (mean of three rates). */
const FEATURE_COST = 0.002;
/** Ranks a question is scored to, as `eval_search.ts` does. */
const DEPTH = 10;

/** One development question: its candidates' features, which are answers, and which repeat a better one. */
interface Case {
  features: Float64Array[];
  answer: boolean[];
  /** Candidates with the same heading and text share a key. */
  key: string[];
}

/** Searches each development question of each built corpus once. */
async function loadCases(): Promise<Map<CorpusName, Case[]>> {
  const work = await Deno.makeTempDir({ prefix: "ctx-fit-" });
  const cases = new Map<CorpusName, Case[]>();
  try {
    for (const corpus of Object.keys(CORPORA) as CorpusName[]) {
      const dir = corpusDir(corpus);
      if (!dir) continue;
      const path = join(work, `${corpus}.db`);
      {
        using kb = KnowledgeBase.open(path);
        await indexCorpus(kb, dir);
      }
      const db = new DatabaseSync(path, { readOnly: true });
      const searcher = new Searcher(db);
      const questions = (await loadQuestions(corpus)).filter((_, i) =>
        i % 2 === 0
      );
      cases.set(
        corpus,
        questions.map((question) => {
          const { candidates } = searcher.rank(question.q);
          return {
            features: candidates.map((c) => c.features),
            answer: candidates.map((c) =>
              c.row.label.endsWith(question.file) &&
              question.sections.some((s) => c.row.title.includes(s))
            ),
            key: candidates.map((c) =>
              `${c.row.title}\n${c.row.body.replace(/\s+/g, " ").trim()}`
            ),
          };
        }),
      );
      db.close();
    }
  } finally {
    await Deno.remove(work, { recursive: true });
  }
  return cases;
}

type Weights = number[];

/** hit@1, hit@5 and MRR of one corpus's cases under some weights, averaged. */
function corpusValue(cases: readonly Case[], weights: Weights): number {
  let hit1 = 0;
  let hit5 = 0;
  let mrr = 0;
  for (const c of cases) {
    const scores = c.features.map((f) => {
      let sum = 0;
      for (let i = 0; i < weights.length; i++) sum += weights[i]! * f[i]!;
      return sum;
    });
    const order = scores.map((_, i) => i).sort((x, y) =>
      scores[y]! - scores[x]! || x - y
    );
    const seen = new Set<string>();
    let rank = 0;
    for (const i of order) {
      if (rank >= DEPTH) break;
      if (seen.has(c.key[i]!)) continue;
      seen.add(c.key[i]!);
      if (c.answer[i]) {
        if (rank === 0) hit1++;
        if (rank < 5) hit5++;
        mrr += 1 / (rank + 1);
        break;
      }
      rank++;
    }
  }
  const n = cases.length || 1;
  return (hit1 + hit5 + mrr) / (3 * n);
}

function value(sets: ReadonlyArray<readonly Case[]>, weights: Weights): number {
  const used = weights.filter((w) => w !== 0).length;
  return sets.reduce((sum, set) => sum + corpusValue(set, weights), 0) /
      sets.length - FEATURE_COST * used;
}

/** Coordinate ascent on the grid until no single step helps. */
function fit(sets: ReadonlyArray<readonly Case[]>, start: Weights): Weights {
  const weights = [...start];
  let best = value(sets, weights);
  for (let improved = true; improved;) {
    improved = false;
    for (let i = 0; i < weights.length; i++) {
      const current = weights[i]!;
      for (
        const tried of [
          0,
          current - 2 * STEP,
          current - STEP,
          current + STEP,
          current + 2 * STEP,
        ]
      ) {
        if (tried === current || tried < LOWEST || tried > HIGHEST) continue;
        weights[i] = tried;
        const v = value(sets, weights);
        if (v > best + 1e-9) {
          best = v;
          improved = true;
        } else {
          weights[i] = current;
        }
        if (weights[i] !== current) break;
      }
    }
  }
  return weights;
}

const cases = await loadCases();
if (cases.size === 0) {
  console.error(
    "Cannot fit the weights: no corpus is built (deno run -A scripts/eval_corpora.ts)",
  );
  Deno.exit(1);
}
const snap = (w: number) => Math.round(w / STEP) * STEP;
const start: Weights = Deno.args.includes("--from-zero")
  ? FEATURES.map((name) => name === "bm25" ? 1 : 0)
  : FEATURES.map((name) => snap(RANK_WEIGHTS[name as RankWeightName]));
const names = [...cases.keys()];
const all = names.map((name) => cases.get(name)!);
const show = (w: Weights) =>
  FEATURES.map((name, i) => w[i] !== 0 ? `${name} ${w[i]}` : "").filter(
    Boolean,
  ).join(", ");

console.log("Left out in turn (fitted on the other development halves):");
console.log("corpus      start  fitted-on-others");
for (const name of names) {
  const others = names.filter((other) => other !== name).map((other) =>
    cases.get(other)!
  );
  const weights = fit(others, start);
  const own = cases.get(name)!;
  console.log(
    `${name.padEnd(10)}  ${corpusValue(own, start).toFixed(3)}  ${
      corpusValue(own, weights).toFixed(3)
    }   (${show(weights)})`,
  );
}
const weights = fit(all, start);
console.log("\nFitted on every development half:");
for (const name of names) {
  console.log(
    `${name.padEnd(10)}  ${corpusValue(cases.get(name)!, start).toFixed(3)} → ${
      corpusValue(cases.get(name)!, weights).toFixed(3)
    }`,
  );
}
const record = Object.fromEntries(
  FEATURES.map((name, i) => [name, weights[i]!]).filter(([, w]) => w !== 0),
);
const text = `${JSON.stringify(record, null, 2)}\n`;
console.log(text);
if (Deno.args.includes("--write")) {
  await Deno.writeTextFile(
    new URL("../src/store/rank_weights.json", import.meta.url),
    text,
  );
}
