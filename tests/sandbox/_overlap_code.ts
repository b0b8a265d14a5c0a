/**
 * The code of the waiting runs of `_overlap_runner.ts` and its Worker.
 *
 * @module
 */

/** Code that says it started, waits for `go` in a child that works on, and prints what it must. */
export const WAITING: Record<"js" | "shell", (name: string) => string> = {
  js: (name) =>
    `Deno.writeTextFileSync("${name}.started", "");
while (true) { try { Deno.statSync("go"); break; } catch { await new Promise((r) => setTimeout(r, 20)); } }
console.log("${name} survived");`,
  shell: (name) =>
    `touch ${name}.started
(while [ ! -e go ]; do sleep 0.05; done; echo "${name} child done") &
wait
echo "${name} survived"`,
};
