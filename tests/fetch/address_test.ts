import assert from "node:assert/strict";
import {
  type AddressClass,
  checkTarget,
  classifyAddress,
} from "../../src/fetch/_address.ts";
import {
  DEFAULT_NETWORK_POLICY,
  METADATA_DENY_NET,
  type NetworkPolicy,
} from "../../src/config/network_policy.ts";

const OPEN: NetworkPolicy = {
  loopback: { access: "allow", from: "test" },
  private: { access: "allow", from: "test" },
};
const CLOSED: NetworkPolicy = {
  loopback: { access: "deny", from: "CTX_MODE_NET_LOOPBACK=deny" },
  private: { access: "deny", from: "CTX_MODE_NET_PRIVATE=deny" },
};

Deno.test("classifyAddress() knows the ranges a fetch must never reach", () => {
  const cases: [string, AddressClass][] = [
    ["93.184.216.34", "public"],
    ["2606:4700::1111", "public"],
    ["127.0.0.1", "loopback"],
    ["127.8.9.10", "loopback"],
    ["::1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["172.32.0.1", "public"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "private"],
    ["fd12:3456::1", "private"],
    ["169.254.169.254", "metadata"],
    ["100.100.100.200", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["169.254.1.1", "link-local"],
    ["fe80::1", "link-local"],
    ["fe80::1%eth0", "link-local"],
    ["febf::1", "link-local"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["::", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["ff02::1", "multicast"],
    ["240.0.0.1", "reserved"],
    ["255.255.255.255", "reserved"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:a9fe:a9fe", "metadata"],
    ["64:ff9b::a9fe:1", "link-local"],
    ["2002:a9fe:a9fe::", "metadata"],
    ["::169.254.0.1", "link-local"],
    ["64:ff9b:1::a9fe:a9fe", "metadata"],
    ["64:ff9b::6464:64c8", "metadata"],
    ["64:ff9b::a00:1", "private"],
    ["64:ff9b::5db8:d822", "public"],
    // Teredo: the client's IPv4 address is stored inverted (0x5601 = ~0xa9fe).
    ["2001:0:4136:e378:8000:63bf:5601:5601", "metadata"],
    ["2001::80ff:fefe", "loopback"],
    ["2001:0:4136:e378:8000:63bf:a247:29dd", "public"],
    ["2001:db8::1", "public"],
    ["192.0.0.192", "reserved"],
    ["192.0.0.170", "reserved"],
    ["::ffff:0.0.0.0", "unspecified"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:100.64.0.1", "private"],
    ["::ffff:0:a9fe:a9fe", "metadata"],
    ["0:0:0:0:0:ffff:7f00:1", "loopback"],
    ["0177.0.0.1", "reserved"],
    ["2130706433", "reserved"],
    ["not an address", "reserved"],
  ];
  for (const [address, expected] of cases) {
    assert.equal(classifyAddress(address), expected, address);
  }
});

Deno.test("checkTarget() judges the URL text and every address the name resolves to", async () => {
  const lookup = (host: string) =>
    Promise.resolve(
      host === "mixed.test"
        ? ["93.184.216.34", "169.254.169.254"]
        : ["127.0.0.1"],
    );
  const check = (url: string, strict = false) =>
    checkTarget(new URL(url), { network: strict ? CLOSED : OPEN, lookup });

  assert.deepEqual(await check("http://example.test/"), {
    ok: true,
    addresses: ["127.0.0.1"],
  });
  assert.deepEqual(await check("http://[::1]:8080/"), {
    ok: true,
    addresses: ["::1"],
  });
  assert.deepEqual(
    await check("http://0x7f.1/"),
    { ok: true, addresses: ["127.0.0.1"] },
    "WHATWG URL normalises 0x7f.1 to 127.0.0.1",
  );
  assert.deepEqual(await check("http://mixed.test/"), {
    ok: false,
    transient: false,
    reason:
      '"mixed.test" resolves to 169.254.169.254, a cloud metadata address, which ctx-mode never fetches',
  });
  assert.deepEqual(await check("http://example.test/", true), {
    ok: false,
    transient: false,
    reason:
      '"example.test" resolves to 127.0.0.1, a loopback address, refused by the network policy (CTX_MODE_NET_LOOPBACK=deny)',
  });
  assert.deepEqual(await check("http://[::ffff:a9fe:a9fe]/"), {
    ok: false,
    transient: false,
    reason:
      "::ffff:a9fe:a9fe is a cloud metadata address, which ctx-mode never fetches",
  });
  assert.equal((await check("javascript:alert(1)")).ok, false);
});

Deno.test("checkTarget() reports a DNS failure as transient", async () => {
  const verdict = await checkTarget(new URL("http://nowhere.test/"), {
    network: OPEN,
    lookup: () =>
      Promise.reject(
        Object.assign(new Error("getaddrinfo ENOTFOUND"), {
          code: "ENOTFOUND",
        }),
      ),
  });
  assert.deepEqual(verdict, {
    ok: false,
    transient: true,
    reason: 'DNS lookup of "nowhere.test" failed: no such host',
  });
});

Deno.test("checkTarget() refuses private addresses and allows loopback under the default policy", async () => {
  const { DEFAULT_NETWORK_POLICY } = await import(
    "../../src/config/network_policy.ts"
  );
  const lookup = () => Promise.resolve(["10.0.0.7"]);
  const check = (url: string) =>
    checkTarget(new URL(url), { network: DEFAULT_NETWORK_POLICY, lookup });
  assert.deepEqual(await check("http://127.0.0.1:8080/"), {
    ok: true,
    addresses: ["127.0.0.1"],
  });
  assert.deepEqual(await check("http://intranet.test/"), {
    ok: false,
    transient: false,
    reason:
      '"intranet.test" resolves to 10.0.0.7, a private-network address, refused by the network policy (the default)',
  });
});

Deno.test("METADATA_DENY_NET lists only addresses the fetcher never fetches", () => {
  for (const entry of METADATA_DENY_NET) {
    if (/^[a-z.]+$/.test(entry)) continue; // a host name
    const address = entry.replace(/\/\d+$/, "");
    const kind = classifyAddress(address);
    assert.ok(
      kind === "metadata" || kind === "link-local",
      `${entry} is ${kind}`,
    );
  }
  assert.ok(METADATA_DENY_NET.includes("169.254.0.0/16"));
});

Deno.test("checkTarget() refuses every spelling of a forbidden address in a URL", async (t) => {
  const lookup = () => Promise.reject(new Error("no lookup for an address"));
  const cases: [string, NetworkPolicy, RegExp][] = [
    ["http://2852039166/", OPEN, /^169\.254\.169\.254 is a cloud metadata/],
    ["http://0xa9fea9fe/", OPEN, /^169\.254\.169\.254 is a cloud metadata/],
    ["http://0251.0376.0251.0376/", OPEN, /^169\.254\.169\.254 is a cloud/],
    ["http://169.254.43518/", OPEN, /^169\.254\.169\.254 is a cloud metadata/],
    ["http://0xa9.0xfe.0xa9.0xfe/", OPEN, /^169\.254\.169\.254 is a cloud/],
    ["http://0/", OPEN, /^0\.0\.0\.0 is an unspecified/],
    ["http://0.0.0.0:8080/", OPEN, /^0\.0\.0\.0 is an unspecified/],
    ["http://[::]/", OPEN, /^:: is an unspecified/],
    ["http://[::ffff:0.0.0.0]/", OPEN, /^::ffff:0:0 is an unspecified/],
    ["http://[::ffff:169.254.169.254]/", OPEN, /is a cloud metadata address/],
    ["http://[0:0:0:0:0:ffff:a9fe:a9fe]/", OPEN, /is a cloud metadata/],
    ["http://169.254.1.1/", OPEN, /^169\.254\.1\.1 is a link-local address/],
    ["http://[fd00:ec2::254]/", OPEN, /is a cloud metadata address/],
    ["http://100.100.100.200/", OPEN, /is a cloud metadata address/],
    ["http://192.0.0.192/", OPEN, /is a reserved or broadcast address/],
    ["http://255.255.255.255/", OPEN, /is a reserved or broadcast address/],
    ["http://100.64.0.1/", DEFAULT_NETWORK_POLICY, /a private-network address/],
    ["http://10.0.0.1/", DEFAULT_NETWORK_POLICY, /a private-network address/],
    ["http://167772161/", DEFAULT_NETWORK_POLICY, /^10\.0\.0\.1 is a private/],
    ["http://012.0.0.1/", DEFAULT_NETWORK_POLICY, /^10\.0\.0\.1 is a private/],
    ["http://[::ffff:10.0.0.1]/", DEFAULT_NETWORK_POLICY, /private-network/],
    ["http://2130706433/", CLOSED, /^127\.0\.0\.1 is a loopback address/],
    ["http://0x7f000001/", CLOSED, /^127\.0\.0\.1 is a loopback address/],
    ["http://0177.1/", CLOSED, /^127\.0\.0\.1 is a loopback address/],
    ["http://[::ffff:127.0.0.1]/", CLOSED, /is a loopback address/],
  ];
  for (const [url, network, expected] of cases) {
    await t.step(url, async () => {
      const verdict = await checkTarget(new URL(url), { network, lookup });
      assert.equal(verdict.ok, false, url);
      assert.match(verdict.ok ? "" : verdict.reason, expected);
    });
  }
});

Deno.test("checkTarget() refuses a resolver answer that is not a plain address", async () => {
  for (const answer of ["0177.0.0.1", "2130706433", "0x7f.1", "", "::ffff:"]) {
    const verdict = await checkTarget(new URL("http://odd.test/"), {
      network: OPEN,
      lookup: () => Promise.resolve([answer]),
    });
    assert.equal(verdict.ok, false, answer);
    assert.match(verdict.ok ? "" : verdict.reason, /a reserved or broadcast/);
  }
});
