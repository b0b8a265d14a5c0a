/**
 * The hook benchmark: the PreToolUse hook process, spawn to exit, for a
 * `git status` payload and a `curl` payload, next to a bare `deno run` of an
 * empty script (the floor any Deno process pays).
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { percentile, printTable } from "./_table.ts";

const RUNS = 50;
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));

async function timeProcess(
  args: string[],
  stdin: string,
  env: Record<string, string>,
): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    const child = new Deno.Command(Deno.execPath(), {
      args,
      env,
      stdin: "piped",
      stdout: "null",
      stderr: "null",
    })
      .spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(stdin));
    await writer.close();
    await child.status;
    if (i > 0) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/** Runs the hook benchmark and prints its table. */
export async function benchHook(): Promise<void> {
  const work = await Deno.makeTempDir({ prefix: "ctx-bench-hook-" });
  try {
    const empty = join(work, "empty.js");
    await Deno.writeTextFile(empty, "");
    const env = { CTX_MODE_HOME: join(work, "home") };
    const payload = (command: string) =>
      JSON.stringify({
        "session_id": "bench",
        "cwd": work,
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": { command },
      });
    const floor = await timeProcess(["run", "--quiet", empty], "", env);
    const hookArgs = ["run", "-A", MAIN, "hook", "claude-code", "PreToolUse"];
    const gitStatus = await timeProcess(hookArgs, payload("git status"), env);
    const curl = await timeProcess(
      hookArgs,
      payload("curl https://example.com/api/items"),
      env,
    );
    const floorP50 = percentile(floor, 50);
    const row = (name: string, times: number[]) => {
      const p50 = percentile(times, 50);
      return {
        metric: name,
        value: `p50 ${p50.toFixed(0)} ms, p95 ${
          percentile(times, 95).toFixed(0)
        } ms (${(p50 / floorP50).toFixed(2)}× floor)`,
        target: "≤ ~1.5× floor",
        ok: p50 / floorP50 <= 1.6,
      };
    };
    printTable(`Hook process, spawn to exit (${RUNS} runs each)`, [
      {
        metric: "bare `deno run` of an empty script (floor)",
        value: `p50 ${floorP50.toFixed(0)} ms, p95 ${
          percentile(floor, 95).toFixed(0)
        } ms`,
        target: "",
        ok: undefined,
      },
      row("PreToolUse hook, `git status` payload", gitStatus),
      row("PreToolUse hook, `curl` payload", curl),
    ]);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

if (import.meta.main) await benchHook();
