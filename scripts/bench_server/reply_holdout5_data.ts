/**
 * A fifth held-out set of the reply benchmark, part two: a structured log
 * (JSON lines, as `kubectl logs` prints a Go service's), a `tar -tvzf`
 * listing, an Elasticsearch search response, a Markdown changelog and a
 * documentation page of a site generator fetched with curl. Written, facts
 * included, before the views were run on them, and never tuned on.
 *
 * @module
 */

import { pad2 } from "./dataset.ts";
import { createRandom } from "./random.ts";
import { literal, number, type ReplyOutput } from "./reply_outputs.ts";

/** `kubectl logs deploy/orders`: 7,000 JSON lines, a few distinct errors. */
export function jsonLinesLog(seed = 81): ReplyOutput {
  const random = createRandom(seed);
  const lines: string[] = [];
  let time = Date.UTC(2026, 11, 2, 6, 0, 0);
  let failed = 0;
  for (let i = 0; i < 7000; i++) {
    time += random.int(50, 900);
    const ts = new Date(time).toISOString();
    const record: Record<string, unknown> = { ts, caller: "" };
    if (i % 311 === 200) {
      failed++;
      Object.assign(record, {
        level: "error",
        caller: "orders/charge.go:142",
        msg: "charge failed",
        error: "stripe: card_declined (request req_" + random.hex(10) + ")",
        order: `ord_${random.hex(8)}`,
      });
    } else if (i === 5123) {
      Object.assign(record, {
        level: "error",
        caller: "orders/db.go:61",
        msg: 'pq: too many connections for role "orders"',
      });
    } else if (i % 97 === 13) {
      Object.assign(record, {
        level: "warn",
        caller: "orders/cache.go:88",
        msg: "cache miss storm",
        keys: random.int(100, 900),
      });
    } else {
      Object.assign(record, {
        level: random.chance(0.2) ? "debug" : "info",
        caller: "orders/http.go:37",
        msg: "request handled",
        path: random.pick(["/orders", "/orders/:id", "/healthz", "/cart"]),
        status: 200,
        "duration_ms": random.int(1, 120),
      });
    }
    lines.push(JSON.stringify(record));
  }
  const first = JSON.parse(lines[0]!).ts as string;
  const last = JSON.parse(lines.at(-1)!).ts as string;
  return {
    name: "structured log (JSON lines), 7,000 lines",
    intent: "errors",
    text: lines.join("\n") + "\n",
    facts: {
      "first timestamp": literal(first.slice(0, 19)),
      "last timestamp": literal(last.slice(0, 19)),
      "charge error": literal("charge failed"),
      "charge error count": number(failed),
      "db error": literal("too many connections"),
    },
  };
}

/** `tar -tvzf backup.tar.gz`: 4,200 entries with modes, owners and sizes. */
export function tarListing(seed = 82): ReplyOutput {
  const random = createRandom(seed);
  const tops = ["etc", "var/lib/postgresql", "srv/app", "home/deploy"];
  const lines: string[] = [];
  let biggest = { size: 0, path: "" };
  for (let i = 0; i < 4200; i++) {
    const top = i < 2600 ? "srv/app" : random.pick(tops);
    const path = `${top}/${random.pick(["lib", "static", "conf", "data"])}/${
      random.pick(["a", "b", "c", "d"])
    }${i}.${random.pick(["rb", "js", "css", "conf", "dat"])}`;
    const size = i === 3333 ? 1_874_339_840 : random.int(80, 900_000);
    if (size > biggest.size) biggest = { size, path };
    lines.push(
      `-rw-r--r-- deploy/deploy ${String(size).padStart(10)} 2026-11-${
        pad2(random.int(1, 30))
      } ${pad2(random.int(0, 23))}:${pad2(random.int(0, 59))} ${path}`,
    );
  }
  return {
    name: `tar -tvzf listing, ${lines.length} entries`,
    intent: "largest files",
    text: lines.join("\n") + "\n",
    facts: {
      "entry count": number(lines.length),
      "largest folder": literal("srv/app"),
      "postgres folder": literal("var/lib/postgresql"),
      "biggest file": literal(biggest.path),
    },
  };
}

/** An Elasticsearch `_search` response: hits with `_source`, and aggregations. */
export function elasticSearch(seed = 83): ReplyOutput {
  const random = createRandom(seed);
  const hits = Array.from({ length: 50 }, (_, i) => ({
    "_index": "tickets-2026.12",
    "_id": `tk-${10_400 + i}`,
    "_score": Math.round((12 - i * 0.2) * 1000) / 1000,
    "_source": {
      subject: i === 31
        ? "Payment page returns HTTP 502 after deploy"
        : `Question about ${
          random.pick(["exports", "invoices", "SSO", "API keys"])
        } ${i}`,
      priority: i === 31 ? "urgent" : random.pick(["low", "normal"]),
      requester: `user${random.int(1, 900)}@example.com`,
      body: Array.from(
        { length: 12 },
        () => random.pick(["please", "we", "see", "the", "page", "again"]),
      ).join(" "),
      tags: [random.pick(["billing", "auth", "ui"])],
    },
  }));
  const text = JSON.stringify(
    {
      took: 37,
      "timed_out": false,
      "_shards": { total: 3, successful: 3, skipped: 0, failed: 0 },
      hits: {
        total: { value: 1284, relation: "eq" },
        "max_score": 12,
        hits,
      },
      aggregations: {
        "by_priority": {
          buckets: [
            { key: "normal", "doc_count": 911 },
            { key: "low", "doc_count": 352 },
            { key: "urgent", "doc_count": 21 },
          ],
        },
      },
    },
    null,
    2,
  );
  return {
    name: `JSON (Elasticsearch _search), ${Math.round(text.length / 1024)} KB`,
    intent: "urgent tickets",
    text,
    facts: {
      "total hits": /\b1,?284\b/,
      "hit count": /\b50\b/,
      "first id": literal("tk-10400"),
      "urgent ticket": literal("tk-10431"),
      "fields": /_source[\s\S]*subject|subject[\s\S]*_source/,
    },
  };
}

/** `cat CHANGELOG.md` of a library: 60 releases, the newest with a breaking change. */
export function markdownChangelog(seed = 84): ReplyOutput {
  const random = createRandom(seed);
  const lines = ["# Changelog", "", "All notable changes to this project.", ""];
  for (let v = 0; v < 60; v++) {
    const version = `2.${59 - v}.0`;
    lines.push(`## [${version}] - 2026-${pad2(12 - (v % 12))}-01`, "");
    if (v === 0) {
      lines.push(
        "### Breaking",
        "",
        "- `Client.connect()` no longer accepts a callback; it returns a promise.",
        "",
      );
    }
    for (const kind of ["Added", "Fixed"]) {
      lines.push(`### ${kind}`, "");
      for (let i = 0; i < random.int(3, 7); i++) {
        lines.push(
          `- ${kind === "Added" ? "Support for" : "A crash in"} ${
            random.pick(["pooling", "TLS", "proxies", "streams", "retries"])
          } ${random.pick(["on Windows", "with HTTP/2", "under load"])} (#${
            random.int(100, 3000)
          })`,
        );
      }
      lines.push("");
    }
  }
  return {
    name: `Markdown changelog, ${lines.length} lines`,
    intent: "breaking changes",
    text: lines.join("\n") + "\n",
    facts: {
      "title": literal("Changelog"),
      "newest version": literal("2.59.0"),
      "outline: Breaking": /Breaking/,
    },
    intentFacts: { "breaking change": literal("no longer accepts a callback") },
  };
}

/** A page of a documentation site generator, with its sidebar, fetched with curl. */
export function docsSitePage(seed = 85): ReplyOutput {
  const random = createRandom(seed);
  const sidebar = Array.from(
    { length: 120 },
    (_, i) => `<li class="menu__item"><a href="/docs/p${i}">Page ${i}</a></li>`,
  ).join("");
  const section = (title: string, body: string) =>
    `<h2 id="${title.toLowerCase().replace(/\W+/g, "-")}">${title}</h2>${body}`;
  const filler = () =>
    Array.from(
      { length: 6 },
      () =>
        `<p>${
          Array.from(
            { length: 40 },
            () =>
              random.pick(["the", "queue", "worker", "job", "runs", "once"]),
          ).join(" ")
        }</p>`,
    ).join("");
  const text = [
    "<!DOCTYPE html><html lang=en><head><meta charset=utf-8>",
    "<title>Scheduling jobs | Quill Queue</title>",
    '<meta name="description" content="Run jobs later, on a schedule, or repeatedly.">',
    `<script>${'self.__next_f.push([1,"x"]);'.repeat(500)}</script>`,
    `</head><body><aside><ul class="menu">${sidebar}</ul></aside>`,
    "<main><article><h1>Scheduling jobs</h1>",
    filler(),
    section("Delayed jobs", filler()),
    section(
      "Repeatable jobs",
      `${filler()}<h3 id="cron">Cron expressions</h3>${filler()}` +
        '<p>The option <code>repeat.tz</code> sets the time zone; it defaults to <code>"UTC"</code>.</p>',
    ),
    section("Removing jobs", filler()),
    "</article></main><footer>Quill Queue docs</footer></body></html>",
  ].join("\n");
  return {
    name: `HTML page (docs site), ${Math.round(text.length / 1024)} KB, curl`,
    intent: "time zone of repeatable jobs",
    text,
    served: true,
    facts: {
      "title": literal("Scheduling jobs"),
      "outline: Repeatable jobs": literal("Repeatable jobs"),
      "outline: Cron expressions": literal("Cron expressions"),
    },
    intentFacts: { "time zone option": literal("repeat.tz") },
  };
}
