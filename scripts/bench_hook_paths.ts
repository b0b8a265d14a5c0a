// deno-lint-ignore-file no-console -- a script: it prints its tables on stdout
/**
 * The hook's two paths side by side: a hook process answered by the running
 * server over its local socket, the same hook decided in-process (server
 * down), and the floor (a bare `deno run`); then the plugin channel
 * (`hook --serve`), per request as a plugin sees it, next to a process per
 * call.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { percentile, printTable, type Row } from "./_table.ts";
import { timeProcess } from "./_time_process.ts";
import { writeHeartbeat } from "../src/config/heartbeat.ts";
import { startHookSocket } from "../src/hook_channel/socket_server.ts";

const RUNS = 40;
const CHANNEL_REQUESTS = 2_000;
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));

function payload(
  project: string,
  event: string,
  fields: Record<string, unknown>,
): string {
  return JSON.stringify({
    session_id: "bench",
    cwd: project,
    hook_event_name: event,
    ...fields,
  });
}

/** Runs the benchmark and prints its tables. */
export async function benchHookPaths(): Promise<void> {
  const work = await Deno.realPath(
    await Deno.makeTempDir({ prefix: "ctx-bench-paths-" }),
  );
  try {
    const home = join(work, "home");
    const project = join(work, "project");
    await Deno.mkdir(project, { recursive: true });
    const empty = join(work, "empty.js");
    await Deno.writeTextFile(empty, "");
    const env = { ...Deno.env.toObject(), CTX_MODE_HOME: home };
    const beat = () =>
      writeHeartbeat(home, {
        pid: Deno.pid,
        version: "bench",
        projectDir: project,
        startedAt: Date.now(),
        updatedAt: Date.now(),
      });
    const hook = (event: string) => [
      "run",
      "-A",
      "--no-config",
      MAIN,
      "hook",
      "claude-code",
      event,
    ];
    const cases: Array<[string, string, string]> = [
      [
        "PreToolUse, `git status`",
        "PreToolUse",
        payload(project, "PreToolUse", {
          tool_name: "Bash",
          tool_input: { command: "git status" },
        }),
      ],
      [
        "PreToolUse, `curl` (redirected)",
        "PreToolUse",
        payload(project, "PreToolUse", {
          tool_name: "Bash",
          tool_input: { command: "curl https://example.com/api" },
        }),
      ],
      [
        "PostToolUse, an edit",
        "PostToolUse",
        payload(project, "PostToolUse", {
          tool_name: "Edit",
          tool_input: {
            file_path: join(project, "a.ts"),
            old_string: "a",
            new_string: "b",
          },
          tool_response: { success: true },
        }),
      ],
      [
        "UserPromptSubmit",
        "UserPromptSubmit",
        payload(project, "UserPromptSubmit", {
          prompt: "fix the failing test in src/a.ts",
        }),
      ],
      [
        "SessionStart after compaction",
        "SessionStart",
        payload(project, "SessionStart", {
          source: "compact",
        }),
      ],
    ];
    const floor = await timeProcess(
      ["run", "--quiet", "--no-config", empty],
      "",
      env,
      RUNS,
    );
    const floorP50 = percentile(floor, 50);
    const cell = (times: number[]) => {
      const p50 = percentile(times, 50);
      return `p50 ${p50.toFixed(0)} ms (${(p50 / floorP50).toFixed(2)}× floor)`;
    };
    const down = new Map<string, number[]>();
    for (const [name, event, body] of cases) {
      beat();
      down.set(name, await timeProcess(hook(event), body, env, RUNS, project));
    }
    const socket = await startHookSocket({
      dataHome: home,
      projectDir: project,
    });
    if ("reason" in socket) {
      console.log(`Hook socket: skipped (${socket.reason})`);
      return;
    }
    const up = new Map<string, number[]>();
    try {
      for (const [name, event, body] of cases) {
        beat();
        up.set(name, await timeProcess(hook(event), body, env, RUNS, project));
      }
    } finally {
      await socket.close();
    }
    const rows: Row[] = [{
      metric: "bare `deno run` of an empty script (floor)",
      value: `p50 ${floorP50.toFixed(0)} ms`,
      target: "",
      ok: undefined,
    }];
    for (const [name] of cases) {
      const fast = up.get(name)!;
      const ratio = percentile(fast, 50) / floorP50;
      const limit = name.startsWith("SessionStart") ? 1.3 : 1.15;
      rows.push({
        metric: `${name}: server up (socket) · server down`,
        value: `${cell(fast)} · ${cell(down.get(name)!)}`,
        target: `up ≤ ${limit}× floor`,
        ok: ratio <= limit,
      });
    }
    printTable(
      `Hook process through the server's socket and in-process (${RUNS} runs each)`,
      rows,
    );
    await benchChannel(project, env, floorP50);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

/** The plugin channel: one process, requests one after another, timed from the plugin's side. */
async function benchChannel(
  project: string,
  env: Record<string, string>,
  floorP50: number,
): Promise<void> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--no-config", MAIN, "hook", "--serve", "claude-code"],
    cwd: project,
    env,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  const nextLine = async () => {
    while (!buffered.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the channel closed");
      buffered += value;
    }
    const end = buffered.indexOf("\n");
    const line = buffered.slice(0, end);
    buffered = buffered.slice(end + 1);
    return line;
  };
  const commands = ["git status", "rm -rf ~", "ls -la", "npm test"];
  const times: number[] = [];
  for (let i = 0; i < CHANNEL_REQUESTS + 50; i++) {
    const line = JSON.stringify({
      id: i,
      event: "PreToolUse",
      payload: JSON.parse(payload(project, "PreToolUse", {
        tool_name: "Bash",
        tool_input: { command: commands[i % commands.length] },
      })),
    }) + "\n";
    const started = performance.now();
    await writer.write(new TextEncoder().encode(line));
    await nextLine();
    if (i >= 50) times.push(performance.now() - started);
  }
  await writer.close();
  await child.status;
  times.sort((a, b) => a - b);
  printTable(
    `Plugin channel (hook --serve), ${CHANNEL_REQUESTS} PreToolUse requests on one process`,
    [
      {
        metric: "per request, as the plugin sees it",
        value: `p50 ${percentile(times, 50).toFixed(2)} ms, p99 ${
          percentile(times, 99).toFixed(2)
        } ms`,
        target: "p50 < 1 ms",
        ok: percentile(times, 50) < 1,
      },
      {
        metric: "… a process per call instead (the floor alone)",
        value: `p50 ${floorP50.toFixed(0)} ms`,
        target: "",
        ok: undefined,
      },
    ],
  );
}

if (import.meta.main) await benchHookPaths();
