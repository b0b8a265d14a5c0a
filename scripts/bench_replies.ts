// deno-lint-ignore-file no-console -- a script: it prints its table on stdout
/**
 * The reply benchmark (`deno task bench replies`): the bytes `ctx_execute`
 * returns for large outputs of each kind, through the real MCP server, and
 * whether the key facts of each output are in the reply. Each output is read
 * with `cat` from a project file, without and with an intent.
 *
 * @module
 */

import { join } from "node:path";
import { accessLog } from "./bench_server/access_log.ts";
import { htmlPage } from "./bench_server/html_page.ts";
import { startSession } from "./bench_server/mcp_session.ts";
import { printTable, type Row } from "./_table.ts";

interface ReplyCase {
  name: string;
  file: string;
  text: string;
  intent: string;
  /** Facts the reply must hold, each a pattern. */
  facts: Record<string, RegExp>;
}

function cases(): ReplyCase[] {
  const log = accessLog(1, 10_000).text;
  const lines = log.trimEnd().split("\n");
  const stamp = (line: string) => line.match(/\[([^\]]+)\]/)![1]!;
  const count = (status: string) =>
    lines.filter((line) => line.includes(`" ${status} `)).length;
  const html = htmlPage().text;
  return [
    {
      name: "access log, 10,000 lines",
      file: "access.log",
      text: log,
      intent: "server errors",
      facts: {
        "first timestamp": new RegExp(
          stamp(lines[0]!).slice(0, 20).replace(/[/[\]]/g, "\\$&"),
        ),
        "last timestamp": new RegExp(
          stamp(lines.at(-1)!).slice(0, 20).replace(/[/[\]]/g, "\\$&"),
        ),
        "5xx count": new RegExp(`\\b${count("500") + count("502")}\\b`),
        "checkout errors": /\/api\/checkout/,
      },
    },
    {
      name: "HTML page, 60 KB",
      file: "page.html",
      text: html,
      intent: "retry options",
      facts: {
        title: /Client options/,
        "outline: Connection": /Connection/,
        "outline: Retries": /Retr/,
      },
    },
  ];
}

/** Runs the cases and prints bytes and facts per case and mode. */
export async function benchReplies(): Promise<void> {
  const work = await Deno.makeTempDir({ prefix: "ctx-bench-replies-" });
  try {
    const project = join(work, "project");
    const home = join(work, "home");
    await Deno.mkdir(project, { recursive: true });
    await Deno.mkdir(home, { recursive: true });
    const all = cases();
    for (const c of all) {
      await Deno.writeTextFile(join(project, c.file), c.text);
    }
    await using session = await startSession(project, home);
    const rows: Row[] = [];
    for (const c of all) {
      for (const intent of [undefined, c.intent]) {
        const reply = await session.call("ctx_execute", {
          language: "shell",
          code: `cat ${c.file}`,
          ...(intent === undefined ? {} : { intent }),
        });
        const bytes = new TextEncoder().encode(reply.text).length;
        const missing = Object.entries(c.facts).filter(([, pattern]) =>
          !pattern.test(reply.text)
        ).map(([name]) => name);
        const kept = Object.keys(c.facts).length - missing.length;
        rows.push({
          metric: `${c.name}${intent === undefined ? "" : ` + intent`}`,
          value: `${bytes} B, facts ${kept}/${Object.keys(c.facts).length}${
            missing.length > 0 ? ` (missing: ${missing.join(", ")})` : ""
          }`,
          target: "",
          ok: missing.length === 0,
        });
        if (Deno.env.get("BENCH_REPLIES_SHOW")) console.log(reply.text);
      }
    }
    printTable("ctx_execute replies (cat of a large output)", rows);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

if (import.meta.main) await benchReplies();
