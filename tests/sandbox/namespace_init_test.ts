/**
 * A bubblewrap host's first process may report the run's exit and leave
 * while its PID namespace's init, its one child in a session of its own,
 * is still alive: the run's end then finds nothing below the host. A
 * stand-in host does exactly that, in the worst order (its child ends the
 * run only once the host has left), and the run must still return with
 * that child gone.
 */

import assert from "node:assert/strict";
import { startProcess, superviseProcess } from "../../src/sandbox/_process.ts";
import { OutputCapture } from "../../src/sandbox/_output.ts";
import { DONE_MARK } from "../../src/sandbox/_done_mark.ts";
import { marked } from "./_escape_runner.ts";

/** The done mark as `printf` writes it. */
const PRINTF_MARK = DONE_MARK.replace("\u0000", "\\000");

/**
 * A host whose child (its "init", in a session of its own) waits until the
 * host is a zombie or gone, then writes the done mark on both streams and
 * stays; the host itself reads its request and exits.
 */
const FAKE_HOST = `
setsid sh -c '
  while [ -e "/proc/$1/stat" ] && ! grep -q "^[0-9]* ([^)]*) Z" "/proc/$1/stat"; do sleep 0.01; done
  printf "${PRINTF_MARK}0\\n"; printf "${PRINTF_MARK}0\\n" >&2
  exec sleep 600
' init $$ &
read -r request
exit 0
`;

Deno.test({
  name:
    "a run whose host left before its namespace's init ends with that init gone",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const mark = `ctxinit${crypto.randomUUID().replaceAll("-", "")}`;
    const started = startProcess({
      argv: ["/bin/sh", "-c", FAKE_HOST],
      cwd: Deno.cwd(),
      env: { PATH: "/usr/bin:/bin", CTX_INIT_MARK: mark },
    }, true);
    try {
      const outcome = await superviseProcess(started, {
        timeoutMs: 60_000,
        capture: {
          stdout: new OutputCapture(1 << 16),
          stderr: new OutputCapture(1 << 16),
        },
        input: "run\n",
        doneMark: true,
        namespaceInit: true,
      });
      assert.equal(outcome.timedOut, false);
      assert.deepEqual(marked(mark), [], "the host's child outlived the run");
    } finally {
      for (const pid of marked(mark)) Deno.kill(pid, "SIGKILL");
    }
  },
});
