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
  shapeSpooledOutput,
} from "../../sandbox/shape_output.ts";
import { OutputSpool } from "../../sandbox/output_spool.ts";
import { formatBytes } from "../../store/format_bytes.ts";
import { scrubbedNote } from "../../store/scrub_secrets.ts";
import {
  maxIndexBytesFromEnv,
  runOptionsFromEnv,
} from "../../sandbox/options_from_env.ts";
import { resolveLanguage } from "../../sandbox/languages.ts";
import { enforcePolicy } from "./_policy.ts";
import { formatCount } from "../../store/format_count.ts";
import { outputDigest } from "../../shrink/output_digest.ts";

const STDERR_BYTES = 2048;

/** What else a run report says: secrets scrubbed, output that could not be indexed. */
export interface RunNotes {
  /** How many secrets were scrubbed from the output. @default {0} */
  scrubbed?: number;
  /** Why large output was not indexed. @default {undefined} */
  notIndexed?: string | undefined;
}

/** The text of a run for the context window. */
export function runReport(
  run: RunResult,
  shaped: ShapedOutput,
  extra: RunNotes = {},
): string {
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
      `output over the capture cap: ${formatBytes(run.droppedBytes)} (${
        formatCount(run.droppedLines, "line")
      }) dropped from the middle`,
    );
  }
  if (extra.scrubbed) notes.push(scrubbedNote(extra.scrubbed));
  if (extra.notIndexed && shaped.mode !== "whole") {
    notes.push(`not indexed: ${extra.notIndexed}`);
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
): Promise<{ text: string; produced: number; meta: Record<string, unknown> }> {
  const shell = isShell(request.language, deps.env);
  enforcePolicy(deps, {
    tool: request.tool,
    request: shell
      ? { kind: "shell", command: request.code }
      : { kind: "code", language: request.language, code: request.code },
  });
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
      warm: deps.warmHosts,
      // Checked above with the policy (level, switched-off rules, permission rules).
      guard: false,
      stdoutSink: spool,
    },
  );
  const stdout = deps.scrubber.scrub(run.stdout);
  const stderr = deps.scrubber.scrub(run.stderr);
  const source = deps.scrubber.scrub(request.source).text;
  const clean = { ...run, stdout: stdout.text, stderr: stderr.text };
  const { shaped, notIndexed } = await shapeSafely(deps, stdout.text, spool, {
    intent: request.intent,
    source,
  });
  return {
    text: runReport(clean, shaped, {
      scrubbed: stdout.count + stderr.count,
      notIndexed,
    }),
    produced: run.bytesProduced,
    // Which confinement this run had: never silent when weaker than bubblewrap.
    meta: { "ctx-mode/confinement": run.confinement },
  };
}

/**
 * Shapes output with the knowledge base, or without it when the knowledge
 * base cannot be opened or written: a broken database never costs a run its
 * output. A damaged file is moved aside on the way (the tool result says so).
 */
async function shapeSafely(
  deps: ServerDeps,
  output: string,
  spool: OutputSpool,
  options: { intent: string | undefined; source: string },
): Promise<{ shaped: ShapedOutput; notIndexed?: string }> {
  try {
    return {
      // The whole stdout is indexed from the spool (scrubbed on the way in).
      shaped: await shapeSpooledOutput(output, spool, {
        ...options,
        digest: (whole, maxBytes) =>
          outputDigest(
            whole,
            maxBytes,
            (line) => deps.scrubber.scrub(line).text,
          ),
        kb: deps.knowledgeBase(),
        signal: deps.signal,
      }),
    };
  } catch (error) {
    deps.keeper.recover(error);
    const message = error instanceof Error ? error.message : String(error);
    return {
      shaped: shapeOutput(output, options),
      notIndexed: message.split("\n")[0] ?? message,
    };
  }
}
