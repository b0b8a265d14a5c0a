/**
 * A run keeps no power of the user that started the server, even as root:
 * no capability in any set, no-new-privileges, a seccomp filter, an
 * unprivileged uid under bubblewrap; it cannot change its identity, take
 * another user's files, trace or read the server, or read the environment
 * of the server or of another process of the same user.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import {
  assertRan,
  asUser,
  PLANTED,
  runConfined,
  testInModes,
} from "./_confine_modes.ts";

const CAPS_ATTACK = `
echo ran
grep -E '^(Cap(Inh|Prm|Eff|Bnd|Amb)|NoNewPrivs|Seccomp):' /proc/self/status
sh -c 'grep -E "^CapBnd" /proc/self/status' | sed 's/^CapBnd/ChildBnd/'
echo "uid=$(id -u)"
perl -e '$> = 4321; print $> == 4321 ? "SETUID-WORKED\\n" : "setuid refused\\n"'
perl -e '$) = "4321 4321"; print $) =~ /^4321/ ? "SETGID-WORKED\\n" : "setgid refused\\n"'
echo mine > mine.txt; chown 4321 mine.txt 2>/dev/null && echo CHOWN-WORKED
cat other.txt 2>/dev/null
[ -e other.txt ] && (echo more >> other.txt) 2>/dev/null && echo OTHER-WRITTEN
# Opened for writing, nothing written: harmless even where it goes through (Landlock does not answer access(2)).
for f in /proc/sys/vm/overcommit_ratio /proc/sys/kernel/randomize_va_space /proc/sysrq-trigger /sys/kernel/mm/transparent_hugepage/enabled; do [ -e "$f" ] && (: >> "$f") 2>/dev/null && echo "KNOB-WRITABLE $f"; done
true
`;

testInModes(
  "a run holds no capability, no way to gain one and no other user's files",
  async (setting) => {
    const other = join(setting.project, "other.txt");
    // Only root can give a file to another user; the rest of the test holds without it.
    const planted = Deno.uid() === 0;
    if (planted) {
      await Deno.writeTextFile(other, "OTHER-USER-SECRET\n");
      await Deno.chown(other, 4321, 4321);
      await Deno.chmod(other, 0o600);
    } else {
      // A skipped setup says why; the rest of the test still asserts.
      // deno-lint-ignore no-console
      console.log("no other user's file: the tests do not run as root");
    }
    const [result] = await runConfined(setting, [{
      language: "shell",
      code: CAPS_ATTACK,
    }]);
    assertRan([result!]);
    const out = result!.stdout;
    // An ordinary user cannot empty its bounding set without a user namespace; no-new-privileges makes it moot.
    const bounded = setting.mode.kind === "bwrap" || setting.mode.uid === 0;
    for (
      const set of bounded
        ? ["Inh", "Prm", "Eff", "Bnd", "Amb"]
        : ["Inh", "Prm", "Eff", "Amb"]
    ) {
      assert.match(out, new RegExp(`^Cap${set}:\\s+0{16}$`, "m"), out);
    }
    if (bounded) assert.match(out, /^ChildBnd:\s+0{16}$/m, out);
    assert.match(out, /^NoNewPrivs:\s+1$/m, out);
    assert.match(out, /^Seccomp:\s+2$/m, out);
    if (setting.mode.kind === "bwrap") assert.match(out, /^uid=65534$/m, out);
    assert.doesNotMatch(
      out,
      /SETUID-WORKED|SETGID-WORKED|CHOWN-WORKED|OTHER-USER-SECRET|OTHER-WRITTEN|KNOB-WRITABLE/,
    );
    if (planted) {
      assert.equal(await Deno.readTextFile(other), "OTHER-USER-SECRET\n");
    }
  },
);

testInModes(
  "a run can neither trace nor read the environment of the server or of another process of its user",
  async (setting) => {
    const sibling = "sibling-secret-" + crypto.randomUUID();
    // A dumpable process of the same user, outside the run, with a secret in its environment.
    const argv = asUser(setting.mode, ["sleep", "120"]);
    const other = new Deno.Command(argv[0]!, {
      args: argv.slice(1),
      env: { SIBLING_SECRET: sibling },
      clearEnv: true,
      stdout: "null",
      stderr: "null",
    }).spawn();
    try {
      const serverPid = join(setting.project, "server.pid");
      const [result] = await runConfined(setting, [{
        language: "shell",
        code: `
echo ran
n=0
for f in /proc/[0-9]*/environ; do
  if tr '\\0' '\\n' < "$f" 2>/dev/null | grep -q -e ${PLANTED} -e ${sibling}; then n=$((n+1)); echo "found in $f"; fi
done
echo "found=$n"
pid=$(cat server.pid)
timeout 5 strace -p "$pid" -e trace=none -o /dev/null 2>&1 | head -n 3
timeout 5 strace -p ${other.pid} -e trace=none -o /dev/null 2>&1 | head -n 3
cat /proc/$pid/mem 2>/dev/null | head -c 1 | wc -c | sed 's/^/mem=/'
true
`,
      }], (pid) => Deno.writeTextFileSync(serverPid, String(pid)));
      assertRan([result!]);
      assert.match(result!.stdout, /^found=0$/m, result!.stdout);
      assert.doesNotMatch(result!.stdout, /attached/i, result!.stdout);
      assert.match(result!.stdout, /^mem=0$/m, result!.stdout);
    } finally {
      other.kill("SIGKILL");
      await other.status;
    }
  },
);
