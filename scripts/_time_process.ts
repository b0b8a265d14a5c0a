/**
 * Times a Deno subprocess from spawn to exit, fed a payload on stdin: the
 * measure of every "process" row in the benchmarks.
 *
 * @module
 */

import { percentile } from "./_table.ts";

/**
 * Runs `deno <args>` `runs + 1` times and times each run after the first
 * (which warms the module cache).
 *
 * @param args The arguments after the Deno executable.
 * @param stdin What the process reads on stdin.
 * @param env The process's whole environment.
 * @param runs How many timed runs.
 * @param cwd The working directory. @default {this process's}
 * @returns The times in milliseconds, sorted ascending.
 */
export async function timeProcess(
  args: string[],
  stdin: string,
  env: Record<string, string>,
  runs: number,
  cwd?: string,
): Promise<number[]> {
  const [times] = await timeProcesses([{ args, stdin, env, cwd }], runs);
  return times!;
}

/** One process to time: `deno <args>` fed `stdin`. */
export interface TimedProcess {
  args: string[];
  stdin: string;
  /** The process's whole environment. */
  env: Record<string, string>;
  /** The working directory. @default {this process's} */
  cwd?: string | undefined;
  /** Waits for what must be so before each run (not timed). @default {undefined} */
  before?: (() => Promise<void>) | undefined;
}

/**
 * Times several processes side by side: each round runs every one of them
 * once, in turn, so that a change in the machine's load weighs on all of them
 * alike and their ratios hold. The first round warms the module cache.
 *
 * @param processes What to run.
 * @param runs How many timed rounds.
 * @returns Per process, the times in milliseconds, sorted ascending.
 */
export async function timeProcesses(
  processes: readonly TimedProcess[],
  runs: number,
): Promise<number[][]> {
  const rounds = await timeRounds(processes, runs);
  return rounds.map((list) => list.toSorted((a, b) => a - b));
}

/**
 * {@linkcode timeProcesses}, the times left in the order of the rounds, so
 * that the processes of one round can be compared with each other.
 *
 * @param processes What to run.
 * @param runs How many timed rounds.
 * @returns Per process, the time of each round in milliseconds.
 */
export async function timeRounds(
  processes: readonly TimedProcess[],
  runs: number,
): Promise<number[][]> {
  const times: number[][] = processes.map(() => []);
  for (let i = 0; i <= runs; i++) {
    for (const [index, process] of processes.entries()) {
      await process.before?.();
      const elapsed = await timeOnce(process);
      if (i > 0) times[index]!.push(elapsed);
    }
  }
  return times;
}

/**
 * The median, over rounds, of one process's time over another's in the same
 * round: the load of the moment weighs on both, so the ratio holds where a
 * ratio of two medians drifts with the machine.
 *
 * @param times The process's times, round by round.
 * @param base The other's, round by round.
 * @returns The median ratio.
 */
export function pairedRatio(
  times: readonly number[],
  base: readonly number[],
): number {
  const ratios = times.map((time, round) => time / base[round]!)
    .sort((a, b) => a - b);
  return percentile(ratios, 50);
}

async function timeOnce(process: TimedProcess): Promise<number> {
  const started = performance.now();
  const child = new Deno.Command(Deno.execPath(), {
    args: process.args,
    env: process.env,
    ...(process.cwd === undefined ? {} : { cwd: process.cwd }),
    stdin: "piped",
    stdout: "null",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(process.stdin));
  await writer.close();
  await child.status;
  return performance.now() - started;
}
