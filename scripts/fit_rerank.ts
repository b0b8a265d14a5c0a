// deno-lint-ignore-file no-console -- a script: it reports the fit
/**
 * Fits the re-ranking weights (`src/store/rank_weights.json`) on the
 * development half of every built corpus, never on the test half:
 * deterministic coordinate ascent over fixed steps, maximising the mean of
 * MRR and hit@1 across corpora. Prints the weights it found; `--write` saves
 * them. Run: `deno run -A scripts/fit_rerank.ts [--write] [--passes=N]`.
 *
 * @module
 */

import { KnowledgeBase } from "../src/store/knowledge_base.ts";
import { RANK_WEIGHTS, type RankWeightName } from "../src/store/_rank.ts";
import { CORPORA, corpusDir, type CorpusName } from "./eval_corpora.ts";
import { indexCorpus, loadQuestions, score } from "./eval_search.ts";

const STEPS = [-0.2, -0.1, 0.1, 0.2];

const sets: Array<{ kb: KnowledgeBase; questions: ReturnType<typeof dev> }> =
  [];
function dev<T>(questions: T[]): T[] {
  return questions.filter((_, i) => i % 2 === 0);
}
for (const corpus of Object.keys(CORPORA) as CorpusName[]) {
  const dir = corpusDir(corpus);
  if (!dir) continue;
  const kb = KnowledgeBase.open(":memory:");
  await indexCorpus(kb, dir);
  sets.push({ kb, questions: dev(await loadQuestions(corpus)) });
}
if (sets.length === 0) {
  console.error("Cannot fit the weights: no corpus is built");
  Deno.exit(1);
}

function objective(): number {
  let sum = 0;
  for (const set of sets) {
    const half = score(set.kb, set.questions as never);
    sum += (half.mrr + half.hit1) / 2;
  }
  return sum / sets.length;
}

const passes = Number(
  Deno.args.find((arg) => arg.startsWith("--passes="))?.slice(9) ?? 2,
);
let best = objective();
console.log(`start ${best.toFixed(4)}`);
for (let pass = 0; pass < passes; pass++) {
  for (const name of Object.keys(RANK_WEIGHTS) as RankWeightName[]) {
    const start = RANK_WEIGHTS[name];
    let chosen = start;
    for (const step of STEPS) {
      const tried = Math.round((start + step) * 100) / 100;
      if (tried < 0) continue;
      RANK_WEIGHTS[name] = tried;
      const value = objective();
      if (value > best + 1e-9) {
        best = value;
        chosen = tried;
      }
    }
    RANK_WEIGHTS[name] = chosen;
    if (chosen !== start) {
      console.log(`${name} ${start} → ${chosen}: ${best.toFixed(4)}`);
    }
  }
}
const text = `${JSON.stringify(RANK_WEIGHTS, null, 2)}\n`;
console.log(text);
if (Deno.args.includes("--write")) {
  await Deno.writeTextFile(
    new URL("../src/store/rank_weights.json", import.meta.url),
    text,
  );
}
for (const set of sets) set.kb.close();
