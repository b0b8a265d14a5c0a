// deno-lint-ignore-file no-console -- a script: it prints its table on stdout
/**
 * `deno task bench`: measures the knowledge base (indexing time, database
 * size, search latency, relevance), the sandbox (round trips, memory under a
 * flood), the MCP server (start time, context savings), the hook process
 * (spawn to exit), the status line (spawn to exit), the safety guard (analysis time per command), relevance on
 * four documentation corpora the ranking was not written against (see
 * `bench_search.ts`), session
 * continuity (capture per event, pre-compact and restore over 5,000 events),
 * shrinking tool results (bytes in and out per evaluation case, shrink time),
 * and the server under a two-minute soak of concurrent, malformed, oversized
 * and pathological calls, and prints a table for each. Name sections to run
 * only those: `deno task bench soak`.
 *
 * Uses the Node.js API docs at /usr/share/doc/nodejs/api when present, else a
 * generated corpus of the same shape (and says so).
 *
 * @module
 */

import { existsSync, statSync } from "node:fs";
import { readdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import process from "node:process";
import { KnowledgeBase } from "../src/store/knowledge_base.ts";
import { indexFiles } from "../src/store/index_files.ts";
import { BENCH_QUESTIONS, type BenchQuestion } from "./bench_questions.ts";
import { percentile, printTable } from "./_table.ts";
import { benchSandbox } from "./bench_sandbox.ts";
import { benchWarm } from "./bench_warm.ts";
import { benchServer } from "./bench_server.ts";
import { benchReplies } from "./bench_replies.ts";
import { benchHook } from "./bench_hook.ts";
import { benchHookPaths } from "./bench_hook_paths.ts";
import { benchStatusline } from "./bench_statusline.ts";
import { benchGuard } from "./bench_guard.ts";
import { benchSession } from "./bench_session.ts";
import { benchScrub } from "./bench_scrub.ts";
import { benchFetch } from "./bench_fetch.ts";
import { benchSoak } from "./bench_soak.ts";
import { benchSearch } from "./bench_search.ts";
import { benchShrink } from "./bench_shrink.ts";

const NODE_DOCS = "/usr/share/doc/nodejs/api";

/** Writes a corpus shaped like the Node docs (65 files, ~3.5 MB) with known sections. */
async function generateCorpus(folder: string): Promise<BenchQuestion[]> {
  const words =
    ("stream buffer socket handle request response promise callback module worker " +
      "thread signal timer event listener emitter cipher digest certificate encoding path file " +
      "directory process child spawn pipe server client header status cache queue channel")
      .split(" ");
  const pick = (n: number) => words[(n * 7919) % words.length]!;
  const questions: BenchQuestion[] = [];
  for (let f = 0; f < 65; f++) {
    const module = `mod${f}`;
    let text = `# Module ${module}\n\nThe ${module} module provides ${
      pick(f)
    } utilities.\n\n`;
    for (let s = 0; s < 60; s++) {
      const name = `${module}.${pick(s + f)}${
        pick(s * 3 + 1).replace(/^./, (c) => c.toUpperCase())
      }${s}`;
      text += `## \`${name}(options)\`\n\n`;
      for (let p = 0; p < 6; p++) {
        text += `${
          Array.from(
            { length: 25 },
            (_, w) => pick(f * 31 + s * 17 + p * 5 + w),
          ).join(" ")
        }.\n\n`;
      }
      if (s % 20 === 3 && questions.length < 30) {
        const file = `${module}.md`;
        questions.push({ query: name, style: "exact", file, sections: [name] });
        questions.push({
          query: name.slice(0, -3),
          style: "partial",
          file,
          sections: [name],
        });
      }
    }
    await writeFile(join(folder, `${module}.md`), text);
  }
  return questions.slice(0, 30);
}

const MIXED_EXTRA = [
  "EventEmitter",
  "ECONNRESET",
  "highWaterMark",
  "AbortController signal",
  "keepAlive agent",
  "stdio inherit",
  "utf8 encoding",
  "symlink",
  "recursive mkdir",
  "SharedArrayBuffer",
  "TLS certificate verification",
  "DNS lookup",
  "async_hooks",
  "deprecation warning",
  "ReadableStream pipeTo",
  "import.meta.resolve",
  "structuredClone",
  "performance.now",
  "--experimental-vm-modules",
  "URLSearchParams",
];

/** Runs the knowledge-base benchmark and prints its table. */
export async function benchStore(): Promise<void> {
  const work = await Deno.makeTempDir({ prefix: "ctx-bench-" });
  try {
    let corpus = NODE_DOCS;
    let questions: readonly BenchQuestion[] = BENCH_QUESTIONS;
    let note = `corpus: ${NODE_DOCS}/*.md`;
    if (!existsSync(NODE_DOCS)) {
      corpus = join(work, "corpus");
      await Deno.mkdir(corpus);
      questions = await generateCorpus(corpus);
      note = `corpus: generated (${NODE_DOCS} is absent on this machine)`;
    }
    const names = (await readdir(corpus)).filter((name) => name.endsWith(".md"))
      .sort();
    const files = names.map((name) => ({
      path: join(corpus, name),
      label: name,
    }));
    const inputBytes = files.reduce(
      (sum, file) => sum + statSync(file.path).size,
      0,
    );

    const dbPath = join(work, "bench.db");
    let kb = KnowledgeBase.open(dbPath);
    const started = performance.now();
    const indexCpu = process.cpuUsage();
    const summary = await indexFiles(kb, files);
    const indexSeconds = (performance.now() - started) / 1000;
    const indexCpuUsed = process.cpuUsage(indexCpu);
    const indexCpuSeconds = (indexCpuUsed.user + indexCpuUsed.system) / 1e6;
    const chunks = summary.receipts.reduce(
      (sum, receipt) => sum + receipt.chunks,
      0,
    );
    kb.close();
    const dbBytes = statSync(dbPath).size;

    kb = KnowledgeBase.open(dbPath);
    const mixed = [...questions.map((q) => q.query), ...MIXED_EXTRA].slice(
      0,
      50,
    );
    kb.search(mixed);
    const latencies: number[] = [];
    const cpu: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (const query of mixed) {
        const t = performance.now();
        const used = process.cpuUsage();
        kb.search([query], { limit: 5 });
        const spent = process.cpuUsage(used);
        latencies.push(performance.now() - t);
        cpu.push((spent.user + spent.system) / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);

    let hit1 = 0;
    let hit5 = 0;
    const misses: string[] = [];
    for (const question of questions) {
      const hits = kb.search([question.query], { limit: 5 })[0]?.hits ?? [];
      const rank = hits.findIndex((hit) =>
        hit.source.endsWith(question.file) &&
        question.sections.some((s) => hit.title.includes(s))
      );
      if (rank === 0) hit1++;
      if (rank !== -1) hit5++;
      if (rank !== 0) {
        misses.push(
          `  ${rank === -1 ? "miss" : `#${rank + 1}`}  ${question.query}  →  ${
            hits[0]?.source
          }: ${hits[0]?.title}`,
        );
      }
    }
    kb.close();

    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const ratio = dbBytes / inputBytes;
    printTable(`Knowledge base (${note})`, [
      {
        metric: "files indexed",
        value: `${summary.receipts.length} (${
          (inputBytes / 1048576).toFixed(2)
        } MB, ${chunks} chunks)`,
        target: "",
        ok: undefined,
      },
      {
        metric: "index time",
        value: `${indexSeconds.toFixed(2)} s`,
        target: "≤ 1.5 s",
        ok: indexSeconds <= 1.5,
      },
      {
        metric: "index CPU time (what a busy machine does not inflate)",
        value: `${indexCpuSeconds.toFixed(2)} s`,
        target: "≤ 1.5 s",
        ok: indexCpuSeconds <= 1.5,
      },
      {
        metric: "database size / input",
        value: `${ratio.toFixed(2)}× (${(dbBytes / 1048576).toFixed(2)} MB)`,
        target: "< 3×",
        ok: ratio < 3,
      },
      {
        metric:
          `search p50 (${latencies.length} runs of ${mixed.length} queries)`,
        value: `${p50.toFixed(2)} ms`,
        target: "< 5 ms",
        ok: p50 < 5,
      },
      {
        metric: "search p99",
        value: `${p99.toFixed(2)} ms`,
        target: "< 20 ms",
        ok: p99 < 20,
      },
      {
        metric: "search CPU time p50 / p99",
        value: `${percentile(cpu, 50).toFixed(2)} / ${
          percentile(cpu, 99).toFixed(2)
        } ms`,
        target: "≤ 5 / 20 ms",
        ok: percentile(cpu, 50) <= 5 && percentile(cpu, 99) <= 20,
      },
      {
        metric: `hit@1 (${questions.length} questions)`,
        value: (hit1 / questions.length).toFixed(2),
        target: "≥ 0.8",
        ok: hit1 / questions.length >= 0.8,
      },
      {
        metric: "hit@5",
        value: (hit5 / questions.length).toFixed(2),
        target: "",
        ok: undefined,
      },
    ]);
    if (misses.length > 0) console.log(`Not first:\n${misses.join("\n")}`);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

/** The sections, in the order a full run prints them; name some to run only those. */
const SECTIONS: Record<string, () => void | Promise<void>> = {
  store: benchStore,
  search: benchSearch,
  sandbox: benchSandbox,
  warm: benchWarm,
  server: benchServer,
  replies: benchReplies,
  hook: benchHook,
  hookpaths: benchHookPaths,
  statusline: benchStatusline,
  guard: benchGuard,
  session: benchSession,
  scrub: benchScrub,
  shrink: benchShrink,
  fetch: benchFetch,
  soak: benchSoak,
};

if (import.meta.main) {
  const names = Deno.args.length > 0 ? Deno.args : Object.keys(SECTIONS);
  const unknown = names.find((name) => !(name in SECTIONS));
  if (unknown !== undefined) {
    console.error(
      `Cannot run the benchmark "${unknown}": the sections are ${
        Object.keys(SECTIONS).join(", ")
      }`,
    );
    Deno.exit(2);
  }
  for (const name of names) await SECTIONS[name]!();
}
