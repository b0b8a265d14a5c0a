/**
 * `ctx-mode statusline`: the agent's status line command. Reads the status
 * line JSON on stdin and prints one line; prints nothing and exits 0 on
 * anything unexpected, so a status bar never shows an error.
 *
 * @module
 */

import type { Command } from "./_context.ts";
import { statusLine } from "../statusline/status_line.ts";

const USAGE = `Usage: ctx-mode statusline

Claude Code's status line command: reads its status line JSON on stdin and
prints one line: the bytes ctx-mode kept out of context this session, the share
kept out, the project's knowledge base size, and a warning (⚠) when the
project's MCP server is not running or the safety guard denied a call in the
last minute. Prints nothing on input it cannot read.

Set it in ~/.claude/settings.json:
  "statusLine": {"type": "command", "command": "ctx-mode statusline"}
`;

/** How long to wait for the payload, in milliseconds. */
const STDIN_TIMEOUT_MS = 2_000;

/** The `statusline` command. */
export const command: Command = {
  usage: USAGE,
  async run(_args, context) {
    if (context.stdinIsTerminal) return 0;
    try {
      const bytes = await context.readStdin(STDIN_TIMEOUT_MS);
      if (!bytes || bytes.length > 1_048_576) return 0;
      const line = await statusLine(new TextDecoder().decode(bytes), {
        env: context.env,
      });
      if (line !== undefined) await context.out(`${line}\n`);
    } catch {
      // A status line fails silent.
    }
    return 0;
  },
};
