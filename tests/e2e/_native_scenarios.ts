/**
 * Scenarios 11–15: the scripted model uses the agent's own tools, never
 * ctx-mode's, on bulky results — a test run, `git log --stat` of 2,000
 * commits, a web fetch of a 600 KB page, another MCP server's 80 KB of JSON,
 * a read of a 5 MB log. Each runs twice in one HOME: without ctx-mode, then
 * with it installed. The bytes are those of the tool result as the agent
 * sent it to the model (the request bodies); the facts (failing tests'
 * names, the commit that touched a file, the error message) must be in what
 * the model received, or come back from one `ctx_search` on the source the
 * receipt names, which the model makes next.
 *
 * @module
 */

import { adapterFor } from "../../adapters/registry.ts";
import { REPO, writeJson } from "./_agent.ts";
import { oneLine } from "./_connected.ts";
import type { CallSpec, Script, ToolResult } from "./_model_server.ts";
import {
  appLog,
  bulkRecords,
  FAILING_TESTS,
  gitHistory,
  LEDGER_FILE,
  LOG_ERROR,
  PAGE_FACTS,
  postmortemPage,
  RECORD_FACTS,
  testRunnerScript,
} from "./_native_fixtures.ts";
import type { Scenario, Verdict } from "./_scenarios.ts";
import type { Session } from "./_session.ts";

/** What one native scenario measured for one agent. */
export interface NativeMeasure {
  agent: string;
  scenario: number;
  /** Bytes of the tool's whole output, before the agent cut, kept or summarised it. */
  full: number;
  /** Bytes of the tool's result the model received without ctx-mode. */
  off: number;
  /** … and with ctx-mode installed. */
  on: number;
  /** Whether the agent's adapter says it can replace a tool's result. */
  canShrink: boolean;
  /** The facts, how many the model had without ctx-mode. */
  factsOff: number;
  /** How many it had with ctx-mode: in the result, or from the search. */
  factsOn: number;
  /** How many facts there are. */
  facts: number;
  /** Of `factsOn`, how many came back from the search only. */
  fromSearch: number;
  /** The start of what the model received without and with ctx-mode, on one line. */
  excerpts: { off: string; on: string };
}

/** Every measure taken in this process, in order. */
export const NATIVE_MEASURES: NativeMeasure[] = [];

/** The world a case sets up, and the call that reads it. */
interface Prepared {
  call: CallSpec;
  /** Bytes of the tool's whole output, as the tool made it. */
  full: number;
  facts: readonly string[];
  /** What the model asks `ctx_search` for: words of the question, never the facts themselves. */
  queries: readonly string[];
  /** The page a fetch reads, for following ctx-mode's redirect. */
  url?: string;
  /** Registers the case's own tools (another MCP server) after the agent's settings are written. */
  configure?: (() => Promise<string | undefined>) | undefined;
  [Symbol.asyncDispose]?: () => Promise<void>;
}

interface NativeCase {
  id: number;
  title: string;
  prepare(session: Session): Promise<Prepared | { skip: string }>;
}

const testRun: NativeCase = {
  id: 11,
  title: "native shell: a test run of 3,000 lines with 3 failures",
  async prepare(session) {
    await Deno.writeTextFile(
      `${session.where.project}/run_tests.mjs`,
      testRunnerScript(),
    );
    return {
      call: { role: "shell", command: "node run_tests.mjs" },
      full: await outputBytes(session, "node run_tests.mjs"),
      facts: FAILING_TESTS,
      queries: ["● failed test Expected Received"],
    };
  },
};

const gitLog: NativeCase = {
  id: 12,
  title: "native shell: git log --stat of 2,000 commits",
  async prepare(session) {
    const hash = await gitHistory(session.where.project);
    return {
      call: { role: "shell", command: "git log --stat" },
      full: await outputBytes(session, "git log --stat"),
      facts: [hash],
      queries: [LEDGER_FILE],
    };
  },
};

/** Each agent's fetch tool and its arguments. */
function fetchCall(agent: string, url: string): CallSpec | undefined {
  const prompt = `What was the root cause in ${url}?`;
  const spellings: Record<string, Record<string, unknown>> = {
    WebFetch: { url, prompt },
    "web_fetch": agent === "gemini-cli" ? { prompt } : { url, prompt },
  };
  return {
    role: "named",
    what: "a web fetch tool",
    pick: (tools) => {
      const name = tools.find((tool) => tool in spellings);
      return name ? { name, args: spellings[name]! } : undefined;
    },
  };
}

/** The test certificates (`tests/fixtures/tls/README.md`). */
const TLS = `${REPO}/tests/fixtures/tls`;

const webFetch: NativeCase = {
  id: 13,
  title: "native web fetch of a 600 KB page from loopback",
  async prepare(session) {
    const page = postmortemPage();
    // Over TLS: Claude Code's WebFetch turns http: into https: before it
    // fetches (2.1.197's binary), so a plain loopback server never answers it.
    // The agent trusts the test authority for this case only.
    const server = Deno.serve(
      {
        hostname: "127.0.0.1",
        port: 0,
        onListen: () => {},
        cert: await Deno.readTextFile(`${TLS}/cert.pem`),
        key: await Deno.readTextFile(`${TLS}/key.pem`),
      },
      () =>
        new Response(page, {
          headers: { "content-type": "text/html; charset=utf-8" },
        }),
    );
    const trust = { NODE_EXTRA_CA_CERTS: `${TLS}/ca.pem` };
    Object.assign(session.extraEnv, trust);
    const url = `https://127.0.0.1:${server.addr.port}/incident-4711.html`;
    return {
      call: fetchCall(session.agent.name, url)!,
      full: utf8Bytes(page),
      facts: PAGE_FACTS,
      queries: ["what was the root cause, why did checkout calls fail"],
      url,
      // Claude Code asks claude.ai whether a domain is safe before fetching it.
      configure: session.agent.name === "claude-code"
        ? () =>
          mergeJson(`${session.where.home}/.claude/settings.json`, {
            skipWebFetchPreflight: true,
          })
        : undefined,
      [Symbol.asyncDispose]: async () => {
        for (const key of Object.keys(trust)) delete session.extraEnv[key];
        await server.shutdown();
      },
    };
  },
};

const SECOND_SERVER = "bulkdata";

/** The second server's command, as an agent's configuration names it. */
function secondServer(session: Session) {
  return {
    command: Deno.execPath(),
    args: [
      "run",
      "-A",
      "--config",
      `${REPO}/deno.json`,
      `${REPO}/tests/e2e/_bulk_mcp_server.ts`,
    ],
    // Some agents hand a server only a few variables of their own.
    env: { DENO_DIR: session.denoDir, HOME: session.where.home },
  };
}

/** Adds the second server to the agent's own configuration file. */
async function registerSecondServer(
  session: Session,
): Promise<string | undefined> {
  const { home } = session.where;
  const server = secondServer(session);
  const json = async (path: string) => {
    const config = JSON.parse(await Deno.readTextFile(path).catch(() => "{}"));
    return await mergeJson(path, {
      mcpServers: { ...config.mcpServers, [SECOND_SERVER]: server },
    });
  };
  switch (session.agent.name) {
    case "claude-code":
      return await json(`${home}/.claude.json`);
    case "gemini-cli":
      return await json(`${home}/.gemini/settings.json`);
    case "qwen-code":
      return await json(`${home}/.qwen/settings.json`);
    case "codex": {
      const env = Object.entries(server.env).map(([key, value]) =>
        `${key} = ${JSON.stringify(value)}`
      ).join(", ");
      await Deno.writeTextFile(
        `${home}/.codex/config.toml`,
        `\n[mcp_servers.${SECOND_SERVER}]\ncommand = ${
          JSON.stringify(server.command)
        }\nargs = ${JSON.stringify(server.args)}\nenv = { ${env} }\n`,
        { append: true },
      );
      return undefined;
    }
    case "opencode":
    case "kilocode": {
      // The user config the agent's setup wrote, with ctx-mode's entry under `mcp`.
      const folder = session.agent.name === "opencode" ? "opencode" : "kilo";
      const path = `${home}/.config/${folder}/${folder}.json`;
      const config = JSON.parse(
        await Deno.readTextFile(path).catch(() => "{}"),
      );
      return await mergeJson(path, {
        mcp: {
          ...config.mcp,
          [SECOND_SERVER]: {
            type: "local",
            command: [server.command, ...server.args],
            environment: server.env,
            enabled: true,
          },
        },
      });
    }
    default:
      return `no known way to add an MCP server to ${session.agent.name}'s configuration`;
  }
}

/** The agents whose configuration {@link registerSecondServer} knows. */
const SECOND_SERVER_AGENTS = [
  "claude-code",
  "gemini-cli",
  "qwen-code",
  "codex",
  "opencode",
  "kilocode",
];

/** Sets top-level keys of an agent's JSON settings, keeping the rest. */
async function mergeJson(
  path: string,
  keys: Record<string, unknown>,
): Promise<undefined> {
  const config = JSON.parse(await Deno.readTextFile(path).catch(() => "{}"));
  await writeJson(path, { ...config, ...keys });
  return undefined;
}

const otherMcp: NativeCase = {
  id: 14,
  title: "another MCP server's tool returns 80 KB of JSON",
  // deno-lint-ignore require-await -- the shape of every case
  async prepare(session) {
    if (!SECOND_SERVER_AGENTS.includes(session.agent.name)) {
      return { skip: `no known way to add an MCP server to its configuration` };
    }
    const records = JSON.stringify(bulkRecords(), null, 2);
    const size = records.length;
    if (size < 70_000) throw new Error(`the records are only ${size} bytes`);
    return {
      call: {
        role: "named",
        what: `the ${SECOND_SERVER} server's list_records`,
        pick: (tools) => {
          const name = tools.find((tool) =>
            tool.includes(SECOND_SERVER) && tool.endsWith("list_records")
          );
          return name ? { name, args: {} } : undefined;
        },
        deferred: new RegExp(
          `"([\\w.-]*${SECOND_SERVER}[\\w.-]*list_records)"`,
        ),
      },
      full: utf8Bytes(records),
      facts: RECORD_FACTS,
      queries: ["failed record error"],
      configure: () => registerSecondServer(session),
    };
  },
};

const logRead: NativeCase = {
  id: 15,
  title: "native read of a 5 MB log",
  async prepare(session) {
    const path = `${session.where.project}/logs/app.log`;
    await Deno.mkdir(`${session.where.project}/logs`, { recursive: true });
    const log = appLog();
    await Deno.writeTextFile(path, log);
    return {
      call: { role: "read", path },
      full: utf8Bytes(log),
      facts: [LOG_ERROR],
      queries: ["ERROR payments gateway"],
    };
  },
};

/** Text as the model reads it: Gemini's results are JSON, its hook text HTML-escaped. */
function readable(text: string): string {
  return text.replaceAll('\\"', '"').replaceAll("\\n", "\n")
    .replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

const RECEIPT = /indexed as "([^"\n]+)"/;

/** One run's result: what the model received, and the search's answer. */
interface Received {
  result?: ToolResult;
  /** The answer of ctx-mode's own tool where ctx-mode sent the call there. */
  followed?: ToolResult;
  search?: ToolResult;
}

/** The script of one run: the native call, with ctx-mode the search, then done. */
function scriptOf(prepared: Prepared, withSearch: boolean) {
  const { call } = prepared;
  const received: Received = {};
  const search: CallSpec & { role: "mcp" } = {
    role: "mcp",
    tool: "ctx_search",
    args: {},
  };
  const searchFor = (text: string) => {
    // What a model does with a receipt: ask the source it names.
    const source = RECEIPT.exec(readable(text))?.[1] ??
      /Indexed "([^"\n]+)" from/.exec(readable(text))?.[1] ?? "shrunk";
    search.args = { queries: [...prepared.queries], source };
  };
  // Where ctx-mode sends a fetch to its own tool, the model follows (as a
  // model does): that answer is part of what it received for the fetch.
  const follow = {
    call: {
      role: "mcp",
      tool: "ctx_fetch_and_index",
      args: { url: prepared.url },
    } as CallSpec,
    expect: (result: ToolResult) => {
      received.followed = result;
      searchFor(result.text);
      return undefined;
    },
  };
  const script: Script = {
    steps: [
      {
        call,
        expect: (result) => {
          received.result = result;
          searchFor(result.text);
          const redirected = withSearch && prepared.url !== undefined &&
            /ctx_fetch_and_index/.test(result.text);
          if (redirected && script.steps[1] !== follow) {
            script.steps.splice(1, 0, follow);
          }
          return undefined;
        },
      },
      ...(withSearch
        ? [{
          call: search,
          expect: (result: ToolResult) => {
            received.search = result;
            return undefined;
          },
        }]
        : []),
      { text: "done" },
    ],
  };
  return { script, received };
}

/** A search answer without the lines that echo its queries. */
function hitsOf(answer: ToolResult | undefined): string {
  return readable(answer?.text ?? "").split("\n").filter((line) =>
    !/^## |^\(searched "/.test(line)
  ).join("\n");
}

function excerpt(text: string): string {
  const line = readable(text).replace(/\s+/g, " ").trim();
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
}

function bytesOf(result: ToolResult | undefined): number {
  return utf8Bytes(result?.text ?? "");
}

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Bytes a shell command prints (stdout and stderr) run in the project, as the agent's shell would. */
async function outputBytes(session: Session, command: string): Promise<number> {
  const output = await new Deno.Command("sh", {
    args: ["-c", command],
    cwd: session.where.project,
    clearEnv: true,
    env: {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      HOME: session.where.home,
      NO_COLOR: "1",
    },
    stdin: "null",
  }).output();
  return output.stdout.length + output.stderr.length;
}

function factsIn(text: string, facts: readonly string[]): string[] {
  const readableText = readable(text);
  return facts.filter((fact) => readableText.includes(fact));
}

async function runNative(
  session: Session,
  nativeCase: NativeCase,
): Promise<Verdict> {
  const prepared = await nativeCase.prepare(session);
  if ("skip" in prepared) return prepared;
  try {
    const adapter = await adapterFor(session.agent.name);
    const canShrink = adapter?.capabilities.modifyOutput === true;
    const prompt = "Look at this and tell me what matters.";

    // Without ctx-mode: the agent's own settings only.
    await session.agent.prepare(session.where);
    const offConfig = await prepared.configure?.();
    if (offConfig) return { skip: offConfig };
    const off = scriptOf(prepared, false);
    const offRun = await session.prompt(prompt, off.script);
    const missingTool = /^step 1: Cannot find (.+?) among/.exec(
      session.server.failure() ?? "",
    );
    if (!off.received.result && missingTool) {
      return {
        skip: `the agent has no ${missingTool[1]!.replace(/^an? /, "")}`,
      };
    }
    if (!off.received.result) {
      return `without ctx-mode the agent sent no result back (exit ${offRun.code}): ${
        session.server.failure() ?? oneLine(offRun.stderr)
      }`;
    }

    // With ctx-mode installed as a user does.
    const unregistered = await session.register();
    if (unregistered) return unregistered;
    const onConfig = await prepared.configure?.();
    if (onConfig) return { skip: onConfig };
    const on = scriptOf(prepared, true);
    const onRun = await session.prompt(prompt, on.script);
    if (!on.received.result) {
      return `with ctx-mode the agent sent no result back (exit ${onRun.code}): ${
        session.server.failure() ?? oneLine(onRun.stderr)
      }`;
    }
    const onText = on.received.result.text +
      (on.received.followed ? `\n${on.received.followed.text}` : "");
    const inView = factsIn(onText, prepared.facts);
    const searched = factsIn(hitsOf(on.received.search), prepared.facts)
      .filter((fact) => !inView.includes(fact));
    const measure: NativeMeasure = {
      agent: session.agent.name,
      scenario: nativeCase.id,
      full: prepared.full,
      off: bytesOf(off.received.result),
      on: bytesOf(on.received.result) + bytesOf(on.received.followed),
      canShrink,
      factsOff: factsIn(off.received.result.text, prepared.facts).length,
      factsOn: inView.length + searched.length,
      facts: prepared.facts.length,
      fromSearch: searched.length,
      excerpts: {
        off: excerpt(off.received.result.text),
        on: excerpt(onText),
      },
    };
    NATIVE_MEASURES.push(measure);
    const lost = prepared.facts.filter((fact) =>
      !inView.includes(fact) && !searched.includes(fact)
    );
    if (!canShrink) {
      // Nothing may change, but for ctx-mode's routing (a fetch sent to its
      // own tool): the facts are reported, the agent's to lose.
      const routed = /ctx_[a-z_]+/.test(on.received.result.text);
      return routed || Math.abs(measure.on - measure.off) <= measure.off * 0.02
        ? undefined
        : `the agent cannot shrink, yet the result changed (${measure.off} → ${measure.on} bytes)`;
    }
    if (lost.length) {
      return `the model never had ${
        lost.map((fact) => `"${fact}"`).join(", ")
      } (received ${measure.on} bytes: ${
        oneLine(on.received.result.text)
      }; search: ${oneLine(on.received.search?.text ?? "none")})`;
    }
    return undefined;
  } finally {
    await prepared[Symbol.asyncDispose]?.();
  }
}

/** Scenarios 11–15, in order. */
export const NATIVE_SCENARIOS: readonly Scenario[] = [
  testRun,
  gitLog,
  webFetch,
  otherMcp,
  logRead,
].map((nativeCase) => ({
  id: nativeCase.id,
  title: nativeCase.title,
  // The run without ctx-mode needs nothing; the run with it installs it.
  hooks: false,
  run: (session: Session) => runNative(session, nativeCase),
}));

/**
 * The native scenarios' table: agent × scenario with the bytes the model
 * received without and with ctx-mode, their ratio, and the facts; then per
 * agent the summed ratio against the target (≤ 0.15× where the agent can
 * shrink, unchanged where it cannot).
 *
 * @param measures What the scenarios measured.
 * @returns Printable text, empty when nothing was measured.
 */
export function formatNativeTable(
  measures: readonly NativeMeasure[],
): string {
  if (measures.length === 0) return "";
  const rows = [[
    "agent",
    "scenario",
    "full output",
    "bytes off",
    "bytes on",
    "on/full",
    "off/full",
    "facts off",
    "facts on (search)",
  ]];
  const ratio = (on: number, off: number) =>
    off === 0 ? "-" : `${(on / off).toFixed(3)}×`;
  for (const m of measures) {
    rows.push([
      m.agent,
      `S${m.scenario}`,
      String(m.full),
      String(m.off),
      String(m.on),
      ratio(m.on, m.full),
      ratio(m.off, m.full),
      `${m.factsOff}/${m.facts}`,
      `${m.factsOn}/${m.facts} (${m.fromSearch})`,
    ]);
  }
  const widths = rows[0]!.map((_, column) =>
    Math.max(...rows.map((row) => row[column]!.length))
  );
  const lines = rows.map((row) =>
    row.map((text, column) => text.padEnd(widths[column]!)).join(" | ")
  );
  lines.splice(1, 0, widths.map((w) => "-".repeat(w)).join("-|-"));
  const totals = [...new Set(measures.map((m) => m.agent))].map((agent) => {
    const mine = measures.filter((m) => m.agent === agent);
    const full = mine.reduce((sum, m) => sum + m.full, 0);
    const off = mine.reduce((sum, m) => sum + m.off, 0);
    const on = mine.reduce((sum, m) => sum + m.on, 0);
    const facts = mine.reduce((sum, m) => sum + m.facts, 0);
    const kept = mine.reduce((sum, m) => sum + m.factsOn, 0);
    const canShrink = mine[0]!.canShrink;
    const target = canShrink
      ? `target ≤ 0.15× of the full output: ${
        on <= full * 0.15 ? "met" : "MISSED"
      }`
      : `cannot shrink: ${
        Math.abs(on - off) <= off * 0.02
          ? "unchanged, as it must be"
          : "changed"
      }`;
    return `${agent}: summed full ${full}, off ${off} (${
      ratio(off, full)
    }), on ${on} (${ratio(on, full)}) bytes, facts ${kept}/${facts}; ${target}`;
  });
  const excerpts = measures.flatMap((m) => [
    `${m.agent} S${m.scenario} off: ${m.excerpts.off}`,
    `${m.agent} S${m.scenario} on:  ${m.excerpts.on}`,
  ]);
  return [
    "Native tools (S11–S15): bytes of the tool's whole output, and of the tool result the model received (with any hook context beside it) without ctx-mode and with it; ratios against the whole output",
    ...lines,
    "",
    ...totals,
    "",
    ...excerpts,
  ].join("\n");
}
