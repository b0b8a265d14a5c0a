/**
 * A 60 KB documentation web page as sites serve it: head metadata, inline
 * CSS and scripts, a navigation bar, a sidebar, a footer, and an article that
 * documents the options of an HTTP client, one `<h3>` per option.
 *
 * @module
 */

import { byteLength, type Dataset } from "./dataset.ts";
import { createRandom, type Random } from "./random.ts";

interface Option {
  name: string;
  type: string;
  value: string;
  text: string;
}

const SECTIONS: ReadonlyArray<[string, Option[]]> = [
  ["Connection", [
    {
      name: "baseUrl",
      type: "string",
      value: "undefined",
      text: "Prefix for every relative request URL.",
    },
    {
      name: "timeout",
      type: "number",
      value: "10000",
      text: "Milliseconds before a request without a response is aborted.",
    },
    {
      name: "keepAlive",
      type: "boolean",
      value: "true",
      text: "Reuse TCP connections between requests to the same origin.",
    },
    {
      name: "maxSockets",
      type: "number",
      value: "64",
      text: "Upper bound of open sockets per origin.",
    },
  ]],
  ["Retries", [
    {
      name: "retry.limit",
      type: "number",
      value: "2",
      text: "How many times a failed idempotent request is retried.",
    },
    {
      name: "retry.methods",
      type: "string[]",
      value: '["GET", "PUT", "HEAD", "DELETE", "OPTIONS"]',
      text: "Methods that may be retried.",
    },
    {
      name: "retry.statusCodes",
      type: "number[]",
      value: "[408, 413, 429, 500, 502, 503, 504]",
      text: "Responses that trigger a retry.",
    },
    {
      name: "retry.backoffFactor",
      type: "number",
      value: "2",
      text: "Each delay is the previous one times this factor, plus jitter.",
    },
    {
      name: "retry.maxDelay",
      type: "number",
      value: "27500",
      text:
        "Upper bound, in milliseconds, of the delay between two attempts. A Retry-After header larger than this aborts the retry instead of waiting.",
    },
  ]],
  ["Timeouts", [
    {
      name: "timeout.lookup",
      type: "number",
      value: "3000",
      text: "Milliseconds allowed for the DNS lookup.",
    },
    {
      name: "timeout.connect",
      type: "number",
      value: "5000",
      text: "Milliseconds allowed for the TCP connection to open.",
    },
    {
      name: "timeout.secureConnect",
      type: "number",
      value: "5000",
      text: "Milliseconds allowed for the TLS handshake.",
    },
    {
      name: "timeout.response",
      type: "number",
      value: "undefined",
      text:
        "Milliseconds allowed between sending the request and the first byte of the response.",
    },
  ]],
  ["Redirects", [
    {
      name: "followRedirect",
      type: "boolean | (response) => boolean",
      value: "true",
      text: "Whether 3xx responses with a Location header are followed.",
    },
    {
      name: "maxRedirects",
      type: "number",
      value: "10",
      text:
        "Redirects followed before the request fails with a MaxRedirectsError.",
    },
    {
      name: "methodRewriting",
      type: "boolean",
      value: "false",
      text: "Turn POST into GET on 301 and 302 responses, as browsers do.",
    },
  ]],
  ["Responses", [
    {
      name: "responseType",
      type: '"text" | "json" | "buffer"',
      value: '"text"',
      text: "How the body is decoded before it is returned.",
    },
    {
      name: "decompress",
      type: "boolean",
      value: "true",
      text: "Decode gzip, deflate and brotli bodies and send Accept-Encoding.",
    },
    {
      name: "maxResponseSize",
      type: "number",
      value: "104857600",
      text: "Bodies larger than this many bytes abort the request.",
    },
    {
      name: "throwHttpErrors",
      type: "boolean",
      value: "true",
      text: "Reject the promise for 4xx and 5xx responses.",
    },
  ]],
  ["Pagination", [
    {
      name: "pagination.countLimit",
      type: "number",
      value: "Infinity",
      text: "Items yielded before pagination stops.",
    },
    {
      name: "pagination.requestLimit",
      type: "number",
      value: "10000",
      text: "Pages requested before pagination stops.",
    },
    {
      name: "pagination.backoff",
      type: "number",
      value: "0",
      text: "Milliseconds to wait between two page requests.",
    },
  ]],
  ["Hooks", [
    {
      name: "hooks.beforeRequest",
      type: "Function[]",
      value: "[]",
      text: "Called with the request options before each attempt.",
    },
    {
      name: "hooks.afterResponse",
      type: "Function[]",
      value: "[]",
      text: "Called with every response; may return a new response.",
    },
    {
      name: "hooks.beforeError",
      type: "Function[]",
      value: "[]",
      text: "Called with the error before it is thrown.",
    },
  ]],
  ["Caching", [
    {
      name: "cache.enabled",
      type: "boolean",
      value: "false",
      text: "Honour Cache-Control and ETag headers with an in-memory cache.",
    },
    {
      name: "cache.maxEntries",
      type: "number",
      value: "500",
      text: "Entries kept before the least recently used is dropped.",
    },
  ]],
  ["Proxies and TLS", [
    {
      name: "proxy",
      type: "string | URL",
      value: "process.env.HTTPS_PROXY",
      text: "Proxy for every request; NO_PROXY is honoured.",
    },
    {
      name: "tls.ca",
      type: "string | Buffer",
      value: "system store",
      text: "Extra certificate authorities to trust.",
    },
    {
      name: "tls.rejectUnauthorized",
      type: "boolean",
      value: "true",
      text: "Refuse servers whose certificate does not verify.",
    },
  ]],
];

const FILLER = [
  "The option is read once when the client is created; changing it later has no effect on existing instances.",
  "Per-request options are merged over the client defaults, arrays are replaced rather than concatenated.",
  "Use <code>client.extend()</code> to derive a client with different defaults for a subset of your requests.",
  "In the browser build some of these options are ignored because the platform does not expose them.",
  "Invalid values throw a <code>TypeError</code> when the client is created, not when the first request is sent.",
];

function css(random: Random): string {
  const rules: string[] = [];
  const props = [
    "margin:0 auto",
    "padding:.75rem 1rem",
    "color:var(--fg)",
    "background:var(--bg-soft)",
    "border-radius:6px",
    "font:500 14px/1.5 Inter,system-ui,sans-serif",
    "display:flex;gap:.5rem;align-items:center",
    "transition:color .2s ease-in-out",
  ];
  for (let i = 0; i < 285; i++) {
    rules.push(
      `.vp-${random.hex(5)}{${random.pick(props)};${random.pick(props)}}`,
    );
  }
  return rules.join("\n");
}

function script(random: Random): string {
  const lines = [
    "(function(){var d=document,w=window;w.dataLayer=w.dataLayer||[];",
    "function g(){dataLayer.push(arguments)}g('js',new Date());g('config','G-3XAMP1E');",
    "var t=localStorage.getItem('vp-theme');if(t==='dark'||(!t&&matchMedia('(prefers-color-scheme: dark)').matches)){d.documentElement.classList.add('dark')}",
  ];
  for (let i = 0; i < 60; i++) {
    lines.push(
      `w.__VP_HASH_MAP__=Object.assign(w.__VP_HASH_MAP__||{},{"guide_${i}.md":"${
        random.hex(8)
      }"});`,
    );
  }
  lines.push("})();");
  return lines.join("\n");
}

function links(prefix: string, count: number, random: Random): string {
  const words = [
    "Getting started",
    "Requests",
    "Responses",
    "Streams",
    "Errors",
    "Retries",
    "Hooks",
    "Pagination",
    "Testing",
    "Migration",
    "TypeScript",
    "FAQ",
  ];
  return Array.from(
    { length: count },
    (_, i) =>
      `<li class="nav-item"><a class="nav-link" href="/${prefix}/${i}-${
        random.hex(4)
      }.html">${random.pick(words)}</a></li>`,
  ).join("\n");
}

/**
 * The page and the documented default of `retry.maxDelay`.
 *
 * @param seed The random seed.
 * @returns The HTML and the answer: the default value.
 */
export function htmlPage(seed = 5): Dataset {
  const random = createRandom(seed);
  const article: string[] = [
    '<h1 id="options">Client options</h1>',
    "<p>Every option can be given to <code>createClient()</code> or per request. This page lists them by topic with their type and default value.</p>",
  ];
  for (const [title, options] of SECTIONS) {
    const id = title.toLowerCase().replace(/\W+/g, "-");
    article.push(
      `<h2 id="${id}">${title}<a class="header-anchor" href="#${id}" aria-label="Permalink">#</a></h2>`,
    );
    article.push(
      `<p>${random.pick(FILLER)} ${random.pick(FILLER)}</p>`,
    );
    for (const option of options) {
      const anchor = option.name.toLowerCase().replace(/\W+/g, "-");
      article.push(
        `<h3 id="${anchor}"><code>${option.name}</code><a class="header-anchor" href="#${anchor}">#</a></h3>`,
        `<ul><li><strong>Type:</strong> <code>${option.type}</code></li><li><strong>Default:</strong> <code>${
          option.value.replace(/</g, "&lt;")
        }</code></li></ul>`,
        `<p>${option.text} ${random.pick(FILLER)}</p>`,
        `<p>${random.pick(FILLER)}</p>`,
      );
    }
    article.push(
      `<div class="language-ts"><pre><code>import { createClient } from "fetchly";\n\nconst client = createClient({\n  // ${title.toLowerCase()} options go here\n});\nconst res = await client.get("/users/${
        random.int(1, 999)
      }");</code></pre></div>`,
    );
  }
  const page = [
    "<!DOCTYPE html>",
    '<html lang="en-US" dir="ltr">',
    "<head>",
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">',
    "<title>Client options | Fetchly</title>",
    '<meta name="description" content="Every option of the Fetchly HTTP client, with types and defaults.">',
    '<link rel="preload" href="/assets/inter-roman-latin.Di8DUHzh.woff2" as="font" type="font/woff2" crossorigin>',
    '<link rel="stylesheet" href="/assets/style.B6uJ2v_K.css">',
    `<style>\n${css(random)}\n</style>`,
    `<script>\n${script(random)}\n</script>`,
    '<script type="application/ld+json">{"@context":"https://schema.org","@type":"TechArticle","headline":"Client options"}</script>',
    "</head>",
    "<body>",
    '<div id="app"><header class="VPNav"><nav class="navbar"><a class="logo" href="/">Fetchly</a><ul class="nav">',
    links("guide", 14, random),
    "</ul></nav></header>",
    '<aside class="VPSidebar"><nav><ul class="sidebar">',
    links("api", 150, random),
    "</ul></nav></aside>",
    '<main class="VPContent"><article class="vp-doc">',
    ...article,
    "</article></main>",
    '<footer class="VPFooter"><p>Released under the MIT License.</p><p>Copyright © 2019-present Fetchly contributors</p><ul>',
    links("footer", 30, random),
    "</ul></footer></div>",
    '<script type="module" src="/assets/app.C1fXo8fq.js"></script>',
    "</body>",
    "</html>",
  ].join("\n");
  const answer = "27500";
  if (page.split(answer).length !== 2) {
    throw new RangeError(
      "Cannot generate the HTML page: the answer must occur exactly once",
    );
  }
  return {
    text: page,
    answer: ["retry.maxDelay", answer],
    summary: `retry.maxDelay defaults to ${answer} ms (page of ${
      (byteLength(page) / 1024).toFixed(0)
    } KB)`,
  };
}
