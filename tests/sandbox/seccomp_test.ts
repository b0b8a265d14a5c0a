/**
 * Runs open sockets only of IPv4, IPv6 (not raw) and routing netlink, and
 * reach no key ring (the seccomp filter of
 * every confined run), in every confinement mode and as every user, so a
 * socket the file rules let through (an agent socket in the project, the
 * session bus, docker.sock; Landlock does not govern connecting to them)
 * stays out of reach. What runtimes need still works: TCP on loopback,
 * `socketpair`, spawning children from Node and Deno.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { assertRan, runConfined, testInModes } from "./_confine_modes.ts";
import { loopbackServer } from "./_helpers.ts";

/** Whether perl can name the key ring calls here (its syscall.ph), checked outside the sandbox. */
const KEYRING_PROBE = await new Deno.Command("perl", {
  args: ["-e", 'require "syscall.ph"; exit(defined &SYS_keyctl ? 0 : 1)'],
  stdout: "null",
  stderr: "null",
}).output().then((output) => output.success, () => false);

const FAMILY_LIST = [
  [1, 1, 0, "unix-stream"],
  [1, 2, 0, "unix-dgram"],
  [1, 5, 0, "unix-seqpacket"],
  [1, 0o2000001, 0, "unix-stream-cloexec"],
  [17, 3, 768, "packet-raw"],
  [17, 2, 768, "packet-dgram"],
  [2, 3, 1, "inet-raw"],
  [10, 3, 58, "inet6-raw"],
  [2, 10, 768, "inet-sock-packet"],
  [40, 1, 0, "vsock-stream"],
  [16, 3, 4, "netlink-sock-diag"],
  [16, 3, 9, "netlink-audit"],
  [16, 2, 15, "netlink-uevent"],
  [38, 5, 0, "alg-seqpacket"],
  [0, 1, 0, "unspec"],
] as const;
const FAMILY_NAMES = FAMILY_LIST.map(([, , , name]) => name);
const FAMILIES = FAMILY_LIST.map(([domain, type, protocol, name]) =>
  `[${domain},${type},${protocol},"${name}"]`
).join(",");

testInModes(
  "a run cannot open Unix, packet, raw, vsock or diagnostic netlink sockets nor reach key rings, yet TCP, socketpair and runtimes work",
  async (setting) => {
    await using tcp = loopbackServer("LOOPBACK-OK");
    const socket = join(setting.project, "agent.sock");
    const agent = Deno.serve(
      { path: socket, transport: "unix", onListen() {} },
      () => new Response("AGENT-SECRET"),
    );
    try {
      await Deno.chmod(socket, 0o777);
      const results = await runConfined(setting, [{
        language: "shell",
        code: `
echo ran
curl -s --max-time 5 --unix-socket agent.sock http://x/; echo
curl -s --max-time 5 ${tcp.url}; echo
perl -e 'for my $f (${FAMILIES}) { if (socket(my $s, $f->[0], $f->[1], $f->[2])) { print "OPENED $f->[3]\\n" } else { print "refused $f->[3]: $!\\n" } }'
perl -MSocket -e 'print socketpair(my $a, my $b, AF_UNIX, SOCK_STREAM, 0) ? "pair-ok\\n" : "PAIR-REFUSED $!\\n"'
perl -e 'require "syscall.ph"; for my $n (qw(add_key request_key keyctl)) { my $r = syscall(&{"SYS_$n"}, 0, 0, 0, 0, 0); print $r >= 0 || $! != 38 ? "KEYRING-REACHED $n $!\\n" : "keyring refused $n\\n" }' 2>/dev/null || echo "keyring probe unavailable"
perl -MSocket -e 'if (socketpair(my $a, my $b, AF_UNIX, SOCK_DGRAM, 0)) { print connect($a, pack_sockaddr_un("agent.sock")) ? "DGRAM-CONNECTED\\n" : "dgram connect refused\\n" } else { print "dgram pair refused\\n" }'
node -e 'require("child_process").execFileSync("true"); console.log("node-ok")' 2>&1
git --version >/dev/null && echo git-ok
ip -o link show lo >/dev/null 2>&1 && echo netlink-ok
true
`,
      }, {
        language: "javascript",
        code: `
console.log("ran");
try {
  const conn = await Deno.connect({ transport: "unix", path: "agent.sock" });
  await conn.write(new TextEncoder().encode("GET / HTTP/1.0\\r\\n\\r\\n"));
  const buf = new Uint8Array(512);
  const n = await conn.read(buf);
  console.log(new TextDecoder().decode(buf.subarray(0, n ?? 0)));
} catch (error) {
  console.log("unix refused", error.name);
}
console.log(await (await fetch(${JSON.stringify(tcp.url)})).text());
`,
      }]);
      assertRan(results);
      const [shell, js] = results;
      const out = shell!.stdout;
      assert.doesNotMatch(
        out,
        /AGENT-SECRET|OPENED|DGRAM-CONNECTED|KEYRING-REACHED/,
        out,
      );
      // Every family was tried and refused (a probe that did not run proves nothing).
      for (const name of FAMILY_NAMES) {
        assert.match(out, new RegExp(`^refused ${name}: `, "m"), out);
      }
      if (KEYRING_PROBE) {
        for (const call of ["add_key", "request_key", "keyctl"]) {
          assert.match(out, new RegExp(`^keyring refused ${call}$`, "m"), out);
        }
      }
      assert.match(out, /LOOPBACK-OK/, out);
      assert.match(out, /^pair-ok$/m, out);
      assert.match(out, /^git-ok$/m, out);
      if (await Deno.stat("/usr/sbin/ip").then(() => true, () => false)) {
        assert.match(out, /^netlink-ok$/m, out);
      }
      if (await Deno.stat("/usr/bin/node").then(() => true, () => false)) {
        assert.match(out, /^node-ok$/m, out);
      }
      assert.doesNotMatch(js!.stdout, /AGENT-SECRET/, js!.stdout);
      assert.match(js!.stdout, /LOOPBACK-OK/, JSON.stringify(js));
    } finally {
      await agent.shutdown();
    }
  },
);

testInModes(
  "a run cannot reach System V IPC (another user's 0600 segment, its own detached memory) nor memfd_secret",
  async (setting) => {
    // Another process's private segment, holding a secret, made outside the sandbox by the test's own user.
    const made = await new Deno.Command("perl", {
      args: [
        "-e",
        'use IPC::SysV qw(IPC_PRIVATE IPC_CREAT); my $id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600) // die "shmget: $!"; shmwrite($id, "SHM-SECRET", 0, 10) or die "shmwrite: $!"; print $id',
      ],
      stdout: "piped",
    }).output();
    assert.ok(made.success, "cannot make a segment outside the sandbox");
    const id = new TextDecoder().decode(made.stdout).trim();
    try {
      const results = await runConfined(setting, [{
        language: "shell",
        code: `
echo ran
perl -e 'my $buf; print shmread(${id}, $buf, 0, 10) ? "READ $buf\\n" : "shmread refused: $!\\n"'
perl -e 'use IPC::SysV qw(IPC_PRIVATE IPC_CREAT); my $id = shmget(IPC_PRIVATE, 1 << 20, IPC_CREAT | 0600); print defined $id ? "MADE $id\\n" : "shmget refused: $!\\n"'
perl -e 'use IPC::SysV qw(IPC_PRIVATE IPC_CREAT); my $id = semget(IPC_PRIVATE, 1, IPC_CREAT | 0600); print defined $id ? "SEM $id\\n" : "semget refused: $!\\n"'
perl -e 'use IPC::SysV qw(IPC_PRIVATE IPC_CREAT); my $id = msgget(IPC_PRIVATE, IPC_CREAT | 0600); print defined $id ? "MSG $id\\n" : "msgget refused: $!\\n"'
perl -e 'my $fd = syscall(447, 0); print $fd >= 0 ? "SECRET-FD $fd\\n" : "memfd_secret refused: $!\\n"'
true
`,
      }]);
      assertRan(results);
      const out = results[0]!.stdout;
      assert.doesNotMatch(out, /READ|MADE|SEM |MSG |SECRET-FD/, out);
      assert.match(out, /shmread refused/, out);
    } finally {
      await new Deno.Command("ipcrm", { args: ["-m", id] }).output();
    }
  },
);
