import assert from "node:assert/strict";
import { join } from "node:path";
import { evalCases } from "../../scripts/shrink_eval_cases.ts";
import { indexShrunk, shrinkToolResult } from "../../src/shrink/mod.ts";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

/** Snippets fold whitespace; so does the comparison. */
function folded(text: string): string {
  return text.replace(/\s+/g, " ");
}

Deno.test("every key fact of the evaluation set is in the view or in the first search on the receipt's source", async () => {
  await using dir = await tempDir();
  using kb = KnowledgeBase.open(join(dir.path, "kb.db"));
  const cases = evalCases();
  assert.equal(cases.filter((c) => c.half === "tuning").length, 6);
  assert.ok(cases.filter((c) => c.half === "held-out").length >= 6);
  const missing: string[] = [];
  const totals = { tuning: [0, 0], "held-out": [0, 0] };
  for (const [n, evalCase] of cases.entries()) {
    const shrunk = shrinkToolResult(evalCase.result, { now: n });
    if (!shrunk.shrunk) {
      missing.push(`${evalCase.name}: not shrunk (${shrunk.reason})`);
      continue;
    }
    assert.ok(
      shrunk.view.includes(`source: "${shrunk.source}"`),
      `${evalCase.name}: the receipt names its real source`,
    );
    assert.doesNotMatch(shrunk.view, /<label>|<source>/);
    assert.ok(
      shrunk.viewBytes <= 8 * 1024,
      `${evalCase.name}: a view of ${shrunk.viewBytes} bytes is more than a few KB`,
    );
    const receipt = indexShrunk(kb, shrunk);
    assert.equal(receipt.label, shrunk.source);
    totals[evalCase.half][0]! += shrunk.originalBytes;
    totals[evalCase.half][1]! += shrunk.viewBytes;
    for (const fact of evalCase.facts) {
      if (shrunk.view.includes(fact.text)) continue;
      if (fact.query !== undefined) {
        const hits =
          kb.search([fact.query], { source: shrunk.source })[0]?.hits ?? [];
        if (
          hits.some((hit) =>
            folded(`${hit.title} ${hit.snippet}`).includes(folded(fact.text))
          )
        ) continue;
      }
      missing.push(`${evalCase.name}: "${fact.text}"`);
    }
  }
  assert.deepEqual(missing, []);
  for (const [half, [original, view]] of Object.entries(totals)) {
    assert.ok(
      view! <= original! * 0.15,
      `${half}: ${view} of ${original} bytes is more than 0.15×`,
    );
  }
});

Deno.test("the evaluation set is the same bytes on every build", () => {
  const first = evalCases().map((c) => JSON.stringify(c.result.content).length);
  const second = evalCases().map((c) =>
    JSON.stringify(c.result.content).length
  );
  assert.deepEqual(first, second);
  const jest = evalCases()[0]!;
  assert.ok(String(jest.result.content).split("\n").length >= 3000);
});
