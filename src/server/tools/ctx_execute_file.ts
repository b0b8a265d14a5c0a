/**
 * `ctx_execute_file`: analyses a file in the sandbox; the code sees the file's
 * path and content, and only what it prints comes back — never the file.
 *
 * @module
 */

import { isAbsolute, relative, resolve } from "node:path";
import { z } from "zod";
import type { McpServer } from "../_sdk.ts";
import { type ServerDeps, toolHandler } from "../_tool.ts";
import {
  MAX_LANGUAGE_CHARS,
  MAX_PATH_CHARS,
  MAX_PHRASE_CHARS,
  MAX_TEXT_CHARS,
} from "./_limits.ts";
import {
  EXECUTE_ANNOTATIONS,
  runForTool,
  TIMEOUT_SCHEMA,
} from "./_run_report.ts";
import { LANGUAGE_HINT } from "./ctx_execute.ts";
import { enforcePolicy } from "./_policy.ts";

/** Registers `ctx_execute_file`. */
export function registerCtxExecuteFileTool(
  server: McpServer,
  deps: ServerDeps,
): void {
  server.registerTool(
    "ctx_execute_file",
    {
      title: "Analyse a file in the sandbox",
      description:
        "Analyse a file without reading it into the context: your code gets the file's path in FILE_PATH and its text in FILE_CONTENT (and the project in PROJECT_DIR), and only what it prints comes back. " +
        "Use for logs, CSV/JSON data, large sources: count, filter, summarise, extract. Prefer this over reading a large file.",
      inputSchema: {
        path: z.string().max(MAX_PATH_CHARS).describe(
          "The file, relative to the project",
        ),
        language: z.string().max(MAX_LANGUAGE_CHARS).describe(LANGUAGE_HINT),
        code: z.string().max(MAX_TEXT_CHARS).describe(
          "Code that reads FILE_CONTENT (or FILE_PATH) and prints its findings",
        ),
        intent: z.string().max(MAX_PHRASE_CHARS).optional().describe(
          "What you want from large output",
        ),
        timeout: TIMEOUT_SCHEMA,
      },
      annotations: EXECUTE_ANNOTATIONS,
    },
    toolHandler(
      deps,
      "ctx_execute_file",
      async ({ path, language, code, intent, timeout }) => {
        const file = resolve(deps.projectDir, path);
        const inside = relative(deps.projectDir, file);
        if (inside.startsWith("..") || isAbsolute(inside)) {
          throw new Error(
            `Cannot analyse "${path}": it is outside the project ${deps.projectDir}`,
          );
        }
        enforcePolicy(deps, {
          tool: "ctx_execute_file",
          request: { kind: "read", path },
        });
        const size = (await Deno.stat(file).catch(() => {
          throw new Error(`Cannot analyse "${path}": no such file`);
        })).size;
        const { text, produced, meta } = await runForTool(deps, {
          tool: "ctx_execute_file",
          language,
          code,
          intent,
          timeout,
          source: `analysis: ${path}`,
          file,
        });
        return { text, handled: size + produced, meta };
      },
    ),
  );
}
