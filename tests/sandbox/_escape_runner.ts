/**
 * Runs attacks through `runCode` in a process of its own, so that a test can
 * run them as another user (`setpriv`): reads `{project, confine, env,
 * attacks: [{setup?, language, code}]}` on stdin, runs each attack's setup
 * (a plain shell command, not sandboxed) and then the attack, and prints one
 * JSON array of results. Like the server, it hides itself from processes of
 * the same user first.
 *
 * @module
 */

import { hideFromSameUser, runCode } from "../../src/sandbox/mod.ts";

/** One attack: the project's state it needs, then the code that tries to get out. */
export interface Attack {
  setup?: string;
  language: string;
  code: string;
  /** The run's memory cap. @default {2048} */
  memoryMb?: number;
  /** The run's timeout. @default {60_000} */
  timeoutMs?: number;
}

/** What an attack got. */
export interface AttackResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  confinement: string;
  outOfMemory?: boolean;
  timedOut?: boolean;
  /** `runCode` refused the run. */
  refused?: string;
}

// As `ctx-mode serve` does at start.
hideFromSameUser();
const input = JSON.parse(await new Response(Deno.stdin.readable).text()) as {
  project: string;
  confine: boolean | "landlock";
  env: Record<string, string>;
  attacks: Attack[];
};
const env = { ...Deno.env.toObject(), ...input.env };
const results: AttackResult[] = [];
for (const attack of input.attacks) {
  if (attack.setup) {
    await new Deno.Command("sh", {
      args: ["-c", attack.setup],
      cwd: input.project,
      env,
      stdout: "null",
    }).output();
  }
  try {
    const run = await runCode(
      {
        language: attack.language,
        code: attack.code,
        projectDir: input.project,
        timeoutMs: attack.timeoutMs ?? 60_000,
      },
      // The guard would refuse the literal attacks; the sandbox must hold without it (code the guard cannot read).
      // PLANTED_TOKEN_VALUE stands for a secret the user denied to runs.
      {
        confine: input.confine,
        env,
        guard: false,
        denyEnv: ["PLANTED_TOKEN_VALUE"],
        ...(attack.memoryMb ? { maxMemoryMb: attack.memoryMb } : {}),
      },
    );
    results.push({
      stdout: run.stdout,
      stderr: run.stderr,
      exitCode: run.exitCode,
      confinement: run.confinement,
      outOfMemory: run.outOfMemory,
      timedOut: run.timedOut,
    });
  } catch (error) {
    results.push({
      stdout: "",
      stderr: "",
      exitCode: null,
      confinement: "",
      refused: error instanceof Error ? error.message : String(error),
    });
  }
}
await Deno.stdout.write(new TextEncoder().encode(JSON.stringify(results)));
