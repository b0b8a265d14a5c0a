import assert from "node:assert/strict";
import {
  type AddressClass,
  checkTarget,
  classifyAddress,
} from "../../src/fetch/_address.ts";

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
    checkTarget(new URL(url), { strict, lookup });

  assert.deepEqual(await check("http://example.test/"), { ok: true });
  assert.deepEqual(await check("http://[::1]:8080/"), { ok: true });
  assert.deepEqual(
    await check("http://0x7f.1/"),
    { ok: true },
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
      '"example.test" resolves to 127.0.0.1, a loopback address, refused in strict mode',
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
    strict: false,
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
