import assert from "node:assert/strict";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fetchAndIndex, formatFetchResult } from "../../src/fetch/mod.ts";
import { KnowledgeBase } from "../../src/store/mod.ts";
import { secretScrubber } from "../../src/store/scrub_secrets.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { loopbackFetch } from "./_server.ts";

const GHP = "ghp_" + "Q".repeat(36);
const PLANTED = "planted-service-password-77";

Deno.test("fetchAndIndex() scrubs secrets from a page before indexing it and from its outline, and counts them", async () => {
  const page = `<html><head><title>Leaky</title></head><body><main>
    <h1>Setup with ${GHP}</h1><p>The service password is ${PLANTED}; keep it safe.</p>
    <h2>Usage</h2><p>Nothing secret here, only words about usage.</p></main></body></html>`;
  await using server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen: () => {} },
    () => new Response(page, { headers: { "content-type": "text/html" } }),
  );
  await using dir = await tempDir();
  const path = join(dir.path, "kb.db");
  using kb = KnowledgeBase.open(path, {
    scrubber: secretScrubber({ SERVICE_PASSWORD: PLANTED }),
  });
  const result = await fetchAndIndex(
    kb,
    { url: `http://127.0.0.1:${server.addr.port}/leaky` },
    { fetch: loopbackFetch(), retryDelayMs: 10, timeoutMs: 5000 },
  );
  const text = formatFetchResult(result);
  assert.ok(result.ok, text);
  assert.match(text, /2 secrets scrubbed/);
  assert.match(text, /Setup with \[REDACTED\]/);
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const stored = JSON.stringify(
      db.prepare("SELECT title, body FROM chunks").all(),
    );
    assert.ok(!stored.includes(GHP) && !stored.includes(PLANTED), stored);
    assert.match(stored, /REDACTED:SERVICE_PASSWORD/);
  } finally {
    db.close();
  }
});
