import assert from "node:assert/strict";
import { join } from "node:path";
import { collectFiles } from "../../src/store/collect_files.ts";
import { indexFiles } from "../../src/store/index_files.ts";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { htmlToMarkdown } from "../../src/fetch/html_to_markdown.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const PAGE = `<html><head><title>Streams</title></head><body>
<nav><a href="/">Home</a> | <a href="/api">API</a></nav>
<main><h1>Streams</h1><h2>pipeline(source, destination)</h2>
<p>Connects a <code>source</code> to a <code>destination</code> and forwards errors.</p>
<pre><code class="language-js"><span class="hljs-title function_">pipeline</span>(a, b)</code></pre>
</main></body></html>`;

async function folder(files: Record<string, string>) {
  const dir = await tempDir();
  for (const [name, text] of Object.entries(files)) {
    await Deno.mkdir(join(dir.path, name, ".."), { recursive: true });
    await Deno.writeTextFile(join(dir.path, name), text);
  }
  return dir;
}

async function indexFolder(
  kb: KnowledgeBase,
  root: string,
  convert: ((html: string) => string | Promise<string>) | undefined,
) {
  const found = await collectFiles(root, {});
  const progress: Array<[number, number]> = [];
  const summary = await indexFiles(
    kb,
    found.files.map((file) => ({ path: file.path, label: file.relative })),
    {
      htmlToMarkdown: convert,
      onFile: (done, bytes) => progress.push([done, bytes]),
    },
  );
  return { summary, progress };
}

Deno.test("indexFiles() indexes HTML through the converter, as Markdown sections", async () => {
  await using dir = await folder({ "api/streams.html": PAGE });
  using kb = KnowledgeBase.open(":memory:");
  const { summary } = await indexFolder(
    kb,
    dir.path,
    (html) => htmlToMarkdown(html).markdown,
  );
  assert.equal(summary.receipts[0]?.kind, "markdown");
  const hit = kb.search(["pipeline forwards errors"])[0]?.hits[0];
  assert.equal(hit?.title, "Streams > pipeline(source, destination)");
  assert.doesNotMatch(hit?.snippet ?? "", /<span|hljs|Home \|/);
});

Deno.test("indexFiles() skips an HTML twin of a Markdown file, drawings, lock files and minified code", async () => {
  await using dir = await folder({
    "api/streams.md": "# Streams\n\n## pipeline\n\nConnects streams.\n",
    "api/streams.html": PAGE,
    "api/other.html": PAGE.replaceAll("Streams", "Other"),
    "img/flow.svg": "<svg><text>pipeline</text></svg>",
    "img/flow.drawio": "<mxfile><diagram>pipeline</diagram></mxfile>",
    "dist/app.min.js": "var a=1;",
    "dist/bundle.js": `var x=${"1+".repeat(6000)}1;`,
    "package-lock.json": '{"lockfileVersion": 3}',
  });
  using kb = KnowledgeBase.open(":memory:");
  const { summary, progress } = await indexFolder(
    kb,
    dir.path,
    (html) => htmlToMarkdown(html).markdown,
  );
  assert.deepEqual(
    summary.receipts.map((receipt) => receipt.label).sort(),
    ["api/other.html", "api/streams.md"],
  );
  const reasons = Object.fromEntries(
    summary.skipped.map((
      skip,
    ) => [skip.path.slice(dir.path.length + 1), skip.reason]),
  );
  assert.match(
    reasons["api/streams.html"] ?? "",
    /same document as .*streams\.md/,
  );
  assert.match(reasons["img/flow.svg"] ?? "", /\.svg file/);
  assert.match(reasons["img/flow.drawio"] ?? "", /\.drawio file/);
  assert.equal(reasons["dist/app.min.js"], "minified file");
  assert.equal(reasons["dist/bundle.js"], "minified file");
  assert.equal(reasons["package-lock.json"], "lock file");
  assert.equal(progress.length, 8, "one progress call per file");
  assert.ok(progress.at(-1)![1] > 0, "progress counts bytes read");
});

Deno.test("indexFiles() names a page the converter refuses, and indexes the rest", async () => {
  await using dir = await folder({ "a.html": PAGE, "b.md": "# B\n\ntext\n" });
  using kb = KnowledgeBase.open(":memory:");
  const { summary } = await indexFolder(kb, dir.path, () => {
    throw new RangeError("Maximum call stack size exceeded");
  });
  assert.deepEqual(summary.receipts.map((r) => r.label), ["b.md"]);
  assert.match(
    summary.skipped[0]?.reason ?? "",
    /^cannot convert HTML: Maximum call stack/,
  );
});
