import assert from "node:assert/strict";
import { join } from "node:path";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const MAN_PAGE = [
  "PACKER(1)             General Commands Manual             PACKER(1)",
  "",
  "NAME",
  "       packer - pack files into archives",
  "",
  "OPTIONS",
  "       -d, --decompress",
  "              Undo the packing; fails when the input needs dictio‐",
  "              naries that are missing.",
  "",
  "       -k, --keep",
  "              Keep the input files after unpacking.",
  "",
  "packer 1.0                  2024-01-01                  PACKER(1)",
].join("\n");

/** Twenty sections about nothing the questions ask. */
const filler = Array.from(
  { length: 20 },
  (_, i) => `## Topic ${i}\n\nThe server answers each request in turn.\n`,
).join("\n");

Deno.test("search() finds a word a man page broke at a line end, and the hit keeps its line", async () => {
  await using dir = await tempDir();
  using kb = KnowledgeBase.open(join(dir.path, "kb.db"));
  kb.index({ label: "packer.txt", content: MAN_PAGE, lines: true });
  const [broken, after] = kb.search(["missing dictionaries", "keep input"]);
  assert.equal(broken?.hits[0]?.title, "packer > OPTIONS > -d, --decompress");
  assert.match(broken?.hits[0]?.snippet ?? "", /needs dictionaries that/);
  assert.equal(broken?.hits[0]?.line, 7);
  assert.equal(after?.hits[0]?.title, "packer > OPTIONS > -k, --keep");
  assert.equal(after?.hits[0]?.line, 11);
});

Deno.test("search() weighs words such as 'whether' and 'already' less than the words about the question", async () => {
  await using dir = await tempDir();
  using kb = KnowledgeBase.open(join(dir.path, "kb.db"));
  kb.index({
    label: "guide.md",
    content: `# Guide\n\n${filler}\n## Plugins\n\n` +
      "Whether another one was already loaded is known to each of them.\n",
  });
  kb.index({
    label: "api.md",
    content: "# API\n\n## hasPlugin(name)\n\n" +
      "Checks if a plugin with this name is registered on the instance.\n",
  });
  const hits =
    kb.search(["check whether a plugin was already registered"])[0]?.hits ??
      [];
  assert.equal(hits[0]?.title, "API > hasPlugin(name)");
});

Deno.test("search() puts the section documenting an API above an example that uses it, unless an example is asked for", async () => {
  await using dir = await tempDir();
  using kb = KnowledgeBase.open(join(dir.path, "kb.db"));
  kb.index({ label: "guide.md", content: `# Guide\n\n${filler}` });
  kb.index({
    label: "testing.md",
    content: "# Testing\n\n## Another Example\n\n" +
      "Inject a request to the old route and check that the reply sends " +
      "the client to the new URL:\n\n```js\n" +
      "const res = await app.inject({ url: '/old' })\n" +
      "assert.equal(res.headers.location, '/new')\n```\n",
  });
  kb.index({
    label: "reply.md",
    content: "# Reply\n\n## .redirect(dest)\n\n" +
      "Redirects a request to the URL in `dest`.\n",
  });
  const [plain, asked] = kb.search([
    "redirect the client to a new URL",
    "example of a redirect to a new URL",
  ]);
  assert.equal(plain?.hits[0]?.title, "Reply > .redirect(dest)");
  assert.equal(asked?.hits[0]?.title, "Testing > Another Example");
});
