/**
 * The session-continuity benchmark: the PostToolUse hook process end to end
 * (spawn to exit) next to a bare `deno run`, the in-process capture cost per
 * event (extraction plus open, record, close, as a hook does), pre-compact
 * and session-start restore over a session of 5,000 events, in process and
 * as hook processes.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { dataHome, projectDatabasePath } from "../src/config/paths.ts";
import { captureToolCall } from "../src/session/capture_tool.ts";
import { capturePrompt } from "../src/session/capture_prompt.ts";
import { restoreSession } from "../src/session/restore.ts";
import { SessionStore, withSessionStore } from "../src/session/store.ts";
import { takeSnapshot } from "../src/session/take_snapshot.ts";
import type { CapturedCall } from "../src/session/types.ts";
import { percentile, printTable } from "./_table.ts";
import { timeProcess } from "./_time_process.ts";

const PROCESS_RUNS = 50;
const SLOW_PROCESS_RUNS = 20;
const CAPTURE_EVENTS = 500;
const BIG_SESSION_EVENTS = 5_000;
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));

/** A realistic mix of tool calls, the i-th of a session. */
function sampleCall(project: string, i: number): CapturedCall {
  const file = `${project}/src/module-${i % 120}/file-${i}.ts`;
  switch (i % 6) {
    case 0:
      return {
        toolName: "Read",
        toolKind: "read",
        input: { "file_path": file },
        projectDir: project,
      };
    case 1:
      return {
        toolName: "Edit",
        toolKind: "edit",
        input: { "file_path": file, "old_string": "a", "new_string": "b" },
        projectDir: project,
      };
    case 2:
      return {
        toolName: "Bash",
        toolKind: "shell",
        input: { command: `git commit -am "step ${i}"` },
        output: { stdout: `[main ${(1_000_000 + i).toString(16)}] step ${i}` },
        projectDir: project,
      };
    case 3:
      return {
        toolName: "Bash",
        toolKind: "shell",
        input: { command: `deno test -A tests/case_${i}_test.ts` },
        error: `Exit code 1\nerror: AssertionError in case ${i}`,
        projectDir: project,
      };
    case 4:
      return {
        toolName: "TodoWrite",
        toolKind: "other",
        input: {
          todos: [
            { content: `Task ${i}`, status: "in_progress" },
            { content: `Task ${i + 1}`, status: "pending" },
          ],
        },
        projectDir: project,
      };
    default:
      return {
        toolName: `mcp__server__tool_${i % 7}`,
        toolKind: "mcp",
        input: { query: `q${i}` },
        projectDir: project,
      };
  }
}

function ms(value: number): string {
  return value < 1
    ? `${(value * 1000).toFixed(0)} µs`
    : `${value.toFixed(1)} ms`;
}

function timeOnce(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

/** Runs the session benchmark and prints its table. */
export async function benchSession(): Promise<void> {
  const work = await Deno.makeTempDir({ prefix: "ctx-bench-session-" });
  try {
    const project = join(work, "project");
    const bigProject = join(work, "big");
    await Deno.mkdir(project);
    await Deno.mkdir(bigProject);
    const home = join(work, "home");
    const env = { CTX_MODE_HOME: home };
    const empty = join(work, "empty.js");
    await Deno.writeTextFile(empty, "");
    const hook = (event: string) => [
      "run",
      "-A",
      "--no-config",
      MAIN,
      "hook",
      "claude-code",
      event,
    ];

    // In process: what one post-tool hook does per event, after start-up.
    const database = projectDatabasePath(project, dataHome(env));
    const session = { platform: "bench", sessionId: "capture" };
    const extraction: number[] = [];
    const perEvent: number[] = [];
    for (let i = 0; i < CAPTURE_EVENTS; i++) {
      const call = sampleCall(project, i);
      perEvent.push(timeOnce(() => {
        const started = performance.now();
        const capture = captureToolCall(call);
        extraction.push(performance.now() - started);
        withSessionStore(database, (store) =>
          store.record(session, {
            ...capture,
            toolCall: {
              tool: call.toolName,
              kind: call.toolKind,
              outputBytes: 0,
            },
          }, Date.now()));
      }));
    }
    const prompt = timeOnce(() =>
      capturePrompt(
        "No, use the sliding window instead. Act as a senior reviewer and fix the failing test.",
      )
    );
    perEvent.sort((a, b) => a - b);
    extraction.sort((a, b) => a - b);

    // Hook processes, spawn to exit.
    const floor = await timeProcess(
      ["run", "--quiet", "--no-config", empty],
      "",
      env,
      PROCESS_RUNS,
    );
    const post = await timeProcess(
      hook("PostToolUse"),
      JSON.stringify({
        "session_id": "bench-post",
        cwd: project,
        "hook_event_name": "PostToolUse",
        "tool_name": "Edit",
        "tool_input": {
          "file_path": `${project}/src/a.ts`,
          "old_string": "a",
          "new_string": "b",
        },
        "tool_response": { filePath: `${project}/src/a.ts` },
      }),
      env,
      PROCESS_RUNS,
    );

    // A session of 5,000 events (five times the cap, which only evicts on insert).
    const bigDatabase = projectDatabasePath(bigProject, dataHome(env));
    const big = { platform: "claude-code", sessionId: "bench-big" };
    const store = SessionStore.open(bigDatabase, {
      maxEvents: BIG_SESSION_EVENTS,
    });
    let stored = 0;
    let snapshotMs: number[] = [];
    let restoreFirst = 0;
    let restoreAgain: number[] = [];
    let guideBytes = 0;
    try {
      for (let i = 0; stored < BIG_SESSION_EVENTS; i++) {
        const capture = captureToolCall(sampleCall(bigProject, i));
        store.record(big, {
          ...capture,
          events: capture.events.map((event) =>
            event.category === "task" || event.category === "mcp"
              ? {
                ...event,
                subject: `${event.subject}#${i}`,
                data: { ...event.data, i },
              }
              : event
          ),
        }, 1_700_000_000_000 + i);
        stored = store.events(big).length;
        if (i % 50 === 0) {
          store.record(
            big,
            capturePrompt(`Request number ${i}: keep going`),
            1_700_000_000_000 + i,
          );
        }
      }
      stored = store.events(big).length;
      for (let i = 0; i < 10; i++) {
        snapshotMs.push(timeOnce(() => {
          guideBytes = takeSnapshot(store, big, {
            at: Date.now(),
            projectDir: bigProject,
          })!.bytes;
        }));
      }
      restoreFirst = timeOnce(() =>
        restoreSession(store, big, { projectDir: bigProject })
      );
      for (let i = 0; i < 5; i++) {
        restoreAgain.push(
          timeOnce(() =>
            restoreSession(store, big, { projectDir: bigProject })
          ),
        );
      }
    } finally {
      store.close();
    }
    snapshotMs = snapshotMs.sort((a, b) => a - b);
    restoreAgain = restoreAgain.sort((a, b) => a - b);
    const bigPayload = (event: string, extra: Record<string, unknown>) =>
      JSON.stringify({
        "session_id": big.sessionId,
        cwd: bigProject,
        "hook_event_name": event,
        ...extra,
      });
    const preCompact = await timeProcess(
      hook("PreCompact"),
      bigPayload("PreCompact", { trigger: "auto" }),
      env,
      SLOW_PROCESS_RUNS,
    );
    const sessionStart = await timeProcess(
      hook("SessionStart"),
      bigPayload("SessionStart", { source: "compact" }),
      env,
      SLOW_PROCESS_RUNS,
    );

    const floorP50 = percentile(floor, 50);
    const processRow = (metric: string, times: number[], target = "") => {
      const p50 = percentile(times, 50);
      return {
        metric,
        value: `p50 ${p50.toFixed(0)} ms, p95 ${
          percentile(times, 95).toFixed(0)
        } ms (${(p50 / floorP50).toFixed(2)}× floor)`,
        target,
        ok: target ? p50 / floorP50 <= 2 : undefined,
      };
    };
    const capture95 = percentile(perEvent, 95);
    printTable(
      `Session continuity (hook processes: ${PROCESS_RUNS} runs; 5,000-event session: ${SLOW_PROCESS_RUNS} runs)`,
      [
        {
          metric: "bare `deno run --no-config` of an empty script (floor)",
          value: `p50 ${floorP50.toFixed(0)} ms, p95 ${
            percentile(floor, 95).toFixed(0)
          } ms`,
          target: "",
          ok: undefined,
        },
        processRow(
          "PostToolUse hook process (Edit payload)",
          post,
          "≤ 2× floor",
        ),
        {
          metric:
            `capture per event in process (${CAPTURE_EVENTS} events: extract, open, record, close)`,
          value: `p50 ${ms(percentile(perEvent, 50))}, p95 ${
            ms(capture95)
          }, max ${ms(perEvent.at(-1) ?? NaN)}`,
          target: "≤ 20 ms",
          ok: capture95 <= 20,
        },
        {
          metric: "  of which extraction (no I/O)",
          value: `p50 ${ms(percentile(extraction, 50))}, p95 ${
            ms(percentile(extraction, 95))
          }; a prompt ${ms(prompt)}`,
          target: "",
          ok: undefined,
        },
        {
          metric: `pre-compact snapshot in process (${stored} events)`,
          value: `p50 ${
            ms(percentile(snapshotMs, 50))
          }, guide ${guideBytes} bytes`,
          target: "≤ 2048 bytes",
          ok: guideBytes <= 2048,
        },
        processRow(`PreCompact hook process (${stored} events)`, preCompact),
        {
          metric: `session-start restore in process (${stored} events)`,
          value: `first ${ms(restoreFirst)} (indexes the timeline), then p50 ${
            ms(percentile(restoreAgain, 50))
          }`,
          target: "",
          ok: undefined,
        },
        processRow(
          `SessionStart(compact) hook process (${stored} events)`,
          sessionStart,
        ),
      ],
    );
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

if (import.meta.main) await benchSession();
