/**
 * The hook benchmark: the PreToolUse hook process, spawn to exit, for a
 * `git status` payload and a `curl` payload, next to a bare `deno run` of an
 * empty script (the floor any Deno process pays), and in a project with
 * twenty permission rules (the cost of loading the policy).
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { percentile, printTable } from "./_table.ts";
import { timeProcess, timeProcesses } from "./_time_process.ts";
import { writeHeartbeat } from "../src/config/heartbeat.ts";
import { AGENTS } from "../tests/adapters/_agents.ts";

const RUNS = 50;
/** Runs per agent in the per-agent table. */
const AGENT_RUNS = 20;
const ADAPTER_LOAD = fileURLToPath(
  new URL("./_adapter_load.ts", import.meta.url),
);

/** Twenty rules of the kinds projects write, for the policy-loading row. */
const BENCH_RULES = {
  deny: [
    "Bash(sudo *)",
    "Bash(curl:*)",
    "Bash(wget:*)",
    "Bash(npm publish:*)",
    "Bash(docker push:*)",
    "Read(**/.env*)",
    "Read(./secrets/**)",
    "Read(~/.aws/**)",
  ],
  ask: [
    "Bash(git push:*)",
    "Bash(gh pr merge:*)",
    "Bash(terraform apply:*)",
    "Edit(/migrations/**)",
  ],
  allow: [
    "Bash(git status)",
    "Bash(git diff:*)",
    "Bash(git log:*)",
    "Bash(npm run test:*)",
    "Bash(npm run lint)",
    "Bash(deno task:*)",
    "Read(./src/**)",
    "WebFetch(domain:docs.deno.com)",
  ],
};
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));

/** Runs the hook benchmark and prints its table. */
export async function benchHook(): Promise<void> {
  const work = await Deno.makeTempDir({ prefix: "ctx-bench-hook-" });
  try {
    const empty = join(work, "empty.js");
    await Deno.writeTextFile(empty, "");
    const home = join(work, "home");
    const env = { CTX_MODE_HOME: home };
    const served = join(work, "served");
    const unserved = join(work, "unserved");
    await Deno.mkdir(served);
    await Deno.mkdir(unserved);
    const payload = (command: string, cwd = served) =>
      JSON.stringify({
        "session_id": "bench",
        "cwd": cwd,
        "hook_event_name": "PreToolUse",
        "tool_name": "Bash",
        "tool_input": { command },
      });
    // A fresh heartbeat: the MCP server runs for `served`, so `curl` is redirected.
    const beat = () =>
      writeHeartbeat(home, {
        pid: Deno.pid,
        version: "bench",
        projectDir: served,
        startedAt: Date.now(),
        updatedAt: Date.now(),
      });
    const floor = await timeProcess(
      ["run", "--quiet", "--no-config", empty],
      "",
      env,
      RUNS,
    );
    // The compiled binary reads no config file and resolves no npm packages
    // at start-up; `--no-config` is the closest `deno run` gets to it. Under
    // plain `deno run` in the repository, Deno also reads the lockfile and
    // the cached registry data of every npm package the server uses.
    const hook = ["hook", "claude-code", "PreToolUse"];
    const asBinary = ["run", "-A", "--no-config", MAIN, ...hook];
    const inRepo = ["run", "-A", MAIN, ...hook];
    const curlCommand = "curl https://example.com/api/items";
    beat();
    const gitStatus = await timeProcess(
      asBinary,
      payload("git status"),
      env,
      RUNS,
    );
    beat();
    const curl = await timeProcess(asBinary, payload(curlCommand), env, RUNS);
    const curlUnserved = await timeProcess(
      asBinary,
      payload(curlCommand, unserved),
      env,
      RUNS,
    );
    beat();
    const gitStatusInRepo = await timeProcess(
      inRepo,
      payload("git status"),
      env,
      RUNS,
    );
    // A project with ~20 permission rules (Claude Code's settings plus ctx-mode's own file).
    const ruled = join(work, "ruled");
    await Deno.mkdir(join(ruled, ".claude"), { recursive: true });
    await Deno.writeTextFile(
      join(ruled, ".claude", "settings.json"),
      JSON.stringify({ permissions: BENCH_RULES }),
    );
    await Deno.writeTextFile(
      join(ruled, ".ctx-mode.json"),
      JSON.stringify({
        guard: { level: "strict", disabledRules: ["git.push-force"] },
      }),
    );
    const gitStatusRuled = await timeProcess(
      asBinary,
      payload("git status && git log -5 | cat", ruled),
      env,
      RUNS,
    );
    const floorP50 = percentile(floor, 50);
    const row = (name: string, times: number[], judged = true) => {
      const p50 = percentile(times, 50);
      return {
        metric: name,
        value: `p50 ${p50.toFixed(0)} ms, p95 ${
          percentile(times, 95).toFixed(0)
        } ms (${(p50 / floorP50).toFixed(2)}× floor)`,
        target: judged ? "≤ ~1.5× floor" : "",
        ok: judged ? p50 / floorP50 <= 1.6 : undefined,
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
      row("PreToolUse hook, `curl` payload (redirected to the server)", curl),
      row(
        "`curl` with no server running (guidance note, checked in SQLite)",
        curlUnserved,
        false,
      ),
      row(
        "`git status && git log` in a project with 20 permission rules",
        gitStatusRuled,
      ),
      row(
        "same `git status`, plain `deno run` with the repo's npm config",
        gitStatusInRepo,
        false,
      ),
    ]);
    await benchAgents({
      served,
      env,
      beat,
      floor: ["run", "--quiet", "--no-config", empty],
      asBinary,
    });
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

/** Fresh processes per adapter-load figure. */
const LOAD_RUNS = 11;

/** The best and median times to load one adapter in a fresh process, in milliseconds. */
async function adapterLoad(
  name: string,
): Promise<{ best: number; p50: number }> {
  const times: number[] = [];
  for (let i = 0; i < LOAD_RUNS; i++) {
    const output = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "--no-config", ADAPTER_LOAD, name],
      stdout: "piped",
      stderr: "null",
    }).output();
    times.push(Number(new TextDecoder().decode(output.stdout)));
  }
  times.sort((a, b) => a - b);
  return { best: times[0] ?? NaN, p50: percentile(times, 50) };
}

/** One row per agent: its PreToolUse hook for a `git status` payload in its own shape. */
async function benchAgents(options: {
  served: string;
  env: Record<string, string>;
  beat: () => void;
  /** The floor's arguments: a bare `deno run` of an empty script. */
  floor: string[];
  asBinary: string[];
}): Promise<void> {
  const { served, env, beat } = options;
  const base = options.asBinary.slice(0, -3);
  const rows = [];
  const claude = JSON.stringify({
    "session_id": "bench",
    cwd: served,
    "hook_event_name": "PreToolUse",
    "tool_name": "Bash",
    "tool_input": { command: "git status" },
  });
  const agents: Array<[string, string, string]> = [
    ["claude-code", "PreToolUse", claude],
    ...AGENTS.map((agent): [string, string, string] => [
      agent.name,
      agent.pre,
      JSON.stringify(
        agent.payload(served, "bench", agent.shell("git status")),
      ),
    ]),
  ];
  for (const [name, event, payload] of agents) {
    beat();
    // Each agent next to its own floor, run in turn: ratios that hold under a changing load.
    const [floor, times] = await timeProcesses([
      { args: options.floor, stdin: "", env },
      { args: [...base, "hook", name, event], stdin: payload, env },
    ], AGENT_RUNS);
    const floorP50 = percentile(floor!, 50);
    const p50 = percentile(times!, 50);
    const load = await adapterLoad(name);
    rows.push({
      metric: name,
      value: `p50 ${p50.toFixed(0)} ms (${
        (p50 / floorP50).toFixed(2)
      }× its floor of ${floorP50.toFixed(0)} ms), adapter load p50 ${
        load.p50.toFixed(2)
      } ms (best ${load.best.toFixed(2)})`,
      target: "≤ ~1.5× floor, load p50 < 2 ms",
      ok: p50 / floorP50 <= 1.6 && load.p50 < 2,
    });
  }
  printTable(
    `PreToolUse hook per agent, \`git status\` payload, no server socket (${AGENT_RUNS} rounds, each agent next to the floor)`,
    rows,
  );
}

if (import.meta.main) await benchHook();
