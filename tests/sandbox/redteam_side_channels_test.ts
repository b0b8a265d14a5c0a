/**
 * Red team, side channels: what a run reaches past the file system rules —
 * a path-name Unix socket outside the project (an ssh-agent), an abstract
 * Unix socket (X11, D-Bus), another process's 0600 file in /dev/shm, its
 * System V shared memory, and the temp dir of another run.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { assertRan, ENABLED, redteam, shellAs } from "./_redteam_harness.ts";
import { probe } from "./_redteam_probe.ts";

const PROBE = ENABLED ? await probe() : undefined;
const NO_PROBE = () => PROBE ? undefined : "no C compiler to build the probe";
const COPY_PROBE = `cp ${PROBE} ./probe`;

redteam(
  "a run cannot connect to an ssh-agent-like socket outside the project",
  async (arena) => {
    const path = join(arena.outside, "agent.sock");
    const listener = Deno.listen({ transport: "unix", path });
    await Deno.chown(path, arena.mode.uid, arena.mode.uid);
    await Deno.chmod(path, 0o600);
    let connections = 0;
    const serving = (async () => {
      for await (const conn of listener) {
        connections++;
        await conn.write(
          new TextEncoder().encode(`agent-answer-${arena.token}`),
        ).catch(() => {});
        conn.close();
      }
    })();
    try {
      const { results } = await arena.attack({
        setup: COPY_PROBE,
        runs: [{ language: "shell", code: `echo ran; ./probe unix ${path}` }],
      });
      assertRan(results[0]);
      assert.doesNotMatch(
        results[0]!.stdout,
        /agent-answer/,
        results[0]!.stdout,
      );
      assert.equal(connections, 0);
    } finally {
      listener.close();
      await serving.catch(() => {});
    }
  },
  { skip: NO_PROBE },
);

redteam(
  "a run cannot connect to an abstract Unix socket of a process outside",
  async (arena) => {
    const name = `${arena.token}-x11`;
    // The listener runs as the mode's user (setpriv only where that is not who runs the tests).
    const argv = arena.mode.uid === Deno.uid() ? [PROBE!] : [
      "setpriv",
      "--reuid",
      String(arena.mode.uid),
      "--regid",
      String(arena.mode.uid),
      "--clear-groups",
      PROBE!,
    ];
    const listener = new Deno.Command(argv[0]!, {
      args: [
        ...argv.slice(1),
        "listen-abstract",
        name,
        `abstract-answer-${arena.token}`,
      ],
      stdout: "piped",
      stderr: "null",
    }).spawn();
    const reader = listener.stdout.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    assert.match(first, /listening/);
    try {
      const { results } = await arena.attack({
        setup: COPY_PROBE,
        runs: [{
          language: "shell",
          code: `echo ran; ./probe abstract ${name}`,
        }],
      });
      assertRan(results[0]);
      assert.doesNotMatch(
        results[0]!.stdout,
        /abstract-answer/,
        results[0]!.stdout,
      );
    } finally {
      listener.kill("SIGKILL");
      reader.releaseLock();
      await listener.stdout.cancel().catch(() => {});
      await listener.status;
    }
  },
  { skip: NO_PROBE },
);

redteam(
  "another process's 0600 file in /dev/shm is not readable",
  async (arena) => {
    const path = `/dev/shm/${arena.token}`;
    await Deno.writeTextFile(path, `shm-file-secret-${arena.token}`, {
      mode: 0o600,
    });
    await Deno.chmod(path, 0o600);
    await Deno.chown(path, arena.mode.uid, arena.mode.uid);
    try {
      const { results } = await arena.attack({
        runs: [{
          language: "shell",
          code: `echo ran; cat /dev/shm/ctxrt* 2>/dev/null; true`,
        }],
      });
      assertRan(results[0]);
      assert.doesNotMatch(
        results[0]!.stdout,
        /shm-file-secret/,
        results[0]!.stdout,
      );
    } finally {
      await Deno.remove(path);
    }
  },
);

redteam(
  "another process's 0600 System V shared memory is not readable",
  async (arena) => {
    const id = (await shellAs(
      arena.mode.uid,
      `${PROBE} shm-create sysv-secret-${arena.token}`,
      "/",
    )).trim();
    assert.match(id, /^\d+$/, id);
    try {
      const { results } = await arena.attack({
        setup: COPY_PROBE,
        runs: [{
          language: "shell",
          code: `echo ran; ./probe shm-read sysv-secret-${arena.token}`,
        }],
      });
      assertRan(results[0]);
      assert.doesNotMatch(results[0]!.stdout, /shm-read/, results[0]!.stdout);
    } finally {
      await shellAs(0, `${PROBE} shm-rm ${id}`, "/");
    }
  },
  { skip: NO_PROBE },
);

redteam(
  "a run can neither read nor write the temp dir of another run",
  async (arena) => {
    const { results } = await arena.attack({
      runs: [
        {
          language: "shell",
          background: true,
          code:
            `echo ran; echo tmp-secret-${arena.token} > "$TMPDIR/s"; echo "$TMPDIR" > a-tmpdir; i=0; while [ ! -e b-done ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i+1)); done; ls "$TMPDIR"`,
        },
        {
          language: "shell",
          startWhen: "a-tmpdir",
          code:
            `echo ran; d=$(cat a-tmpdir); cat "$d/s" 2>/dev/null; echo planted > "$d/evil" 2>/dev/null; touch b-done; true`,
        },
      ],
    });
    assertRan(results[0]);
    assertRan(results[1]);
    assert.doesNotMatch(results[1]!.stdout, /tmp-secret/);
    assert.doesNotMatch(results[0]!.stdout, /evil/, results[0]!.stdout);
  },
);

redteam(
  "a run cannot write outside through another process's /proc/<pid>/root or cwd",
  async (arena) => {
    const { results } = await arena.attack({
      runs: [{
        language: "shell",
        code:
          `echo ran; for p in /proc/[0-9]*; do echo x > $p/root${arena.outside}/planted-root-\${p#/proc/} 2>/dev/null; echo x > $p/cwd/../planted-cwd-\${p#/proc/} 2>/dev/null; done; true`,
      }],
    });
    assertRan(results[0]);
    const planted: string[] = [];
    for (const dir of [arena.outside, join(arena.project, "..")]) {
      for await (const entry of Deno.readDir(dir)) {
        if (entry.name.startsWith("planted-")) {
          planted.push(join(dir, entry.name));
        }
      }
    }
    for (const path of planted) await Deno.remove(path);
    assert.deepEqual(planted, []);
  },
);

redteam(
  "a run holds no open file outside the project and its temp dir",
  async (arena) => {
    const { results } = await arena.attack({
      runs: [{
        language: "shell",
        code:
          `echo ran; sh -c 'for f in /proc/$$/fd/*; do echo "fd $(readlink $f)"; done'`,
      }],
    });
    assertRan(results[0]);
    const targets = [...results[0]!.stdout.matchAll(/^fd (.*)$/gm)].map((m) =>
      m[1]!
    );
    const stray = targets.filter((target) =>
      !/^(pipe:|socket:|anon_inode:|\/dev\/null|\/dev\/pts\/|\/proc\/)/.test(
        target,
      ) &&
      !target.startsWith(arena.project) &&
      !target.startsWith("/tmp/ctx-mode-run-")
    );
    assert.deepEqual(stray, [], results[0]!.stdout);
  },
);
