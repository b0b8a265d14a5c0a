import assert from "node:assert/strict";
import {
  FEATURES,
  rankFeatures,
  type RankRow,
  type RankTerm,
} from "../../src/store/_rank.ts";
import { listShare } from "../../src/store/_rank_text.ts";

const term = (word: string, group: number, stem = word): RankTerm => ({
  word,
  stem,
  weight: 1,
  typed: true,
  group,
});
const row = (title: string, body: string): RankRow => ({
  title,
  body,
  context: "",
  relevance: 1,
});
const feature = (f: Float64Array, name: typeof FEATURES[number]) =>
  f[FEATURES.indexOf(name)]!;

Deno.test("rankFeatures() reads a camelCase heading as its parts, and a part that abbreviates a query word as that word", () => {
  const terms = [
    term("register", 0),
    term("extension", 1, "extens"),
    term("function", 2, "funct"),
  ];
  const [name, prose] = rankFeatures(
    [
      row("api > xsltRegisterExtFunction ()", "Registers the handler."),
      row("api > Registering the theme", "Registers the handler."),
    ],
    terms,
    [],
    true,
  );
  // xslt, register, ext (extension), function: three of four words asked.
  assert.equal(feature(name!, "precision"), 0.75);
  assert.equal(feature(name!, "leaf"), 1);
  // A plain word is no abbreviation: "the" does not stand for "theme".
  assert.equal(feature(prose!, "precision"), 1 / 3);
});

Deno.test("rankFeatures() matches a qualified name against Class > .method headings", () => {
  const [method, other] = rankFeatures(
    [
      row("Reply > .serializer(func)", "Sets the serializer."),
      row("Server > setReplySerializer", "Sets the reply serializer."),
    ],
    [term("reply", 0), term("serializer", 1, "serializ")],
    ["reply.serializer"],
    true,
  );
  assert.equal(feature(method!, "exactLeaf"), 1);
  assert.equal(feature(other!, "exactLeaf"), 0);
});

Deno.test("listShare() tells a list of codes from prose", () => {
  const codes = Array.from({ length: 8 }, (_, i) => `- FST_ERR_CODE_${i}`)
    .join("\n");
  assert.equal(listShare(codes), 1);
  const prose = Array.from(
    { length: 8 },
    (_, i) => `Line ${i} says what the option does to the output.`,
  ).join("\n");
  assert.equal(listShare(prose), 0);
  assert.equal(listShare("- a\n- b"), 0, "too short to be called a list");
});

Deno.test("rankFeatures() spreads the page prior from the least to the most likely page of the candidates", () => {
  const rows = [
    { ...row("wc > -l, --lines", "print the newline counts"), page: -1 },
    {
      ...row("shuf > -n, --head-count=COUNT", "output at most COUNT lines"),
      page: -5,
    },
    { ...row("pr > -n", "number lines"), page: -3 },
  ];
  const [wc, shuf, pr] = rankFeatures(
    rows,
    [term("lines", 0, "line")],
    [],
    true,
  );
  assert.equal(feature(wc!, "page"), 1);
  assert.equal(feature(shuf!, "page"), 0);
  assert.equal(feature(pr!, "page"), 0.5);
});

Deno.test("rankFeatures() marks an example section that its heading does not name the question's words in, unless the query asks for an example", () => {
  const rows = [
    row("Testing > Another Example:", "const res = await app.inject()"),
    row("gpg > EXAMPLES > gpg -sb file", "make a detached signature"),
    row("Reply > .redirect(dest)", "Redirects to another URL, for example."),
    row("Counterexamples", "Nothing to see."),
    row("Routing > Example: redirect old routes", "app.get('/old', …)"),
  ];
  const marks = (words: string[]) =>
    rankFeatures(rows, words.map((w, i) => term(w, i)), [], true).map((f) =>
      feature(f, "example")
    );
  assert.deepEqual(marks(["redirect"]), [1, 1, 0, 0, 0]);
  assert.deepEqual(marks(["redirect", "examples"]), [0, 0, 0, 0, 0]);
});
