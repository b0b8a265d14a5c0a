import assert from "node:assert/strict";
import { startServerInTempProject } from "../_helpers/mcp_client.ts";

const TOKEN = "ghp_" + "Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2";

/** A log whose errors sit in the middle, far from the head and tail a cut would keep. */
function log(): string {
  const lines: string[] = [];
  for (let i = 0; i < 20_000; i++) {
    const stamp = new Date(Date.UTC(2026, 0, 2) + i * 1000).toISOString();
    const error = i >= 9_000 && i < 11_000 && i % 50 === 0;
    const leak = i === 10_500; // one of the 40 error lines, so 39 are left
    lines.push(
      leak
        ? `${stamp} ERROR [auth] token rejected: ${TOKEN}`
        : error
        ? `${stamp} ERROR [db] connection refused to db-${i % 3}:5432`
        : `${stamp} INFO  [http] GET /api/items/${i} 200 ${i % 90}ms`,
    );
  }
  return lines.join("\n") + "\n";
}

Deno.test("ctx_execute answers a large log with a digest of the whole: its time span and each distinct error with its count, secrets scrubbed", async () => {
  await using server = await startServerInTempProject();
  await Deno.writeTextFile(`${server.project}/app.log`, log());
  const text = await server.callText("ctx_execute", {
    language: "shell",
    code: "cat app.log",
  });
  assert.match(text, /2026-01-02T00:00:00/, "the first timestamp");
  assert.match(text, /2026-01-02T05:33:19/, "the last timestamp");
  assert.match(
    text,
    /×39\b[^\n]*connection refused/,
    "the error and its count",
  );
  assert.match(text, /token rejected/);
  assert.ok(!text.includes(TOKEN), "the secret is scrubbed from the digest");
  assert.ok(
    new TextEncoder().encode(text).length < 2048,
    `the digest is small:\n${text}`,
  );
});

Deno.test("ctx_execute answers a large HTML page with its title and outline", async () => {
  await using server = await startServerInTempProject();
  const sections = Array.from(
    { length: 12 },
    (_, i) =>
      `<h2>Section number ${i}</h2>${
        `<p>${"Filler prose about the product. ".repeat(40)}</p>`.repeat(3)
      }`,
  ).join("");
  await Deno.writeTextFile(
    `${server.project}/page.html`,
    `<!doctype html><html><head><title>Widget manual</title></head><body><main><h1>Widget manual</h1>${sections}</main></body></html>`,
  );
  const text = await server.callText("ctx_execute", {
    language: "shell",
    code: "cat page.html",
  });
  assert.match(text, /Widget manual/);
  assert.match(text, /Section number 0[\s\S]*Section number 11/);
  assert.ok(!text.includes("Filler prose".repeat(2)));
  assert.ok(new TextEncoder().encode(text).length < 2048, text);
});

/** A test run whose three failures sit far apart among 600 passing tests. */
function testRun(): string {
  const lines: string[] = [];
  for (let i = 0; i < 600; i++) {
    lines.push(
      [97, 311, 555].includes(i)
        ? `suite › broken case ${i} ... FAILED (3ms)`
        : `suite › case ${i} keeps its order ... ok (${i % 30}ms)`,
    );
  }
  lines.push(
    "",
    " ERRORS ",
    "",
    "suite › broken case 97 => ./tests/suite_test.ts:12:6",
    "error: AssertionError: Values are not strictly equal.",
    "",
    "FAILED | 597 passed | 3 failed (9s)",
  );
  return lines.join("\n") + "\n";
}

Deno.test("ctx_execute with an intent answers a large test run with its failures, its summary and a search call that finds the output again", async () => {
  await using server = await startServerInTempProject();
  await Deno.writeTextFile(`${server.project}/run.txt`, testRun());
  const text = await server.callText("ctx_execute", {
    language: "shell",
    code: "cat run.txt",
    intent: "failing tests",
  });
  for (const name of ["broken case 97", "broken case 311", "broken case 555"]) {
    assert.match(text, new RegExp(name), text);
  }
  assert.match(text, /597 passed \| 3 failed/);
  assert.ok(new TextEncoder().encode(text).length < 2048, text);
  const source = text.match(/ctx_search\(queries, source: ("[^"]+")\)/)?.[1];
  assert.ok(source, `a search call with the source:\n${text}`);
  const found = await server.callText("ctx_search", {
    queries: ["broken case 311"],
    source: JSON.parse(source),
  });
  assert.match(found, /broken case 311/);
});

Deno.test("ctx_execute's digest of large JSON scrubs a secret held by one item's field (a value the view counts)", async () => {
  await using server = await startServerInTempProject();
  const items = Array.from({ length: 200 }, (_, i) => ({
    id: i,
    name: `service ${i}`,
    token: i === 42 ? TOKEN : "none",
  }));
  await Deno.writeTextFile(
    `${server.project}/items.json`,
    JSON.stringify(items, null, 2),
  );
  const text = await server.callText("ctx_execute", {
    language: "shell",
    code: "cat items.json",
  });
  assert.match(text, /200 items/);
  assert.match(text, /token: none 199/, "the field's values are counted");
  assert.ok(!text.includes(TOKEN), text);
});
