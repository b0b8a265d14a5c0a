import assert from "node:assert/strict";
import {
  commandLine,
  launchCommand,
  looksLikeCtxMode,
} from "../../src/install/launch_command.ts";

Deno.test("launchCommand() tells a compiled binary, a clone, a JSR run and a served tree apart", () => {
  assert.deepEqual(
    launchCommand({
      execPath: "/usr/local/bin/ctx-mode",
      mainUrl: "file:///tmp/deno-compile-ctx-mode/main.ts",
      version: "0.1.0",
    }),
    { kind: "binary", command: "/usr/local/bin/ctx-mode", args: [] },
  );
  assert.deepEqual(
    launchCommand({
      execPath: "/home/ada/.deno/bin/deno",
      mainUrl: "file:///home/ada/src/ctx%20mode/main.ts",
      version: "0.1.0",
    }),
    {
      kind: "clone",
      command: "/home/ada/.deno/bin/deno",
      args: [
        "run",
        "-q",
        "-A",
        "--config",
        "/home/ada/src/ctx mode/deno.json",
        "/home/ada/src/ctx mode/main.ts",
      ],
    },
  );
  assert.deepEqual(
    launchCommand({
      execPath: "/usr/bin/deno",
      mainUrl: "https://jsr.io/@ctx/mode/0.3.1/main.ts",
      version: "0.3.1",
    }).args,
    ["run", "-q", "-A", "jsr:@ctx/mode@0.3.1"],
  );
  assert.deepEqual(
    launchCommand({
      execPath: "/usr/bin/deno",
      mainUrl: "http://127.0.0.1:8123/main.ts",
      version: "0.1.0",
    }).args,
    ["run", "-q", "-A", "http://127.0.0.1:8123/main.ts"],
  );
});

Deno.test("commandLine() quotes what a shell would split, and looksLikeCtxMode() knows every launch form", () => {
  const clone = launchCommand({
    execPath: "/usr/bin/deno",
    mainUrl: "file:///opt/it's here/main.ts",
    version: "0.1.0",
  });
  const line = commandLine(clone, ["hook", "claude-code", "PreToolUse"]);
  assert.equal(
    line,
    `/usr/bin/deno run -q -A --config '/opt/it'\\''s here/deno.json' '/opt/it'\\''s here/main.ts' hook claude-code PreToolUse`,
  );
  for (
    const form of [
      line,
      "ctx-mode hook claude-code pre_tool_use",
      "deno run -A jsr:@ctx/mode@0.1.0 serve",
      "deno run -q -A jsr:@ctx/mode@0.1.0 serve",
      "/opt/bin/ctx-mode serve",
    ]
  ) {
    assert.ok(looksLikeCtxMode(form), form);
  }
  for (
    const other of [
      "npx -y @modelcontextprotocol/server-github",
      "~/.local/bin/safety-net check",
      "ctx-moder serve",
    ]
  ) {
    assert.ok(!looksLikeCtxMode(other), other);
  }
});
