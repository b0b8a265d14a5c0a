// deno-lint-ignore-file no-console -- a script: it reports the fit
/**
 * Fits the re-ranking weights (`src/store/rank_weights.json`) on the
 * development half of every built corpus, never on the test half.
 *
 * Each development question is searched once; its candidates and all their
 * features are kept, so that trying weights only re-sorts them. The fit is a
 * pairwise logistic regression (the answer against each rival the committed
 * weights rank in the top 30, every question weighing the same), by gradient
 * descent from the committed weights and drawn toward them by an L2 penalty
 * λ, then rounded to steps of 0.1 (from −2 to 4): coarse weights, and a
 * feature that earns little stays at 0. λ is chosen by leaving each corpus
 * out in turn: the weights fitted on the other development halves are scored
 * on it (the mean of hit@1, hit@5 and MRR), which tells whether a fit carries
 * over to documents it did not see.
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

/** Steps of the weights' grid, per unit. */
const GRID = 10;
const LOWEST = -2;
const HIGHEST = 4;
/** Ranks a question is scored to, as `eval_search.ts` does. */
const DEPTH = 10;

/** One development question: its candidates' features, which are answers, and which repeat a better one. */
interface Case {
  features: Float64Array[];
  answer: boolean[];
  /** Candidates with the same text are one hit, naming the others. */
  text: string[];
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
          const { candidates } = searcher.rank(question.q, {}, true);
          return {
            features: candidates.map((c) => c.features),
            answer: candidates.map((c) =>
              c.row.label.endsWith(question.file) &&
              question.sections.some((s) => c.row.title.includes(s))
            ),
            text: candidates.map((c) => c.row.body.replace(/\s+/g, " ").trim()),
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
    const answered = new Set(c.text.filter((_, i) => c.answer[i]));
    const seen = new Set<string>();
    let rank = 0;
    for (const i of order) {
      if (rank >= DEPTH) break;
      if (seen.has(c.text[i]!)) continue;
      seen.add(c.text[i]!);
      if (answered.has(c.text[i]!)) {
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

/** Candidates per question whose pairs with the answer are learnt from. */
const PAIR_DEPTH = 30;
const ITERATIONS = 1500;
const LEARNING_RATE = 0.5;

/** Feature differences (answer minus rival) of one question, with the pairs' shared weight. */
interface Pairs {
  differences: Float64Array[];
}

/**
 * The pairs one question teaches: its best answer against each of the
 * rivals the starting weights rank among the first 30, so that the fit
 * cares about the top of the list, where hits are counted.
 */
function pairsOf(c: Case, start: Weights): Pairs | undefined {
  const scores = c.features.map((f) => dot(start, f));
  const order = scores.map((_, i) => i).sort((x, y) => scores[y]! - scores[x]!);
  const answered = new Set(c.text.filter((_, i) => c.answer[i]));
  const answer = order.find((i) => answered.has(c.text[i]!));
  if (answer === undefined) return undefined;
  const differences = order.slice(0, PAIR_DEPTH).filter((i) =>
    !answered.has(c.text[i]!)
  ).map((i) => c.features[answer]!.map((v, k) => v - c.features[i]![k]!));
  return differences.length > 0 ? { differences } : undefined;
}

function dot(weights: ArrayLike<number>, features: ArrayLike<number>): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += weights[i]! * features[i]!;
  return sum;
}

/**
 * Pairwise logistic regression (each question weighing the same, L2
 * penalty `lambda`), by gradient descent from the starting weights; the
 * result is scaled and rounded to the grid, so that weights stay coarse
 * and features that earn little weigh 0.
 */
function fit(
  sets: ReadonlyArray<readonly Case[]>,
  start: Weights,
  lambda: number,
): Weights {
  const questions = sets.flatMap((set) =>
    set.map((c) => pairsOf(c, start)).filter((p): p is Pairs => p !== undefined)
  );
  const w = Float64Array.from(start);
  const gradient = new Float64Array(w.length);
  for (let step = 0; step < ITERATIONS; step++) {
    gradient.fill(0);
    for (const { differences } of questions) {
      const share = 1 / (differences.length * questions.length);
      for (const d of differences) {
        // d(softplus(-w·d))/dw = -d · sigmoid(-w·d)
        const s = 1 / (1 + Math.exp(dot(w, d)));
        for (let k = 0; k < w.length; k++) gradient[k]! -= share * s * d[k]!;
      }
    }
    for (let k = 0; k < w.length; k++) {
      w[k]! -= LEARNING_RATE *
        (gradient[k]! + 2 * lambda * (w[k]! - start[k]!));
    }
  }
  return [...w].map((v) => {
    const scaled = v;
    return Math.min(
      HIGHEST,
      Math.max(LOWEST, Math.round(scaled * GRID) / GRID),
    );
  });
}

const cases = await loadCases();
if (cases.size === 0) {
  console.error(
    "Cannot fit the weights: no corpus is built (deno run -A scripts/eval_corpora.ts)",
  );
  Deno.exit(1);
}
const snap = (w: number) => Math.round(w * GRID) / GRID;
const start: Weights = Deno.args.includes("--from-zero")
  ? FEATURES.map((name) => name === "bm25" ? 1 : 0)
  : FEATURES.map((name) => snap(RANK_WEIGHTS[name as RankWeightName]));
const names = [...cases.keys()];
const all = names.map((name) => cases.get(name)!);
const LAMBDAS = [0.003, 0.01, 0.03, 0.1, 0.3];
console.log(
  "Left out in turn: each corpus scored with the weights fitted on the other development halves",
);
console.log(
  `corpus      start  ${LAMBDAS.map((l) => `λ ${l}`.padEnd(8)).join(" ")}`,
);
const heldOut = LAMBDAS.map(() => 0);
for (const name of names) {
  const others = names.filter((other) => other !== name).map((other) =>
    cases.get(other)!
  );
  const own = cases.get(name)!;
  const values = LAMBDAS.map((lambda, i) => {
    const v = corpusValue(own, fit(others, start, lambda));
    heldOut[i]! += v / names.length;
    return v;
  });
  console.log(
    `${name.padEnd(10)}  ${corpusValue(own, start).toFixed(3)}  ${
      values.map((v) => v.toFixed(3).padEnd(8)).join(" ")
    }`,
  );
}
const startMean = all.reduce((sum, set) => sum + corpusValue(set, start), 0) /
  all.length;
console.log(
  `${"mean".padEnd(10)}  ${startMean.toFixed(3)}  ${
    heldOut.map((v) => v.toFixed(3).padEnd(8)).join(" ")
  }`,
);
const chosen = LAMBDAS[heldOut.indexOf(Math.max(...heldOut))]!;
const weights = fit(all, start, chosen);
console.log(`\nFitted on every development half with λ ${chosen}:`);
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
