/**
 * The context-savings scenarios: each builds its data, puts it where an agent
 * would meet it (a project file, a command's output, a web page or an API
 * response on a loopback server), asks a question whose answer is known from
 * the data, and calls the ctx-mode tools the way a careful agent would.
 *
 * @module
 */

import { accessLog } from "./access_log.ts";
import type { Dataset } from "./dataset.ts";
import { docsPage } from "./docs_page.ts";
import { gitLog } from "./git_log.ts";
import { htmlPage } from "./html_page.ts";
import { issuesJson } from "./issues_json.ts";
import { ordersCsv } from "./orders_csv.ts";
import { testOutput } from "./test_output.ts";
import { usersJson } from "./users_json.ts";

/** What a scenario can do: write project files, serve pages, call tools. */
export interface ScenarioContext {
  /** Writes a file under the project directory, creating its folders. */
  writeFile(path: string, text: string): Promise<void>;
  /** Serves `body` at `path` on the loopback server; returns its URL. */
  serve(path: string, body: string, contentType: string): string;
  /** Calls a tool; every call's text counts as returned to the context. */
  call(tool: string, args: Record<string, unknown>): Promise<string>;
}

/** One question an agent answers with the ctx-mode tools. */
export interface Scenario {
  /** What the data is. */
  name: string;
  /** The tools the scenario calls, in order. */
  tools: string;
  /** The question. */
  question: string;
  /** Builds the data and its known answer. */
  generate(): Dataset;
  /** Puts the data in place and calls the tools. */
  ask(context: ScenarioContext, data: Dataset): Promise<void>;
}

/** The scenarios, in the order of the table. */
export const SCENARIOS: readonly Scenario[] = [
  {
    name: "access log, 500 requests",
    tools: "ctx_execute_file",
    question: "Which client IP got the most HTTP 500 responses?",
    generate: () => accessLog(),
    async ask(context, data) {
      await context.writeFile("logs/access.log", data.text);
      await context.call("ctx_execute_file", {
        path: "logs/access.log",
        language: "javascript",
        code: [
          "const counts = new Map();",
          'for (const line of FILE_CONTENT.split("\\n")) {',
          '  const m = line.match(/^(\\S+) .*?" (\\d{3}) /);',
          '  if (m && m[2] === "500") counts.set(m[1], (counts.get(m[1]) ?? 0) + 1);',
          "}",
          "const top = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3);",
          'console.log(top.map(([ip, n]) => `${ip} ${n}`).join("\\n"));',
        ].join("\n"),
      });
    },
  },
  {
    name: "JSON API, 20 GitHub issues",
    tools: "ctx_fetch_and_index + ctx_search",
    question: "What is the title of issue #17?",
    generate: () => issuesJson(),
    async ask(context, data) {
      const url = context.serve(
        "/repos/acme/widget/issues?per_page=20",
        data.text,
        "application/json; charset=utf-8",
      );
      await context.call("ctx_fetch_and_index", {
        url,
        source: "acme/widget issues",
      });
      await context.call("ctx_search", {
        queries: ["issue 17 title"],
        source: "acme/widget issues",
        limit: 2,
      });
    },
  },
  {
    name: "CSV export, 500 orders",
    tools: "ctx_execute_file",
    question:
      "Which customer brought in the most revenue from completed orders, and how much?",
    generate: () => ordersCsv(),
    async ask(context, data) {
      await context.writeFile("data/orders.csv", data.text);
      await context.call("ctx_execute_file", {
        path: "data/orders.csv",
        language: "javascript",
        code: [
          'const [header, ...rows] = FILE_CONTENT.trim().split("\\n").map((l) => l.split(","));',
          "const col = Object.fromEntries(header.map((name, i) => [name, i]));",
          "const revenue = new Map();",
          "for (const r of rows) {",
          '  if (r[col.status] !== "completed") continue;',
          "  const sum = Number(r[col.quantity]) * Number(r[col.unit_price]);",
          "  revenue.set(r[col.customer], (revenue.get(r[col.customer]) ?? 0) + sum);",
          "}",
          "const top = [...revenue].sort((a, b) => b[1] - a[1]).slice(0, 3);",
          'console.log(top.map(([c, v]) => `${c}: ${v.toFixed(2)}`).join("\\n"));',
        ].join("\n"),
      });
    },
  },
  {
    name: "git log, 150 commits",
    tools: "ctx_batch_execute",
    question:
      "Which commit fixed the memory leak on WebSocket reconnect, and who wrote it?",
    generate: () => gitLog(),
    async ask(context, data) {
      await context.writeFile("git-log.txt", data.text);
      await context.call("ctx_batch_execute", {
        commands: [{ label: "git-log", command: "cat git-log.txt" }],
        queries: ["which commit fixed the memory leak on reconnect"],
      });
    },
  },
  {
    name: "HTML docs page, 60 KB",
    tools: "ctx_fetch_and_index + ctx_search",
    question: "What is the default of the retry.maxDelay option?",
    generate: () => htmlPage(),
    async ask(context, data) {
      const url = context.serve(
        "/docs/client-options.html",
        data.text,
        "text/html; charset=utf-8",
      );
      await context.call("ctx_fetch_and_index", {
        url,
        source: "fetchly options",
      });
      await context.call("ctx_search", {
        queries: ["retry.maxDelay default"],
        source: "fetchly options",
        limit: 2,
      });
    },
  },
  {
    name: "test output, 30 suites",
    tools: "ctx_execute + intent",
    question: "Which test failed, and why?",
    generate: () => testOutput(),
    async ask(context, data) {
      await context.writeFile("ci/test-output.log", data.text);
      await context.call("ctx_execute", {
        language: "shell",
        code: "cat ci/test-output.log",
        intent: "failed tests and their errors",
      });
    },
  },
  {
    name: "7 MB JSON export, one record wanted",
    tools: "ctx_execute_file",
    question: "What is the email of user 4242?",
    generate: () => usersJson(),
    async ask(context, data) {
      await context.writeFile("exports/users.json", data.text);
      await context.call("ctx_execute_file", {
        path: "exports/users.json",
        language: "javascript",
        code: [
          "const user = JSON.parse(FILE_CONTENT).find((u) => u.id === 4242);",
          'console.log(user ? `${user.id} ${user.name} <${user.email}>` : "no user 4242");',
        ].join("\n"),
      });
    },
  },
  {
    name: "Markdown docs page",
    tools: "ctx_index + ctx_search",
    question: "Which environment variable sets the cache directory?",
    generate: () => docsPage(),
    async ask(context, data) {
      await context.writeFile("docs/configuration.md", data.text);
      await context.call("ctx_index", { path: "docs/configuration.md" });
      await context.call("ctx_search", {
        queries: ["cache directory environment variable"],
        source: "docs/configuration.md",
        limit: 2,
      });
    },
  },
];
