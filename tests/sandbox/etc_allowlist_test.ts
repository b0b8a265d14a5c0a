/**
 * What a run sees of `/etc` is an allow list of what programs need (names,
 * hosts, DNS, certificates, the dynamic linker, time zones), never a
 * root-only file such as a VPN key or a password hash; and no in-memory
 * folder a run can write (its temp dir, `/tmp`, `/var/tmp`, `/dev/shm`,
 * `/dev`, `/`) holds more than the memory cap, nor shows another process's
 * shared memory.
 */

import assert from "node:assert/strict";
import { assertRan, runConfined, testInModes } from "./_confine_modes.ts";

const FILL_BYTES = 200_000_000;

testInModes(
  "a run reads the /etc files programs need and no other",
  async (setting) => {
    const name = `ctx-mode-test-${crypto.randomUUID()}`;
    const dir = `/etc/${name}`;
    // Only root can plant files in /etc; shadow and the needed files are checked either way.
    const planted = Deno.uid() === 0;
    if (planted) {
      await Deno.mkdir(dir);
    } else {
      // A skipped setup says why; the rest of the test still asserts.
      // deno-lint-ignore no-console
      console.log("nothing planted in /etc: the tests do not run as root");
    }
    try {
      if (planted) {
        await Deno.writeTextFile(
          `${dir}/wg0.conf`,
          "PrivateKey = ETC-SECRET\n",
        );
        await Deno.chmod(`${dir}/wg0.conf`, 0o600);
        // World-readable: only the allow list keeps it from an ordinary user.
        await Deno.writeTextFile(`${dir}/open.conf`, "ETC-SECRET-OPEN\n");
        await Deno.chmod(`${dir}/open.conf`, 0o644);
      }
      const [result] = await runConfined(setting, [{
        language: "shell",
        code: `
echo ran
cat ${dir}/wg0.conf ${dir}/open.conf /etc/shadow /etc/gshadow /etc/sudoers /etc/ssh/ssh_host_*_key /etc/ssl/private/* 2>/dev/null
ls -d /etc/ctx-mode-test-* 2>/dev/null
grep -q '^root:' /etc/passwd && echo passwd-ok
grep -q '^root:' /etc/group && echo group-ok
grep -q localhost /etc/hosts && echo hosts-ok
getent passwd root >/dev/null && echo getent-ok
[ ! -e /etc/resolv.conf ] || cat /etc/resolv.conf >/dev/null && echo resolv-ok
[ ! -d /etc/ssl/certs ] || ls /etc/ssl/certs | grep -q . && echo certs-ok
[ ! -e /etc/localtime ] || cat /etc/localtime >/dev/null && echo localtime-ok
[ ! -e /etc/ld.so.cache ] || cat /etc/ld.so.cache >/dev/null && echo ldcache-ok
true
`,
      }]);
      assertRan([result!]);
      const out = result!.stdout;
      assert.doesNotMatch(
        out,
        /ETC-SECRET|ctx-mode-test-|PRIVATE KEY|\$[0-9ay]\$/,
        out,
      );
      for (
        const ok of [
          "passwd",
          "group",
          "hosts",
          "getent",
          "resolv",
          "certs",
          "localtime",
          "ldcache",
        ]
      ) {
        assert.match(out, new RegExp(`^${ok}-ok$`, "m"), out);
      }
    } finally {
      if (planted) await Deno.remove(dir, { recursive: true });
    }
  },
);

testInModes(
  "no in-memory folder holds more than the memory cap, and /dev/shm shows nothing of the host",
  async (setting) => {
    const shm = `/dev/shm/ctx-mode-test-${crypto.randomUUID()}`;
    await Deno.writeTextFile(shm, "SHM-SECRET\n");
    await Deno.chmod(shm, 0o644);
    try {
      const dirs = ["$TMPDIR", "/tmp", "/var/tmp", "/dev/shm", "/dev", "/"];
      const results = await runConfined(setting, [
        {
          language: "shell",
          code:
            `echo ran; cat ${shm} 2>/dev/null; ls /dev/shm | grep ctx-mode-test; true`,
        },
        ...dirs.map((dir) => ({
          language: "shell",
          code: `
echo ran
f="${dir}/ctx-fill"
if [ "$(stat -f -c %T "${dir}" 2>/dev/null)" = tmpfs ]; then
  head -c ${FILL_BYTES} /dev/zero > "$f" 2>/dev/null
  echo "filled $(stat -c %s "$f" 2>/dev/null || echo 0)"
  rm -f "$f"
else
  echo "filled on disk"
fi
`,
          memoryMb: 64,
        })),
      ]);
      assertRan(results);
      assert.doesNotMatch(results[0]!.stdout, /SHM-SECRET|ctx-mode-test/);
      for (const [i, result] of results.slice(1).entries()) {
        if (result.outOfMemory) continue;
        const filled = /^filled (\d+|on disk)$/m.exec(result.stdout)?.[1];
        assert.ok(filled, JSON.stringify(result));
        if (filled !== "on disk") {
          assert.ok(
            Number(filled) < FILL_BYTES,
            `${dirs[i]} took ${filled} bytes under a 64 MB cap`,
          );
        }
      }
    } finally {
      await Deno.remove(shm);
    }
  },
);
