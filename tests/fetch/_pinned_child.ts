/**
 * A child process for the pinning tests that need a process-wide setting
 * (`DENO_CERT`, `HTTPS_PROXY`): it fetches one URL with a scripted resolver
 * and prints the result and the lookups as JSON.
 *
 * Argument: `{"url": "...", "answers": {"name": [["first answer"], ["later answers"]]}}`.
 *
 * @module
 */

import { fetchAndIndex } from "../../src/fetch/mod.ts";
import { KnowledgeBase } from "../../src/store/mod.ts";
import { scriptedLookup } from "./_server.ts";

const { url, answers } = JSON.parse(Deno.args[0] ?? "{}") as {
  url: string;
  answers: Record<string, string[][]>;
};
const lookups: string[] = [];
using kb = KnowledgeBase.open(":memory:");
const result = await fetchAndIndex(kb, { url }, {
  lookup: scriptedLookup(answers, lookups),
  retryDelayMs: 10,
  timeoutMs: 10_000,
});
const text = result.ok
  ? kb.search(["pinned"], { source: result.source })[0]?.hits[0]?.snippet ?? ""
  : "";
// deno-lint-ignore no-console
console.log(JSON.stringify({ result, lookups, text }));
