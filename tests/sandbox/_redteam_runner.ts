/**
 * The red team's stand-in for the server: runs attacks through `runCode` in
 * a process of its own (so that a test can run it as another user), reading
 * one JSON {@link RedteamInput} on stdin and printing one JSON
 * {@link RedteamOutput}. Like the server it hides itself from processes of the
 * same user first. A setup and an after step run as plain shell commands, not
 * sandboxed, as the same user (the user's own work before and after the runs).
 *
 * @module
 */

import { hideFromSameUser, runCode } from "../../src/sandbox/mod.ts";

/** One run of hostile code. */
export interface RedteamRun {
  language: string;
  code: string;
  /** The project of this run, when not the input's. */
  projectDir?: string;
  timeoutMs?: number;
  maxMemoryMb?: number;
  /** Start this run without waiting for it, so that the next one overlaps it. */
  background?: boolean;
  /** Start only once this path (relative to the project, or absolute) exists. */
  startWhen?: string;
}

/** What the runner is asked to do. */
export interface RedteamInput {
  project: string;
  confine: boolean | "landlock";
  env: Record<string, string>;
  denyEnv: string[];
  setup?: string;
  runs: RedteamRun[];
  after?: string;
}

/** What one run got. */
export interface RedteamResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  confinement: string;
  timedOut: boolean;
  outOfMemory: boolean;
  restored: string[];
  /** `runCode` refused the run. */
  refused?: string;
}

/** Everything the runner saw. */
export interface RedteamOutput {
  setup: string;
  results: RedteamResult[];
  after: string;
}

async function shell(
  command: string,
  cwd: string,
  env: Record<string, string>,
): Promise<string> {
  const output = await new Deno.Command("sh", {
    args: ["-c", command],
    cwd,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return decode(output.stdout) + decode(output.stderr);
}

async function waitFor(path: string): Promise<void> {
  const end = performance.now() + 60_000;
  while (performance.now() < end) {
    if (await Deno.lstat(path).then(() => true, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function runOne(
  input: RedteamInput,
  run: RedteamRun,
  env: Record<string, string>,
): Promise<RedteamResult> {
  try {
    const result = await runCode(
      {
        language: run.language,
        code: run.code,
        projectDir: run.projectDir ?? input.project,
        timeoutMs: run.timeoutMs ?? 60_000,
      },
      // The sandbox must hold for code the safety guard cannot read.
      {
        confine: input.confine,
        env,
        guard: false,
        denyEnv: input.denyEnv,
        ...(run.maxMemoryMb ? { maxMemoryMb: run.maxMemoryMb } : {}),
      },
    );
    return {
      stdout: result.stdout,
      stderr: result.stderr,
      exitCode: result.exitCode,
      confinement: result.confinement,
      timedOut: result.timedOut,
      outOfMemory: result.outOfMemory,
      restored: result.controlFilesRestored,
    };
  } catch (error) {
    return {
      stdout: "",
      stderr: "",
      exitCode: null,
      confinement: "",
      timedOut: false,
      outOfMemory: false,
      restored: [],
      refused: error instanceof Error ? error.message : String(error),
    };
  }
}

if (import.meta.main) {
  hideFromSameUser();
  const input = JSON.parse(
    await new Response(Deno.stdin.readable).text(),
  ) as RedteamInput;
  const env = { ...Deno.env.toObject(), ...input.env };
  const output: RedteamOutput = { setup: "", results: [], after: "" };
  if (input.setup) output.setup = await shell(input.setup, input.project, env);
  const pending: Promise<RedteamResult>[] = [];
  for (const run of input.runs) {
    if (run.startWhen) {
      await waitFor(
        run.startWhen.startsWith("/")
          ? run.startWhen
          : `${input.project}/${run.startWhen}`,
      );
    }
    const result = runOne(input, run, env);
    pending.push(result);
    if (!run.background) await result;
  }
  output.results = await Promise.all(pending);
  if (input.after) output.after = await shell(input.after, input.project, env);
  await Deno.stdout.write(new TextEncoder().encode(JSON.stringify(output)));
}
