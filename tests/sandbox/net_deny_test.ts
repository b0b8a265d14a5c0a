import assert from "node:assert/strict";
import { runCode, type RunOptions } from "../../src/sandbox/mod.ts";
import { compileArgs } from "../../scripts/compile.ts";
import { METADATA_DENY_NET } from "../../src/config/network_policy.ts";
import { BWRAP, LANDLOCK, loopbackServer, tempDir } from "./_helpers.ts";

const MODES: Array<{ label: string; options: RunOptions; ignore: boolean }> = [
  {
    label: "a bubblewrap-confined Deno process",
    options: {},
    ignore: !BWRAP,
  },
  {
    label: "a Deno process with permission flags",
    options: { confine: false },
    ignore: false,
  },
  {
    label: "a Deno process with permission flags under Landlock",
    options: { confine: "landlock" },
    ignore: !LANDLOCK,
  },
];

/** Each target is tried with fetch and a raw connection; a line per attempt. */
const TARGETS = [
  "169.254.169.254",
  "169.254.170.2",
  "100.100.100.200",
  "[::ffff:169.254.169.254]",
  "[fd00:ec2::254]",
];

function probeProgram(loopback: string): string {
  return `
const lines = [];
for (const host of ${JSON.stringify(TARGETS)}) {
  try {
    await fetch("http://" + host + "/latest/meta-data/", { signal: AbortSignal.timeout(20000) });
    lines.push(host + " fetch ALLOWED");
  } catch (error) {
    lines.push(host + " fetch " + error?.name + " " + String(error?.message).split("\\n")[0]);
  }
  try {
    const conn = await Deno.connect({ hostname: host.replace(/^\\[|\\]$/g, ""), port: 80 });
    conn.close();
    lines.push(host + " connect ALLOWED");
  } catch (error) {
    lines.push(host + " connect " + error?.name + " " + String(error?.message).split("\\n")[0]);
  }
}
// node:net with a numeric alias of 169.254.169.254.
const { connect } = await import("node:net");
lines.push(await new Promise((resolve) => {
  const socket = connect({ host: "2852039166", port: 80 }, () => {
    socket.destroy();
    resolve("2852039166 node:net ALLOWED");
  });
  socket.on("error", (error) =>
    resolve("2852039166 node:net " + error?.name + " " + String(error?.message).split("\\n")[0]));
}));
lines.push("loopback " + await (await fetch(${
    JSON.stringify(loopback)
  })).text());
console.log(lines.join("\\n"));
`;
}

for (const mode of MODES) {
  Deno.test({
    name:
      `JavaScript in ${mode.label} cannot reach cloud-metadata addresses: a permission error, not a timeout`,
    ignore: mode.ignore || Deno.build.os === "windows",
    fn: async () => {
      await using project = await tempDir();
      await using server = loopbackServer("loopback answered");
      const result = await runCode({
        language: "javascript",
        code: probeProgram(server.url),
        projectDir: project.path,
        timeoutMs: 60_000,
      }, mode.options);
      assert.equal(result.exitCode, 0, result.stderr);
      const lines = result.stdout.trim().split("\n");
      assert.equal(lines.length, TARGETS.length * 2 + 2, result.stdout);
      for (const line of lines.slice(0, -1)) {
        assert.match(
          line,
          /^\S+ (fetch|connect|node:net) NotCapable Requires net access to/,
          line,
        );
      }
      // The network itself works: only the metadata addresses are refused.
      assert.equal(lines.at(-1), "loopback loopback answered");
    },
  });
}

Deno.test("the compiled binary denies the metadata addresses to itself and its sandbox Workers", () => {
  const args = compileArgs("x86_64-unknown-linux-gnu", "/src/main.ts");
  assert.ok(args.includes(`--deny-net=${METADATA_DENY_NET.join(",")}`));
  assert.ok(args.includes("--allow-all"));
});
