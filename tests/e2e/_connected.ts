/**
 * Scenarios 1 and 7: `ctx-mode install <agent> --yes` (from the clone, or
 * from the tree served over HTTP), then the agent's own MCP listing shows
 * ctx-mode connected and the model is offered its tools and gets an answer.
 *
 * @module
 */

import { mcpToolName } from "./_model_server.ts";
import type { Scenario, Verdict } from "./_scenarios.ts";
import type { Session } from "./_session.ts";

const CTX_TOOLS = ["ctx_execute", "ctx_search", "ctx_fetch_and_index"];
const MCP_LIST_ATTEMPTS = 3;

/**
 * Installs ctx-mode with `ctx-mode install <agent> --yes` (from the clone or
 * from the tree served over HTTP); the agent's own listing must show it
 * connected, and the model must be offered its tools and get an answer.
 */
async function installedAndConnected(
  session: Session,
  from: "clone" | "http",
): Promise<Verdict> {
  const unregistered = await session.register({ from });
  if (unregistered) return unregistered;
  // Some listings give a server a few seconds to answer; a loaded machine
  // can start it slower, so the listing gets three chances.
  let listed = "";
  for (let attempt = 0; attempt < MCP_LIST_ATTEMPTS; attempt++) {
    const listing = await session.agentCommand(session.agent.mcpListArgs);
    listed = listing.stdout + listing.stderr;
    if (session.agent.mcpListed(listed)) break;
  }
  if (!session.agent.mcpListed(listed)) {
    return `mcp list does not show ctx-mode connected: ${oneLine(listed)}`;
  }
  // The model calls one of ctx-mode's tools: connected means answered.
  await session.prompt("How much did ctx-mode save?", {
    steps: [
      {
        call: { role: "mcp", tool: "ctx_stats", args: {} },
        expect: (result) =>
          result.isError || !/ctx-mode/i.test(result.text)
            ? `ctx_stats did not answer: ${oneLine(result.text)}`
            : undefined,
      },
      { text: "done" },
    ],
  });
  // Offered with a schema, or listed by name as a deferred tool (loaded on demand).
  const requests = session.server.requests.map((r) => r.request);
  const offered = requests.flatMap((r) => r.tools);
  const missing = CTX_TOOLS.filter((tool) =>
    !mcpToolName(tool, offered) &&
    !requests.some((r) =>
      new RegExp(`"[\\w-]*ctx[\\w-]*_${tool}"`).test(r.text)
    )
  );
  return missing.length
    ? `the model was not offered ${missing.join(", ")}`
    : session.server.failure();
}

/** Scenario 1: `ctx-mode install` from the clone; the agent's own listing shows ctx-mode, the model gets its tools. */
export const mcpConnected: Scenario = {
  id: 1,
  title:
    "ctx-mode install (clone); mcp list shows it connected; tools reach the model",
  hooks: false,
  run: (session) => installedAndConnected(session, "clone"),
};

/** Scenario 7: the same, installed from the tree served over HTTP (as a JSR user runs it). */
export const mcpConnectedHttp: Scenario = {
  id: 7,
  title:
    "ctx-mode install run from the tree served over HTTP (as from JSR); same checks",
  hooks: false,
  run: (session) => installedAndConnected(session, "http"),
};

/**
 * Text on one line, cut at 300 characters, for a verdict.
 *
 * @param text Any output.
 * @returns One line.
 */
export function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > 300 ? `${line.slice(0, 300)}…` : line || "(nothing)";
}
