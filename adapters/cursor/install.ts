/**
 * Cursor: the MCP server in `mcp.json` and hooks in `hooks.json` (version 1,
 * flat entries), in `.cursor/` of the project or of the home directory;
 * routing instructions in the project's `AGENTS.md` (Cursor has no user
 * instruction file).
 *
 * Data only.
 *
 * @module
 */

import { join } from "node:path";
import { hookLine, instructionsBlock, serverCommand } from "../_kit/install.ts";
import type {
  InstallTarget,
  Registration,
  RegistrationInput,
} from "../../src/install/types.ts";

/** Cursor. */
export const cursor: InstallTarget = {
  name: "cursor",
  title: "Cursor",
  defaultScope: "user",
  scopes: ["user", "project"],
  binaries: ["cursor", "cursor-agent"],
  configDirs: (where) => [join(where.home, ".cursor")],
  hooksReady: true,
  // As the Cursor adapter registers them (configs/cursor/hooks.json).
  hooks: [
    {
      event: "preToolUse",
      matcher: "Shell|Read|Grep|Glob|WebFetch|Task|Write|Edit|MCP:.*",
      extra: { timeout: 30 },
    },
    { event: "postToolUse", extra: { timeout: 30 } },
    { event: "postToolUseFailure", extra: { timeout: 30 } },
    { event: "preCompact", extra: { timeout: 30 } },
    { event: "sessionStart", extra: { timeout: 30 } },
    { event: "beforeSubmitPrompt", extra: { timeout: 30 } },
  ],
  registrations({ scope, where, launch }: RegistrationInput): Registration[] {
    const dir = join(
      scope === "project" ? where.projectDir : where.home,
      ".cursor",
    );
    return [
      {
        kind: "json-member",
        path: join(dir, "mcp.json"),
        format: "json",
        key: ["mcpServers", "ctx-mode"],
        value: serverCommand(launch),
      },
      {
        kind: "json-hooks",
        path: join(dir, "hooks.json"),
        format: "json",
        style: "flat",
        root: ["hooks"],
        agent: "cursor",
        hooks: cursor.hooksReady ? [...cursor.hooks] : [],
        preamble: { version: 1 },
        launchLine: hookLine(launch),
      },
      ...(scope === "project"
        ? [instructionsBlock(join(where.projectDir, "AGENTS.md"))]
        : []),
    ];
  },
};
