import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { classifyAddress } from "../../src/fetch/_address.ts";

/** A loopback (or other local address) server that counts its requests. */
function localServer(
  hostname: string,
): { url: string; hits(): number } & AsyncDisposable {
  let hits = 0;
  const server = Deno.serve({ hostname, port: 0, onListen() {} }, () => {
    hits++;
    return new Response("the local dev server answered", {
      headers: { "content-type": "text/plain" },
    });
  });
  const host = hostname.includes(":") ? `[${hostname}]` : hostname;
  return {
    url: `http://${host}:${server.addr.port}/notes.txt`,
    hits: () => hits,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}

/** A private-network address of this machine, if it has one. */
const PRIVATE_ADDRESS = Deno.networkInterfaces().find((item) =>
  classifyAddress(item.address) === "private" && !item.address.includes("%")
)?.address;

Deno.test("ctx-mode fetch follows the user's network policy for loopback, from the environment and from config.json", async (t) => {
  await using home = await tempDir();
  await using project = await tempDir();
  await using server = localServer("127.0.0.1");
  const fetchIt = (env: Record<string, string> = {}) =>
    runCli(["fetch", server.url, "--force", "--project", project.path], {
      home: home.path,
      cwd: project.path,
      env,
    });

  await t.step("loopback is fetched by default", async () => {
    const run = await fetchIt();
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /Indexed/);
    assert.equal(server.hits(), 1);
  });

  await t.step("CTX_MODE_NET_LOOPBACK=deny refuses it", async () => {
    const run = await fetchIt({ CTX_MODE_NET_LOOPBACK: "deny" });
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /Cannot fetch "http:\/\/127\.0\.0\.1:\d+\/notes\.txt": 127\.0\.0\.1 is a loopback address, refused by the network policy \(CTX_MODE_NET_LOOPBACK=deny\)/,
    );
    assert.equal(server.hits(), 1);
  });

  const config = join(home.path, "config.json");
  await Deno.writeTextFile(config, '{"network": {"loopback": "deny"}}');

  await t.step("the user's config.json refuses it", async () => {
    const run = await fetchIt();
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      /refused by the network policy \("network": \{"loopback": "deny"\} in .*config\.json\)/,
    );
    assert.equal(server.hits(), 1);
  });

  await t.step("a project file cannot loosen it", async () => {
    await Deno.writeTextFile(
      join(project.path, ".ctx-mode.json"),
      '{"network": {"loopback": "allow", "private": "allow"}}',
    );
    const run = await fetchIt();
    assert.equal(run.code, 1);
    assert.match(run.stderr, /refused by the network policy/);
    assert.equal(server.hits(), 1);
  });

  await t.step("the environment overrides the user's file", async () => {
    const run = await fetchIt({ CTX_MODE_NET_LOOPBACK: "allow" });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(server.hits(), 2);
  });

  await t.step("a project file can tighten it", async () => {
    await Deno.remove(config);
    await Deno.writeTextFile(
      join(project.path, ".ctx-mode.json"),
      '{"network": {"loopback": "deny"}}',
    );
    const run = await fetchIt();
    assert.equal(run.code, 1);
    assert.match(run.stderr, /\.ctx-mode\.json\)/);
    assert.equal(server.hits(), 2);
  });

  await t.step(
    "a typo in the user's file refuses rather than allows",
    async () => {
      await Deno.remove(join(project.path, ".ctx-mode.json"));
      await Deno.writeTextFile(config, '{"network": {"loopback": "alow"}}');
      const run = await fetchIt();
      assert.equal(run.code, 1);
      assert.match(run.stderr, /not "allow" or "deny", read as deny/);
      assert.equal(server.hits(), 2);
    },
  );
});

Deno.test({
  name:
    "ctx-mode fetch refuses this machine's private-network address by default and fetches it when the user allows",
  ignore: PRIVATE_ADDRESS === undefined,
  fn: async () => {
    await using home = await tempDir();
    await using server = localServer(PRIVATE_ADDRESS!);
    const refused = await runCli(["fetch", server.url], { home: home.path });
    assert.equal(refused.code, 1);
    assert.match(
      refused.stderr,
      /is a private-network address, refused by the network policy \(the default; CTX_MODE_NET_PRIVATE=allow or "network": \{"private": "allow"\} in .*config\.json changes it\)/,
    );
    assert.equal(server.hits(), 0);
    const allowed = await runCli(["fetch", server.url], {
      home: home.path,
      env: { CTX_MODE_NET_PRIVATE: "allow" },
    });
    assert.equal(allowed.code, 0, allowed.stderr);
    assert.equal(server.hits(), 1);
  },
});

Deno.test("ctx-mode fetch never fetches metadata addresses in any spelling, whatever the policy says", async () => {
  await using home = await tempDir();
  const urls = [
    "http://169.254.169.254/latest/",
    "http://[::ffff:169.254.169.254]/",
    "http://[64:ff9b::a9fe:a9fe]/",
    "http://[2002:a9fe:a9fe::1]/",
    "http://[2001:0:4136:e378:8000:63bf:5601:5601]/",
    "http://100.100.100.200/",
    "http://[fd00:ec2::254]/",
    "http://[fe80::1]/",
  ];
  const run = await runCli(["fetch", ...urls], {
    home: home.path,
    env: { CTX_MODE_NET_LOOPBACK: "allow", CTX_MODE_NET_PRIVATE: "allow" },
  });
  assert.equal(run.code, 1);
  const refusals = run.stderr.split("\n").filter((line) =>
    line.startsWith("ctx-mode: Cannot fetch")
  );
  assert.equal(refusals.length, urls.length, run.stderr);
  for (const line of refusals) {
    assert.match(
      line,
      /is a (cloud metadata|link-local) address, which ctx-mode never fetches$/,
    );
  }
});

Deno.test("ctx-mode doctor reports the network policy in force and where it comes from", async () => {
  await using home = await tempDir();
  const run = await runCli(["doctor", "--json"], {
    home: home.path,
    env: { CTX_MODE_NET_PRIVATE: "allow" },
  });
  const checks = JSON.parse(run.stdout).checks as Array<
    { name: string; detail: string }
  >;
  const network = checks.find((check) => check.name === "network");
  assert.ok(network, run.stdout);
  assert.match(
    network.detail,
    /private ranges allow \(CTX_MODE_NET_PRIVATE=allow/,
  );
  assert.match(network.detail, /loopback allow \(the default/);
});
