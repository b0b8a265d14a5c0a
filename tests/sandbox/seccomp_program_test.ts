/**
 * The seccomp program, judged instruction by instruction by a small classic
 * BPF interpreter, for both architectures it knows (only one of which runs
 * here): the arch is checked first, other ABIs end the process, and the
 * socket rules hold with the flag bits a type may carry.
 */

import assert from "node:assert/strict";
import { seccompProgram } from "../../src/sandbox/_seccomp.ts";

const KILL = 0x80000000;
const ALLOW = 0x7fff0000;
const EPERM = 0x00050001;
const ENOSYS = 0x00050026;

/** Runs a classic BPF program over one `struct seccomp_data`; returns its verdict. */
function judge(
  program: Uint8Array,
  data: { nr: number; arch: number; args?: number[] },
): number {
  const words = new Map<number, number>([[0, data.nr >>> 0], [
    4,
    data.arch >>> 0,
  ]]);
  (data.args ?? []).forEach((arg, i) => words.set(16 + i * 8, arg >>> 0));
  const view = new DataView(program.buffer, program.byteOffset);
  let a = 0;
  for (let pc = 0; pc < program.length / 8;) {
    const code = view.getUint16(pc * 8, true);
    const jt = view.getUint8(pc * 8 + 2);
    const jf = view.getUint8(pc * 8 + 3);
    const k = view.getUint32(pc * 8 + 4, true);
    pc++;
    if (code === 0x20) a = words.get(k) ?? 0;
    else if (code === 0x54) a = (a & k) >>> 0;
    else if (code === 0x15) pc += a === k ? jt : jf;
    else if (code === 0x35) pc += a >= k ? jt : jf;
    else if (code === 0x06) return k;
    else throw new Error(`unknown instruction ${code}`);
  }
  throw new Error("fell off the end");
}

const ARCHES = [
  {
    arch: "x86_64" as const,
    audit: 0xc000003e,
    socket: 41,
    socketpair: 53,
    kill: 62,
    tkill: 200,
    tgkill: 234,
    keyRing: [248, 249, 250],
    other: 0x40000000 + 41,
  },
  {
    arch: "aarch64" as const,
    audit: 0xc00000b7,
    socket: 198,
    socketpair: 199,
    kill: 129,
    tkill: 130,
    tgkill: 131,
    keyRing: [217, 218, 219],
    other: undefined,
  },
];

for (const table of ARCHES) {
  Deno.test(`the seccomp program on ${table.arch} allows IPv4, IPv6 and routing netlink sockets only, not raw, and no key rings`, () => {
    const program = seccompProgram({ arch: table.arch, protect: 4242 })!;
    const call = (nr: number, ...args: number[]) =>
      judge(program, { nr, arch: table.audit, args });
    const SOCK_CLOEXEC = 0o2000000;
    const SOCK_NONBLOCK = 0o4000;
    assert.equal(call(table.socket, 1, 1), EPERM, "AF_UNIX stream");
    assert.equal(
      call(table.socket, 1, 2 | SOCK_CLOEXEC),
      EPERM,
      "AF_UNIX dgram",
    );
    assert.equal(call(table.socket, 17, 3, 768), EPERM, "AF_PACKET");
    assert.equal(call(table.socket, 2, 3 | SOCK_NONBLOCK, 1), EPERM, "raw");
    assert.equal(call(table.socket, 10, 3, 58), EPERM, "raw IPv6");
    assert.equal(call(table.socket, 2, 10), EPERM, "SOCK_PACKET");
    assert.equal(call(table.socket, 2, 1 | SOCK_CLOEXEC), ALLOW, "TCP");
    assert.equal(call(table.socket, 10, 2), ALLOW, "UDP over IPv6");
    assert.equal(call(table.socket, 16, 3, 0), ALLOW, "netlink (raw by type)");
    assert.equal(call(table.socket, 16, 2, 0), ALLOW, "datagram netlink");
    assert.equal(call(table.socket, 16, 3, 4), EPERM, "NETLINK_SOCK_DIAG");
    assert.equal(call(table.socket, 16, 3, 9), EPERM, "NETLINK_AUDIT");
    assert.equal(call(table.socket, 16, 2, 15), EPERM, "uevents");
    assert.equal(call(table.socket, 40, 1, 0), EPERM, "vsock");
    assert.equal(call(table.socket, 38, 5, 0), EPERM, "AF_ALG");
    assert.equal(call(table.socket, 31, 1, 3), EPERM, "Bluetooth");
    assert.equal(call(table.socket, 0, 1, 0), EPERM, "AF_UNSPEC");
    for (const nr of table.keyRing) {
      assert.equal(call(nr, 0, 0), ENOSYS, `key ring call ${nr}`);
    }
    assert.equal(call(table.socketpair, 1, 1 | SOCK_CLOEXEC), ALLOW);
    assert.equal(call(table.socketpair, 1, 5), ALLOW, "seqpacket pair");
    assert.equal(call(table.socketpair, 1, 2), EPERM, "datagram pair");
    assert.equal(call(425), ENOSYS, "io_uring_setup");
    assert.equal(call(0), ALLOW);
    // Signals: never to the host, its group, the caller's group or everyone.
    for (const target of [4242, -4242, 0, -1]) {
      assert.equal(call(table.kill, target, 9), EPERM, `kill(${target})`);
    }
    assert.equal(call(table.kill, 4243, 9), ALLOW);
    assert.equal(call(table.tgkill, 4242, 4250, 9), EPERM);
    assert.equal(call(table.tgkill, 5000, 5001, 9), ALLOW);
    assert.equal(call(table.tkill, 4242, 9), EPERM);
    assert.equal(call(434, 4242, 0), EPERM, "pidfd_open of the host");
    // Another architecture's numbers mean other calls: the process ends.
    const foreign = ARCHES.find((other) => other !== table)!;
    assert.equal(
      judge(program, { nr: foreign.socket, arch: foreign.audit }),
      KILL,
    );
    assert.equal(judge(program, { nr: 1, arch: 0x40000003 }), KILL, "i386");
    if (table.other !== undefined) {
      assert.equal(call(table.other, 1, 1), KILL, "x32");
    }
  });
}

Deno.test("the seccomp program without a host to protect lets signals through", () => {
  const program = seccompProgram({ arch: "x86_64" })!;
  assert.equal(
    judge(program, { nr: 62, arch: 0xc000003e, args: [0, 9] }),
    ALLOW,
  );
  assert.equal(
    seccompProgram({ arch: "riscv64" as typeof Deno.build.arch }),
    undefined,
  );
});
