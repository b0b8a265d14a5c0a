import assert from "node:assert/strict";
import { htmlToMarkdown } from "../../src/fetch/html_to_markdown.ts";

function page(body: string, head = "<title>Doc</title>"): string {
  return `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
}

Deno.test("htmlToMarkdown() drops scripts, styles and page chrome", () => {
  const chrome: [string, string][] = [
    ["script", "<script>var leakedScript = 1;</script>"],
    ["style", "<style>.leakedStyle { color: red }</style>"],
    ["noscript", "<noscript>leakedNoscript</noscript>"],
    ["nav", "<nav><a href='/'>leakedNav</a></nav>"],
    ["footer", "<footer>leakedFooter</footer>"],
    ["header", "<header><a href='/'>leakedHeader</a></header>"],
    ["aside", "<aside>leakedAside</aside>"],
    ["form", "<form><label>leakedForm</label><input name='q'></form>"],
    ["svg", "<svg><text>leakedSvg</text></svg>"],
    ["math", "<math><mi>leakedMath</mi></math>"],
    ["iframe", "<iframe srcdoc='leakedIframe'></iframe>"],
    ["cookies", "<div id='onetrust-banner'>leakedCookies</div>"],
    ["role", "<div role='navigation'>leakedRole</div>"],
    ["hidden", "<div hidden>leakedHidden</div>"],
    ["ariaHidden", "<span aria-hidden='true'>leakedAriaHidden</span>"],
    [
      "permalink",
      "<h2>Kept heading<a class='headerlink' href='#k'>leakedPermalink</a></h2>",
    ],
  ];
  const html = page(
    `${chrome.map(([, markup]) => markup).join("")}<p>The content stays.</p>`,
  );
  const { markdown } = htmlToMarkdown(html);
  assert.match(markdown, /The content stays\./);
  assert.match(markdown, /^## Kept heading$/m);
  for (const [name] of chrome) {
    const marker = `leaked${name[0]?.toUpperCase()}${name.slice(1)}`;
    assert.ok(!markdown.includes(marker), `${marker} leaked: ${markdown}`);
  }
});

Deno.test("htmlToMarkdown() prefers <main>, then a lone <article>, but not when they hold almost nothing", async (t) => {
  const filler = "<p>Body text that is outside the main element.</p>";
  await t.step("main wins over the rest of the body", () => {
    const { markdown } = htmlToMarkdown(
      page(`${filler}<main><p>${"Main text. ".repeat(60)}</p></main>`),
    );
    assert.doesNotMatch(markdown, /outside the main/);
    assert.match(markdown, /Main text\./);
  });
  await t.step("a lone article wins when there is no main", () => {
    const { markdown } = htmlToMarkdown(
      page(`${filler}<article><p>${"Article text. ".repeat(60)}</p></article>`),
    );
    assert.doesNotMatch(markdown, /outside the main/);
    assert.match(markdown, /Article text\./);
  });
  await t.step("a tiny main among much text falls back to the body", () => {
    const { markdown } = htmlToMarkdown(
      page(`${filler.repeat(40)}<main><p>Tiny.</p></main>`),
    );
    assert.match(markdown, /outside the main/);
    assert.match(markdown, /Tiny\./);
  });
  await t.step("an article's own header with its heading stays", () => {
    const { markdown } = htmlToMarkdown(
      page(
        "<main><article><header><h1>Release notes</h1></header><p>Fixed things.</p></article></main>",
      ),
    );
    assert.equal(markdown, "# Release notes\n\nFixed things.");
  });
});

Deno.test("htmlToMarkdown() fences code blocks with the language a class names", () => {
  const cases: [string, string][] = [
    [
      '<pre><code class="language-ts">let a = 1;</code></pre>',
      "```ts\nlet a = 1;\n```",
    ],
    [
      '<pre class="lang-js"><code>let b = 2;</code></pre>',
      "```js\nlet b = 2;\n```",
    ],
    [
      '<div class="highlight highlight-source-python"><pre><span class="k">def</span> f(): pass</pre></div>',
      "```python\ndef f(): pass\n```",
    ],
    [
      '<pre data-lang="rust"><code>fn main() {}</code></pre>',
      "```rust\nfn main() {}\n```",
    ],
    ['<pre><code class="language-text">plain</code></pre>', "```\nplain\n```"],
    ["<pre>a ``` b</pre>", "````\na ``` b\n````"],
  ];
  for (const [html, expected] of cases) {
    assert.equal(htmlToMarkdown(`<body>${html}</body>`).markdown, expected);
  }
});

Deno.test("htmlToMarkdown() renders data tables as pipes and layout tables as paragraphs", () => {
  const data = htmlToMarkdown(
    "<table><thead><tr><th>Flag</th><th>Meaning</th></tr></thead><tbody><tr><td>--a</td><td>x | y</td></tr><tr><td colspan='2'>both</td></tr></tbody></table>",
  ).markdown;
  assert.equal(
    data,
    "| Flag | Meaning |\n| --- | --- |\n| --a | x \\| y |\n| both | |",
  );
  const layout = htmlToMarkdown(
    "<table><tr><td><p>Sidebar words</p></td><td><table><tr><th>Key</th><th>Value</th></tr><tr><td>k</td><td>v</td></tr></table></td></tr></table>",
  ).markdown;
  assert.equal(
    layout,
    "Sidebar words\n\n| Key | Value |\n| --- | --- |\n| k | v |",
  );
});

Deno.test("htmlToMarkdown() keeps links as their text and drops images", () => {
  const { markdown } = htmlToMarkdown(
    '<p>See <a href="https://example.com/guide">the guide</a><img src="x.png" alt="diagram">.</p>',
  );
  assert.equal(markdown, "See the guide.");
});

Deno.test("htmlToMarkdown() makes the title the H1 only when the content has none", async (t) => {
  await t.step("no H1: the title is added", () => {
    const result = htmlToMarkdown(
      page("<h2>Part</h2><p>Text.</p>", "<title> Spaced   Title </title>"),
    );
    assert.equal(result.title, "Spaced Title");
    assert.equal(result.markdown, "# Spaced Title\n\n## Part\n\nText.");
  });
  await t.step("an H1 of its own: the title is not added", () => {
    const result = htmlToMarkdown(page("<h1>Own</h1><p>Text.</p>"));
    assert.equal(result.markdown, "# Own\n\nText.");
  });
  await t.step("og:title stands in for a missing title", () => {
    const result = htmlToMarkdown(
      page("<p>Text.</p>", '<meta property="og:title" content="From OG">'),
    );
    assert.equal(result.markdown, "# From OG\n\nText.");
  });
});

Deno.test("htmlToMarkdown() escapes only what would change the block structure", () => {
  const { markdown } = htmlToMarkdown(
    "<p># not a heading</p><p>snake_case_name and *stars* stay</p>",
  );
  assert.equal(
    markdown,
    "\\# not a heading\n\nsnake_case_name and *stars* stay",
  );
});

Deno.test("htmlToMarkdown() returns no Markdown for a page that is all script", () => {
  const result = htmlToMarkdown(
    page(
      "<script>app()</script><noscript>Enable JavaScript</noscript>",
      "<title>App</title>",
    ),
  );
  assert.deepEqual(result, { markdown: "", title: "App" });
});

Deno.test("htmlToMarkdown() drops heading self-links whatever their class", async () => {
  const { htmlToMarkdown } = await import(
    "../../src/fetch/html_to_markdown.ts"
  );
  const { markdown } = await htmlToMarkdown(
    `<main><h2 id="a">Retries<a class="header-anchor" href="#a">#</a></h2><p>Body with <a href="#a">a link</a>.</p>
     <h3 id="b">Timeouts <a href="#b">¶</a></h3><p>More.</p></main>`,
  );
  assert.match(markdown, /^## Retries$/m);
  assert.match(markdown, /^### Timeouts$/m);
  assert.match(markdown, /Body with a link\./);
});
