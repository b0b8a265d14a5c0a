/**
 * One run on a sandbox host: the request sent, the output captured under the
 * limits, the control files checked, and the outcome turned into a result.
 *
 * This module never starts a host (see `warm_hosts.ts`) or decides what a run
 * may do (see `_host_plan.ts`).
 *
 * @module
 */

import type { LanguageId } from "./_languages.ts";
import {
  type CapturedOutput,
  OutputCapture,
  type OutputSink,
} from "./_output.ts";
import { type ProcessOutcome, superviseProcess } from "./_process.ts";
import type { HostPlan, RunConfinement } from "./_host_types.ts";
import { hostRequest } from "./_host_request.ts";
import type { Host } from "./warm_hosts.ts";
import { HOST_SETUP_FAILED, HOST_SETUP_MARK } from "./_host_protocol.ts";
import { type ControlReport, guardControlFiles } from "./_control_guard.ts";
import { sourceText } from "./_source_text.ts";

/** A Worker's note on its heap limit. */
const OOM_PATTERN =
  /error: out of memory: the JavaScript heap limit of \d+ MB was reached/;
/** V8's own fatal report (a Deno process under Landlock). */
const V8_OOM = /Fatal JavaScript out of memory/;

/** What a run produced. */
export interface RunResult {
  /** The language that ran. */
  language: LanguageId;
  /** Standard output, head and tail when longer than the cap, with a marker line where bytes were dropped. */
  stdout: string;
  /** Standard error, bounded the same way. */
  stderr: string;
  /** The exit code, or `null` when a signal ended the process. */
  exitCode: number | null;
  /** The signal that ended the process (`"SIGKILL"` after a timeout), or `null`. */
  signal: string | null;
  /** Whether the timeout ended the run. */
  timedOut: boolean;
  /** Whether the JavaScript heap limit ended the run. */
  outOfMemory: boolean;
  /** Whether any output was dropped. */
  truncated: boolean;
  /** Wall-clock time of the run, build step included. */
  durationMs: number;
  /** Bytes the code wrote to stdout and stderr. */
  bytesProduced: number;
  /** Bytes of stdout and stderr kept. */
  bytesReturned: number;
  /** Bytes dropped from the middle of stdout and stderr. */
  droppedBytes: number;
  /** Lines dropped from the middle of stdout and stderr. */
  droppedLines: number;
  /**
   * How the run was confined: `"bwrap"` a user and mount namespace without
   * capabilities (plus Deno's permissions for JavaScript), `"landlock"` the
   * kernel's file access rules (plus Deno's permissions for JavaScript),
   * `"permissions"` Deno's permissions only, `"none"` an ordinary subprocess.
   */
  confinement: RunConfinement;
  /** Control files (project-relative) the run changed and that were put back; the run then fails. */
  controlFilesRestored: string[];
  /** Control files the run changed that could not be put back, each with why; the run then fails. */
  controlFilesNotRestored: string[];
}

/** What one host run gave back. */
export interface HostAttempt {
  outcome: ProcessOutcome;
  stdout: CapturedOutput;
  stderr: CapturedOutput;
  /** The control files the run changed: put back, or not. */
  control: ControlReport;
  /** Why the host could not confine itself, when it could not. */
  setupFailure?: string;
}

/**
 * Sends a host its run (the code travels in the request), waits for it under
 * the limits, and puts back any control file it changed.
 *
 * @param host A started host; it is cleaned up here.
 * @param code The source text.
 * @param file For exec-file: the target (real path inside the project).
 * @param limits Deadline, output and memory caps, abort signal, stdout sink.
 * @returns What the run gave back.
 */
export async function runOnHost(
  host: Host,
  code: string,
  file: string | undefined,
  limits: {
    deadline: number;
    maxOutputBytes: number;
    memoryMb: number;
    signal: AbortSignal | undefined;
    stdoutSink: OutputSink | undefined;
  },
): Promise<HostAttempt> {
  const { plan } = host;
  try {
    const isJs = plan.language === "javascript" ||
      plan.language === "typescript";
    const text = isJs
      ? code
      : sourceText(plan.language, code, file !== undefined, Deno.build.os);
    const capture = {
      stdout: new OutputCapture(limits.maxOutputBytes, {
        sink: limits.stdoutSink,
      }),
      stderr: new OutputCapture(limits.maxOutputBytes),
    };
    // What the host mounted read-only cannot change; a control file made since its start can.
    // The spec the host's mounts were made from is the baseline's: one search per run.
    const spec = plan.controlSpec;
    delete plan.controlSpec;
    const cleanUp = guardControlFiles(plan.project, spec);
    let outcome: ProcessOutcome;
    let control: ControlReport;
    try {
      outcome = await superviseProcess(host.process, {
        timeoutMs: Math.max(1, limits.deadline - performance.now()),
        capture,
        signal: limits.signal,
        input: hostRequest(plan, text, file),
        doneMark: true,
        namespaceInit: plan.confinement === "bwrap",
        memoryMb: limits.memoryMb,
      });
    } finally {
      // Put the control files back even when the run was aborted.
      control = cleanUp();
    }
    const stdout = capture.stdout.finish();
    const stderr = capture.stderr.finish();
    const attempt: HostAttempt = { outcome, stdout, stderr, control };
    if (outcome.exitCode === HOST_SETUP_FAILED) {
      const line = stderr.text.split("\n").find((text) =>
        text.startsWith(HOST_SETUP_MARK)
      );
      if (line) {
        attempt.setupFailure = line.slice(HOST_SETUP_MARK.length).trim();
      }
    }
    return attempt;
  } finally {
    await host.cleanup();
  }
}

/**
 * Turns a host run into the run's result.
 *
 * @param language The language that ran.
 * @param attempt What the host run gave back.
 * @param plan The host's plan (its confinement).
 * @param started When the run started (`performance.now()`).
 * @param js Whether it was JavaScript, its heap limit and the memory cap.
 * @returns The result.
 */
export function finishRun(
  language: LanguageId,
  attempt: HostAttempt,
  plan: HostPlan,
  started: number,
  js: { isJs: boolean; heapMb: number; memoryMb: number },
): RunResult {
  const { outcome, stdout, stderr } = attempt;
  const failed = outcome.exitCode !== 0 && !outcome.timedOut;
  const outOfMemory = outcome.outOfMemory || (failed &&
    (OOM_PATTERN.test(stderr.text) || (js.isJs && V8_OOM.test(stderr.text))));
  let stderrText = stderr.text;
  if (outcome.outOfMemory) {
    stderrText +=
      `error: out of memory: the run used more than ${js.memoryMb} MB\n`;
  }
  if (js.isJs && outOfMemory && V8_OOM.test(stderrText)) {
    // V8's report (GC traces, a C stack) says nothing the agent can use; keep what came before it.
    const before = (stderrText.split("<--- Last few GCs --->")[0] ?? "")
      .trimEnd();
    stderrText = `${
      before ? `${before}\n` : ""
    }error: out of memory: the JavaScript heap limit of ${js.heapMb} MB was reached\n`;
  }
  const { restored, failed: notRestored } = attempt.control;
  if (restored.length > 0) {
    stderrText +=
      `error: the run changed control files, which runs may not write; they were put back: ${
        restored.join(", ")
      }\n`;
  }
  if (notRestored.length > 0) {
    stderrText +=
      `error: the run changed control files, which runs may not write, and these could not be put back as they were: ${
        notRestored.join(", ")
      }\n`;
  }
  const changed = restored.length + notRestored.length > 0;
  return {
    language,
    stdout: stdout.text,
    stderr: stderrText,
    exitCode: changed && outcome.exitCode === 0 ? 1 : outcome.exitCode,
    signal: outcome.signal,
    timedOut: outcome.timedOut,
    outOfMemory,
    truncated: stdout.droppedBytes + stderr.droppedBytes > 0,
    durationMs: Math.round(performance.now() - started),
    bytesProduced: stdout.bytesProduced + stderr.bytesProduced,
    bytesReturned: stdout.bytesKept + stderr.bytesKept,
    droppedBytes: stdout.droppedBytes + stderr.droppedBytes,
    droppedLines: stdout.droppedLines + stderr.droppedLines,
    confinement: plan.confinement,
    controlFilesRestored: restored,
    controlFilesNotRestored: notRestored,
  };
}
