import assert from "node:assert/strict";
import { collectReport } from "../../src/report/collect_report.ts";
import { renderReportHtml } from "../../src/report/render_html.ts";
import { openDatabase } from "../../src/store/database.ts";
import { ToolCallLog } from "../../src/store/tool_calls.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { startServer } from "../_helpers/mcp_client.ts";
import { runCli } from "../_helpers/run_cli.ts";

const SESSION = "0c9f1e7a-42b8-4d5e-9a61-3f2b7c8d9e10";

/** The page of a real database holding one session: one search that found nothing, one ctx_stats call. */
async function onePage(): Promise<string> {
  await using dir = await tempDir();
  const db = openDatabase(`${dir.path}/project.db`);
  try {
    const log = new ToolCallLog(db);
    const at = Date.UTC(2026, 0, 2, 3, 4, 5);
    log.record({
      sessionId: SESSION,
      tool: "ctx_search",
      at,
      bytesIn: 9_000,
      bytesOut: 300,
      error: false,
      detail: { queries: [{ query: "nothing-here", hits: 0 }] },
    });
    log.record({
      sessionId: SESSION,
      tool: "ctx_stats",
      at: at + 1_000,
      bytesIn: 50_000,
      bytesOut: 900,
      error: false,
    });
    const report = collectReport(db, {
      dataHome: dir.path,
      project: dir.path,
    });
    return renderReportHtml(report, { version: "test" });
  } finally {
    db.close();
  }
}

Deno.test("the report counts one of a thing in the singular", async () => {
  const html = await onePage();
  assert.match(html, /tool calls in 1 session</);
  assert.match(
    html,
    /1 search call asked 1 query and found 0 hits; 1 query found nothing\./,
  );
  assert.doesNotMatch(html, /\b1 (sessions|search calls|queries|hits)\b/);
});

Deno.test("the report keeps session ids whole and lists no ctx_stats call as a saving", async () => {
  const html = await onePage();
  assert.match(html, /code\.id \{ white-space: nowrap; word-break: normal; \}/);
  assert.match(html, /<code class="id" title="0c9f1e7a-/);
  assert.doesNotMatch(html, /<code(?! class="id")[^>]*>0c9f1e7a/);
  const savings = html.slice(
    html.indexOf('<section id="savings">'),
    html.indexOf("</section>", html.indexOf('<section id="savings">')),
  );
  assert.match(savings, /ctx_search/);
  assert.doesNotMatch(savings, /ctx_stats/);
});

Deno.test("a real session's page through the server and ctx-mode stats --html reads right", async () => {
  await using home = await tempDir();
  const project = await Deno.realPath(
    await Deno.makeTempDir({ dir: home.path }),
  );
  {
    await using server = await startServer({
      project,
      home: home.path,
      env: { CLAUDE_CODE_SESSION_ID: SESSION },
    });
    await server.callText("ctx_execute", {
      language: "shell",
      code: "head -c 80000 /dev/zero | tr '\\0' 'x'; echo; echo finished",
      intent: "finished",
    });
    await server.callText("ctx_search", { queries: ["zzqqxxnothinghere"] });
    await server.callText("ctx_stats", {});
  }
  const run = await runCli(["stats", "--html", "--project", project], {
    home: home.path,
  });
  assert.equal(run.code, 0, run.stderr);
  const html = await Deno.readTextFile(run.stdout.trim());
  assert.match(html, /<span>tool calls in 1 session<\/span>/);
  assert.match(html, /<b>1<\/b><span>search, 0 hits<\/span>/);
  assert.match(
    html,
    /1 search call asked 1 query and found 0 hits; 1 query found nothing\./,
  );
  assert.doesNotMatch(
    html,
    /\b1 (sessions|search calls|queries|hits|tool calls)\b|<b>1<\/b><span>searches/,
  );
  assert.match(html, /<code class="id" title="0c9f1e7a-/);
  const savings = html.slice(
    html.indexOf('<section id="savings">'),
    html.indexOf("</section>", html.indexOf('<section id="savings">')),
  );
  assert.match(savings, /<td>ctx_execute<\/td>/);
  assert.doesNotMatch(savings, /ctx_stats/);
});
