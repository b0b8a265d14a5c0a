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
  shapeSpooledOutput,
} from "../../sandbox/shape_output.ts";
import { OutputSpool } from "../../sandbox/output_spool.ts";
import { formatBytes } from "../../store/format_bytes.ts";
import {
  maxIndexBytesFromEnv,
  runOptionsFromEnv,
} from "../../sandbox/options_from_env.ts";
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
  // Spooled stdout is indexed whole: the shaped text says what it left out.
  if (run.truncated && !shaped.spooled) {
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
 * `ctx_execute` and `ctx_execute_file`. Shell code is checked against the
 * project's and the user's guard policy first.
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
  if (shell) {
    enforcePolicy(deps, {
      tool: request.tool,
      request: { kind: "shell", command: request.code },
    });
  }
  await using spool = new OutputSpool({
    maxBytes: maxIndexBytesFromEnv(deps.env),
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
      ...(shell ? { guard: false } : {}),
      stdoutSink: spool,
    },
  );
  const shaped = await shapeSpooledOutput(run.stdout, spool, {
    intent: request.intent,
    kb: deps.knowledgeBase(),
    source: request.source,
    signal: deps.signal,
  });
  return { text: runReport(run, shaped), produced: run.bytesProduced };
}
