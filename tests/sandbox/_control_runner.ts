/**
 * Runs control-file attacks through `runCode` in a process of its own, so
 * that a test can run them as another user (`setpriv`). Reads `{confine, env,
 * cases: [{project, setup?, runs, after?}]}` on stdin; for each case it runs
 * the setup (a plain shell command, not sandboxed), then the case's runs at
 * the same time (a run with `startAfter` waits until that file exists in the
 * project), then `after` (plain shell again, as the user would work in the
 * project later), and prints one JSON array of results.
 *
 * @module
 */

import { join } from "node:path";
import { hideFromSameUser, runCode } from "../../src/sandbox/mod.ts";

/** One sandboxed run of a case. */
export interface ControlRun {
  language: string;
  code: string;
  /** Start only once this project-relative file exists (at most 30 s). */
  startAfter?: string;
}

/** One attack: the project's state it needs, the runs, the user's work afterwards. */
export interface ControlCase {
  project: string;
  setup?: string;
  runs: ControlRun[];
  after?: string;
}

/** What one run got. */
export interface ControlRunResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  confinement: string;
  restored: string[];
  /** `runCode` refused the run or threw. */
  refused?: string;
}

/** What one case got. */
export interface ControlCaseResult {
  setupCode: number;
  runs: ControlRunResult[];
  /** The output of `after`. */
  after: string;
}

hideFromSameUser();
const input = JSON.parse(await new Response(Deno.stdin.readable).text()) as {
  confine: boolean | "landlock";
  env: Record<string, string>;
  cases: ControlCase[];
};
const env = { ...Deno.env.toObject(), ...input.env };

async function shell(script: string, cwd: string) {
  const output = await new Deno.Command("sh", {
    args: ["-c", script],
    cwd,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return {
    code: output.code,
    text: decode(output.stdout) + decode(output.stderr),
  };
}

async function waitFor(path: string): Promise<void> {
  const end = performance.now() + 30_000;
  while (performance.now() < end) {
    if (await Deno.lstat(path).then(() => true, () => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function run(project: string, spec: ControlRun) {
  if (spec.startAfter) await waitFor(join(project, spec.startAfter));
  try {
    const result = await runCode(
      {
        language: spec.language,
        code: spec.code,
        projectDir: project,
        timeoutMs: 60_000,
      },
      // The guard would refuse the literal attacks; the sandbox must hold without it.
      { confine: input.confine, env, guard: false },
    );
    return {
      stdout: result.stdout,
      stderr: result.stderr,
      exitCode: result.exitCode,
      confinement: result.confinement,
      restored: result.controlFilesRestored,
    };
  } catch (error) {
    return {
      stdout: "",
      stderr: "",
      exitCode: null,
      confinement: "",
      restored: [],
      refused: error instanceof Error ? error.message : String(error),
    };
  }
}

const results: ControlCaseResult[] = [];
for (const spec of input.cases) {
  const setup = spec.setup
    ? await shell(spec.setup, spec.project)
    : { code: 0, text: "" };
  const runs = await Promise.all(
    spec.runs.map((each) => run(spec.project, each)),
  );
  const after = spec.after ? (await shell(spec.after, spec.project)).text : "";
  results.push({
    setupCode: setup.code === 0 ? 0 : setup.code,
    runs,
    after: setup.code === 0 ? after : `setup failed: ${setup.text}\n${after}`,
  });
}
await Deno.stdout.write(new TextEncoder().encode(JSON.stringify(results)));
