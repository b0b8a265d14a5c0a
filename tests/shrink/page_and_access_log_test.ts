import assert from "node:assert/strict";
import { outputDigest } from "../../src/shrink/output_digest.ts";

Deno.test("an access log's errors are grouped by request and status, not told apart by client, size or agent", () => {
  const agents = [
    "curl/8.5.0",
    "Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0",
  ];
  const lines: string[] = [];
  for (let i = 0; i < 3_000; i++) {
    const ip = `198.51.100.${i % 200}`;
    const time = `12/Mar/2025:10:${
      String(Math.floor(i / 60) % 60).padStart(2, "0")
    }:${String(i % 60).padStart(2, "0")} +0000`;
    const [request, status] = i % 10 === 3
      ? ["POST /api/checkout HTTP/1.1", 500]
      : i % 10 === 7
      ? [`GET /api/orders/${1000 + i} HTTP/1.1`, 502]
      : [`GET /static/app.${i % 7}.js HTTP/1.1`, 200];
    lines.push(
      `${ip} - - [${time}] "${request}" ${status} ${1000 + i * 7} "-" "${
        agents[i % 2]
      }" 0.${i % 900}`,
    );
  }
  const digest = outputDigest(lines.join("\n"))!.join("\n");
  assert.match(digest, /Errors \(2 distinct messages\)/, digest);
  assert.match(digest, /×300\b[^\n]*POST \/api\/checkout[^\n]*500/);
  assert.match(digest, /×300\b[^\n]*GET \/api\/orders\/\d+[^\n]*502/);
  const groups = digest.split("\n").filter((line) => /^\s+\[×/.test(line));
  assert.ok(
    groups.every((line) => !/Firefox|curl\/8|198\.51/.test(line)),
    `the client and the agent are not the message: ${groups.join("\n")}`,
  );
});

Deno.test("a page's outline drops the permalink marks its headings carry (#, ¶, §)", () => {
  const sections = Array.from(
    { length: 30 },
    (_, i) =>
      `<h2 id="s${i}">Section ${i}<a class="header-anchor" href="#s${i}" aria-label="Permalink">#</a></h2>` +
      `<h3 id="t${i}"><a href="#t${i}" class="anchor">§</a>Topic ${i}</h3>` +
      `<p>${"Filler text about the topic. ".repeat(40)}</p>`,
  ).join("\n");
  const page = [
    "<!doctype html><html><head><title>Guide</title></head><body>",
    '<h1>Guide <a class="headerlink" href="#guide">¶</a></h1>',
    '<p>See <a href="#s2">section 2</a> first.</p>',
    sections,
    "</body></html>",
  ].join("\n");
  const digest = outputDigest(page)!.join("\n");
  assert.match(digest, /- Section 0\n/, digest);
  assert.doesNotMatch(digest, /Section \d+#|¶|§/, digest);
  assert.match(digest, /See section 2 first/, "a link with words stays");
});
