/**
 * `ctx-mode serve` stopped by `SIGTERM` while a run goes ends the run and
 * removes its temp dir before it exits: the real server, driven by the SDK's
 * client, a shell run that never ends by itself.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { startServerInTempProject } from "../_helpers/mcp_client.ts";
import {
  eventually,
  LANDLOCK,
  pathWithoutBwrap,
  scratchDirsOf,
  stopsChanging,
} from "../sandbox/_helpers.ts";

function beat(path: string): string {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return "";
  }
}

Deno.test({
  name:
    "a server stopped with SIGTERM ends its runs under Landlock and leaves no temp dir behind",
  ignore: Deno.build.os !== "linux" || !LANDLOCK,
  fn: async () => {
    // bubblewrap hidden: a Landlock host's temp dir is on disk, not in a namespace.
    await using session = await startServerInTempProject({
      env: { PATH: await pathWithoutBwrap() },
    });
    const transport = session.client.transport as { pid?: number | null };
    const pid = transport.pid;
    assert.ok(pid, "the server's pid");
    const file = join(session.project, "beat");
    // Never answered: the server goes first.
    session.call("ctx_execute", {
      language: "shell",
      code: `while :; do date +%s%N > ${
        JSON.stringify(file)
      }; sleep 0.05; done`,
      timeout: 300,
    }).catch(() => {});
    assert.ok(await eventually(() => beat(file) !== "", 60_000), "ran");
    Deno.kill(pid, "SIGTERM");
    assert.ok(
      await eventually(() => {
        try {
          Deno.statSync(`/proc/${pid}`);
          return false;
        } catch {
          return true;
        }
      }, 30_000),
      "the server exited",
    );
    assert.deepEqual(scratchDirsOf(pid), []);
    assert.ok(await stopsChanging(file), "the run outlived the server");
  },
});
