import assert from "node:assert/strict";
import { tempDir } from "../_helpers/temp_dir.ts";
import { join } from "node:path";
import { npmMirror } from "../_helpers/npm_mirror.ts";
import { rewriteSpecifiers, ROOT, serveTree } from "../_helpers/serve_tree.ts";
import {
  checkLightCommands,
  checkServe,
  launch,
  type Launcher,
  preToolUsePayload,
  seededDenoDir,
} from "./_flows.ts";

/** A registry address nothing listens on: any npm download fails at once. */
const CLOSED_REGISTRY = "http://127.0.0.1:9/";

Deno.test("rewriteSpecifiers() maps bare specifiers the way deno publish does, and nothing else", () => {
  const imports = { zod: "npm:zod@4.6.7", "@a/sdk": "npm:@a/sdk@1.0.0" };
  const source = [
    `// @ts-types="@a/sdk/server/mcp"`,
    `import { x } from "@a/sdk/server/mcp.js";`,
    `import { z } from 'zod';`,
    `export { y } from "./local.ts";`,
    `const m = await import("zod");`,
    `const text = "zod";`,
    `import "zodiac";`,
  ].join("\n");
  assert.equal(
    rewriteSpecifiers(source, imports),
    [
      `// @ts-types="npm:@a/sdk@1.0.0/server/mcp"`,
      `import { x } from "npm:@a/sdk@1.0.0/server/mcp.js";`,
      `import { z } from 'npm:zod@4.6.7';`,
      `export { y } from "./local.ts";`,
      `const m = await import("npm:zod@4.6.7");`,
      `const text = "zod";`,
      `import "zodiac";`,
    ].join("\n"),
  );
});

Deno.test("run from a URL, as from JSR: light commands need no npm package, serve answers tools/list and runs code", async (t) => {
  await using server = await serveTree();
  const launcher: Launcher = {
    command: Deno.execPath(),
    args: ["run", "-A", `${server.base}main.ts`],
  };

  await t.step(
    "with an empty Deno cache and the npm registry unreachable",
    async (t) => {
      await using home = await tempDir();
      const env = {
        DENO_DIR: `${home.path}/empty-cache`,
        NPM_CONFIG_REGISTRY: CLOSED_REGISTRY,
      };
      await checkLightCommands(t, launcher, { home: home.path, env });
      await t.step("an npm import really would have failed", async () => {
        // Proves the setup can fail: serve needs the MCP SDK from the registry.
        const run = await launch(launcher, [], {
          home: home.path,
          env: { ...env, CTX_MODE_PROJECT_DIR: home.path },
        });
        assert.notEqual(run.code, 0);
        assert.match(run.stderr, /modelcontextprotocol|127\.0\.0\.1:9/);
      });
    },
  );

  await t.step(
    "serve answers tools/list and runs code, with the npm packages already downloaded",
    async () => {
      await using home = await tempDir();
      const env = { DENO_DIR: await seededDenoDir(home.path) };
      // The registry is out of reach in tests: the clone's lock file pins the
      // npm packages to the ones in the cache (a JSR user resolves them afresh).
      const lock = join(home.path, "deno.lock");
      await Deno.copyFile(join(ROOT, "deno.lock"), lock);
      const locked: Launcher = {
        command: launcher.command,
        args: ["run", "-A", "--lock", lock, `${server.base}main.ts`],
      };
      await checkServe(locked, { home: home.path, env });
      // README's way to warm the cache: serve with nothing to read loads everything, then exits.
      const warm = await launch(locked, ["serve"], { home: home.path, env });
      assert.equal(warm.code, 0, warm.stderr);
    },
  );

  await t.step(
    "install claude-code run from the URL registers the URL: its server answers tools/list, its hook denies",
    async () => {
      await using home = await tempDir();
      // No lock file, as from JSR: the package documents come from a
      // loopback mirror of the cache, the packages from the cache.
      const cache = join(home.path, "deno-cache");
      await using mirror = await npmMirror(cache);
      const env = { DENO_DIR: cache, NPM_CONFIG_REGISTRY: mirror.registry };
      const main = `${server.base}main.ts`;
      const install = await launch(
        { command: Deno.execPath(), args: ["run", "-A", main] },
        ["install", "claude-code", "--yes"],
        { home: home.path, env },
      );
      assert.equal(install.code, 0, `${install.stderr} ${mirror.missing}`);
      // What a JSR user gets: `deno run -q -A <module>`, no path of a clone.
      const registered = JSON.parse(
        await Deno.readTextFile(join(home.path, ".claude.json")),
      ).mcpServers["ctx-mode"];
      assert.deepEqual(
        [registered.command, ...registered.args],
        [Deno.execPath(), "run", "-q", "-A", main, "serve"],
      );
      const groups: { hooks: { command: string }[] }[] = JSON.parse(
        await Deno.readTextFile(join(home.path, ".claude", "settings.json")),
      ).hooks.PreToolUse;
      const hook = groups.flatMap((group) => group.hooks).find((h) =>
        h.command.endsWith(" hook claude-code PreToolUse")
      );
      assert.ok(hook, JSON.stringify(groups));
      // The registered hook command line, run by a shell as Claude Code runs it.
      const denied = await launch(
        { command: "sh", args: ["-c", hook.command] },
        [],
        {
          home: home.path,
          env: { ...env, CLAUDE_PROJECT_DIR: home.path },
          stdin: await preToolUsePayload(home.path, "rm -rf ~"),
        },
      );
      assert.equal(denied.code, 0, denied.stderr);
      assert.equal(
        JSON.parse(denied.stdout).hookSpecificOutput.permissionDecision,
        "deny",
      );
      // The registered server, started as registered.
      await checkServe(
        { command: registered.command, args: registered.args.slice(0, -1) },
        { home: home.path, env },
      );
    },
  );

  await t.step(
    "no module is read from the clone: every one came over HTTP",
    () => {
      assert.ok(server.requests.includes("/main.ts"));
      assert.ok(server.requests.includes("/src/cli/serve.ts"));
      assert.ok(server.requests.includes("/src/cli/hook.ts"));
    },
  );
});
