/**
 * Runs scenarios for agents and renders the agent × scenario table with the
 * bytes each run's requests carried to the model.
 *
 * @module
 */

import { PLATFORM_NAMES } from "../../adapters/registry.ts";
import { type Agent, installAgent } from "./_agent.ts";
import { type Scenario, SCENARIOS as BASE_SCENARIOS } from "./_scenarios.ts";
import { NATIVE_SCENARIOS } from "./_native_scenarios.ts";
import { Session } from "./_session.ts";
import { claudeCodeAgent } from "./agents/claude_code.ts";
import { codexAgent } from "./agents/codex.ts";
import { geminiCliAgent } from "./agents/gemini_cli.ts";
import { qwenCodeAgent } from "./agents/qwen_code.ts";
import { kiloCodeAgent, openCodeAgent } from "./agents/opencode.ts";
import { piAgent } from "./agents/pi.ts";
import { copilotCliAgent } from "./agents/copilot_cli.ts";

/** Every scenario: the base ones, then the native-tool ones (11–15). */
const SCENARIOS: readonly Scenario[] = [...BASE_SCENARIOS, ...NATIVE_SCENARIOS];

/** Every agent the suite knows, Claude Code first. */
export const AGENTS: readonly Agent[] = [
  claudeCodeAgent,
  codexAgent,
  qwenCodeAgent,
  geminiCliAgent,
  openCodeAgent,
  kiloCodeAgent,
  piAgent,
  copilotCliAgent,
];

/** One cell of the table. */
export interface Outcome {
  agent: string;
  version: string;
  scenario: number;
  status: "pass" | "fail" | "skip";
  /** Why it failed or was skipped. */
  why?: string;
  /** Bytes of every model request in the scenario. */
  bytes: number;
}

/**
 * Whether ctx-mode's hook command serves this agent (its adapter is in the
 * registry): hook scenarios turn on by themselves once it is.
 *
 * @param agent The agent.
 * @returns True when `ctx-mode hook <agent> …` accepts it.
 */
export function hasAdapter(agent: Agent): boolean {
  return PLATFORM_NAMES.includes(agent.name);
}

/**
 * Runs the scenarios of one agent.
 *
 * @param agent The agent.
 * @param options Which scenarios (all by default), how many at once; hears each outcome as it comes.
 * @returns One outcome per scenario.
 */
export async function runAgent(
  agent: Agent,
  options: {
    scenarios?: number[];
    onOutcome?: (outcome: Outcome) => void;
    /** How many scenarios run at once. @default {1} */
    concurrency?: number;
  } = {},
): Promise<Outcome[]> {
  const chosen = SCENARIOS.filter((s) =>
    !options.scenarios || options.scenarios.includes(s.id)
  );
  const base = { agent: agent.name, version: agent.npm.version, bytes: 0 };
  const report = (outcome: Outcome) => {
    options.onOutcome?.(outcome);
    return outcome;
  };
  const installed = await installAgent(agent);
  if ("skip" in installed) {
    return chosen.map((s) =>
      report({ ...base, scenario: s.id, status: "skip", why: installed.skip })
    );
  }
  // Scenarios share nothing (own HOME, own model), so a few run at once.
  const outcomes: Outcome[] = new Array(chosen.length);
  let next = 0;
  const worker = async () => {
    while (next < chosen.length) {
      const index = next++;
      const scenario = chosen[index] as Scenario;
      outcomes[index] = report(
        await runScenario(agent, installed.bin, scenario),
      );
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, options.concurrency ?? 1) }, worker),
  );
  return outcomes;
}

async function runScenario(
  agent: Agent,
  bin: string,
  scenario: Scenario,
): Promise<Outcome> {
  const base = {
    agent: agent.name,
    version: agent.npm.version,
    scenario: scenario.id,
  };
  const adapter = hasAdapter(agent);
  if (scenario.hooks === "adapter" && !adapter) {
    return { ...base, status: "skip", why: "no adapter yet", bytes: 0 };
  }
  await using session = await Session.open(agent, {
    bin,
    label: `${agent.name}-s${scenario.id}`,
  });
  let verdict;
  try {
    verdict = await scenario.run(session);
  } catch (error) {
    verdict = `threw: ${(error as Error).message}`;
  }
  const bytes = session.bytes;
  if (verdict === undefined) return { ...base, status: "pass", bytes };
  if (typeof verdict === "object") {
    return { ...base, status: "skip", why: verdict.skip, bytes };
  }
  const last = session.log.at(-1);
  const tail = last && last.code !== 0
    ? ` [exit ${last.code}: ${
      last.stderr.replace(/\s+/g, " ").trim().slice(-300)
    }]`
    : "";
  return { ...base, status: "fail", why: verdict + tail, bytes };
}

/**
 * The table: one row per agent, one column per scenario, then the reasons.
 *
 * @param outcomes Every outcome.
 * @returns Printable text.
 */
export function formatTable(outcomes: readonly Outcome[]): string {
  const agents = [...new Set(outcomes.map((o) => `${o.agent}@${o.version}`))];
  const ids = [...new Set(outcomes.map((o) => o.scenario))].sort((a, b) =>
    a - b
  );
  const cell = (o: Outcome | undefined) =>
    !o
      ? ""
      : o.status === "pass"
      ? `pass ${kb(o.bytes)}`
      : o.status === "fail"
      ? `FAIL ${kb(o.bytes)}`
      : "skipped";
  const rows = [
    ["agent", ...ids.map((id) => `S${id}`)],
    ...agents.map((name) => [
      name,
      ...ids.map((id) =>
        cell(
          outcomes.find((o) =>
            `${o.agent}@${o.version}` === name && o.scenario === id
          ),
        )
      ),
    ]),
  ];
  const widths = (rows[0] ?? []).map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? "").length))
  );
  const lines = rows.map((row) =>
    row.map((text, column) => text.padEnd(widths[column] ?? 0)).join(" | ")
  );
  lines.splice(1, 0, widths.map((w) => "-".repeat(w)).join("-|-"));
  const legend = ids.map((id) => `S${id}: ${titleOf(id)}`);
  const notes = outcomes.filter((o) => o.why).map((o) =>
    `${o.agent} S${o.scenario} ${o.status}: ${o.why}`
  );
  return [
    ...lines,
    "",
    "bytes: every model request of the scenario (request bodies)",
    ...legend,
    "",
    ...notes,
  ]
    .join("\n");
}

function titleOf(id: number): string {
  return SCENARIOS.find((s) => s.id === id)?.title ?? "";
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KB`;
}
