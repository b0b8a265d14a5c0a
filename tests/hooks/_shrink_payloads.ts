/**
 * What the shrink-reply tests share: bulky results of each format, an agent's
 * real payload from the fixtures with the project put in, a project whose
 * server is alive, and a real `ctx-mode hook` run of one payload.
 *
 * @module
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { writeHeartbeat } from "../../src/config/heartbeat.ts";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { childDatabase, type CliRun, runHook } from "../_helpers/run_cli.ts";
import { tapTestRun } from "../_helpers/tap_test_run.ts";

const FIXTURES = new URL("../fixtures/hooks/", import.meta.url);

/** 3,000 lines of a test run with 3 failures among them (TAP). */
export const bulkyTestRun: () => string = tapTestRun;

/** 2,000 lines of an application log with one error among them. */
export function bulkyLog(): string {
  const lines: string[] = [];
  for (let i = 0; i < 2000; i++) {
    lines.push(
      i === 1234
        ? `2026-11-30T10:${
          String(i % 60).padStart(2, "0")
        }:00Z ERROR payment gateway timed out after 30s`
        : `2026-11-30T10:${
          String(i % 60).padStart(2, "0")
        }:00Z INFO served request ${i} in 12ms`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** 80 KB of JSON, as another MCP server's tool returns it. */
export function bulkyIssues(): string {
  return JSON.stringify({
    issues: Array.from({ length: 400 }, (_, i) => ({
      id: 9000 + i,
      title: `Issue ${i}: the widget ${i} misbehaves`,
      body: "Steps to reproduce: open the page, click the widget. ".repeat(3),
      state: i % 3 === 0 ? "closed" : "open",
    })),
  });
}

/** One listing entry per line: 1,500 paths. */
export function bulkyListing(): string[] {
  return Array.from(
    { length: 1500 },
    (_, i) => `src/module_${i % 40}/file_${i}.ts`,
  );
}

/** A fixture's payload, with the project put where the test made it. */
export async function fixture(
  agent: string,
  file: string,
  project: string,
): Promise<Record<string, unknown>> {
  const text = await Deno.readTextFile(new URL(`${agent}/${file}`, FIXTURES));
  const parsed = JSON.parse(text) as { stdin?: Record<string, unknown> };
  const payload = parsed.stdin ?? (parsed as Record<string, unknown>);
  return JSON.parse(
    JSON.stringify(payload).replaceAll("/home/dev/acme-api", project),
  );
}

/** A project with a live server heartbeat, so that the model can search what is shrunk. */
export async function project(
  dir: string,
): Promise<{ home: string; root: string }> {
  const home = join(dir, "home");
  const root = join(dir, "project");
  await Deno.mkdir(home);
  await Deno.mkdir(root);
  const real = await Deno.realPath(root);
  const now = Date.now();
  writeHeartbeat(home, {
    pid: Deno.pid,
    version: "test",
    projectDir: real,
    startedAt: now,
    updatedAt: now,
  });
  return { home, root: real };
}

export async function reply(
  agent: string,
  event: string,
  payload: Record<string, unknown>,
  where: { home: string; root: string },
  env?: Record<string, string>,
): Promise<CliRun> {
  const run = await runHook([agent, event], payload, {
    home: where.home,
    cwd: where.root,
    ...(env ? { env } : {}),
  });
  assert.equal(run.code, 0, run.stderr);
  return run;
}

export function answer(run: CliRun): Record<string, unknown> {
  assert.notEqual(run.stdout.trim(), "", `no answer; stderr: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

/**
 * Checks that a failed shell's view was indexed under its receipt's source
 * (a search for `query` finds `expected` there) and says the bytes the model
 * got counted for it: the error it was handed (`bytesIn`) and what the view
 * added (`bytesOut`).
 */
export function assertFailureIndexed(
  view: string,
  where: { home: string; root: string },
  failure: Record<string, unknown>,
  query: string,
  expected: RegExp,
): void {
  using kb = KnowledgeBase.open(childDatabase(where.home, where.root));
  const source = /indexed as "([^"]+)"/.exec(view)?.[1];
  const [found] = kb.search([query], { source });
  assert.match(found?.hits[0]?.snippet ?? "", expected);
  const call = kb.toolCalls().session(String(failure.session_id)).filter(
    (entry) => entry.tool === "shrink/Bash",
  ).at(-1);
  // The model still gets the error: that is what it would have had.
  const errorBytes = new TextEncoder().encode(String(failure.error)).length;
  assert.equal(call?.bytesIn, errorBytes);
  assert.ok((call?.bytesOut ?? 0) > errorBytes);
}

export function assertView(view: unknown, ...facts: RegExp[]): void {
  assert.equal(typeof view, "string");
  assert.match(view as string, /indexed as "shrunk\//);
  for (const fact of facts) assert.match(view as string, fact);
}

/** The `updatedToolOutput` of a Claude Code answer, checked for its envelope. */
export function claudeUpdated(run: CliRun): Record<string, unknown> {
  const specific = answer(run).hookSpecificOutput as Record<string, unknown>;
  assert.equal(specific.hookEventName, "PostToolUse");
  assert.deepEqual(Object.keys(specific).sort(), [
    "hookEventName",
    "updatedToolOutput",
  ]);
  return specific.updatedToolOutput as Record<string, unknown>;
}
