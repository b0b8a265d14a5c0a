/**
 * The evaluation set for shrinking tool results: realistic outputs built
 * from a seeded generator (no files, the same bytes on every run), each with
 * the key facts that must survive: in the view, or in what one `ctx_search`
 * on the receipt's source returns.
 *
 * Two halves: `tuning`, the shapes the issue names (a 3,000-line test run
 * with 3 failures, `git log --stat` of 2,000 commits, a 600 KB HTML page, an
 * 80 KB JSON MCP result, a 5 MB log, a 10,000-file listing), and `held-out`,
 * other shapes the views were never tuned on (pytest, cargo test, a YAML
 * dump, a Markdown page, `grep -rn`, a failing build, a CSV read). Written
 * before the views were tuned; the test (`tests/shrink/eval_test.ts`) and the
 * bench (`deno task bench shrink`) read them.
 *
 * @module
 */

import type { ToolResult } from "../src/shrink/types.ts";

/** A fact the agent needs from a result. */
export interface KeyFact {
  /** Text that must appear verbatim in the view, or in the search answer. */
  text: string;
  /** The query of the one search that may find it instead, when it need not be in the view. */
  query?: string;
}

/** One evaluation case. */
export interface EvalCase {
  /** A short name. */
  name: string;
  /** The half it belongs to. */
  half: "tuning" | "held-out";
  /** The tool result. */
  result: ToolResult;
  /** What must survive. */
  facts: KeyFact[];
}

/** A small seeded generator (mulberry32), so every run builds the same bytes. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(next: () => number, items: readonly T[]): T {
  return items[Math.floor(next() * items.length)]!;
}

function hex(next: () => number, length: number): string {
  let text = "";
  while (text.length < length) text += Math.floor(next() * 16).toString(16);
  return text;
}

const WORDS =
  "cache user order invoice token session queue worker billing report export import schedule retry backoff webhook payload config loader parser render layout router handler metrics audit"
    .split(" ");

/** A jest run of 3,000 lines: 30 suites, 300 tests, 3 failures, console noise. */
function jestRun(): EvalCase {
  const next = random(1);
  const lines = ["", "> shop@3.4.0 test", "> jest --verbose", ""];
  const failing = new Map([
    [7, ["applies the loyalty discount", "rounds totals to cents"]],
    [19, ["refreshes an expired token"]],
  ]);
  for (let suite = 0; suite < 30; suite++) {
    const area = suite === 7 ? "cart" : suite === 19 ? "auth" : WORDS[suite]!;
    const file = suite === 7
      ? "src/cart/cart.test.ts"
      : suite === 19
      ? "src/auth/session.test.ts"
      : `src/${area}/${area}_${suite}.test.ts`;
    const fails = failing.get(suite) ?? [];
    lines.push(
      `${fails.length > 0 ? "FAIL" : "PASS"} ${file} (${
        (next() * 4).toFixed(3)
      } s)`,
    );
    const name = suite === 7 ? "Cart" : suite === 19 ? "Session" : area;
    lines.push(`  ${name}`);
    for (let test = 0; test < 10; test++) {
      const failed = fails[test];
      const title = failed ??
        `${pick(next, WORDS)}s ${pick(next, WORDS)} ${
          pick(next, WORDS)
        } #${test}`;
      lines.push(
        `    ${failed ? "✕" : "✓"} ${title} (${Math.floor(next() * 40)} ms)`,
      );
    }
    // Console output jest prints under the suite.
    while (lines.length < (suite + 1) * 100) {
      const roll = next();
      const id = Math.floor(next() * 9000) + 1000;
      if (roll < 0.8) {
        lines.push(
          "  console.log",
          `    fetching ${pick(next, WORDS)} ${id} from cache`,
          "",
          `      at Object.log (src/${area}/${pick(next, WORDS)}.ts:${
            Math.floor(next() * 200)
          }:13)`,
          "",
        );
      } else {
        lines.push(
          "  console.warn",
          "    Warning: componentWillReceiveProps has been renamed, and is not recommended for use in strict mode.",
          "",
          `      at warnOnce (node_modules/react-dom/cjs/react-dom.development.js:67:30)`,
          "",
        );
      }
    }
    if (suite === 7) {
      lines.push(
        "  ● Cart › applies the loyalty discount",
        "",
        "    expect(received).toBe(expected) // Object.is equality",
        "",
        "    Expected: 42.5",
        "    Received: 47.22",
        "",
        "      18 |     const cart = makeCart([item(10), item(37.22)]);",
        "      19 |     applyLoyalty(cart, 0.1);",
        "    > 20 |     expect(cart.total).toBe(42.5);",
        "         |                        ^",
        "      21 |   });",
        "",
        "      at Object.<anonymous> (src/cart/cart.test.ts:20:24)",
        "",
        "  ● Cart › rounds totals to cents",
        "",
        "    expect(received).toEqual(expected) // deep equality",
        "",
        "    - Expected  - 1",
        "    + Received  + 1",
        "",
        "      Object {",
        '    -   "total": 10.01,',
        '    +   "total": 10.005,',
        "      }",
        "",
        "      at Object.<anonymous> (src/cart/cart.test.ts:31:26)",
        "",
      );
    }
    if (suite === 19) {
      lines.push(
        "  ● Session › refreshes an expired token",
        "",
        "    TypeError: Cannot read properties of undefined (reading 'expiresAt')",
        "",
        "      86 |   const current = store.get(id);",
        "      87 |   // A token is refreshed a minute before it expires.",
        "    > 88 |   if (current.token.expiresAt - now < 60_000) {",
        "         |                               ^",
        "",
        "      at refresh (src/auth/session.ts:88:31)",
        "      at Object.<anonymous> (src/auth/session.test.ts:52:11)",
        "      at processTicksAndRejections (node:internal/process/task_queues:95:5)",
        "",
      );
    }
  }
  lines.push(
    "Test Suites: 2 failed, 28 passed, 30 total",
    "Tests:       3 failed, 297 passed, 300 total",
    "Snapshots:   0 total",
    "Time:        14.382 s",
    "Ran all test suites.",
  );
  const fetched = lines.findIndex((line) => line.includes("from cache"));
  const deep = lines.slice(fetched + 1500).find((line) =>
    line.includes("from cache")
  )!.trim();
  return {
    name: "jest run, 3,000 lines, 3 failures",
    half: "tuning",
    result: {
      toolKind: "shell",
      toolName: "Bash",
      subject: "npm test",
      content: lines.join("\n"),
      exitCode: 1,
    },
    facts: [
      { text: "exit 1" },
      { text: "applies the loyalty discount" },
      { text: "rounds totals to cents" },
      { text: "refreshes an expired token" },
      { text: "3 failed, 297 passed" },
      { text: "Expected: 42.5" },
      { text: "Received: 47.22" },
      { text: "src/cart/cart.test.ts:20:24" },
      { text: "Cannot read properties of undefined (reading 'expiresAt')" },
      { text: deep, query: deep.split(" ").slice(1, 3).join(" ") },
    ],
  };
}

const AUTHORS = [
  "Ada Lovelace <ada@example.com>",
  "Grace Hopper <grace@example.com>",
  "Linus Byte <linus@example.com>",
  "Margaret Hamilton <margaret@example.com>",
  "Ken Thompson <ken@example.com>",
];

/** `git log --stat` of 2,000 commits; one of them alone touches the fax gateway. */
function gitLog(): EvalCase {
  const next = random(2);
  const blocks: string[] = [];
  let time = Date.UTC(2026, 10, 30, 18, 0, 0);
  let faxCommit = "";
  let newest = "";
  for (let i = 0; i < 2000; i++) {
    const hash = hex(next, 40);
    if (i === 0) newest = hash;
    const date = new Date(time).toUTCString().replace("GMT", "+0000");
    time -= Math.floor(next() * 7200_000);
    const subject = i === 1377
      ? "Retire the fax gateway's retry loop"
      : `${pick(next, ["Fix", "Add", "Refactor", "Speed up", "Document"])} ${
        pick(next, WORDS)
      } ${pick(next, WORDS)}`;
    const files = i === 1377 ? ["src/legacy/fax_gateway.rb"] : Array.from(
      { length: 1 + Math.floor(next() * 4) },
      () => `src/${pick(next, WORDS)}/${pick(next, WORDS)}.rb`,
    );
    if (i === 1377) faxCommit = hash;
    let added = 0;
    let removed = 0;
    const stat = files.map((file) => {
      const plus = Math.floor(next() * 30);
      const minus = Math.floor(next() * 20);
      added += plus;
      removed += minus;
      return ` ${file.padEnd(34)} | ${String(plus + minus).padStart(3)} ${
        "+".repeat(Math.min(plus, 20))
      }${"-".repeat(Math.min(minus, 20))}`;
    });
    blocks.push(
      [
        `commit ${hash}`,
        `Author: ${pick(next, AUTHORS)}`,
        `Date:   ${date}`,
        "",
        `    ${subject}`,
        "",
        ...stat,
        ` ${files.length} file${
          files.length === 1 ? "" : "s"
        } changed, ${added} insertions(+), ${removed} deletions(-)`,
        "",
      ].join("\n"),
    );
  }
  return {
    name: "git log --stat, 2,000 commits",
    half: "tuning",
    result: {
      toolKind: "shell",
      toolName: "Bash",
      subject: "git log --stat",
      content: blocks.join("\n"),
      exitCode: 0,
    },
    facts: [
      { text: "2,000 commits" },
      { text: newest.slice(0, 10) },
      { text: faxCommit.slice(0, 10), query: "fax_gateway.rb" },
    ],
  };
}

/** A 600 KB documentation page, navigation, scripts and styles included. */
function htmlPage(): EvalCase {
  const next = random(3);
  const parts = [
    "<!DOCTYPE html>",
    '<html lang="en"><head><meta charset="utf-8">',
    "<title>Orbit Scheduler 4.2 Reference — Configuration</title>",
    '<meta name="description" content="Every setting of Orbit Scheduler, with defaults.">',
    `<style>${".nav a{color:#333;padding:4px}".repeat(400)}</style>`,
    `<script>window.__STATE__=${
      JSON.stringify({
        routes: Array.from({ length: 600 }, (_, i) => `/r/${i}`),
      })
    };</script>`,
    "</head><body>",
    `<nav>${
      Array.from(
        { length: 300 },
        (_, i) => `<a href="/docs/page-${i}">Page ${i}</a>`,
      ).join("")
    }</nav>`,
    "<main><h1>Configuration</h1>",
    "<p>Orbit Scheduler runs recurring jobs across a fleet of workers. This page lists every setting, its type and its default.</p>",
  ];
  const sections = [
    "Workers",
    "Queues",
    "Retry policies",
    "Timeouts",
    "Storage",
    "Metrics",
    "Security",
    "Webhooks",
  ];
  let size = parts.join("").length;
  for (let s = 0; size < 600_000; s++) {
    const section = sections[s % sections.length]!;
    const block = [`<h2 id="s${s}">${section} (${Math.floor(s / 8) + 1})</h2>`];
    for (let k = 0; k < 6; k++) {
      const setting = `${section.toLowerCase().replace(/\s+/g, "_")}_${
        pick(next, WORDS)
      }_${s}_${k}`;
      block.push(
        `<h3>${setting}</h3>`,
        `<p>The <code>${setting}</code> setting controls how the ${
          pick(next, WORDS)
        } ${pick(next, WORDS)} behaves when the ${pick(next, WORDS)} is ${
          pick(next, ["busy", "idle", "draining", "degraded"])
        }. Default: <strong>${Math.floor(next() * 100)}</strong>.</p>`,
        `<pre><code>orbit config set ${setting} ${
          Math.floor(next() * 100)
        }</code></pre>`,
      );
    }
    if (s === 61) {
      block.push(
        "<h3>max_backoff_seconds</h3>",
        "<p>The longest wait between two retries; max_backoff_seconds defaults to 900.</p>",
      );
    }
    const text = block.join("\n");
    parts.push(`<section>${text}</section>`);
    size += text.length;
  }
  parts.push("</main><footer>© 2026 Orbit</footer></body></html>");
  return {
    name: "HTML page, 600 KB",
    half: "tuning",
    result: {
      toolKind: "fetch",
      toolName: "WebFetch",
      subject: "http://127.0.0.1:8080/docs/configuration",
      content: parts.join("\n"),
    },
    facts: [
      { text: "Orbit Scheduler 4.2 Reference — Configuration" },
      { text: "Retry policies" },
      {
        text: "Orbit Scheduler runs recurring jobs across a fleet of workers.",
      },
      {
        text: "max_backoff_seconds defaults to 900",
        query: "max_backoff_seconds",
      },
    ],
  };
}

/** Another MCP server's 80 KB JSON result: a list of issues. */
function mcpIssues(): EvalCase {
  const next = random(4);
  const issues = [];
  let size = 0;
  for (let i = 0; size < 78_000; i++) {
    const number = 4200 - i;
    const title = number === 4077
      ? "Webhook retries duplicate deliveries"
      : `${pick(next, ["Crash", "Slow", "Wrong", "Missing"])} ${
        pick(next, WORDS)
      } in ${pick(next, WORDS)} ${pick(next, WORDS)}`;
    const issue = {
      number,
      title,
      state: next() < 0.7 ? "open" : "closed",
      user: { login: pick(next, ["ada", "grace", "linus", "ken"]) },
      labels: [{ name: pick(next, ["bug", "perf", "docs", "ux"]) }],
      comments: Math.floor(next() * 30),
      "created_at": new Date(Date.UTC(2026, 9, 1) + i * 3_600_000)
        .toISOString(),
      body: Array.from({ length: 60 }, () => pick(next, WORDS)).join(" "),
    };
    issues.push(issue);
    size += JSON.stringify(issue).length;
  }
  return {
    name: "MCP result, 80 KB of JSON",
    half: "tuning",
    result: {
      toolKind: "mcp",
      toolName: "mcp__github__list_issues",
      subject: "mcp__github__list_issues",
      content: { content: [{ type: "text", text: JSON.stringify(issues) }] },
    },
    facts: [
      { text: `${issues.length} items` },
      { text: "number" },
      { text: "4200" },
      { text: issues[0]!.title },
      {
        text: "Webhook retries duplicate deliveries",
        query: "webhook duplicate deliveries",
      },
    ],
  };
}

/** A 5 MB application log with three kinds of error among the noise. */
function appLog(): EvalCase {
  const next = random(5);
  const lines: string[] = [];
  let time = Date.UTC(2026, 10, 30, 8, 0, 0, 123);
  let size = 0;
  let rareRequest = "";
  for (let i = 0; size < 5_000_000; i++) {
    time += Math.floor(next() * 400);
    const stamp = new Date(time).toISOString();
    const request = hex(next, 8);
    const roll = next();
    let line: string;
    if (i === 40_000) {
      line =
        `${stamp} ERROR [storage] disk quota exceeded on /var/lib/orbit (uid 1001)`;
    } else if (roll < 0.006) {
      line =
        `${stamp} ERROR [db] connection refused to db-primary:5432 (attempt ${
          1 + Math.floor(next() * 5)
        })`;
    } else if (roll < 0.0075) {
      line =
        `${stamp} ERROR [pay] payment provider timeout after 30000ms order=ORD-${
          Math.floor(next() * 90000) + 10000
        }`;
    } else if (roll < 0.03) {
      line = `${stamp} WARN  [db] slow query took ${
        Math.floor(next() * 5000)
      }ms table=${pick(next, ["orders", "users", "items"])}`;
    } else if (roll < 0.2) {
      line = `${stamp} DEBUG [cache] miss key=${pick(next, WORDS)}:${
        Math.floor(next() * 1e6)
      }`;
    } else {
      line = `${stamp} INFO  [http] ${
        pick(next, ["GET", "POST", "PUT"])
      } /api/${pick(next, WORDS)}s/${Math.floor(next() * 1e5)} 200 ${
        Math.floor(next() * 90)
      }ms req=${request}`;
    }
    if (i === 61_234) rareRequest = request;
    lines.push(line);
    size += line.length + 1;
  }
  const first = lines[0]!.slice(0, 19);
  const last = lines.at(-1)!.slice(0, 19);
  const rare = lines.find((line) => line.includes(`req=${rareRequest}`))!;
  return {
    name: "application log, 5 MB",
    half: "tuning",
    result: {
      toolKind: "read",
      toolName: "Read",
      subject: "/srv/orbit/logs/app.log",
      content: lines.join("\n"),
    },
    facts: [
      { text: "connection refused to db-primary:5432" },
      { text: "payment provider timeout after 30000ms" },
      { text: "disk quota exceeded on /var/lib/orbit (uid 1001)" },
      { text: "ERROR" },
      { text: "WARN" },
      { text: first },
      { text: last },
      { text: rare, query: `req=${rareRequest}` },
    ],
  };
}

/** `find . -type f` over a monorepo of 10,000 files. */
function fileListing(): EvalCase {
  const next = random(6);
  const packages = ["billing", "auth", "web", "api", "jobs", "shared"];
  const extensions = [".ts", ".ts", ".ts", ".tsx", ".json", ".md", ".css"];
  const lines: string[] = [];
  for (let i = 0; i < 10_000; i++) {
    if (i === 7321) {
      lines.push("./packages/billing/src/invoice_renderer.tsx");
      continue;
    }
    const pkg = pick(next, packages);
    const folder = pick(next, ["src", "src/lib", "test", "src/components"]);
    lines.push(
      `./packages/${pkg}/${folder}/${pick(next, WORDS)}_${i}${
        pick(next, extensions)
      }`,
    );
  }
  return {
    name: "file listing, 10,000 files",
    half: "tuning",
    result: {
      toolKind: "shell",
      toolName: "Bash",
      subject: "find . -type f",
      content: lines.join("\n"),
      exitCode: 0,
    },
    facts: [
      { text: "10,000" },
      { text: "packages/billing" },
      { text: ".tsx" },
      {
        text: "./packages/billing/src/invoice_renderer.tsx",
        query: "invoice_renderer",
      },
    ],
  };
}

/** A pytest run with 2 failures among 180 tests. */
function pytestRun(): EvalCase {
  const next = random(7);
  const lines = [
    "============================= test session starts ==============================",
    "platform linux -- Python 3.12.3, pytest-8.2.0, pluggy-1.5.0 -- /usr/bin/python3",
    "rootdir: /srv/shop",
    "collected 180 items",
    "",
  ];
  for (let i = 0; i < 180; i++) {
    const name = i === 57
      ? "tests/test_orders.py::test_refund_partial"
      : i === 133
      ? "tests/test_tax.py::TestVat::test_reverse_charge_eu"
      : `tests/test_${pick(next, WORDS)}.py::test_${pick(next, WORDS)}_${i}`;
    const failed = i === 57 || i === 133;
    lines.push(
      `${name} ${failed ? "FAILED" : "PASSED"}${" ".repeat(20)}[${
        String(Math.floor((i + 1) / 1.8)).padStart(3)
      }%]`,
    );
    for (let k = 0; k < 6; k++) {
      lines.push(
        `  ${pick(next, WORDS)}: ${pick(next, WORDS)} ${
          Math.floor(next() * 1e4)
        } ok`,
      );
    }
  }
  lines.push(
    "",
    "=================================== FAILURES ===================================",
    "_____________________________ test_refund_partial ______________________________",
    "",
    "    def test_refund_partial():",
    "        order = make_order(total=Decimal('39.98'))",
    ">       assert refund(order, half=True) == Decimal('20.0')",
    "E       AssertionError: assert Decimal('19.99') == Decimal('20.0')",
    "",
    "tests/test_orders.py:88: AssertionError",
    "________________________ TestVat.test_reverse_charge_eu ________________________",
    "",
    "self = <tests.test_tax.TestVat object at 0x7f3a2c1d0e50>",
    "",
    "    def test_reverse_charge_eu(self):",
    ">       rate = vat_rate('DE', b2b=True)",
    "",
    "tests/test_tax.py:41: ",
    "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _",
    "",
    "    def vat_rate(country, b2b=False):",
    ">       return RATES[country][b2b]",
    "E       KeyError: True",
    "",
    "shop/tax.py:17: KeyError",
    "=============================== warnings summary ===============================",
    "shop/legacy.py:4: DeprecationWarning: the imp module is deprecated",
    "",
    "=========================== short test summary info ============================",
    "FAILED tests/test_orders.py::test_refund_partial - AssertionError: assert Decimal('19.99') == Decimal('20.0')",
    "FAILED tests/test_tax.py::TestVat::test_reverse_charge_eu - KeyError: True",
    "=================== 2 failed, 178 passed, 1 warning in 12.34s ===================",
  );
  return {
    name: "pytest run, 2 failures",
    half: "held-out",
    result: {
      toolKind: "shell",
      toolName: "Bash",
      subject: "pytest -v",
      content: lines.join("\n"),
      exitCode: 1,
    },
    facts: [
      { text: "exit 1" },
      { text: "test_refund_partial" },
      { text: "test_reverse_charge_eu" },
      { text: "2 failed, 178 passed" },
      { text: "assert Decimal('19.99') == Decimal('20.0')" },
      { text: "KeyError: True" },
      { text: "tests/test_orders.py:88" },
    ],
  };
}

/** `cargo test` with compile warnings and 1 failure among 412 tests. */
function cargoTest(): EvalCase {
  const next = random(8);
  const lines = [
    "   Compiling orbit-core v0.9.1 (/srv/orbit/core)",
    "warning: unused variable: `span`",
    "  --> src/lexer.rs:88:13",
    "   |",
    "88 |         let span = self.span();",
    "   |             ^^^^ help: if this is intentional, prefix it with an underscore: `_span`",
    "   |",
    "   = note: `#[warn(unused_variables)]` on by default",
    "",
    "    Finished `test` profile [unoptimized + debuginfo] target(s) in 41.20s",
    "     Running unittests src/lib.rs (target/debug/deps/orbit_core-3f2a1b9c8d7e6f50)",
    "",
    "running 412 tests",
  ];
  for (let i = 0; i < 412; i++) {
    const name = i === 300
      ? "parser::tests::rejects_trailing_comma"
      : `${pick(next, WORDS)}::tests::${pick(next, WORDS)}_${
        pick(next, WORDS)
      }_${i}`;
    lines.push(`test ${name} ... ${i === 300 ? "FAILED" : "ok"}`);
  }
  lines.push(
    "",
    "failures:",
    "",
    "---- parser::tests::rejects_trailing_comma stdout ----",
    "thread 'parser::tests::rejects_trailing_comma' panicked at src/parser.rs:211:9:",
    "assertion `left == right` failed",
    "  left: Ok([Number(1), Number(2)])",
    " right: Err(TrailingComma { at: 5 })",
    "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace",
    "",
    "",
    "failures:",
    "    parser::tests::rejects_trailing_comma",
    "",
    "test result: FAILED. 411 passed; 1 failed; 0 ignored; 0 measured; 0 filtered out; finished in 2.31s",
    "",
    "error: test failed, to rerun pass `--lib`",
  );
  return {
    name: "cargo test, 1 failure",
    half: "held-out",
    result: {
      toolKind: "shell",
      toolName: "run_shell_command",
      subject: "cargo test",
      content: lines.join("\n"),
      exitCode: 101,
    },
    facts: [
      { text: "exit 101" },
      { text: "parser::tests::rejects_trailing_comma" },
      { text: "411 passed; 1 failed" },
      { text: "src/parser.rs:211:9" },
      { text: "right: Err(TrailingComma { at: 5 })" },
      { text: "unused variable: `span`" },
    ],
  };
}

/** `kubectl get pods -o yaml` for 100 pods, one of them crash-looping. */
function kubectlYaml(): EvalCase {
  const next = random(9);
  const lines = ["apiVersion: v1", "items:"];
  for (let i = 0; i < 100; i++) {
    const app = pick(next, ["checkout", "cart", "search", "auth"]);
    const name = i === 64
      ? "checkout-7d9f8b6c4-x2x9q"
      : `${app}-${hex(next, 9)}-${hex(next, 5)}`;
    lines.push(
      "- apiVersion: v1",
      "  kind: Pod",
      "  metadata:",
      `    name: ${name}`,
      "    namespace: shop",
      "    labels:",
      `      app: ${app}`,
      "  spec:",
      "    containers:",
      `    - name: ${app}`,
      `      image: registry.example.com/shop/${app}:1.${
        Math.floor(next() * 40)
      }.0`,
      "      resources:",
      "        limits:",
      "          memory: 512Mi",
      "  status:",
      `    phase: ${i === 64 ? "Running" : "Running"}`,
      "    containerStatuses:",
      `    - name: ${app}`,
      `      restartCount: ${i === 64 ? 37 : 0}`,
      "      state:",
      ...(i === 64
        ? [
          "        waiting:",
          "          reason: CrashLoopBackOff",
          "          message: back-off 5m0s restarting failed container",
        ]
        : [
          "        running:",
          `          startedAt: "2026-11-30T0${Math.floor(next() * 9)}:00:00Z"`,
        ]),
    );
  }
  lines.push("kind: List", "metadata:", '  resourceVersion: ""');
  return {
    name: "kubectl YAML, 100 pods",
    half: "held-out",
    result: {
      toolKind: "shell",
      toolName: "Bash",
      subject: "kubectl get pods -o yaml",
      content: lines.join("\n"),
      exitCode: 0,
    },
    facts: [
      { text: "items" },
      { text: "100" },
      { text: "CrashLoopBackOff", query: "CrashLoopBackOff" },
      { text: "checkout-7d9f8b6c4-x2x9q", query: "CrashLoopBackOff" },
    ],
  };
}

/** A fetched Markdown page of 150 KB. */
function markdownPage(): EvalCase {
  const next = random(10);
  const parts = [
    "# Orbit CLI Handbook",
    "",
    "The Orbit CLI manages schedules, workers and deployments from a terminal.",
    "",
  ];
  const chapters = [
    "Installation",
    "Authentication",
    "Schedules",
    "Workers",
    "Migration from v2",
    "Troubleshooting",
  ];
  for (let c = 0; parts.join("\n").length < 150_000; c++) {
    parts.push(
      `## ${chapters[c % chapters.length]} ${Math.floor(c / 6) || ""}`,
    );
    for (let s = 0; s < 5; s++) {
      parts.push(
        "",
        `### ${pick(next, WORDS)} ${pick(next, WORDS)}`,
        "",
        Array.from({ length: 80 }, () => pick(next, WORDS)).join(" ") + ".",
        "",
        "```sh",
        `orbit ${pick(next, WORDS)} --${pick(next, WORDS)}`,
        "```",
      );
    }
    if (c === 17) {
      parts.push(
        "",
        "Set ORBIT_LEGACY_MODE=1 to keep the v2 schedule format while migrating.",
      );
    }
    parts.push("");
  }
  return {
    name: "Markdown page, 150 KB",
    half: "held-out",
    result: {
      toolKind: "fetch",
      toolName: "web_fetch",
      subject: "http://127.0.0.1:8080/handbook.md",
      content: parts.join("\n"),
    },
    facts: [
      { text: "Orbit CLI Handbook" },
      { text: "Migration from v2" },
      {
        text: "The Orbit CLI manages schedules, workers and deployments",
      },
      {
        text: "ORBIT_LEGACY_MODE=1",
        query: "ORBIT_LEGACY_MODE",
      },
    ],
  };
}

/** `grep -rn TODO .` with 4,000 matches over many files. */
function grepMatches(): EvalCase {
  const next = random(11);
  const lines: string[] = [];
  for (let i = 0; i < 4000; i++) {
    if (i === 2900) {
      lines.push(
        "./src/auth/redirect.ts:77:  // TODO(security): validate redirect target",
      );
      continue;
    }
    const file = `./src/${pick(next, WORDS)}/${pick(next, WORDS)}.ts`;
    lines.push(
      `${file}:${Math.floor(next() * 400) + 1}:  // TODO: ${
        pick(next, WORDS)
      } the ${pick(next, WORDS)} ${pick(next, WORDS)}`,
    );
  }
  return {
    name: "grep -rn, 4,000 matches",
    half: "held-out",
    result: {
      toolKind: "grep",
      toolName: "Grep",
      subject: "TODO",
      content: lines.join("\n"),
    },
    facts: [
      { text: "4,000" },
      { text: "./src/" },
      {
        text: "TODO(security): validate redirect target",
        query: "security redirect",
      },
    ],
  };
}

/** A failing webpack + tsc build: 2,000 lines, 3 type errors, 12 warnings. */
function failingBuild(): EvalCase {
  const next = random(12);
  const lines = [
    "",
    "> web@2.1.0 build",
    "> tsc --noEmit && webpack --mode production",
    "",
  ];
  const errors = [
    "src/api/client.ts(42,7): error TS2322: Type 'string' is not assignable to type 'number'.",
    "src/views/cart_view.tsx(118,21): error TS2339: Property 'discount' does not exist on type 'Cart'.",
    "src/store/orders.ts(9,1): error TS2307: Cannot find module './legacy_orders' or its corresponding type declarations.",
  ];
  for (let i = 0; i < 2000; i++) {
    if (i === 400 || i === 401 || i === 1500) {
      lines.push(errors[i === 1500 ? 2 : i - 400]!);
      continue;
    }
    if (i % 160 === 5) {
      lines.push(
        `WARNING in ./src/${pick(next, WORDS)}.ts`,
        `Module Warning (from ./node_modules/source-map-loader/dist/cjs.js):`,
      );
      continue;
    }
    lines.push(
      `asset ${pick(next, WORDS)}.${hex(next, 8)}.js ${
        (next() * 90).toFixed(1)
      } KiB [emitted] [minimized] (name: ${pick(next, WORDS)})`,
    );
  }
  lines.push(
    "webpack 5.94.0 compiled with 3 errors and 12 warnings in 18342 ms",
  );
  return {
    name: "failing build, 3 type errors",
    half: "held-out",
    result: {
      toolKind: "shell",
      toolName: "Bash",
      subject: "npm run build",
      content: lines.join("\n"),
      exitCode: 2,
    },
    facts: [
      { text: "exit 2" },
      { text: errors[0]! },
      { text: errors[1]! },
      { text: errors[2]! },
      { text: "3 errors and 12 warnings" },
    ],
  };
}

/** A 2 MB CSV export read whole. */
function csvRead(): EvalCase {
  const next = random(13);
  const lines = ["order_id,customer,country,amount,currency,status,created_at"];
  let size = 0;
  for (let i = 0; size < 2_000_000; i++) {
    const line = `ORD-${10000 + i},${pick(next, WORDS)}-${
      Math.floor(next() * 1e4)
    },${pick(next, ["DE", "FR", "US", "JP"])},${(next() * 500).toFixed(2)},${
      pick(next, ["EUR", "USD", "JPY"])
    },${pick(next, ["paid", "refunded", "open"])},2026-11-${
      String(1 + Math.floor(next() * 29)).padStart(2, "0")
    }`;
    lines.push(line);
    size += line.length + 1;
  }
  const row = lines[10392]!;
  return {
    name: "CSV read, 2 MB",
    half: "held-out",
    result: {
      toolKind: "read",
      toolName: "read_file",
      subject: "data/orders_2026.csv",
      content: lines.join("\n"),
    },
    facts: [
      { text: "order_id,customer,country,amount,currency,status,created_at" },
      { text: (lines.length - 1).toLocaleString("en-US") },
      { text: row, query: row.split(",")[0]! },
    ],
  };
}

/**
 * Every evaluation case, the tuning half first.
 *
 * @returns The cases, built afresh (a few hundred milliseconds).
 */
export function evalCases(): EvalCase[] {
  return [
    jestRun(),
    gitLog(),
    htmlPage(),
    mcpIssues(),
    appLog(),
    fileListing(),
    pytestRun(),
    cargoTest(),
    kubectlYaml(),
    markdownPage(),
    grepMatches(),
    failingBuild(),
    csvRead(),
  ];
}
