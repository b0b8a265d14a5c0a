/**
 * The secret-scrubbing and integrity-check benchmark: scrubbing a run's
 * capture cap (256 KiB) and 10 MB of log-like output with a realistic
 * environment (80 variables, 6 of them secret), and `PRAGMA quick_check` per
 * MB of a real knowledge base.
 *
 * @module
 */

import { join } from "node:path";
import { KnowledgeBase } from "../src/store/knowledge_base.ts";
import { quickCheck } from "../src/store/move_aside.ts";
import { secretScrubber } from "../src/store/scrub_secrets.ts";
import { fastestMs, printTable } from "./_table.ts";

function environment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (let i = 0; i < 74; i++) env[`PLAIN_VAR_${i}`] = `value-${i}-`.repeat(3);
  for (let i = 0; i < 6; i++) env[`SERVICE_${i}_TOKEN`] = crypto.randomUUID();
  return env;
}

function logText(bytes: number, env: Record<string, string>): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line = i % 500 === 0
      ? `${i} auth with ${env.SERVICE_1_TOKEN} and ghp_${"x".repeat(36)}`
      : `${i} INFO request handled in ${i % 97} ms path=/api/v1/items/${i}`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join("\n");
}

/** Runs the scrub benchmark and prints its table. */
export async function benchScrub(): Promise<void> {
  const env = environment();
  const scrubber = secretScrubber(env);
  const cap = logText(256 * 1024, env);
  const big = logText(10 * 1024 * 1024, env);
  const capMs = fastestMs(() => scrubber.scrub(cap), 10);
  const bigMs = fastestMs(() => scrubber.scrub(big), 3);

  const work = await Deno.makeTempDir({ prefix: "ctx-bench-scrub-" });
  try {
    const path = join(work, "kb.db");
    const kb = KnowledgeBase.open(path);
    for (let i = 0; i < 400; i++) {
      kb.index({ label: `log-${i}`, content: logText(64 * 1024, env) });
    }
    kb.close();
    const mb = (await Deno.stat(path)).size / 1e6;
    const checkMs = fastestMs(() => quickCheck(path), 3);
    printTable("Secret scrubbing and integrity check", [
      {
        metric: "scrub 256 KiB (one stream's capture cap)",
        value: `${capMs.toFixed(2)} ms`,
        target: "< 10 ms",
        ok: capMs < 10,
      },
      {
        metric: "scrub 10 MB",
        value: `${bigMs.toFixed(0)} ms`,
        target: "< 1 s",
        ok: bigMs < 1000,
      },
      {
        metric: `quick_check (${mb.toFixed(0)} MB database)`,
        value: `${(checkMs / mb).toFixed(1)} ms/MB`,
        target: "< 30 ms/MB",
        ok: checkMs / mb < 30,
      },
    ]);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

if (import.meta.main) await benchScrub();
