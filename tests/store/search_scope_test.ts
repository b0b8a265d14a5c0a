import assert from "node:assert/strict";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";

Deno.test("search() under a source filter finds a partial identifier that another source holds as a whole word", () => {
  using kb = KnowledgeBase.open(":memory:");
  kb.index({
    label: "docs/hooks.md",
    content: "# Hooks\n\nCall useEffect to run side effects after render.\n",
  });
  kb.index({ label: "notes", content: "the variable useEff is set here\n" });

  const [scoped] = kb.search(["useEff"], { source: "docs" });
  assert.deepEqual(scoped?.hits.map((hit) => hit.source), ["docs/hooks.md"]);
  assert.match(scoped?.hits[0]?.snippet ?? "", /useEffect/);

  const [everywhere] = kb.search(["useEff"]);
  assert.ok(
    everywhere?.hits.some((hit) => hit.source === "notes"),
    JSON.stringify(everywhere),
  );
  const [inNotes] = kb.search(["useEff"], { source: "notes" });
  assert.deepEqual(inNotes?.hits.map((hit) => hit.source), ["notes"]);
});
