/**
 * `/opt` holds whatever a vendor installed, root-only keys and licences
 * included: a run sees of it only the runtimes and PATH folders it calls,
 * never the rest, in every mode (as root the run would own root's files).
 */

import assert from "node:assert/strict";
import { assertRan, runConfined, testInModes } from "./_confine_modes.ts";

testInModes(
  "a run sees of /opt only the PATH folders it is given",
  async (setting) => {
    const dir = `/opt/ctx-mode-test-${crypto.randomUUID()}`;
    await Deno.mkdir(`${dir}/tool/bin`, { recursive: true });
    try {
      await Deno.chmod(dir, 0o755);
      await Deno.writeTextFile(`${dir}/secret.key`, "OPT-SECRET-KEY\n");
      await Deno.chmod(`${dir}/secret.key`, 0o600);
      // World-readable, yet beside the tool: not the run's business either.
      await Deno.writeTextFile(`${dir}/licence.txt`, "OPT-SECRET-OPEN\n");
      await Deno.chmod(`${dir}/licence.txt`, 0o644);
      await Deno.writeTextFile(
        `${dir}/tool/bin/opt-hello`,
        "#!/bin/sh\necho opt-tool-ran\n",
      );
      await Deno.chmod(`${dir}/tool/bin/opt-hello`, 0o755);
      const [result] = await runConfined(
        setting,
        [{
          language: "shell",
          code: `echo ran
opt-hello
cat ${dir}/secret.key ${dir}/licence.txt 2>/dev/null
ls ${dir} 2>/dev/null | grep -q secret && echo listed-opt
true`,
        }],
        undefined,
        { PATH: `${dir}/tool/bin` },
      );
      assertRan([result!]);
      assert.match(result!.stdout, /opt-tool-ran/, JSON.stringify(result));
      assert.doesNotMatch(result!.stdout, /OPT-SECRET|listed-opt/);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
  Deno.uid() === 0
    ? undefined
    : "planting in /opt needs the tests to run as root",
);
