/**
 * A host for the Landlock tests. Before restricting, it starts what lies
 * outside the domain: a `cat` process (`$OUTSIDE_PID`) and a listener on an
 * abstract unix socket (`$ABSTRACT`, without the leading NUL). Then it
 * restricts its main thread (unless told not to), runs each command with
 * `sh -c` from that thread (`$HOST_PID` is its own pid) and prints one JSON
 * line with the outcome, the cost of the restriction, and each command's exit
 * code and output. Its argument is a JSON `FixtureInput`.
 *
 * @module
 */

import {
  landlockAbi,
  type LandlockOutcome,
  type LandlockRules,
  restrictCurrentThread,
} from "../../src/sandbox/_landlock.ts";
import { dropPowers } from "../../src/sandbox/_drop_powers.ts";

/** What the test asks for. */
export interface FixtureInput {
  restrict: boolean;
  rules: LandlockRules;
  commands: string[];
}

/** What the fixture prints. */
export interface FixtureOutput {
  outcome: LandlockOutcome | null;
  /** Microseconds `restrictCurrentThread` took (libc already loaded). */
  micros: number;
  results: { code: number; output: string }[];
}

const input = JSON.parse(Deno.args[0] ?? "") as FixtureInput;
// Once restricted, this process may not signal `outside`: it ends at stdin's end.
const outside = new Deno.Command("cat", {
  stdin: "piped",
  stdout: "null",
  stderr: "null",
}).spawn();
const abstract = `ctx-landlock-test-${Deno.pid}`;
const listener = Deno.listen({ transport: "unix", path: `\0${abstract}` });
Deno.env.set("OUTSIDE_PID", String(outside.pid));
Deno.env.set("HOST_PID", String(Deno.pid));
Deno.env.set("ABSTRACT", abstract);
landlockAbi();
const start = performance.now();
const outcome = input.restrict ? restrictCurrentThread(input.rules) : null;
const micros = Math.round((performance.now() - start) * 1000);
// As the sandbox host does: no capability left to trace the host with, even as root.
if (outcome?.ok) {
  const dropped = dropPowers({ protect: Deno.pid });
  if (!dropped.ok) throw new Error(dropped.reason);
}
const results: FixtureOutput["results"] = [];
for (const command of input.commands) {
  const { code, stdout, stderr } = await new Deno.Command("sh", {
    args: ["-c", command],
    stdin: "null",
  }).output();
  const decoder = new TextDecoder();
  results.push({
    code,
    output: decoder.decode(stdout) + decoder.decode(stderr),
  });
}
listener.close();
await outside.stdin.close();
await outside.status;
const output: FixtureOutput = { outcome, micros, results };
Deno.stdout.writeSync(new TextEncoder().encode(JSON.stringify(output) + "\n"));
