/**
 * The agent CLIs `deno task e2e` installed (pinned, in its cache outside the
 * repository), for the install tests that drive a real agent: found there,
 * or a skip reason that says how to get them.
 *
 * @module
 */

import { join } from "node:path";
import { type Agent, agentCache } from "../e2e/_agent.ts";

/** Each agent's executable in the e2e cache, or why the test skips. */
export function cachedAgents(
  agents: readonly Agent[],
): { bins: Record<string, string> } | { skip: string } {
  const bins: Record<string, string> = {};
  const missing: string[] = [];
  for (const agent of agents) {
    const { name, version, bin } = agent.npm;
    const path = join(
      agentCache(),
      `${name.replace(/^@/, "").replace("/", "+")}@${version}`,
      "node_modules/.bin",
      bin,
    );
    try {
      Deno.statSync(path);
      bins[agent.name] = path;
    } catch {
      missing.push(`${name}@${version}`);
    }
  }
  return missing.length === 0 ? { bins } : {
    skip: `${missing.join(", ")} not in ${agentCache()} (deno task e2e ${
      agents.map((agent) => agent.name).join(" ")
    } installs them)`,
  };
}
