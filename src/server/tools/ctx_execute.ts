/**
 * `ctx_execute`: runs code in the sandbox; only what it prints (or, for large
 * output with an intent, the matching sections) enters the context.
 *
 * @module
 */

import { z } from "zod";
import type { McpServer } from "../_sdk.ts";
import { type ServerDeps, toolHandler } from "../_tool.ts";
import {
  MAX_LANGUAGE_CHARS,
  MAX_PHRASE_CHARS,
  MAX_TEXT_CHARS,
} from "./_limits.ts";
import {
  EXECUTE_ANNOTATIONS,
  runForTool,
  TIMEOUT_SCHEMA,
} from "./_run_report.ts";

/** The language names every execute tool accepts. */
export const LANGUAGE_HINT =
  "javascript, typescript, shell, python, ruby, go, rust, php, perl, r or elixir (aliases: js, ts, sh, bash, py, rb, pl)";

/** Registers `ctx_execute`. */
export function registerCtxExecuteTool(
  server: McpServer,
  deps: ServerDeps,
): void {
  server.registerTool(
    "ctx_execute",
    {
      title: "Run code in the sandbox",
      description:
        "Run code and get back only what it prints — use this instead of shell tools whenever output could be large (logs, test runs, API calls, data processing, `curl`, `gh`, `kubectl`, `git log`). " +
        "Process data inside the code and print just the answer. JavaScript/TypeScript run in a Deno sandbox limited to the project directory and the network; other languages run as subprocesses in the project directory. " +
        "Output over 5 KB is indexed for ctx_search; give `intent` (what you are looking for) to get only the matching sections back.",
      inputSchema: {
        language: z.string().max(MAX_LANGUAGE_CHARS).describe(LANGUAGE_HINT),
        code: z.string().max(MAX_TEXT_CHARS).describe(
          "The code to run; JS/TS may use top-level await",
        ),
        intent: z.string().max(MAX_PHRASE_CHARS).optional().describe(
          'What you want from large output, e.g. "failing tests and their errors"',
        ),
        timeout: TIMEOUT_SCHEMA,
      },
      annotations: EXECUTE_ANNOTATIONS,
    },
    toolHandler(
      deps,
      "ctx_execute",
      async ({ language, code, intent, timeout }) => {
        const { text, produced, meta } = await runForTool(deps, {
          tool: "ctx_execute",
          language,
          code,
          intent,
          timeout,
          source: `execute: ${firstLine(code)}`,
        });
        return { text, handled: produced, meta };
      },
    ),
  );
}

/** The first non-empty line of code, cut short, to label its output. */
export function firstLine(code: string): string {
  const line = code.split("\n").map((l) => l.trim()).find((l) => l !== "") ??
    "code";
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}
