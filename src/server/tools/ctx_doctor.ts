/**
 * `ctx_doctor`: the installation checklist, from inside the server.
 *
 * @module
 */

import type { McpServer } from "../_sdk.ts";
import {
  READ_ONLY_ANNOTATIONS,
  type ServerDeps,
  toolHandler,
} from "../_tool.ts";
import { formatDoctor, runDoctor } from "../doctor.ts";
import { networkPolicy } from "../../config/network_policy.ts";
import { confinementReport, detectLanguages } from "../../sandbox/mod.ts";
import { loadToolPolicy } from "./_policy.ts";

/** Registers `ctx_doctor`. */
export function registerCtxDoctorTool(
  server: McpServer,
  deps: ServerDeps,
): void {
  server.registerTool(
    "ctx_doctor",
    {
      title: "Check the ctx-mode installation",
      description:
        "Run ctx-mode's checklist: Deno version, SQLite with FTS5 and trigram, data home writable, languages the sandbox can run, the project directory, the connected client, and the safety guard's level and permission rule files. Use when a ctx tool fails unexpectedly or the user asks whether ctx-mode is set up.",
      inputSchema: {},
      annotations: READ_ONLY_ANNOTATIONS,
    },
    toolHandler(deps, "ctx_doctor", async () => {
      const client = deps.clientInfo();
      const checks = runDoctor({
        version: deps.version,
        dataHome: deps.dataHome,
        projectDir: deps.projectDir,
        databasePath: deps.databasePath,
        languages: await detectLanguages({ env: deps.env, versions: true }),
        sandbox: await confinementReport(deps.env),
        network: networkPolicy(deps.env, {
          dataHome: deps.dataHome,
          projectDir: deps.projectDir,
        }),
        client: client
          ? { name: client.name, version: client.version }
          : undefined,
        platform: deps.describePlatform?.(client?.name),
        platformChecks: await deps.platformChecks?.(client?.name),
        policy: loadToolPolicy(deps),
      });
      return { text: formatDoctor(checks), handled: 0 };
    }),
  );
}
