/**
 * A server stand-in for `foreign_child_test.ts`: starts a child of its own
 * the plain way (not as a run), then a run that times out (which makes the
 * server sweep up what the run's host left), and prints how its own child
 * ended once it stops it: the sweep must not have killed or reaped it.
 *
 * @module
 */

import { runCode } from "../../src/sandbox/mod.ts";

const project = Deno.args[0]!;
const own = new Deno.Command("sleep", {
  args: ["60"],
  stdin: "null",
  stdout: "null",
  stderr: "null",
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
// Alive still: the run's sweep left it alone.
const alive = (() => {
  try {
    const stat = Deno.readTextFileSync(`/proc/${own.pid}/stat`);
    return !stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
  } catch {
    return false;
  }
})();
own.kill("SIGTERM");
let ended: string;
try {
  const status = await own.status;
  ended = `signal=${status.signal}`;
} catch (error) {
  ended = `error=${error instanceof Error ? error.message : String(error)}`;
}
const line = JSON.stringify({
  timedOut: run.timedOut,
  confinement: run.confinement,
  alive,
  ended,
});
Deno.stdout.writeSync(new TextEncoder().encode(line + "\n"));
