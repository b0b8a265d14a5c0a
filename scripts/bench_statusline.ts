/**
 * The status line benchmark: `ctx-mode statusline`, spawn to exit, for a
 * session with 2,000 recorded tool calls in a database of 20,000, a full
 * audit log and a live heartbeat, against a bare `deno run` of an empty
 * script; and its own time measured inside the process: from importing
 * `main.ts` to the line written (what the command adds to Deno's start).
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { join } from "node:path";
import {
  sessionTotalsPath,
  writeSessionTotals,
} from "../src/statusline/session_totals.ts";
import { percentile, printTable } from "./_table.ts";
import { timeProcess } from "./_time_process.ts";
import { writeHeartbeat } from "../src/config/heartbeat.ts";
import { projectDatabasePath } from "../src/config/paths.ts";
import { appendAudit } from "../src/safety/audit_log.ts";
import { KnowledgeBase } from "../src/store/knowledge_base.ts";

const RUNS = 50;
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));

/** A script that times `main(["statusline"])` from its import to its output, and prints `{ms, out}`. */
function probeScript(payload: string): string {
  return `const started = performance.now();
const { main } = await import(${
    JSON.stringify(new URL("../main.ts", import.meta.url).href)
  });
let out = "";
await main(["statusline"], {
  env: Deno.env.toObject(),
  cwd: Deno.cwd(),
  stdin: new ReadableStream(),
  readStdin: async () => new TextEncoder().encode(${JSON.stringify(payload)}),
  stdinIsTerminal: false,
  stdoutIsTerminal: false,
  stderrIsTerminal: false,
  out: async (text) => { out += text; },
  err: async () => {},
});
console.log(JSON.stringify({ ms: performance.now() - started, out }));
`;
}

/** Runs the status line benchmark and prints its table. */
export async function benchStatusline(): Promise<void> {
  const work = await Deno.makeTempDir({ prefix: "ctx-bench-status-" });
  try {
    const empty = join(work, "empty.js");
    await Deno.writeTextFile(empty, "");
    const home = join(work, "home");
    const project = join(work, "project");
    await Deno.mkdir(project);
    const kb = KnowledgeBase.open(projectDatabasePath(project, home));
    const now = Date.now();
    for (let i = 0; i < 20_000; i++) {
      kb.toolCalls().record({
        sessionId: i % 10 === 0 ? "bench" : `other-${i % 7}`,
        tool: "ctx_execute",
        at: now - i,
        bytesIn: 40_000 + i,
        bytesOut: 800,
        error: false,
      });
    }
    // What a running server keeps current after each call (the common case).
    const totalsFile = sessionTotalsPath(
      home,
      await Deno.realPath(project),
      "bench",
    );
    writeSessionTotals(totalsFile, kb.toolCalls().totals("bench"));
    kb.close();
    for (let i = 0; i < 3_000; i++) {
      appendAudit(home, {
        at: new Date(now - 3_600_000 + i).toISOString(),
        platform: "claude-code",
        source: "hook",
        tool: "Bash",
        command: "git reset --hard HEAD~3",
        verdict: "deny",
        rule: "git.reset-hard",
        reason: "Discards uncommitted work",
        cwd: project,
      });
    }
    // A live server for the whole run: the heartbeat is refreshed as a server would.
    const beat = () =>
      writeHeartbeat(home, {
        pid: Deno.pid,
        version: "bench",
        projectDir: project,
        startedAt: now,
        updatedAt: Date.now(),
      });
    beat();
    const beating = setInterval(beat, 5_000);
    const env = { CTX_MODE_HOME: home };
    const payload = JSON.stringify({
      "session_id": "bench",
      "cwd": project,
      "workspace": { "current_dir": project, "project_dir": project },
      "model": { "id": "m", "display_name": "M" },
    });
    const floor = await timeProcess(
      ["run", "--quiet", "--no-config", empty],
      "",
      env,
      RUNS,
    );
    const line = await timeProcess(
      ["run", "-A", "--no-config", MAIN, "statusline"],
      payload,
      env,
      RUNS,
    );
    const probe = join(work, "probe.js");
    await Deno.writeTextFile(probe, probeScript(payload));
    let printed = "";
    const ownTime = async () => {
      const times: number[] = [];
      for (let i = 0; i <= RUNS; i++) {
        const output = await new Deno.Command(Deno.execPath(), {
          args: ["run", "-A", "--no-config", probe],
          env,
          stdout: "piped",
          stderr: "inherit",
        }).output();
        const result = JSON.parse(new TextDecoder().decode(output.stdout));
        printed = result.out;
        if (i > 0) times.push(result.ms);
      }
      return times.sort((a, b) => a - b);
    };
    const own = await ownTime();
    // Without the server's totals file the line reads the database itself.
    await Deno.remove(totalsFile);
    const fromDatabase = await ownTime();
    const floorP50 = percentile(floor, 50);
    printTable(`Status line, spawn to exit (${RUNS} runs each)`, [
      {
        metric: "bare `deno run` of an empty script (floor)",
        value: `p50 ${floorP50.toFixed(0)} ms, p95 ${
          percentile(floor, 95).toFixed(0)
        } ms`,
        target: "",
        ok: undefined,
      },
      {
        metric:
          "`ctx-mode statusline`, 2,000 calls this session, 1 MB audit log",
        value: `p50 ${percentile(line, 50).toFixed(0)} ms, p95 ${
          percentile(line, 95).toFixed(0)
        } ms`,
        target: "",
        ok: undefined,
      },
      {
        metric:
          "the same, minus the floor (p50 − p50; noisy on a busy machine)",
        value: `${(percentile(line, 50) - floorP50).toFixed(0)} ms`,
        target: "",
        ok: undefined,
      },
      {
        metric:
          `its own time, import of main.ts to line written ("${printed.trim()}")`,
        value: `p50 ${percentile(own, 50).toFixed(1)} ms, p95 ${
          percentile(own, 95).toFixed(1)
        } ms`,
        target: "< 30 ms",
        ok: percentile(own, 50) < 30,
      },
      {
        metric: "… without the server's totals file (read from SQLite)",
        value: `p50 ${percentile(fromDatabase, 50).toFixed(1)} ms, p95 ${
          percentile(fromDatabase, 95).toFixed(1)
        } ms`,
        target: "",
        ok: undefined,
      },
    ]);
    clearInterval(beating);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
}

if (import.meta.main) await benchStatusline();
