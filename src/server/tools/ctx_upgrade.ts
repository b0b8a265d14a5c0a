/**
 * `ctx_upgrade`: the installed version and the exact commands that upgrade
 * this install. It changes nothing itself.
 *
 * @module
 */

import { existsSync } from "node:fs";
import type { McpServer } from "../_sdk.ts";
import {
  READ_ONLY_ANNOTATIONS,
  type ServerDeps,
  toolHandler,
} from "../_tool.ts";
import { upgradeAdvice } from "../upgrade_advice.ts";

/** Registers `ctx_upgrade`. */
export function registerCtxUpgradeTool(
  server: McpServer,
  deps: ServerDeps,
): void {
  server.registerTool(
    "ctx_upgrade",
    {
      title: "How to upgrade ctx-mode",
      description:
        "Tell the installed ctx-mode version, how it was installed (binary, JSR, git clone) and the exact commands that upgrade it. Changes nothing; show the commands to the user.",
      inputSchema: {},
      annotations: READ_ONLY_ANNOTATIONS,
    },
    toolHandler(deps, "ctx_upgrade", () => {
      const advice = upgradeAdvice({
        mainModule: Deno.mainModule,
        execPath: Deno.execPath(),
        os: Deno.build.os,
        exists: existsSync,
      });
      return {
        text: [
          `ctx-mode ${deps.version}, ${advice.where}.`,
          "To upgrade, run:",
          ...advice.commands.map((command, i) => `${i + 1}. ${command}`),
          "Then restart the agent so it starts the new server.",
        ].join("\n"),
        handled: 0,
      };
    }),
  );
}
