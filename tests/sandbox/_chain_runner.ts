/**
 * Runs back-to-back shell calls through one warm pool in a process of its
 * own, then prints the states of its `sh` and `unshare` children (`sh:Z`) and
 * the pool's size as JSON: a test process holds other files' children too.
 *
 * Usage: `deno run -A _chain_runner.ts <project>`
 */

import { WarmHosts } from "../../src/sandbox/warm_hosts.ts";
import { runCode } from "../../src/sandbox/run_code.ts";
import { eventually } from "./_helpers.ts";

/** The states of this process's children, by command name (`sh:Z`). */
function childStates(): string[] {
  const states: string[] = [];
  for (const task of Deno.readDirSync("/proc/self/task")) {
    const text = Deno.readTextFileSync(`/proc/self/task/${task.name}/children`);
    for (const word of text.split(" ").filter((word) => word.trim())) {
      try {
        const stat = Deno.readTextFileSync(`/proc/${word}/stat`);
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        states.push(`${name}:${stat.charAt(stat.lastIndexOf(")") + 2)}`);
      } catch {
        // reaped meanwhile
      }
    }
  }
  return states;
}

const warm = new WarmHosts({ hotWithinMs: 60_000 });
const env = { ...Deno.env.toObject(), CTX_MODE_PID_NAMESPACE: "on" };
const outputs: string[] = [];
for (let i = 0; i < 6; i++) {
  const result = await runCode(
    { language: "shell", code: "echo hi", projectDir: Deno.args[0]! },
    { warm, env },
  );
  outputs.push(result.stdout.trim());
}
const chain = () =>
  childStates().filter((state) => /^(sh|unshare):/.test(state));
// Only the pool's hosts stay: each one unshare below this process.
await eventually(() => chain().length === warm.ready, 10_000);
const report = { outputs, chain: chain(), ready: warm.ready };
await Deno.stdout.write(new TextEncoder().encode(JSON.stringify(report)));
warm.close();
