/**
 * A server stand-in for `foreign_child_test.ts`: starts two children of its
 * own the plain way (not as a run), one of them under a seccomp filter of its
 * own (as a program that confines itself is), then a run that times out
 * (which makes the server sweep up what the run's host left), and prints how
 * its own children ended once it stops them: the sweep must not have killed
 * or reaped either.
 *
 * @module
 */

import { runCode } from "../../src/sandbox/mod.ts";

const [project, underFilter] = Deno.args as [string, string];
const quiet = { stdin: "null", stdout: "null", stderr: "null" } as const;
const own = new Deno.Command("sleep", { args: ["60"], ...quiet }).spawn();
const confinedItself = new Deno.Command("/usr/bin/python3", {
  args: ["-c", underFilter, "/bin/sleep", "60"],
  ...quiet,
}).spawn();
const run = await runCode(
  {
    language: "shell",
    code: "echo ran; sleep 30",
    projectDir: project,
    timeoutMs: 1_000,
  },
  { confine: "landlock", guard: false },
);
/** Whether the child is alive still (the run's sweep left it alone), then how it ends when stopped. */
async function fate(child: Deno.ChildProcess): Promise<[boolean, string]> {
  let alive = false;
  try {
    const stat = await Deno.readTextFile(`/proc/${child.pid}/stat`);
    alive = !stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    // gone
  }
  try {
    child.kill("SIGTERM");
    return [alive, `signal=${(await child.status).signal}`];
  } catch (error) {
    return [alive, `error=${error instanceof Error ? error.message : error}`];
  }
}
const [alive, ended] = await fate(own);
const [confinedAlive, confinedEnded] = await fate(confinedItself);
const line = JSON.stringify({
  timedOut: run.timedOut,
  confinement: run.confinement,
  alive,
  ended,
  confinedAlive,
  confinedEnded,
});
Deno.stdout.writeSync(new TextEncoder().encode(line + "\n"));
