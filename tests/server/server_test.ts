import assert from "node:assert/strict";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  resultText,
  startServer,
  startServerInTempProject,
} from "../_helpers/mcp_client.ts";
import { childEnv, MAIN } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const TOOLS = [
  "ctx_batch_execute",
  "ctx_doctor",
  "ctx_execute",
  "ctx_execute_file",
  "ctx_fetch_and_index",
  "ctx_index",
  "ctx_purge",
  "ctx_search",
  "ctx_stats",
  "ctx_upgrade",
];

Deno.test("the server lists every tool with a title, a teaching description and all four annotations", async () => {
  await using server = await startServerInTempProject();
  const { tools } = await server.client.listTools();
  assert.deepEqual(tools.map((tool) => tool.name).sort(), TOOLS);
  for (const tool of tools) {
    assert.ok(tool.title, `${tool.name} has a title`);
    assert.ok(
      (tool.description ?? "").length > 80,
      `${tool.name} explains when to use it`,
    );
    for (
      const hint of [
        "readOnlyHint",
        "destructiveHint",
        "idempotentHint",
        "openWorldHint",
      ] as const
    ) {
      assert.equal(
        typeof tool.annotations?.[hint],
        "boolean",
        `${tool.name} sets ${hint}`,
      );
    }
  }
  assert.equal(server.client.getServerVersion()?.name, "ctx-mode");
});

Deno.test("ctx_index then ctx_search answer with a receipt and snippets, not the document", async () => {
  await using server = await startServerInTempProject();
  const doc = `# Deploy\n\n${
    "Filler paragraph about nothing in particular. ".repeat(200)
  }\n\n## Rollback\n\nRun kubectl rollout undo deployment/web to go back one revision.\n`;
  const receipt = await server.callText("ctx_index", {
    content: doc,
    source: "runbook",
  });
  assert.match(
    receipt,
    /^Indexed "runbook": \d+ chunks, [\d.]+ KB \(markdown\)\./,
  );
  assert.equal(receipt.split("\n").length, 1);

  const text = await server.callText("ctx_search", {
    queries: ["how to roll back a deployment", "kubctl"],
    limit: 2,
  });
  assert.match(
    text,
    /### Deploy > Rollback \[runbook\]\n## Rollback Run kubectl rollout undo/,
  );
  assert.match(text, /\(searched "kubectl" for "kubctl"\)/);
  assert.ok(
    text.length < doc.length / 4,
    "the answer is a fraction of the document",
  );
});

Deno.test("ctx_search names the line of an indexed file a hit starts on, and none for content given inline", async () => {
  await using server = await startServerInTempProject();
  await writeFile(
    join(server.project, "runbook.md"),
    "# Deploy\n\nIntro.\n\n## Rollback\n\nRun kubectl rollout undo.\n",
  );
  await server.callText("ctx_index", { path: "runbook.md" });
  await server.callText("ctx_index", {
    content: "# Notes\n\n## Scale\n\nRun kubectl scale.\n",
    source: "notes",
  });
  const text = await server.callText("ctx_search", {
    queries: ["rollout undo", "kubectl scale"],
  });
  assert.match(text, /^### Deploy > Rollback \[runbook\.md, line 5\]$/m);
  assert.match(text, /^### Notes > Scale \[notes\]$/m);
});

Deno.test("ctx_search with fuse answers several phrasings with one list", async () => {
  await using server = await startServerInTempProject();
  await server.callText("ctx_index", {
    content:
      "# Deploy\n\n## Rollback\n\nRun kubectl rollout undo to go back one revision.\n\n## Scale\n\nRun kubectl scale to change the replica count.\n",
    source: "runbook",
  });
  const text = await server.callText("ctx_search", {
    queries: ["go back to the previous version", "rollout undo"],
    fuse: true,
    limit: 2,
  });
  assert.match(text, /^## go back to the previous version \| rollout undo\n/);
  assert.doesNotMatch(text, /^## rollout undo$/m, "one fused answer");
  assert.match(text, /^### Deploy > Rollback \[runbook\]/m);
});

Deno.test("ctx_search answers a paragraph copied into two pages with one hit naming both", async () => {
  await using server = await startServerInTempProject();
  const paragraph =
    "Run kubectl rollout undo to go back one revision of the deployment.";
  for (const page of ["deploy", "incident"]) {
    await server.callText("ctx_index", {
      content: `# ${page}\n\n## Rollback\n\n${paragraph}\n`,
      source: page,
    });
  }
  const text = await server.callText("ctx_search", {
    queries: ["rollout undo"],
  });
  assert.equal(text.match(/^### /gm)?.length, 1, text);
  assert.match(
    text,
    /^\(the same text is also in: (?:deploy|incident) > Rollback \[(?:deploy|incident)\]\)$/m,
  );
});

Deno.test("ctx_execute returns only what the code prints, and intent-matched sections of large output", async () => {
  await using server = await startServerInTempProject();
  const small = await server.callText("ctx_execute", {
    language: "shell",
    code: "echo hello from the sandbox",
  });
  assert.equal(small, "hello from the sandbox");

  const code =
    `for i in $(seq 1 3000); do echo "test case $i passed in 3ms"; done; echo "test case 1234 FAILED: expected 200 got 503 from /api/health"`;
  const text = await server.callText("ctx_execute", {
    language: "shell",
    code,
    intent: "failed tests and their errors",
  });
  assert.match(text, /indexed as "execute: for i in/);
  assert.match(text, /FAILED: expected 200 got 503/);
  assert.ok(
    text.length < 6000,
    `intent answer is small (${text.length} chars)`,
  );

  const failing = await server.callText("ctx_execute", {
    language: "shell",
    code: "echo oops >&2; exit 3",
  });
  assert.match(failing, /exit code 3/);
  assert.match(failing, /stderr:\noops/);
});

Deno.test("tool failures are isError results with one line, and the server keeps answering", async () => {
  await using server = await startServerInTempProject();
  const unknown = await server.call("ctx_execute", {
    language: "cobol",
    code: "DISPLAY 'HI'",
  });
  assert.equal(unknown.isError, true);
  assert.match(resultText(unknown), /^Cannot run language "cobol"/);
  assert.equal(resultText(unknown).split("\n").length, 1);

  const missing = await server.call("ctx_execute_file", {
    path: "nope.txt",
    language: "shell",
    code: "wc -l",
  });
  assert.equal(missing.isError, true);
  assert.match(resultText(missing), /nope\.txt/);

  const purge = await server.call("ctx_purge", { confirm: false });
  assert.equal(purge.isError, true);

  const bad = await server.call("ctx_search", { queries: "not an array" })
    .catch((e) => e);
  assert.ok(
    bad instanceof Error || (bad as { isError?: boolean }).isError,
    "a schema violation is reported",
  );

  const still = await server.callText("ctx_execute", {
    language: "shell",
    code: "echo alive",
  });
  assert.equal(still, "alive");
});

Deno.test("ctx_execute_file analyses a file without returning it", async () => {
  await using server = await startServerInTempProject();
  const secret = "TOKEN-abcdef-should-never-appear";
  const lines = Array.from(
    { length: 500 },
    (_, i) => (i % 50 === 0 ? `ERROR ${secret} ${i}` : `INFO ok ${i}`),
  );
  await writeFile(join(server.project, "app.log"), lines.join("\n"));
  const text = await server.callText("ctx_execute_file", {
    path: "app.log",
    language: "javascript",
    code:
      "console.log(FILE_CONTENT.split('\\n').filter((l) => l.startsWith('ERROR')).length)",
  });
  assert.equal(text, "10");
  assert.ok(!text.includes(secret));
});

Deno.test("ctx_batch_execute runs commands, indexes them and answers queries", async () => {
  await using server = await startServerInTempProject();
  const text = await server.callText("ctx_batch_execute", {
    commands: [
      {
        label: "versions",
        command: "echo 'postgres version 16.4'; echo 'redis version 7.2'",
      },
      { label: "broken", command: "echo 'no such thing' >&2; exit 2" },
    ],
    queries: ["postgres version"],
    concurrency: 2,
  });
  assert.match(text, /- versions: exit 0/);
  assert.match(text, /- broken: exit 2/);
  assert.match(
    text,
    /## postgres version\n### .* \[batch:versions\]\npostgres version 16\.4/,
  );
});

Deno.test("ctx_fetch_and_index indexes a loopback page and returns its outline, not the page", async () => {
  const page =
    `<html><head><title>Guide</title><script>var tracking = 1;</script></head><body>
    <nav>Home | About</nav><main><h1>Install</h1><p>Run the installer with --prefix.</p>
    <h2>Configure</h2><p>${
      "Configuration details. ".repeat(300)
    }</p><h2>Troubleshoot</h2><p>Restart the daemon.</p></main></body></html>`;
  const http = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response(page, { headers: { "content-type": "text/html" } }),
  );
  try {
    await using server = await startServerInTempProject();
    const url = `http://127.0.0.1:${http.addr.port}/guide`;
    const text = await server.callText("ctx_fetch_and_index", {
      url,
      source: "guide",
    });
    assert.match(text, /Indexed "guide" from http:\/\/127\.0\.0\.1/);
    assert.match(text, /Install[\s\S]*Configure[\s\S]*Troubleshoot/);
    assert.ok(
      !text.includes("Configuration details. Configuration details."),
      "the page body stays out",
    );
    const search = await server.callText("ctx_search", {
      queries: ["restart daemon"],
      source: "guide",
    });
    assert.match(search, /Restart the daemon/);
    assert.ok(!search.includes("tracking"), "scripts are dropped");
  } finally {
    await http.shutdown();
  }
});

Deno.test("ctx_stats, ctx_doctor and ctx_upgrade report on the session and the install", async () => {
  await using server = await startServerInTempProject();
  await server.call("ctx_execute", { language: "shell", code: "seq 1 20000" });
  const stats = await server.callText("ctx_stats");
  assert.match(
    stats,
    // A digest of seq's output returns a few hundred bytes.
    /\| ctx_execute \| 1 \| [\d.]+ KB \| [\d.]+ K?B \| [\d.]+× \|/,
  );
  assert.match(stats, /tokens saved/);

  const doctor = await server.callText("ctx_doctor");
  assert.match(doctor, /✓ SQLite: .* with FTS5 \(porter, trigram\)/);
  assert.match(doctor, /✓ languages: \d+ available: .*shell/);
  assert.match(doctor, /✓ MCP client: ctx-test-client 9\.9\.9/);
  assert.match(doctor, /platform: [a-z-]+ \((high|medium|low) confidence: /);

  const upgrade = await server.callText("ctx_upgrade");
  assert.match(upgrade, /^ctx-mode \d+\.\d+\.\d+, /);
  assert.match(upgrade, /1\. /);
});

Deno.test("ctx_purge with confirm wipes the knowledge base and says what it removed", async () => {
  await using server = await startServerInTempProject();
  await server.call("ctx_index", {
    content: "alpha beta gamma",
    source: "greek",
  });
  const purge = await server.callText("ctx_purge", { confirm: true });
  assert.match(purge, /^Removed 1 source, 1 chunk/);
  const search = await server.callText("ctx_search", { queries: ["alpha"] });
  assert.match(search, /No results\./);
});

Deno.test("stdout carries only JSON-RPC and the server exits when stdin closes", async () => {
  await using project = await tempDir();
  await mkdir(join(project.path, "sub"));
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "serve"],
    cwd: project.path,
    clearEnv: true,
    env: childEnv(project.path),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const send = (message: unknown) =>
    writer.write(new TextEncoder().encode(JSON.stringify(message) + "\n"));
  await send({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "raw", version: "1" },
    },
  });
  await send({ jsonrpc: "2.0", method: "notifications/initialized" });
  await send({
    jsonrpc: "2.0",
    id: 2,
    method: "tools/call",
    params: {
      name: "ctx_execute",
      arguments: { language: "shell", code: "echo hi" },
    },
  });
  await send({ jsonrpc: "2.0", id: 3, method: "no/such/method" });
  // Wait for the three answers (each line must be JSON-RPC), then close stdin.
  const stderr = new Response(child.stderr).text();
  const messages: Array<{ id?: number; error?: { code: number } }> = [];
  let buffered = "";
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  const deadline = AbortSignal.timeout(120_000);
  while (messages.filter((m) => m.id !== undefined).length < 3) {
    assert.ok(!deadline.aborted, "the server did not answer all three calls");
    const { done, value } = await reader.read();
    if (done) break;
    buffered += value;
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    messages.push(
      ...lines.filter((line) => line).map((line) => JSON.parse(line)),
    );
  }
  await writer.close();
  const rest = await reader.read().then(async function drain(
    part,
  ): Promise<string> {
    return part.done ? "" : part.value + await drain(await reader.read());
  });
  assert.equal((buffered + rest).trim(), "", "nothing after the answers");
  const status = await child.status;
  assert.equal(status.code, 0, await stderr);
  assert.deepEqual(messages.map((m) => m.id).sort(), [1, 2, 3]);
  assert.equal(messages.find((m) => m.id === 3)?.error?.code, -32601);
});

Deno.test("repeated ctx_search calls are shortened, then refused, with advice to batch", async () => {
  await using server = await startServerInTempProject();
  await server.call("ctx_index", {
    content: "# A\n\nalpha words\n\n# B\n\nalpha again",
    source: "s",
  });
  const answers = [];
  for (let i = 0; i < 9; i++) {
    answers.push(await server.call("ctx_search", { queries: ["alpha"] }));
  }
  assert.ok(
    !resultText(answers[3]).includes("Results shortened"),
    "the 4th call is answered in full",
  );
  assert.match(
    resultText(answers[4]),
    /Results shortened\. 5 ctx_search calls in 60 s: put all your questions into one call/,
  );
  assert.equal(answers[8]?.isError, true);
  assert.match(resultText(answers[8]), /^Search refused: 9 ctx_search calls/);
});

Deno.test("a running server keeps a heartbeat for its project and removes it on exit", async () => {
  await using project = await tempDir();
  const { serverIsAlive, heartbeatPath } = await import(
    "../../src/config/heartbeat.ts"
  );
  const real = await Deno.realPath(project.path);
  {
    await using server = await startServer({
      project: project.path,
      home: project.path,
    });
    await server.client.listTools();
    assert.ok(
      serverIsAlive(project.path, real),
      "the heartbeat is fresh while the server runs",
    );
  }
  // The server removes its heartbeat as it exits: wait for that, with a generous deadline.
  const deadline = Date.now() + 60_000;
  while (serverIsAlive(project.path, real) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.equal(
    await Deno.stat(heartbeatPath(project.path, real)).catch(() => undefined),
    undefined,
  );
});

Deno.test("bad arguments each return an isError result and the server keeps serving", async (t) => {
  await using outside = await tempDir();
  await writeFile(join(outside.path, "secret.txt"), "s3cret");
  await using server = await startServerInTempProject();
  const cases: Array<
    { name: string; tool: string; args: Record<string, unknown>; error: RegExp }
  > = [
    {
      name: "an empty query list",
      tool: "ctx_search",
      args: { queries: [] },
      error: /queries/,
    },
    {
      name: "a missing field",
      tool: "ctx_execute",
      args: { language: "shell" },
      error: /code/,
    },
    {
      name: "a wrong type",
      tool: "ctx_execute",
      args: { language: "shell", code: 42 },
      error: /code/,
    },
    {
      name: "concurrency 0",
      tool: "ctx_batch_execute",
      args: { commands: [{ label: "a", command: "true" }], concurrency: 0 },
      error: /concurrency/,
    },
    {
      name: "concurrency 50",
      tool: "ctx_fetch_and_index",
      args: { url: "http://127.0.0.1:9/", concurrency: 50 },
      error: /concurrency/,
    },
    {
      name: "a path outside the project",
      tool: "ctx_execute_file",
      args: {
        path: join(outside.path, "secret.txt"),
        language: "shell",
        code: 'cat "$FILE_PATH"',
      },
      error: /outside the project/,
    },
    {
      name: "a URL that is not http",
      tool: "ctx_fetch_and_index",
      args: { url: "file:///etc/passwd" },
      error: /Cannot fetch "file:\/\/\/etc\/passwd"/,
    },
    {
      name: "both content and path",
      tool: "ctx_index",
      args: { content: "x", path: "y" },
      error: /exactly one/,
    },
  ];
  for (const c of cases) {
    await t.step(c.name, async () => {
      const result = await server.call(c.tool, c.args);
      assert.equal(result.isError, true, resultText(result));
      assert.match(resultText(result), c.error);
      assert.ok(!resultText(result).includes("s3cret"));
    });
  }
  const still = await server.callText("ctx_execute", {
    language: "shell",
    code: "echo fine",
  });
  assert.equal(still, "fine");
});

Deno.test("arguments sent as JSON text or strings are accepted", async () => {
  await using server = await startServerInTempProject();
  await server.call("ctx_index", {
    content: "# Notes\n\nthe quick brown fox",
    source: "n",
  });
  const result = await server.call("ctx_search", {
    queries: '["brown fox"]',
    limit: "1",
  });
  assert.equal(result.isError, undefined, resultText(result));
  assert.match(resultText(result), /quick brown fox/);
  const purge = await server.callText("ctx_purge", { confirm: "true" });
  assert.match(purge, /^Removed 1 source,/);
  const { tools } = await server.client.listTools();
  const schemas = JSON.stringify(tools.map((tool) => tool.inputSchema));
  assert.ok(
    !schemas.includes("additionalProperties"),
    "no additionalProperties for strict clients",
  );
  assert.ok(!schemas.includes('"const"'), "enum, never const");
});

Deno.test("ctx-mode stats prints the last server session's savings from the project database", async () => {
  await using project = await tempDir();
  // HOME apart from the project: runs refuse a project that is the home folder.
  await using home = await tempDir();
  {
    await using server = await startServer({
      project: project.path,
      home: home.path,
    });
    await server.call("ctx_execute", {
      language: "shell",
      code: "seq 1 30000",
    });
    await server.call("ctx_search", { queries: ["29999"] });
  }
  const { runCli } = await import("../_helpers/run_cli.ts");
  const run = await runCli(["stats", "--json"], {
    home: home.path,
    env: { CTX_MODE_PROJECT_DIR: project.path },
  });
  assert.equal(run.code, 0, run.stderr);
  const report = JSON.parse(run.stdout);
  assert.deepEqual(report.calls.map((call: { tool: string }) => call.tool), [
    "ctx_execute",
    "ctx_search",
  ]);
  const execute = report.calls[0];
  assert.ok(execute.bytesIn > 150_000, "seq 1 30000 prints about 170 KB");
  assert.ok(execute.bytesOut < 8_000);
  const text = await runCli(["stats"], {
    home: home.path,
    env: { CTX_MODE_PROJECT_DIR: project.path },
  });
  assert.match(text.stdout, /\| ctx_execute \| 1 \|/);
  assert.match(text.stdout, /Knowledge base .*\n\d+ sources?, /);
});

Deno.test("ctx_execute and ctx_batch_execute refuse destructive shell code through the safety guard", async () => {
  await using server = await startServerInTempProject();
  const refused = await server.call("ctx_execute", {
    language: "shell",
    code: "git reset --hard HEAD~3",
  });
  assert.equal(refused.isError, true);
  assert.match(
    resultText(refused),
    /^Cannot run this shell code: .*\[ctx-mode rule git\.reset-hard\]$/,
  );
  const batch = await server.callText("ctx_batch_execute", {
    commands: [{ label: "ok", command: "echo fine" }, {
      label: "wipe",
      command: "rm -rf ~",
    }],
  });
  assert.match(batch, /- ok: exit 0/);
  assert.match(
    batch,
    /- wipe: failed to start: Cannot run this shell code: .*rm\.home/,
  );
});
