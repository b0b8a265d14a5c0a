import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

/** Asserts a usage error: exit 2, the one-line message, then the hint. */
function assertUsageError(
  run: { code: number; stderr: string },
  message: RegExp,
): void {
  assert.equal(run.code, 2, run.stderr);
  const lines = run.stderr.trimEnd().split("\n");
  assert.equal(lines.length, 2, run.stderr);
  assert.match(lines[0]!, message);
  assert.match(lines[1]!, /^Run "ctx-mode [a-z-]* ?--help" for usage\.$/);
}

/**
 * The environment of a run that must touch no network: an empty Deno cache
 * and an npm registry nothing listens on, so loading any npm package (and
 * its `Download` lines) fails the run instead of passing unseen on a warm cache.
 */
function offline(home: string): Record<string, string> {
  return {
    DENO_DIR: join(home, "empty-deno-cache"),
    NPM_CONFIG_REGISTRY: "http://127.0.0.1:9/",
  };
}

Deno.test("bad values are usage errors that exit 2 and say what is wrong", async (t) => {
  await using home = await tempDir();
  const run = (args: string[]) =>
    runCli(args, { home: home.path, cwd: home.path, env: offline(home.path) });

  await t.step("exec --lang cobol", async () => {
    assertUsageError(
      await run(["exec", "--lang", "cobol", "1"]),
      /^ctx-mode: Cannot run language "cobol": unknown$/,
    );
  });
  await t.step("exec-file --lang cobol", async () => {
    await Deno.writeTextFile(join(home.path, "f.txt"), "x");
    assertUsageError(
      await run(["exec-file", "f.txt", "--lang", "cobol", "1"]),
      /^ctx-mode: Cannot run language "cobol": unknown$/,
    );
  });
  for (const args of [["--limit", "-1"], ["--limit=-1"]]) {
    await t.step(`audit ${args.join(" ")}`, async () => {
      assertUsageError(
        await run(["audit", ...args]),
        /^ctx-mode: Cannot use --limit "-1": expected a whole number from 1 to 10000$/,
      );
    });
  }
  await t.step("search --limit -3", async () => {
    assertUsageError(
      await run(["search", "x", "--limit", "-3"]),
      /^ctx-mode: Cannot use --limit "-3": expected a whole number from 1 to 100$/,
    );
  });
  await t.step("index --max-file-mb 0 says 0 is not allowed", async () => {
    assertUsageError(
      await run(["index", "--max-file-mb", "0", "-"]),
      /^ctx-mode: Cannot use --max-file-mb "0": expected a number of MiB above 0, at most 1024$/,
    );
  });
});

Deno.test("--project naming no directory is refused before anything is created or downloaded", async (t) => {
  await using home = await tempDir();
  const missing = join(home.path, "no-such-project");
  for (
    const args of [
      ["serve"],
      ["stats"],
      ["search", "x"],
      ["index", "-"],
      ["exec", "1"],
      ["purge", "--yes"],
    ]
  ) {
    await t.step(args[0]!, async () => {
      const run = await runCli([...args, "--project", missing], {
        home: home.path,
        stdin: "some text",
        env: offline(home.path),
      });
      assertUsageError(
        run,
        /^ctx-mode: Cannot use --project ".*no-such-project": no such directory$/,
      );
      await assert.rejects(Deno.stat(join(home.path, "projects")));
      await assert.rejects(Deno.stat(missing));
    });
  }
});

Deno.test("stats and session agree: an unknown session is a one-line failure with exit 1", async (t) => {
  await using home = await tempDir();
  for (
    const args of [
      ["stats", "--session", "nope"],
      ["stats", "--session", "nope", "--json"],
      ["session", "show", "--session", "nope"],
      ["session", "export", "--session", "nope"],
    ]
  ) {
    await t.step(args.join(" "), async () => {
      const run = await runCli(args, { home: home.path });
      assert.equal(run.code, 1, run.stderr);
      assert.equal(run.stdout, "");
      assert.match(run.stderr, /^ctx-mode: No (server )?session "nope" in /);
      assert.equal(run.stderr.trimEnd().split("\n").length, 1);
    });
  }
});

Deno.test("counts read right in the singular, and purge does not ask to wipe nothing", async (t) => {
  await using home = await tempDir();
  const run = (args: string[], stdin?: string) =>
    runCli(args, {
      home: home.path,
      cwd: home.path,
      ...(stdin === undefined ? {} : { stdin }),
    });

  await t.step(
    "purge of an empty knowledge base says so without asking",
    async () => {
      const purge = await run(["purge"]);
      assert.equal(purge.code, 0, purge.stderr);
      assert.match(purge.stdout, /^Nothing to remove: .* holds no sources\n$/);
    },
  );
  await t.step("index of one source", async () => {
    const index = await run(["index", "-", "--source", "one"], "one line\n");
    assert.equal(index.code, 0, index.stderr);
    assert.match(index.stdout, /^Indexed 1 source: 1 chunk, /);
  });
  await t.step("stats of one source", async () => {
    const stats = await run(["stats"]);
    assert.match(stats.stdout, /^1 source, 1 chunk, /m);
    assert.match(stats.stdout, /^ {2}one {2}text, .*, 1 chunk, /m);
  });
  await t.step(
    "purge of one source asks elsewhere than a terminal for --yes",
    async () => {
      const refused = await run(["purge"]);
      assert.equal(refused.code, 2);
      const purge = await run(["purge", "--yes"]);
      assert.match(purge.stdout, /^Removed 1 source, 1 chunk \(/);
    },
  );
});

Deno.test("a cached fetch's receipt names the CLI's --force", async () => {
  await using home = await tempDir();
  let hits = 0;
  await using server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => {
      hits++;
      return new Response("plain notes\n", {
        headers: { "content-type": "text/plain" },
      });
    },
  );
  const url = `http://127.0.0.1:${server.addr.port}/notes.txt`;
  const first = await runCli(["fetch", url], { home: home.path });
  assert.equal(first.code, 0, first.stderr);
  const again = await runCli(["fetch", url], { home: home.path });
  assert.equal(again.code, 0, again.stderr);
  assert.equal(hits, 1);
  assert.match(
    again.stdout,
    /from the cache, fetched .* \(--force to refetch\)/,
  );
  assert.doesNotMatch(again.stdout, /force: true/);
});

Deno.test("install and uninstall refuse a bad argument before anything loads an npm package", async (t) => {
  await using home = await tempDir();
  const run = (args: string[]) =>
    runCli(args, { home: home.path, env: offline(home.path) });
  const cases: [string[], RegExp][] = [
    [["install", "--bogus"], /^ctx-mode: Unknown option '--bogus'$/],
    [["uninstall", "--bogus"], /^ctx-mode: Unknown option '--bogus'$/],
    [["uninstall", "--repair"], /^ctx-mode: Unknown option '--repair'$/],
    [
      ["install", "no-such-agent"],
      /^ctx-mode: Unknown agent "no-such-agent": expected one of claude-code, /,
    ],
    [
      ["install", "--project", "--user", "codex"],
      /^ctx-mode: Cannot use --project and --user together$/,
    ],
    [
      ["install", "--repair", "codex"],
      /^ctx-mode: --repair takes no agent names: /,
    ],
  ];
  for (const [args, message] of cases) {
    await t.step(args.join(" "), async () => {
      const refused = await run(args);
      assert.doesNotMatch(refused.stderr, /Download/);
      assertUsageError(refused, message);
    });
  }
  await t.step(
    "a valid install does need the packages, and says so in one line",
    async () => {
      // Proves the setup can fail: planning reads config formats through npm packages.
      const run2 = await run(["install", "claude-code", "--dry-run"]);
      assert.equal(run2.code, 1, run2.stderr);
      assert.equal(run2.stdout, "");
      assert.doesNotMatch(run2.stderr, /Download/);
      assert.match(
        run2.stderr,
        /^ctx-mode: Cannot cache the packages install needs: .*npm package/,
      );
      assert.equal(run2.stderr.trimEnd().split("\n").length, 1, run2.stderr);
    },
  );
});
