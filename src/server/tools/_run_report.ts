/**
 * How a sandbox run reads in a tool result: the shaped stdout, then, only
 * when they matter, the exit code, a timeout, truncation and the tail of
 * stderr.
 *
 * @module
 */

import { z } from "zod";
import { fromNumberText } from "../_lenient.ts";
import type { ServerDeps } from "../_tool.ts";
import { runCode, type RunResult } from "../../sandbox/mod.ts";
import {
  headAndTail,
  type ShapedOutput,
  shapeOutput,
} from "../../sandbox/shape_output.ts";
import { formatBytes } from "../../store/format_bytes.ts";
import { runOptionsFromEnv } from "../../sandbox/options_from_env.ts";
import { resolveLanguage } from "../../sandbox/languages.ts";
import { enforcePolicy } from "./_policy.ts";

const STDERR_BYTES = 2048;

/** The text of a run for the context window. */
export function runReport(run: RunResult, shaped: ShapedOutput): string {
  const parts: string[] = [];
  const body = shaped.text.trimEnd();
  parts.push(body === "" ? "(no output)" : body);
  const notes: string[] = [];
  if (run.timedOut) {
    notes.push(
      `timed out after ${
        (run.durationMs / 1000).toFixed(1)
      } s; the process group was killed`,
    );
  } else if (run.exitCode !== 0) {
    notes.push(`exit code ${run.exitCode ?? `none (signal ${run.signal})`}`);
  }
  if (run.truncated) {
    notes.push(
      `output over the capture cap: ${
        formatBytes(run.droppedBytes)
      } (${run.droppedLines} lines) dropped from the middle`,
    );
  }
  if (notes.length > 0) parts.push(`[${notes.join("; ")}]`);
  const stderr = run.stderr.trim();
  if (stderr && (run.exitCode !== 0 || run.timedOut || body === "")) {
    parts.push(`stderr:\n${headAndTail(stderr, STDERR_BYTES).text}`);
  }
  return parts.join("\n\n");
}

/** The `timeout` argument every execute tool takes. */
export const TIMEOUT_SCHEMA = fromNumberText(z.number().positive()).optional()
  .describe(
    "Seconds before the run is killed (default 30)",
  );

/** The annotations every execute tool carries: code can do anything the sandbox allows. */
export const EXECUTE_ANNOTATIONS = {
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: false,
  openWorldHint: true,
} as const;

function isShell(language: string, env: ServerDeps["env"]): boolean {
  try {
    return resolveLanguage(language, { env }) === "shell";
  } catch {
    // runCode reports the unknown language itself.
    return false;
  }
}

/**
 * Runs code for a tool and shapes what it printed: the common body of
 * `ctx_execute` and `ctx_execute_file`. The code is checked against the
 * project's and the user's guard policy first: shell code by the shell
 * rules, Python, JavaScript, Ruby, Perl and PHP call by call.
 *
 * @returns The text for the context and the bytes the run produced.
 */
export async function runForTool(
  deps: ServerDeps,
  request: {
    tool: string;
    language: string;
    code: string;
    intent: string | undefined;
    timeout: number | undefined;
    source: string;
    file?: string;
  },
): Promise<{ text: string; produced: number }> {
  const shell = isShell(request.language, deps.env);
  enforcePolicy(deps, {
    tool: request.tool,
    request: shell
      ? { kind: "shell", command: request.code }
      : { kind: "code", language: request.language, code: request.code },
  });
  const run = await runCode(
    {
      language: request.language,
      code: request.code,
      projectDir: deps.projectDir,
      ...(request.file === undefined ? {} : { file: { path: request.file } }),
      ...(request.timeout === undefined
        ? {}
        : { timeoutMs: Math.round(request.timeout * 1000) }),
    },
    {
      ...runOptionsFromEnv(deps.env),
      signal: deps.signal,
      // Checked above with the policy (level, switched-off rules, permission rules).
      guard: false,
    },
  );
  const shaped = shapeOutput(run.stdout, {
    intent: request.intent,
    kb: deps.knowledgeBase(),
    source: request.source,
  });
  return { text: runReport(run, shaped), produced: run.bytesProduced };
}
