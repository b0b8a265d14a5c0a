/**
 * Times a Deno subprocess from spawn to exit, fed a payload on stdin: the
 * measure of every "process" row in the benchmarks.
 *
 * @module
 */

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
  const times: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const started = performance.now();
    const child = new Deno.Command(Deno.execPath(), {
      args,
      env,
      ...(cwd === undefined ? {} : { cwd }),
      stdin: "piped",
      stdout: "null",
      stderr: "null",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(stdin));
    await writer.close();
    await child.status;
    if (i > 0) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}
