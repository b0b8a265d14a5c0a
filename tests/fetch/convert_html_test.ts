import assert from "node:assert/strict";
import { boundMarkup, MARKUP_LIMITS } from "../../src/fetch/_markup_bounds.ts";
import { convertHtml } from "../../src/fetch/convert_html.ts";
import { PATHOLOGICAL, slowPage } from "../_helpers/pathological_html.ts";

Deno.test("boundMarkup() flattens nesting past the depth limit and keeps the text", () => {
  const limits = { maxDepth: 3, maxElements: 1000, maxOpenFormatting: 2 };
  const bounded = boundMarkup(
    "<div><div><div><div><div>deep</div></div></div></div></div>",
    limits,
  );
  assert.deepEqual(bounded, {
    ok: true,
    html: "<div><div><div>deep</div></div></div>",
    dropped: 2,
    elements: 5,
  });
});

Deno.test("boundMarkup() drops formatting nested past the limit or closed by other elements, but not closed formatting", () => {
  const limits = { maxDepth: 100, maxElements: 1000, maxOpenFormatting: 2 };
  const unclosed = boundMarkup("<b><i><b><u>x", limits);
  assert.ok(unclosed.ok);
  assert.equal(unclosed.html, "<b><i>x");
  const closed = boundMarkup("<b>1</b><b>2</b><b>3</b><i>4</i>", limits);
  assert.ok(closed.ok);
  assert.equal(closed.dropped, 0);
  const closedByOthers = boundMarkup(
    "<div><b><i>x</div><p>y</p><p>z</p></b>",
    limits,
  );
  assert.deepEqual(closedByOthers, {
    ok: true,
    html: "<div>x</div><p>y</p><p>z</p>",
    dropped: 2,
    elements: 5,
  });
});

Deno.test("boundMarkup() follows implied end tags and skips raw text and comments", () => {
  const limits = { maxDepth: 4, maxElements: 100_000, maxOpenFormatting: 4 };
  const siblings = [
    `<ul>${"<li>item".repeat(500)}</ul>`,
    `<table>${"<tr><td>a<td>b".repeat(500)}</table>`,
    `<select>${"<option>o".repeat(500)}</select>`,
    `<div>${"<p>para".repeat(500)}</div>`,
    `<script>${"<div>".repeat(500)}</script><style>${
      "<b>".repeat(500)
    }</style>`,
    `<!--${"<div>".repeat(500)}--><title>${"<i>".repeat(500)}</title>`,
  ];
  for (const html of siblings) {
    const bounded = boundMarkup(html, limits);
    assert.ok(bounded.ok);
    assert.equal(bounded.dropped, 0, html.slice(0, 40));
  }
});

Deno.test("boundMarkup() refuses a page with more elements than the limit, in one line", () => {
  const bounded = boundMarkup("<span>x</span>".repeat(11), {
    maxDepth: 10,
    maxElements: 10,
    maxOpenFormatting: 4,
  });
  assert.deepEqual(bounded, {
    ok: false,
    reason: "the page has more than 10 elements",
  });
});

Deno.test("convertHtml() converts pathological pages in a worker without overflowing, keeping their text", async (t) => {
  for (const [name, html] of Object.entries(PATHOLOGICAL)) {
    await t.step(name, async () => {
      const converted = await convertHtml(html, { deadlineMs: 120_000 });
      assert.ok(converted.ok, converted.ok ? "" : converted.reason);
      assert.match(converted.markdown, /text/);
      assert.ok(converted.dropped > 0);
    });
  }
  await t.step("a normal page is not touched", async () => {
    const converted = await convertHtml(
      "<title>Guide</title><main><h2>Setup</h2><p>Run <b>it</b>.</p></main>",
      { deadlineMs: 120_000 },
    );
    assert.deepEqual(converted, {
      ok: true,
      markdown: "# Guide\n\n## Setup\n\nRun **it**.",
      title: "Guide",
      dropped: 0,
    });
  });
  await t.step("the default limits are the published ones", () => {
    assert.deepEqual(MARKUP_LIMITS, {
      maxDepth: 400,
      maxElements: 250_000,
      maxOpenFormatting: 4,
    });
  });
});

Deno.test("convertHtml() stops a conversion at its deadline, or when cancelled, with one line", async (t) => {
  await t.step("the deadline", async () => {
    const converted = await convertHtml(slowPage(200_000), { deadlineMs: 500 });
    assert.deepEqual(converted, {
      ok: false,
      reason:
        "converting the HTML took longer than the 0.5 s left of the fetch deadline",
    });
  });
  await t.step("a signal", async () => {
    const cancel = new AbortController();
    const pending = convertHtml(slowPage(200_000), {
      deadlineMs: 600_000,
      signal: cancel.signal,
    });
    cancel.abort();
    assert.deepEqual(await pending, {
      ok: false,
      reason: "the conversion was cancelled",
    });
  });
  await t.step("no time left", async () => {
    const converted = await convertHtml("<p>x</p>", { deadlineMs: 0 });
    assert.equal(converted.ok, false);
  });
});
