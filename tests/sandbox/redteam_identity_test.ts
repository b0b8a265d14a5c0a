/**
 * Red team, identity: what a run can do with the powers of the user it runs
 * as — capabilities (raw sockets that sniff loopback, network administration,
 * opening files by handle, device nodes), root-only files under /etc, and the
 * environment of the agent and the server in /proc, with a variable the user
 * denied to runs.
 */

import assert from "node:assert/strict";
import {
  assertRan,
  ENABLED,
  processesWith,
  redteam,
} from "./_redteam_harness.ts";
import { probe } from "./_redteam_probe.ts";

const PROBE = ENABLED ? await probe() : undefined;
const NO_PROBE = () => PROBE ? undefined : "no C compiler to build the probe";
const COPY_PROBE = `cp ${PROBE} ./probe`;

redteam("a run holds no capability in any set", async (arena) => {
  const { results } = await arena.attack({
    runs: [{
      language: "shell",
      code: "echo ran; grep -E '^(Cap|NoNewPrivs)' /proc/self/status",
    }],
  });
  assertRan(results[0]);
  const field = (name: string) =>
    new RegExp(`^${name}:\\s*([0-9a-f]+)`, "m").exec(results[0]!.stdout)?.[1];
  for (const name of ["CapEff", "CapPrm", "CapAmb", "CapInh"]) {
    assert.match(
      field(name) ?? "missing",
      /^0+$/,
      `${name}: ${results[0]!.stdout}`,
    );
  }
  // An ordinary user with no_new_privs cannot gain what its bounding set allows; root must lose it.
  if (arena.mode.uid === 0 || field("NoNewPrivs") !== "1") {
    assert.match(field("CapBnd") ?? "missing", /^0+$/, results[0]!.stdout);
  }
});

redteam(
  "a run cannot sniff another process's bearer token on loopback",
  async (arena) => {
    const bearer = `Bearer ${arena.token}-bearer`;
    const server = Deno.serve(
      { hostname: "127.0.0.1", port: 0, onListen() {} },
      () => new Response("ok"),
    );
    const url = `http://127.0.0.1:${server.addr.port}/`;
    const timer = setInterval(() => {
      fetch(url, { headers: { authorization: bearer } }).then((r) =>
        r.body?.cancel()
      ).catch(() => {});
    }, 50);
    try {
      const { results } = await arena.attack({
        setup: COPY_PROBE,
        runs: [{
          language: "shell",
          code: `echo ran; ./probe sniff 4 'Bearer '`,
        }],
      });
      assertRan(results[0]);
      assert.doesNotMatch(results[0]!.stdout, /-bearer/, results[0]!.stdout);
    } finally {
      clearInterval(timer);
      await server.shutdown();
    }
  },
  { skip: NO_PROBE },
);

redteam("a run has no network administration rights", async (arena) => {
  const { results } = await arena.attack({
    setup: COPY_PROBE,
    runs: [{ language: "shell", code: "echo ran; ./probe netadmin" }],
  });
  assertRan(results[0]);
  assert.match(results[0]!.stdout, /netadmin-denied/);
}, { skip: NO_PROBE });

redteam(
  "a run cannot open an outside file by its handle (open_by_handle_at)",
  async (arena) => {
    const secret = await arena.writeOutside(
      "secret.txt",
      `handle-secret-${arena.token}`,
    );
    const { results } = await arena.attack({
      setup: COPY_PROBE,
      runs: [{
        language: "shell",
        code: `echo ran; ./probe handle ${secret} .`,
      }],
    });
    assertRan(results[0]);
    assert.doesNotMatch(
      results[0]!.stdout,
      /handle-secret/,
      results[0]!.stdout,
    );
  },
  { skip: NO_PROBE },
);

redteam("a run cannot make a device node for /dev/mem", async (arena) => {
  const { results } = await arena.attack({
    setup: COPY_PROBE,
    runs: [{ language: "shell", code: "echo ran; ./probe mknod ./mem" }],
  });
  assertRan(results[0]);
  assert.match(results[0]!.stdout, /mknod-denied/, results[0]!.stdout);
}, { skip: NO_PROBE });

redteam("a root-only file under /etc is not readable", async (arena) => {
  const path = `/etc/${arena.token}-wg0.conf`;
  await Deno.writeTextFile(path, `PrivateKey = etc-secret-${arena.token}\n`, {
    mode: 0o600,
  });
  await Deno.chmod(path, 0o600);
  try {
    const { results } = await arena.attack({
      runs: [{
        language: "shell",
        code: `echo ran; cat ${path} 2>/dev/null; true`,
      }],
    });
    assertRan(results[0]);
    assert.doesNotMatch(results[0]!.stdout, /etc-secret/);
  } finally {
    await Deno.remove(path);
  }
}, {
  skip: () =>
    Deno.uid() === 0
      ? undefined
      : "planting a root-only file under /etc needs the tests to run as root",
});

redteam(
  "a run cannot read the agent's or the server's environment, nor a denied variable",
  async (arena) => {
    const { results } = await arena.attack({
      runs: [{
        language: "shell",
        code:
          `echo ran; for f in /proc/[0-9]*/environ; do tr '\\0' '\\n' < "$f" 2>/dev/null | grep "^CTX_RT_AGENT_TOKEN=" && echo "in $f"; done; env | grep CTX_RT_AGENT_TOKEN; true`,
      }],
    });
    assertRan(results[0]);
    assert.doesNotMatch(
      results[0]!.stdout,
      new RegExp(arena.secret),
      results[0]!.stdout,
    );
  },
);

redteam(
  "a run cannot read another process's memory through /proc/<pid>/mem",
  async (arena) => {
    const { results } = await arena.attack({
      setup:
        `${COPY_PROBE}; bash -c 'exec -a ${arena.token}-victim perl -e "\\$s = q(mem) . q(-secret-${arena.token}); sleep 300"' </dev/null >/dev/null 2>&1 &`,
      runs: [{
        language: "shell",
        code:
          `echo ran; for p in /proc/[0-9]*; do tr '\\0' ' ' < $p/cmdline 2>/dev/null | grep -q -- '-victim' && ./probe mem \${p#/proc/} 'mem-secret-'; done; true`,
      }],
    });
    assertRan(results[0]);
    // The victim was there to be read.
    assert.equal(processesWith(`${arena.token}-victim`).length, 1);
    assert.doesNotMatch(results[0]!.stdout, /mem-read/, results[0]!.stdout);
  },
  { skip: NO_PROBE },
);
