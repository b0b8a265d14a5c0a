/**
 * The server's sweep after a run (which ends what a dead host left behind)
 * never touches a child the server started some other way, even where every
 * process is under a seccomp filter (a container's): such a child was once
 * killed and reaped by the sweep, and waiting for it then failed with
 * `ECHILD`.
 */

import assert from "node:assert/strict";
import { LANDLOCK, tempDir } from "./_helpers.ts";

const RUNNER = new URL("./_foreign_child_runner.ts", import.meta.url).pathname;
/** Puts the process under an allow-all seccomp filter, as a container does, then runs the command. */
const UNDER_FILTER = `import ctypes, os, struct, sys
libc = ctypes.CDLL(None, use_errno=True)
allow = struct.pack("HBBI", 0x06, 0, 0, 0x7fff0000)
buf = ctypes.create_string_buffer(allow)
prog = struct.pack("HxxxxxxQ", 1, ctypes.addressof(buf))
if libc.prctl(38, 1, 0, 0, 0) != 0 or libc.prctl(22, 2, ctypes.c_char_p(prog), 0, 0) != 0:
    sys.exit("cannot install the filter: " + os.strerror(ctypes.get_errno()))
os.execv(sys.argv[1], sys.argv[1:])`;

Deno.test({
  name:
    `a run's sweep leaves alone the children the server started itself, under a container's seccomp filter and under one of their own${
      LANDLOCK ? "" : " (skipped: no Landlock in this kernel)"
    }`,
  ignore: !LANDLOCK,
  fn: async () => {
    await using project = await tempDir("ctx-foreign-child-");
    const output = await new Deno.Command("/usr/bin/python3", {
      args: [
        "-c",
        UNDER_FILTER,
        Deno.execPath(),
        "run",
        "-A",
        "--no-config",
        RUNNER,
        project.path,
        UNDER_FILTER,
      ],
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(output.stdout);
    assert.ok(
      output.success,
      text + new TextDecoder().decode(output.stderr),
    );
    const result = JSON.parse(text.trim().split("\n").at(-1)!);
    assert.equal(result.confinement, "landlock", text);
    assert.equal(result.timedOut, true, text);
    assert.equal(result.alive, true, text);
    assert.equal(result.ended, "signal=SIGTERM", text);
    assert.equal(result.confinedAlive, true, text);
    assert.equal(result.confinedEnded, "signal=SIGTERM", text);
  },
});
