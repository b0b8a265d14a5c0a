import assert from "node:assert/strict";
import { projectDatabasePath } from "../../src/config/paths.ts";
import { appendAudit } from "../../src/safety/audit_log.ts";
import { openDatabase } from "../../src/store/database.ts";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import type { SavingsReport } from "../../src/report/collect_report.ts";
import { startServer } from "../_helpers/mcp_client.ts";
import { childDatabase, runCli, runHook } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { countColour, readPng } from "./_png.ts";

const SESSION = "5f0c8a7e-1d2b-4c3a-9e8f-7a6b5c4d3e2f";
const HOSTILE_QUERY = "<img src=x onerror=alert(1)>";
/** The chart colours of render_html.ts. */
const COLOURS = {
  handled: "#3867d6",
  returned: "#f39c12",
  denied: "#c0392b",
  guide: "#20a070",
};

Deno.test("stats --json reports what the server, the hooks and the guard recorded", async () => {
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
    await server.callText("ctx_index", {
      content:
        "# Retry policy\n\nRequests are retried three times with backoff.",
      source: "notes",
    });
    await server.callText("ctx_search", {
      queries: ["retry backoff", "qqzzyyxxwwvv", HOSTILE_QUERY],
    });
  }
  const hook = (event: string, extra: Record<string, unknown>) =>
    runHook(["claude-code", event], {
      "session_id": SESSION,
      cwd: project,
      "hook_event_name": event,
      ...extra,
    }, { home: home.path, cwd: project });
  await hook("UserPromptSubmit", { prompt: "fix the retry logic in api.ts" });
  await hook("PreCompact", { trigger: "auto" });
  await hook("UserPromptSubmit", { prompt: "now add a test for it" });
  await hook("PreCompact", { trigger: "manual" });
  const denied = await hook("PreToolUse", {
    "tool_name": "Bash",
    "tool_input": { command: "git reset --hard HEAD~3" },
  });
  assert.match(denied.stdout, /"permissionDecision":"deny"/);

  const result = await runCli(["stats", "--json", "--project", project], {
    home: home.path,
  });
  assert.equal(result.code, 0, result.stderr);
  const json = JSON.parse(result.stdout);
  assert.equal(json.session, SESSION, "the latest session is the agent's");
  const report = json.report as SavingsReport;
  assert.equal(report.project, project);
  assert.equal(report.totals.sessions, 1);
  assert.equal(report.sessions[0]?.sessionId, SESSION);
  const execute = report.tools.find((t) => t.tool === "ctx_execute")!;
  assert.ok(execute.handled > 80_000, JSON.stringify(execute));
  assert.ok(execute.returned < 2_000, JSON.stringify(execute));
  assert.equal(report.largestSavings[0]?.tool, "ctx_execute");
  assert.equal(report.searches.calls, 1);
  assert.equal(report.searches.queries, 3);
  const [found, nothing, hostile] = report.searches.recent;
  assert.equal(found?.query, "retry backoff");
  assert.ok(found!.hits >= 1);
  assert.deepEqual(
    [nothing?.query, nothing?.hits, hostile?.query],
    ["qqzzyyxxwwvv", 0, HOSTILE_QUERY],
  );
  assert.equal(
    report.searches.hits,
    found!.hits + hostile!.hits,
  );
  assert.equal(report.searches.empty, hostile!.hits === 0 ? 2 : 1);
  assert.deepEqual(
    report.compactions.map((c) => [c.sessionId, c.trigger]),
    [[SESSION, "auto"], [SESSION, "manual"]],
  );
  assert.ok(
    report.compactions.every((c) => c.bytes > 100),
    JSON.stringify(report.compactions),
  );
  assert.equal(report.guard.deny, 1);
  assert.match(report.guard.rules[0]!.rule, /^git\./);
  assert.equal(report.days.length, 1);
});

/** A project with a month of recorded savings, searches, compactions and denies, written directly. */
async function richProject(home: string): Promise<string> {
  const project = await Deno.realPath(await Deno.makeTempDir({ dir: home }));
  const path = childDatabase(home, project);
  const kb = KnowledgeBase.open(path);
  const now = Date.now();
  const tools = [
    "ctx_execute",
    "ctx_batch_execute",
    "ctx_fetch_and_index",
    "ctx_search",
  ];
  for (let i = 0; i < 200; i++) {
    const tool = tools[i % tools.length]!;
    kb.toolCalls().record({
      sessionId: `session-${Math.floor(i / 40)}`,
      tool,
      at: now - (200 - i) * 3_600_000,
      bytesIn: tool === "ctx_search" ? 1_000 : 30_000 + (i * 7919) % 60_000,
      bytesOut: tool === "ctx_search" ? 1_000 : 400 + (i * 31) % 900,
      error: false,
      ...(tool === "ctx_search"
        ? { detail: { queries: [{ query: HOSTILE_QUERY, hits: i % 3 }] } }
        : {}),
    });
  }
  kb.close();
  const db = openDatabase(path);
  for (let i = 0; i < 5; i++) {
    db.prepare(
      "INSERT INTO session_compactions (platform, session_id, at, trigger, bytes) VALUES (?, ?, ?, ?, ?)",
    ).run(
      "claude-code",
      "session-4",
      now - (5 - i) * 600_000,
      "auto",
      900 + i * 150,
    );
  }
  db.close();
  for (const rule of ["git.reset-hard", "git.reset-hard", "rm.home"]) {
    appendAudit(home, {
      at: new Date(now).toISOString(),
      platform: "claude-code",
      source: "hook",
      verdict: "deny",
      rule,
      reason: "test",
      cwd: project,
    });
  }
  return project;
}

Deno.test("stats --html writes one private, self-contained page with every section", async () => {
  await using home = await tempDir();
  const project = await richProject(home.path);
  const result = await runCli(["stats", "--html", "--project", project], {
    home: home.path,
  });
  assert.equal(result.code, 0, result.stderr);
  const path = result.stdout.trim();
  assert.equal(
    path,
    `${home.path}/reports/${
      projectDatabasePath(project, home.path).split("/").at(-1)!.replace(
        /\.db$/,
        "",
      )
    }.html`,
  );
  assert.equal((await Deno.stat(path)).mode! & 0o777, 0o600);
  const html = await Deno.readTextFile(path);
  // No tag that loads anything (recorded text that looks like one is escaped).
  assert.doesNotMatch(
    html,
    /<(script|link|img|iframe|object)\b|@import|url\(/i,
  );
  assert.doesNotMatch(html, /<[a-z]+\s[^>]*\b(src|href)=/i);
  assert.match(html, /Content-Security-Policy" content="default-src 'none'/);
  assert.ok(!html.includes(HOSTILE_QUERY), "the recorded query is escaped");
  assert.match(html, /&lt;img src=x onerror=alert\(1\)&gt;/);
  for (
    const id of [
      "summary",
      "tools",
      "days",
      "sessions",
      "savings",
      "searches",
      "guard",
      "compactions",
    ]
  ) {
    assert.match(html, new RegExp(`<section id="${id}">`));
  }
  assert.equal(html.match(/<svg /g)?.length, 5);
});

Deno.test("stats --html --open hands the page to the platform's opener", {
  ignore: Deno.build.os !== "linux",
}, async () => {
  await using home = await tempDir();
  const project = await richProject(home.path);
  await Deno.mkdir(`${home.path}/bin`);
  await Deno.writeTextFile(
    `${home.path}/bin/xdg-open`,
    `#!/bin/sh\nprintf '%s\\n' "$@" > "${home.path}/opened"\n`,
    { mode: 0o755 },
  );
  const out = `${home.path}/report.html`;
  const result = await runCli(
    ["stats", "--html", "--out", "report.html", "--open", "--project", project],
    { home: home.path, env: { PATH: `${home.path}/bin:/usr/bin:/bin` } },
  );
  assert.equal(result.code, 0, result.stderr);
  assert.equal(result.stdout, `${out}\n`);
  assert.equal(await Deno.readTextFile(`${home.path}/opened`), `${out}\n`);
  // Without an opener: the page is still written, and stderr says what to do.
  const none = await runCli(
    ["stats", "--html", "--out", "report.html", "--open", "--project", project],
    { home: home.path, env: { PATH: `${home.path}/nothing` } },
  );
  assert.equal(none.code, 0);
  assert.match(
    none.stderr,
    /^ctx-mode: Cannot open ".*report\.html" with xdg-open: .*open it in a browser yourself\n$/,
  );
});

Deno.test("stats refuses --json with --html and --open alone, and says when it cannot write", async () => {
  await using home = await tempDir();
  for (const args of [["--json", "--html"], ["--open"], ["--out", "x.html"]]) {
    const result = await runCli(["stats", ...args], { home: home.path });
    assert.equal(result.code, 2, args.join(" "));
    assert.match(
      result.stderr,
      /^ctx-mode: .*\nRun "ctx-mode stats --help" for usage\.\n$/,
    );
  }
  const result = await runCli(
    ["stats", "--html", "--out", `${home.path}/missing/folder/r.html`],
    { home: home.path },
  );
  assert.equal(result.code, 1);
  assert.match(
    result.stderr,
    /^ctx-mode: Cannot write the report ".*missing\/folder\/r\.html": .*\n$/,
  );
  // An empty project still gets a page, saying so.
  const empty = await runCli(["stats", "--html", "--out", "empty.html"], {
    home: home.path,
  });
  assert.equal(empty.code, 0, empty.stderr);
  assert.match(
    await Deno.readTextFile(`${home.path}/empty.html`),
    /No ctx-mode tool calls recorded in this project yet\./,
  );
});

function findChromium(): string | undefined {
  const explicit = Deno.env.get("CHROMIUM");
  if (explicit) return explicit;
  for (const dir of (Deno.env.get("PATH") ?? "").split(":")) {
    for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
      try {
        if (Deno.statSync(`${dir}/${name}`).isFile) return `${dir}/${name}`;
      } catch {
        // Not here.
      }
    }
  }
  return undefined;
}

const CHROMIUM = findChromium();

async function chromium(
  profile: string,
  args: string[],
): Promise<{ stdout: string; console: string[] }> {
  const output = await new Deno.Command(CHROMIUM!, {
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--no-first-run",
      "--hide-scrollbars",
      `--user-data-dir=${profile}`,
      "--enable-logging=stderr",
      "--v=0",
      ...args,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stderr = new TextDecoder().decode(output.stderr);
  return {
    stdout: new TextDecoder().decode(output.stdout),
    console: stderr.split("\n").filter((line) => /:CONSOLE[:(\]]/.test(line)),
  };
}

Deno.test({
  name:
    "the HTML report renders in headless Chromium without console errors, and its screenshot shows the charts (needs chromium: CHROMIUM or PATH)",
  ignore: CHROMIUM === undefined,
  async fn() {
    await using home = await tempDir();
    const profile = `${home.path}/profile`;
    // The console capture itself works: a page that logs is heard.
    const probe = `${home.path}/probe.html`;
    await Deno.writeTextFile(
      probe,
      '<script>console.error("ctx-probe-" + 7)</script>',
    );
    const heard = await chromium(profile, ["--dump-dom", `file://${probe}`]);
    assert.ok(
      heard.console.some((line) => line.includes("ctx-probe-7")),
      heard.console.join("\n"),
    );

    const project = await richProject(home.path);
    const page = `${home.path}/report.html`;
    const written = await runCli(
      ["stats", "--html", "--out", page, "--project", project],
      { home: home.path },
    );
    assert.equal(written.code, 0, written.stderr);
    const dom = await chromium(profile, ["--dump-dom", `file://${page}`]);
    assert.deepEqual(
      dom.console,
      [],
      "no console messages (errors, blocked loads)",
    );
    assert.equal(dom.stdout.match(/<svg /g)?.length, 5);
    assert.match(dom.stdout, /ctx-mode savings report/);
    assert.doesNotMatch(dom.stdout, /<img/i, "the recorded query stayed text");

    const shot = `${home.path}/shot.png`;
    const drawn = await chromium(profile, [
      "--window-size=900,3400",
      `--screenshot=${shot}`,
      `file://${page}`,
    ]);
    assert.deepEqual(drawn.console, []);
    const pixels = await readPng(await Deno.readFile(shot));
    assert.equal(pixels.width, 900);
    for (const [series, colour] of Object.entries(COLOURS)) {
      assert.ok(
        countColour(pixels, colour) > 200,
        `the ${series} bars are on the screenshot (${
          countColour(pixels, colour)
        } px)`,
      );
    }
  },
});
