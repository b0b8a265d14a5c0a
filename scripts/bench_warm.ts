// deno-lint-ignore-file no-console -- a script: it prints its tables on stdout
/**
 * The warm sandbox benchmark: `ctx_execute` of `console.log(6*7)`, of a
 * shell `echo` and of a Python `print`, through the real MCP server (its
 * warm sandbox hosts), side by side with the older tool it replaces
 * (context-mode, from the npm registry into a cache folder outside the
 * repository, on Node 22 and on Bun), the servers taking turns case by case.
 * Calls come at idle gaps of 0, 100 and 400 ms (`BENCH_GAPS_MS`), as an
 * agent's do; p50 and p90 over the runs, per language and gap. Then every
 * other language the sandbox runs (TypeScript, Perl, Ruby, PHP, Go, Rust,
 * R, Elixir), fewer calls back to back and spaced, a language that is not
 * installed skipped with its reason (`BENCH_OTHER=0` skips them all); then
 * the memory of each server's process tree, as PSS (shared pages split
 * between the processes that map them, so a runtime's files count once).
 *
 * Without the registry (or when the older tool cannot be installed) its
 * column is skipped with one line; ctx-mode's figures still print.
 *
 * @module
 */

import { join } from "node:path";
import { fileURLToPath } from "node:url";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { denoDir } from "../tests/_helpers/run_cli.ts";
import { percentile, printTable, type Row } from "./_table.ts";

const RUNS = 30;
/** The idle gaps before a call: back to back, a quick loop, an agent's pace. */
const GAPS_MS = (Deno.env.get("BENCH_GAPS_MS") ?? "0,100,400").split(",").map(
  Number,
);
/** Whether to run the older tool's side (`BENCH_OLDER=0` skips it). */
const WITH_OLDER = Deno.env.get("BENCH_OLDER") !== "0";
/** The older tool the benchmarks compare with. */
export const OLDER = { name: "context-mode", version: "1.0.169" };
const BUN_VERSION = "1.4.5";
const NODE_VERSION = "22.23.3";
const MAIN = fileURLToPath(new URL("../main.ts", import.meta.url));
/** rustup's and Cargo's homes, which each server's temporary HOME would hide. */
const TOOL_HOMES: Record<string, string> = Object.fromEntries(
  ["RUSTUP_HOME", "CARGO_HOME"].flatMap((name) => {
    const home = Deno.env.get("HOME");
    const value = Deno.env.get(name) ??
      (home ? join(home, name === "RUSTUP_HOME" ? ".rustup" : ".cargo") : "");
    return value ? [[name, value]] : [];
  }),
);

function cacheFolder(): string {
  const base = Deno.env.get("XDG_CACHE_HOME") ??
    join(Deno.env.get("HOME") ?? "/tmp", ".cache");
  return join(base, "ctx-mode-bench");
}

async function npmInstall(
  folder: string,
  packages: string[],
  scripts: boolean,
) {
  const output = await new Deno.Command("npm", {
    args: [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefix",
      folder,
      ...(scripts ? [] : ["--ignore-scripts"]),
      ...packages,
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  if (!output.success) {
    const line = new TextDecoder().decode(output.stderr).trim().split("\n")
      .at(-1);
    throw new Error(`npm install ${packages.join(" ")}: ${line}`);
  }
}

/**
 * The older tool's server under each runtime it supports on Linux (Node 22.5+,
 * its documented default, and Bun), installed on first use from the npm
 * registry: the runtimes, and the tool itself without its install scripts
 * (they only check the Node version and build a SQLite addon that neither
 * runtime needs: Node 22 and Bun bring SQLite of their own).
 */
export async function olderToolCommands(): Promise<
  Array<{ runtime: string; argv: string[] }>
> {
  const folder = cacheFolder();
  const bin = (name: string) => join(folder, "node_modules", ".bin", name);
  const server = join(
    folder,
    "node_modules",
    OLDER.name,
    "server.bundle.mjs",
  );
  const installed = async (path: string) =>
    await Deno.stat(path).then(() => true, () => false);
  if (!await installed(bin("node")) || !await installed(bin("bun"))) {
    await npmInstall(
      folder,
      [`node@${NODE_VERSION}`, `bun@${BUN_VERSION}`],
      true,
    );
  }
  if (!await installed(server)) {
    await npmInstall(folder, [`${OLDER.name}@${OLDER.version}`], false);
  }
  return [
    { runtime: `Node ${NODE_VERSION}`, argv: [bin("node"), server] },
    { runtime: `Bun ${BUN_VERSION}`, argv: [bin("bun"), server] },
  ];
}

/**
 * The proportional set size of a process and all its descendants (Linux),
 * and how many they are: each shared page counts for its share, so hosts
 * that map the same runtime are not counted once per host. Where
 * `smaps_rollup` cannot be read, the resident set instead.
 */
async function treeMemory(
  pid: number,
): Promise<{ mib: number; processes: number }> {
  let kb = 0;
  let processes = 0;
  const visit = async (id: number): Promise<void> => {
    const status = await Deno.readTextFile(`/proc/${id}/status`).catch(() =>
      ""
    );
    if (status === "") return;
    processes++;
    const rollup = await Deno.readTextFile(`/proc/${id}/smaps_rollup`)
      .catch(() => "");
    kb += Number(
      rollup.match(/^Pss:\s+(\d+)/m)?.[1] ??
        status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0,
    );
    const tasks = await Array.fromAsync(Deno.readDir(`/proc/${id}/task`))
      .catch(() => []);
    for (const task of tasks) {
      const children = await Deno.readTextFile(
        `/proc/${id}/task/${task.name}/children`,
      ).catch(() => "");
      for (const child of children.trim().split(/\s+/).filter(Boolean)) {
        await visit(Number(child));
      }
    }
  };
  await visit(pid);
  return { mib: kb / 1024, processes };
}

interface Server extends AsyncDisposable {
  /** The server's process id. */
  pid: number;
  /** Runs code; the result's text and its `_meta`. */
  call(
    language: string,
    code: string,
  ): Promise<{ text: string; meta: Record<string, unknown> | undefined }>;
}

async function connect(
  argv: string[],
  project: string,
  env: Record<string, string>,
): Promise<Server> {
  const transport = new StdioClientTransport({
    command: argv[0]!,
    args: argv.slice(1),
    cwd: project,
    env,
    stderr: "ignore",
  });
  const client = new Client({ name: "ctx-bench", version: "1" });
  await client.connect(transport);
  return {
    pid: transport.pid ?? 0,
    async call(language, code) {
      const result = await client.callTool({
        name: "ctx_execute",
        arguments: { language, code },
      });
      return { text: JSON.stringify(result.content), meta: result._meta };
    },
    async [Symbol.asyncDispose]() {
      await client.close();
    },
  };
}

async function timeCalls(
  server: Server,
  language: string,
  code: string,
  expect: string,
  gapMs: number,
  runs: number,
): Promise<number[]> {
  const times: number[] = [];
  // The first call starts from a settled pool whatever the gap.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  for (let i = 0; i <= runs; i++) {
    if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
    const started = performance.now();
    const { text } = await server.call(language, code);
    const elapsed = performance.now() - started;
    if (!text.includes(expect)) {
      throw new Error(`ctx_execute ${language} answered ${text.slice(0, 200)}`);
    }
    // The first call starts the first host (and warms caches): not counted.
    if (i > 0) times.push(elapsed);
  }
  return times.sort((a, b) => a - b);
}

const CASES = [
  { language: "javascript", code: "console.log(6 * 7)", expect: "42" },
  { language: "shell", code: "echo warm", expect: "warm" },
  { language: "python", code: "print(6 * 7)", expect: "42" },
] as const;

/** Every other language the sandbox runs: a build each call for Go and Rust, so fewer calls. */
const OTHER_CASES = [
  {
    language: "typescript",
    code: "console.log((6 * 7) as number)",
    expect: "42",
  },
  { language: "perl", code: 'print 6 * 7, "\\n";', expect: "42" },
  { language: "ruby", code: "puts 6 * 7", expect: "42" },
  { language: "php", code: '<?php echo 6 * 7, "\\n";', expect: "42" },
  {
    language: "go",
    code: 'package main\nimport "fmt"\nfunc main() { fmt.Println(6 * 7) }',
    expect: "42",
  },
  {
    language: "rust",
    code: 'fn main() { println!("{}", 6 * 7); }',
    expect: "42",
  },
  { language: "r", code: 'cat(6 * 7, "\\n")', expect: "42" },
  { language: "elixir", code: "IO.puts(6 * 7)", expect: "42" },
] as const;
const OTHER_RUNS = 10;
const OTHER_GAPS_MS = [0, 400];
const WITH_OTHER = Deno.env.get("BENCH_OTHER") !== "0";

/** The memory of a server's process tree right after its calls, and once it settled. */
interface TreeMemory {
  after: { mib: number; processes: number };
  settled: { mib: number; processes: number };
}

/** How long after the last call the settled memory is read (the pool cools down after 10 s). */
const SETTLE_MS = 12_000;

/** One server under measure: its times per `"<language> <gap>"`, and why a language has none. */
interface Side {
  runtime: string;
  /** How its rows are named. */
  label: string;
  server: Server;
  times: Record<string, number[]>;
  /** Only for the older tool: it may not find a runtime that ours runs (it gives `python3 --version` 1.5 s). */
  skips?: Map<string, string>;
  /** Why a language of {@link OTHER_CASES} has no figure (not installed here). */
  otherSkips?: Map<string, string>;
  memory?: TreeMemory;
}

/**
 * Times every case at every gap on every side, the sides taking turns case
 * by case (so that a change of the machine's load falls on all of them);
 * reads each tree's memory right after its last calls, then once settled.
 */
async function timeAll(sides: Side[]): Promise<void> {
  const cases = [
    ...GAPS_MS.flatMap((gap) =>
      CASES.map((c) => ({ ...c, gap, runs: RUNS, other: false }))
    ),
    ...(WITH_OTHER ? OTHER_GAPS_MS : []).flatMap((gap) =>
      OTHER_CASES.map((c) => ({ ...c, gap, runs: OTHER_RUNS, other: true }))
    ),
  ];
  for (
    const [index, { language, code, expect, gap, runs, other }] of cases
      .entries()
  ) {
    for (const side of sides) {
      const skips = other ? (side.otherSkips ??= new Map()) : side.skips;
      try {
        if (skips?.has(language)) throw new Error(skips.get(language));
        side.times[`${language} ${gap}`] = await timeCalls(
          side.server,
          language,
          code,
          expect,
          gap,
          runs,
        );
      } catch (error) {
        if (!skips) throw error;
        skips.set(
          language,
          error instanceof Error ? error.message : `${error}`,
        );
      }
      if (index === cases.length - 1) {
        const after = await treeMemory(side.server.pid);
        side.memory = { after, settled: after };
      }
    }
  }
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  for (const side of sides) {
    side.memory!.settled = await treeMemory(side.server.pid);
  }
}

/** Runs the warm sandbox benchmark and prints its table. */
export async function benchWarm(): Promise<void> {
  const work = await Deno.realPath(
    await Deno.makeTempDir({ prefix: "ctx-bench-warm-" }),
  );
  const servers: Server[] = [];
  try {
    const project = join(work, "ours");
    await Deno.mkdir(project);
    const server = await connect(
      [Deno.execPath(), "run", "-A", MAIN, "serve"],
      project,
      {
        PATH: Deno.env.get("PATH") ?? "",
        DENO_DIR: denoDir(),
        HOME: work,
        ...TOOL_HOMES,
        CTX_MODE_HOME: join(work, "home"),
        CTX_MODE_PROJECT_DIR: project,
        // `CTX_MODE_CONFINE=landlock deno task bench warm` measures Landlock's hosts.
        ...(Deno.env.get("CTX_MODE_CONFINE")
          ? { CTX_MODE_CONFINE: Deno.env.get("CTX_MODE_CONFINE")! }
          : {}),
      },
    );
    servers.push(server);
    const { meta } = await server.call("shell", "true");
    const confinement = String(meta?.["ctx-mode/confinement"] ?? "unknown");
    const sides: Side[] = [
      { runtime: "ctx-mode", label: "ctx-mode", server, times: {} },
    ];
    try {
      if (!WITH_OLDER) throw new Error("BENCH_OLDER=0");
      for (
        const [index, { runtime, argv }] of (await olderToolCommands())
          .entries()
      ) {
        const project = join(work, `theirs-${index}`);
        await Deno.mkdir(project);
        const older = await connect(argv, project, {
          PATH: Deno.env.get("PATH") ?? "",
          HOME: join(work, `theirs-home-${index}`),
          ...TOOL_HOMES,
          CLAUDE_PROJECT_DIR: project,
        });
        servers.push(older);
        sides.push({
          runtime,
          label: `${OLDER.name} ${OLDER.version} on ${runtime}`,
          server: older,
          times: {},
          skips: new Map(),
        });
      }
    } catch (error) {
      console.log(
        `older tool skipped: ${error instanceof Error ? error.message : error}`,
      );
    }
    // `BENCH_BASELINE=<a checkout's main.ts>`: an earlier ctx-mode, measured in the same turns.
    const baseline = Deno.env.get("BENCH_BASELINE");
    if (baseline) {
      const project = join(work, "baseline");
      await Deno.mkdir(project);
      const before = await connect(
        [Deno.execPath(), "run", "-A", baseline, "serve"],
        project,
        {
          PATH: Deno.env.get("PATH") ?? "",
          DENO_DIR: denoDir(),
          HOME: work,
          ...TOOL_HOMES,
          CTX_MODE_HOME: join(work, "home-baseline"),
          CTX_MODE_PROJECT_DIR: project,
        },
      );
      servers.push(before);
      sides.push({
        runtime: "ctx-mode",
        label: `ctx-mode at ${baseline}`,
        server: before,
        times: {},
      });
    }
    await timeAll(sides);
    const [mine, ...theirs] = sides as [Side, ...Side[]];
    const ours = mine.times;
    // The targets are ratios to the older tool's first runtime.
    const first = theirs.find((side) => side.skips);
    const rows: Row[] = [];
    // Back to back: JavaScript at most half the older tool, shell and Python at most its time.
    const targets = { javascript: 0.5, shell: 1, python: 1 } as const;
    for (const gap of GAPS_MS) {
      for (const { language } of CASES) {
        const key = `${language} ${gap}`;
        const p50 = percentile(ours[key]!, 50);
        const p90 = percentile(ours[key]!, 90);
        const baseline = first?.times[key]
          ? percentile(first.times[key], 50)
          : undefined;
        const limit = gap === 0 ? targets[language] : 1;
        rows.push({
          metric: `ctx_execute ${language}, gap ${gap} ms, p50 (p90)`,
          value: `${p50.toFixed(0)} ms (${p90.toFixed(0)} ms)`,
          target: baseline === undefined
            ? "p90 ≤ 2× p50"
            : `≤ ${limit}× the older tool (${first!.runtime}), p90 ≤ 2× p50`,
          ok: p90 <= 2 * p50 &&
            (baseline === undefined || p50 <= limit * baseline),
        });
        for (const { label, times, skips } of theirs) {
          if (!times[key]) {
            rows.push({
              metric: `… ${label}`,
              value: `no figure: ${skips?.get(language)?.slice(0, 120)}`,
              target: "",
              ok: undefined,
            });
            continue;
          }
          const older = percentile(times[key], 50);
          const olderP90 = percentile(times[key], 90);
          rows.push({
            metric: `… ${label}`,
            value: `${older.toFixed(0)} ms (${olderP90.toFixed(0)} ms); ours ${
              (p50 / older).toFixed(2)
            }×`,
            target: "",
            ok: undefined,
          });
        }
      }
    }
    for (const gap of WITH_OTHER ? OTHER_GAPS_MS : []) {
      for (const { language } of OTHER_CASES) {
        const key = `${language} ${gap}`;
        const metric = `ctx_execute ${language}, gap ${gap} ms, p50 (p90)`;
        if (!ours[key]) {
          rows.push({
            metric,
            value: `no figure: ${
              mine.otherSkips?.get(language)?.slice(0, 120)
            }`,
            target: "",
            ok: undefined,
          });
          continue;
        }
        const p50 = percentile(ours[key], 50);
        const p90 = percentile(ours[key], 90);
        const older = first?.times[key]
          ? percentile(first.times[key], 50)
          : undefined;
        rows.push({
          metric,
          value: `${p50.toFixed(0)} ms (${p90.toFixed(0)} ms)${
            older === undefined
              ? `; ${first?.runtime ?? "older tool"}: ${
                first?.otherSkips?.get(language)?.slice(0, 80) ??
                  "no figure"
              }`
              : `; ${first!.runtime}: ${older.toFixed(0)} ms, ours ${
                (p50 / older).toFixed(2)
              }×`
          }`,
          target: older === undefined
            ? ""
            : `≤ 1.2× the older tool (${first!.runtime})`,
          ok: older === undefined ? undefined : p50 <= 1.2 * older,
        });
      }
    }
    const calls = GAPS_MS.length * CASES.length * (RUNS + 1) +
      (WITH_OTHER ? OTHER_GAPS_MS.length : 0) * OTHER_CASES.length *
        (OTHER_RUNS + 1);
    const memoryText = (m: TreeMemory["after"]) =>
      `${m.mib.toFixed(0)} MiB in ${m.processes} processes`;
    const ourMemory = mine.memory!;
    const theirMemory = first?.memory;
    rows.push({
      metric: `process tree memory (PSS) after ${calls} mixed calls`,
      value: `${memoryText(ourMemory.after)}${
        theirMemory
          ? `; ${first!.runtime}: ${memoryText(theirMemory.after)} (ours ${
            (ourMemory.after.mib / theirMemory.after.mib).toFixed(2)
          }×)`
          : ""
      }`,
      target: theirMemory ? "≤ 1.2× the older tool" : "",
      ok: theirMemory
        ? ourMemory.after.mib <= 1.2 * theirMemory.after.mib
        : undefined,
    });
    rows.push({
      metric: `… ${SETTLE_MS / 1000} s later`,
      value: `${memoryText(ourMemory.settled)}${
        theirMemory
          ? `; ${first!.runtime}: ${memoryText(theirMemory.settled)} (ours ${
            (ourMemory.settled.mib / theirMemory.settled.mib).toFixed(2)
          }×)`
          : ""
      }`,
      target: "",
      ok: undefined,
    });
    for (const side of theirs) {
      if (side === first || !side.memory) continue;
      rows.push({
        metric: `… ${side.label}: after, then settled`,
        value: `${memoryText(side.memory.after)}; ${
          memoryText(side.memory.settled)
        }`,
        target: "",
        ok: undefined,
      });
    }
    printTable(
      `Warm sandbox through the MCP server (${RUNS} calls per gap; confinement: ${confinement}; load ${
        Deno.loadavg().map((n) => n.toFixed(1)).join(" ")
      })`,
      rows,
    );
  } finally {
    for (const server of servers) await server[Symbol.asyncDispose]();
    await Deno.remove(work, { recursive: true });
  }
}

if (import.meta.main) await benchWarm();
