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
import { pairedRatio, timeRounds } from "./_time_process.ts";
import { writeHeartbeat } from "../src/config/heartbeat.ts";
import { startHookSocket } from "../src/hook_channel/socket_server.ts";
import { askServer } from "../src/hook_channel/exchange.ts";
import { keyPath } from "../src/hook_channel/socket_path.ts";

const RUNS = 60;
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

function p50Of(times: readonly number[]): number {
  return percentile(times.toSorted((a, b) => a - b), 50);
}

/**
 * The issues' targets, over the floor: SessionStart ≤ 1.3×, the usual hooks
 * ≤ 1.15×, a result that shrinks ≤ 1.5× through the socket and ≤ 2.5×
 * in-process, another bulky payload none.
 */
function limitsOf(name: string): { up?: number; down?: number } {
  if (name.startsWith("SessionStart")) return { up: 1.3 };
  if (name.includes("that shrinks")) return { up: 1.5, down: 2.5 };
  return name.includes("1 MB") ? {} : { up: 1.15 };
}

/** A test run of about 1 MB with 3 failures among its lines. */
function testRunOutput(): string {
  const lines: string[] = [];
  for (let i = 0; i < 24_000; i++) {
    lines.push(
      i % 8_000 === 4_000
        ? `not ok ${i} - rejects login attempt ${i}`
        : `ok ${i} - handles request number ${i} within budget`,
    );
  }
  return `${lines.join("\n")}\n# tests 24000\n# pass 23997\n# fail 3\n`;
}

/** The hook cases, for a project: a name, the event and the payload. */
function cases(project: string): Array<[string, string, string]> {
  return [
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
      payload(project, "SessionStart", { source: "compact" }),
    ],
    [
      "PostToolUse, 1 MB of command output",
      "PostToolUse",
      payload(project, "PostToolUse", {
        tool_name: "Bash",
        tool_input: { command: "cat build.log" },
        tool_response: {
          stdout: "ligne de journal: été, 42 ms\n".repeat(36_000),
          stderr: "",
        },
      }),
    ],
    [
      "PostToolUse, 1 MB test run that shrinks",
      "PostToolUse",
      payload(project, "PostToolUse", {
        tool_name: "Bash",
        tool_input: { command: "npm test" },
        tool_response: { stdout: testRunOutput(), stderr: "" },
      }),
    ],
  ];
}

/**
 * Runs the benchmark and prints its tables. Each case runs the floor, the
 * hook with the server up and the hook with it down in turn, round after
 * round, so that the ratios hold on a machine whose load changes.
 */
export async function benchHookPaths(): Promise<void> {
  const work = await Deno.realPath(
    await Deno.makeTempDir({ prefix: "ctx-bench-paths-" }),
  );
  try {
    const home = join(work, "home");
    // The same server state for both; only `served` has a socket.
    const served = join(work, "served");
    const unserved = join(work, "unserved");
    await Deno.mkdir(served, { recursive: true });
    await Deno.mkdir(unserved, { recursive: true });
    const empty = join(work, "empty.js");
    await Deno.writeTextFile(empty, "");
    const env = { ...Deno.env.toObject(), CTX_MODE_HOME: home };
    const beat = () => {
      for (const projectDir of [served, unserved]) {
        writeHeartbeat(home, {
          pid: Deno.pid,
          version: "bench",
          projectDir,
          startedAt: Date.now(),
          updatedAt: Date.now(),
        });
      }
    };
    const hook = (event: string) => [
      "run",
      "-A",
      "--no-config",
      MAIN,
      "hook",
      "claude-code",
      event,
    ];
    // As the MCP server starts it: a shrunk result is indexed after the answer.
    const socket = await startHookSocket({
      dataHome: home,
      projectDir: served,
      deferIndexing: true,
    });
    if ("reason" in socket) {
      console.log(`Hook socket: skipped (${socket.reason})`);
      return;
    }
    const floors: number[] = [];
    const rows: Row[] = [];
    try {
      const up = cases(served);
      const down = cases(unserved);
      await warmUp(socket.path, up, env);
      for (const [index, [name, event, body]] of up.entries()) {
        beat();
        const [floor, fast, slow] = await timeRounds([
          { args: ["run", "--quiet", "--no-config", empty], stdin: "", env },
          {
            args: hook(event),
            stdin: body,
            env,
            cwd: served,
            // The indexing the last shrunk result left runs after its answer:
            // the hook is timed with a server that has finished it, as after
            // any model turn.
            before: () => socket.indexed(),
          },
          { args: hook(event), stdin: down[index]![2], env, cwd: unserved },
        ], RUNS);
        const floorP50 = p50Of(floor!);
        floors.push(floorP50);
        const cell = (times: number[]) =>
          `p50 ${p50Of(times).toFixed(0)} ms (${
            pairedRatio(times, floor!).toFixed(2)
          }×)`;
        const limits = limitsOf(name);
        const targets = [
          ...(limits.up === undefined ? [] : [`up ≤ ${limits.up}×`]),
          ...(limits.down === undefined ? [] : [`down ≤ ${limits.down}×`]),
        ];
        rows.push({
          metric: `${name}: server up (socket) · server down`,
          value: `${cell(fast!)} · ${cell(slow!)}; floor ${
            floorP50.toFixed(0)
          } ms`,
          target: targets.length === 0 ? "" : `${targets.join(", ")} floor`,
          ok: targets.length === 0 ? undefined : (
            (limits.up === undefined ||
              pairedRatio(fast!, floor!) <= limits.up) &&
            (limits.down === undefined ||
              pairedRatio(slow!, floor!) <= limits.down)
          ),
        });
      }
    } finally {
      await socket.close();
    }
    const floorP50 = percentile(floors.sort((a, b) => a - b), 50);
    printTable(
      `Hook process through the server's socket and in-process, each next to the floor (a bare \`deno run\` of an empty script), ${RUNS} rounds each; × is the median over rounds of the hook's time over the floor's in the same round`,
      rows,
    );
    await benchChannel(served, env, floorP50);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

/**
 * A server that has been up a while has answered hooks before: its code is
 * compiled. A few hundred requests of every case bring a fresh one there, so
 * that the first row does not pay for it.
 */
async function warmUp(
  socket: string,
  hookCases: ReadonlyArray<[string, string, string]>,
  env: Record<string, string>,
): Promise<void> {
  const key = await Deno.readTextFile(keyPath(socket));
  let id = 0;
  for (let round = 0; round < 200; round++) {
    for (const [name, event, payload] of hookCases) {
      // Each bulky result indexes a megabyte: a few rounds warm that path.
      if (round >= 5 && name.includes("1 MB")) continue;
      await askServer(socket, {
        id: ++id,
        agent: "claude-code",
        event,
        payload,
        env,
        ppid: Deno.pid,
        key,
      }, 10_000);
    }
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
