/**
 * Batch runs: several shell commands at once (bounded concurrency, results in
 * the order given), each output indexed under its label, then every query
 * answered against those outputs in one go.
 *
 * A failing command never stops the others, and neither does a refused one:
 * a caller's check (the guard policy) can refuse commands, which are then
 * reported in their place with the refusal and never run.
 *
 * @module
 */

import type { KnowledgeBase, QueryResult } from "../store/knowledge_base.ts";
import { runCode, type RunOptions, type RunResult } from "./run_code.ts";
import { DEFAULT_MAX_SPOOL_BYTES, OutputSpool } from "./output_spool.ts";

/** One command of a batch. */
export interface BatchCommand {
  /** The label its output is indexed under. */
  label: string;
  /** Shell code. */
  command: string;
}

/** What one command of a batch did. */
export interface BatchCommandSummary {
  /** Its label. */
  label: string;
  /** Its exit code (null when killed). */
  exitCode: number | null;
  /** Whether it hit the timeout. */
  timedOut: boolean;
  /** Bytes it printed (stdout and stderr). */
  bytes: number;
  /** Chunks its output was indexed as (0 when it printed nothing). */
  chunks: number;
  /** Secrets scrubbed from its output before indexing. @default {0} */
  scrubbed?: number;
  /** Bytes of its stdout past the index cap, not indexed. */
  notIndexedBytes?: number;
  /** Why it could not run, when it could not. */
  error?: string;
}

/** The outcome of a batch. */
export interface BatchResult {
  /** One summary per command, in the order given. */
  commands: BatchCommandSummary[];
  /** One result per query, in the order given. */
  results: QueryResult[];
}

/** Options of a batch. */
export interface BatchOptions extends RunOptions {
  /** How many commands run at once, 1 to 8. @default {4} */
  concurrency?: number;
  /** Per-command timeout in milliseconds. @default {30000} */
  timeoutMs?: number;
  /** Hits per query. @default {3} */
  limit?: number;
  /** The size cap of each snippet, in characters. @default {400} */
  snippetChars?: number;
  /** Prefix of every label in the knowledge base. @default {"batch:"} */
  labelPrefix?: string;
  /** Bytes of each command's stdout indexed; the rest is counted. @default {67_108_864} */
  maxIndexBytes?: number;
  /**
   * Judges each command, in order, before any runs: a refusal text keeps the
   * command from running and becomes its `error`; null lets it run.
   * @default {undefined}
   */
  refuse?: (command: string) => string | null;
}

/**
 * Runs the commands, indexes their output and answers the queries.
 *
 * @param request The commands, the queries and the project directory.
 * @param kb The knowledge base the outputs go into.
 * @param options Concurrency, timeout, hit limit, a check per command, run options.
 * @returns A summary per command and a result per query.
 * @throws {Error} When the check refuses every command.
 */
export async function runBatch(
  request: {
    commands: readonly BatchCommand[];
    queries: readonly string[];
    projectDir: string;
  },
  kb: KnowledgeBase,
  options: BatchOptions = {},
): Promise<BatchResult> {
  const concurrency = options.concurrency ?? 4;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 8) {
    throw new RangeError(
      `Cannot run a batch with concurrency "${concurrency}": use 1 to 8`,
    );
  }
  if (request.commands.length === 0) {
    throw new TypeError("Cannot run a batch: no commands given");
  }
  const labels = request.commands.map((command) => command.label.trim());
  const duplicate = labels.find((label, i) =>
    !label || labels.indexOf(label) !== i
  );
  if (duplicate !== undefined) {
    throw new TypeError(
      `Cannot run a batch with label "${duplicate}": labels must be unique and non-empty`,
    );
  }
  const refusals = request.commands.map(({ command }) =>
    options.refuse?.(command) ?? null
  );
  if (refusals.every((refusal) => refusal !== null)) {
    throw new Error(
      `Cannot run the batch: every command is refused. ${refusals[0]}`,
    );
  }
  const prefix = options.labelPrefix ?? "batch:";
  const summaries: BatchCommandSummary[] = new Array(request.commands.length);
  const runnable = refusals.flatMap((refusal, index) => {
    if (refusal === null) return [index];
    summaries[index] = {
      label: labels[index]!,
      exitCode: null,
      timedOut: false,
      bytes: 0,
      chunks: 0,
      error: refusal,
    };
    return [];
  });
  let next = 0;
  const worker = async () => {
    while (next < runnable.length) {
      const index = runnable[next++]!;
      summaries[index] = await runOne(
        request.commands[index]!,
        prefix,
        request.projectDir,
        kb,
        options,
      );
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(concurrency, runnable.length) }, worker),
  );
  const sources = labels.map((label) => prefix + label);
  const results = request.queries.length > 0
    ? kb.search(request.queries, {
      source: sources,
      limit: options.limit ?? 3,
      snippetChars: options.snippetChars ?? 400,
    })
    : [];
  return { commands: summaries, results };
}

async function runOne(
  command: BatchCommand,
  prefix: string,
  projectDir: string,
  kb: KnowledgeBase,
  options: BatchOptions,
): Promise<BatchCommandSummary> {
  const label = command.label.trim();
  await using spool = new OutputSpool({
    maxBytes: options.maxIndexBytes ?? DEFAULT_MAX_SPOOL_BYTES,
  });
  let run: RunResult;
  try {
    run = await runCode(
      {
        language: "shell",
        code: command.command,
        projectDir,
        ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}),
      },
      { ...options, stdoutSink: spool },
    );
  } catch (error) {
    const message = error instanceof Error
      ? error.message.split("\n")[0] ?? ""
      : String(error);
    return {
      label,
      exitCode: null,
      timedOut: false,
      bytes: 0,
      chunks: 0,
      error: message,
    };
  }
  // The whole stdout from the spool (what the capture kept if spooling failed), then stderr.
  const stderr = run.stderr ? `\n[stderr]\n${run.stderr}` : "";
  const fromSpool = spool.spooledBytes > 0;
  const receipt = run.stdout.trim() || stderr.trim() || run.truncated
    ? await kb.indexStream(
      { label: prefix + label, origin: command.command, kind: "text" },
      withTail(
        fromSpool ? spool.read() : once(run.stdout),
        stderr,
      ),
      { signal: options.signal },
    )
    : undefined;
  return {
    label,
    exitCode: run.exitCode,
    timedOut: run.timedOut,
    bytes: run.bytesProduced,
    chunks: receipt?.chunks ?? 0,
    scrubbed: receipt?.scrubbed ?? 0,
    ...(spool.skippedBytes > 0 && fromSpool
      ? { notIndexedBytes: spool.skippedBytes }
      : {}),
  };
}

async function* once(text: string): AsyncGenerator<Uint8Array> {
  yield new TextEncoder().encode(text);
}

async function* withTail(
  pieces: AsyncIterable<Uint8Array>,
  tail: string,
): AsyncGenerator<Uint8Array> {
  yield* pieces;
  if (tail) yield new TextEncoder().encode(tail);
}
