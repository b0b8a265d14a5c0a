// deno-lint-ignore-file no-console -- benchmark output goes to stdout
/**
 * The relevance benchmark on documentation the ranking was not written
 * against: hit@1, hit@5 and MRR per corpus for the development half and the
 * test half of `scripts/eval/<corpus>.json`, beside the figures recorded
 * before the ranking work (`scripts/eval/baseline.json`), then the speed
 * targets on a base of ~4,000 chunks: index time of ~3.5 MB of Markdown and
 * search p50 / p99 (the knowledge-base table of `bench_store.ts`). Corpora
 * that have not been built (`deno run -A scripts/eval_corpora.ts`) are
 * skipped with one line each. The machine's load is printed first: timings
 * on a busy machine are not the program's.
 *
 * @module
 */

import { CORPORA, type CorpusName } from "./eval_corpora.ts";
import { evaluateCorpus, type HalfScore } from "./eval_search.ts";
import { benchStore } from "./bench_store.ts";

interface Recorded {
  measured: string;
  corpora: Record<
    string,
    Record<
      "dev" | "test",
      Pick<HalfScore, "questions" | "hit1" | "hit5" | "mrr">
    >
  >;
}

/** Runs the relevance benchmark and prints its table. */
export async function benchSearch(): Promise<void> {
  const baseline = JSON.parse(
    await Deno.readTextFile(new URL("./eval/baseline.json", import.meta.url)),
  ) as Recorded;
  const load = Deno.loadavg().map((value) => value.toFixed(2)).join(" ");
  console.log(
    `\nLoad average (1, 5, 15 min): ${load} on ${navigator.hardwareConcurrency} cores`,
  );
  const rows: string[][] = [];
  const skipped: string[] = [];
  const chunks: string[] = [];
  for (const corpus of Object.keys(CORPORA) as CorpusName[]) {
    const result = await evaluateCorpus(corpus);
    if (!result) {
      skipped.push(
        `${corpus}: not built, skipped (deno run -A scripts/eval_corpora.ts ${corpus})`,
      );
      continue;
    }
    chunks.push(`${corpus} ${result.chunks}`);
    for (const half of ["dev", "test"] as const) {
      const now = result[half];
      const before = baseline.corpora[corpus]?.[half];
      const pair = (key: "hit1" | "hit5" | "mrr") =>
        `${before ? before[key].toFixed(2) : "–"} → ${now[key].toFixed(2)}`;
      rows.push([
        corpus,
        `${half} (${now.questions})`,
        pair("hit1"),
        pair("hit5"),
        pair("mrr"),
        `${now.p50.toFixed(1)} / ${now.p99.toFixed(1)}`,
        half === "test"
          ? (now.hit1 >= 0.65 && now.hit5 >= 0.88 ? "✓" : "✗")
          : "",
      ]);
    }
  }
  const header = [
    "corpus",
    "half (questions)",
    "hit@1",
    "hit@5",
    "MRR",
    "ms p50 / p99",
    "test ≥ 0.65 / 0.88",
  ];
  const widths = header.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i]!.length))
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(
    `\nSearch relevance, before → after (before: ${baseline.measured})`,
  );
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
  console.log(`chunks: ${chunks.join(", ")}`);
  for (const note of skipped) console.log(note);
  await benchStore();
}
