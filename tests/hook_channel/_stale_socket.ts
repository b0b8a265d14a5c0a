/**
 * A socket file left behind, as a server killed by SIGKILL leaves it.
 *
 * @module
 */

import assert from "node:assert/strict";

/** Starts a listener on `path` in another process and kills it with SIGKILL once it is up. */
export async function leaveStaleSocket(path: string): Promise<void> {
  const killed = new Deno.Command(Deno.execPath(), {
    args: [
      "eval",
      // Accepting keeps it alive (and its socket file) until the kill.
      `const l = Deno.listen({ transport: "unix", path: ${
        JSON.stringify(path)
      } }); console.log("up"); for await (const c of l) c.close();`,
    ],
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const up = await killed.stdout.pipeThrough(new TextDecoderStream())
    .values().next();
  assert.equal(up.value?.trim(), "up");
  killed.kill("SIGKILL");
  await killed.status;
  assert.equal((await Deno.lstat(path)).isSocket, true);
}
