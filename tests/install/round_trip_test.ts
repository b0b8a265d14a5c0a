// Fixture set-up and snapshots read small files in order; sync calls keep the steps plain.
// deno-lint-ignore-file no-sync-fn-in-async-fn
import assert from "node:assert/strict";
import { join } from "node:path";
import { parse as parseJsonc } from "jsonc-parser";
import JSON5 from "json5";
import { parse as parseToml } from "smol-toml";
import { parse as parseYaml } from "yaml";
import {
  applyPlan,
  isChange,
  type LaunchCommand,
  looksLikeCtxMode,
  planTarget,
  type Scope,
  type TargetWhere,
} from "../../src/install/mod.ts";
import {
  INSTALL_TARGETS,
  installTarget,
} from "../../adapters/install_targets.ts";
import {
  MARKDOWN_MARKERS,
  removeBlock,
} from "../../src/install/marked_block.ts";
import { pluginFilesOf } from "../../adapters/plugin_files.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { copyTree, FIXTURES, snapshot, stripCtxMode } from "./_fixture.ts";

const LAUNCH: LaunchCommand = {
  kind: "clone",
  command: "/usr/local/bin/deno",
  args: [
    "run",
    "-A",
    "--config",
    "/opt/ctx mode/deno.json",
    "/opt/ctx mode/main.ts",
  ],
};

const PLUGINS = await pluginFilesOf(INSTALL_TARGETS, LAUNCH);

/** A file's content as data, without the ctx-mode block of a Markdown file. */
function read(path: string): unknown {
  const text = Deno.readTextFileSync(path).replace(/^\uFEFF/, "");
  if (path.endsWith("openclaw.json")) return JSON5.parse(text);
  if (/\.jsonc?$/.test(path)) {
    return parseJsonc(text, [], { allowTrailingComma: true });
  }
  if (path.endsWith(".toml")) {
    return JSON.parse(JSON.stringify(parseToml(text)));
  }
  if (path.endsWith(".yaml")) return parseYaml(text);
  return removeBlock(text, MARKDOWN_MARKERS);
}

/** A value without its empty objects and lists. */
function dropEmpty(value: unknown): unknown {
  if (value === null || typeof value !== "object") return value;
  const entries = Object.entries(value).map(([k, v]) => [k, dropEmpty(v)])
    .filter(([, v]) =>
      !(v !== null && typeof v === "object" && Object.keys(v).length === 0)
    );
  return Array.isArray(value)
    ? entries.map(([, v]) => v)
    : Object.fromEntries(entries);
}

function dataOf(root: string): Map<string, unknown> {
  const data = new Map<string, unknown>();
  for (const key of snapshot(root).keys()) {
    if (!key.endsWith("/")) data.set(key, stripCtxMode(read(join(root, key))));
  }
  return data;
}

const CASES: {
  agent: string;
  fixture: string;
  scope: Scope;
  stale?: boolean;
  /** The scope writes no hooks (Kimi reads them only from the user's config). */
  noHooks?: boolean;
  /** Empty inline collections (`{}`) hold ctx-mode's entries: compared without empties. */
  empties?: boolean;
}[] = [
  { agent: "claude-code", fixture: "claude-code/realistic", scope: "user" },
  {
    agent: "claude-code",
    fixture: "claude-code/stale",
    scope: "user",
    stale: true,
  },
  { agent: "gemini-cli", fixture: "gemini-cli/realistic", scope: "user" },
  { agent: "codex", fixture: "codex/realistic", scope: "user" },
  { agent: "codex", fixture: "codex/stale", scope: "user", stale: true },
  // The user's [features] table: only its hooks key is ctx-mode's.
  { agent: "codex", fixture: "codex/features", scope: "user" },
  { agent: "codex", fixture: "codex/features-crlf", scope: "user" },
  { agent: "codex", fixture: "codex/features-eof", scope: "user" },
  { agent: "codex", fixture: "codex/hooks-off", scope: "user" },
  { agent: "codex", fixture: "codex/hooks-on", scope: "user" },
  { agent: "qwen-code", fixture: "qwen-code/realistic", scope: "user" },
  { agent: "cursor", fixture: "cursor/realistic", scope: "user" },
  {
    agent: "vscode-copilot",
    fixture: "vscode-copilot/realistic",
    scope: "project",
  },
  { agent: "opencode", fixture: "opencode/realistic", scope: "user" },
  {
    agent: "gemini-cli",
    fixture: "gemini-cli/stale",
    scope: "user",
    stale: true,
  },
  {
    agent: "qwen-code",
    fixture: "qwen-code/stale",
    scope: "user",
    stale: true,
  },
  { agent: "copilot-cli", fixture: "copilot-cli/realistic", scope: "user" },
  {
    agent: "copilot-cli",
    fixture: "copilot-cli/stale",
    scope: "user",
    stale: true,
  },
  { agent: "copilot-cli", fixture: "", scope: "project" },
  {
    agent: "jetbrains-copilot",
    fixture: "jetbrains-copilot/realistic",
    scope: "project",
  },
  { agent: "kiro", fixture: "kiro/realistic", scope: "user" },
  { agent: "kiro", fixture: "kiro/stale", scope: "user", stale: true },
  { agent: "kiro", fixture: "", scope: "project" },
  {
    agent: "antigravity-cli",
    fixture: "antigravity-cli/realistic",
    scope: "user",
  },
  {
    agent: "antigravity-cli",
    fixture: "antigravity-cli/stale",
    scope: "user",
    stale: true,
  },
  { agent: "antigravity", fixture: "antigravity-cli/realistic", scope: "user" },
  { agent: "zed", fixture: "zed/realistic", scope: "user" },
  { agent: "zed", fixture: "zed/project", scope: "project" },
  { agent: "zed", fixture: "zed/stale", scope: "user", stale: true },
  // Nothing there yet: install creates files and folders, uninstall removes them.
  { agent: "claude-code", fixture: "", scope: "project" },
  { agent: "codex", fixture: "", scope: "user" },
  { agent: "hermes", fixture: "", scope: "user" },
  { agent: "kimi", fixture: "kimi/realistic", scope: "user" },
  { agent: "kimi", fixture: "kimi/stale", scope: "user", stale: true },
  { agent: "kimi", fixture: "", scope: "project", noHooks: true },
  { agent: "hermes", fixture: "hermes/realistic", scope: "user" },
  { agent: "hermes", fixture: "hermes/crlf", scope: "user" },
  {
    agent: "hermes",
    fixture: "hermes/pyyaml",
    scope: "user",
    empties: true,
  },
  {
    agent: "hermes-plugin",
    fixture: "hermes/pyyaml",
    scope: "user",
    empties: true,
  },
  { agent: "hermes", fixture: "hermes/stale", scope: "user", stale: true },
  { agent: "hermes-plugin", fixture: "hermes/realistic", scope: "user" },
  { agent: "hermes-plugin", fixture: "", scope: "user" },
  { agent: "kilocode", fixture: "kilocode/realistic", scope: "user" },
  { agent: "kilocode", fixture: "", scope: "project" },
  { agent: "pi", fixture: "pi/realistic", scope: "user" },
  { agent: "pi", fixture: "", scope: "project" },
  { agent: "omp", fixture: "omp/realistic", scope: "user" },
  { agent: "omp", fixture: "", scope: "project" },
  { agent: "openclaw", fixture: "openclaw/realistic", scope: "user" },
  // JSON5 as OpenClaw reads it: unquoted keys, single quotes, hex, comments.
  { agent: "openclaw", fixture: "openclaw/json5", scope: "user" },
  { agent: "openclaw", fixture: "openclaw/json5-crlf", scope: "user" },
  { agent: "openclaw", fixture: "openclaw/json5-flat", scope: "user" },
  { agent: "openclaw", fixture: "", scope: "user" },
  { agent: "amp", fixture: "amp/realistic", scope: "user" },
  { agent: "amp", fixture: "amp/stale", scope: "user", stale: true },
  { agent: "amp", fixture: "", scope: "project" },
];

for (const { agent, fixture, scope, stale, noHooks, empties } of CASES) {
  Deno.test(`install ${agent} (${scope}) on ${fixture || "an empty home"}: twice equals once, foreign entries kept, uninstall restores`, async () => {
    await using dir = await tempDir();
    if (fixture) copyTree(join(FIXTURES, fixture), dir.path);
    Deno.mkdirSync(join(dir.path, "home"), { recursive: true });
    Deno.mkdirSync(join(dir.path, "project"), { recursive: true });
    // A file mode the writes must keep.
    for (const key of snapshot(dir.path).keys()) {
      if (!key.endsWith("/")) Deno.chmodSync(join(dir.path, key), 0o640);
    }
    const where: TargetWhere = {
      home: join(dir.path, "home"),
      projectDir: join(dir.path, "project"),
      env: {},
    };
    const target = installTarget(agent);
    assert.ok(target);
    const before = snapshot(dir.path);
    const foreign = dataOf(dir.path);

    const first = planTarget(target, {
      agents: INSTALL_TARGETS,
      scope,
      mode: "install",
      where,
      launch: LAUNCH,
      pluginFiles: PLUGINS.get(agent),
    });
    assert.ok(first.changes.some(isChange), "install changes something");
    applyPlan(first, where);
    const installed = snapshot(dir.path);
    // Every file that existed keeps its mode.
    for (const key of before.keys()) {
      if (!key.endsWith("/")) {
        assert.match(installed.get(key) ?? "", /^416 /, key);
      } else assert.ok(installed.has(key), key);
    }
    const text = [...installed.values()].join("\n");
    assert.ok(
      text.includes("/opt/ctx mode/main.ts"),
      "registers the launch command",
    );
    assert.doesNotMatch(
      text,
      /old-clone|\/opt\/old|\/old\/clone|"ctx-mode hook/,
      "no stale registration left",
    );
    if (target.hooksReady && target.hooks.length > 0 && !noHooks) {
      assert.match(text, new RegExp(`main\\.ts' hook ${agent} `));
    }
    // Foreign entries: the data without ctx-mode's is what it was.
    const afterData = dataOf(dir.path);
    for (const [key, value] of foreign) {
      if (stale) continue;
      if (empties) {
        assert.deepEqual(dropEmpty(afterData.get(key)), dropEmpty(value), key);
      } else assert.deepEqual(afterData.get(key), value, key);
    }
    // Another tool's entry keeps its bytes: each handler object, and each
    // line of it (a comma may follow now) unless the line opens a one-line
    // array, where ctx-mode's entry has to go on the same line.
    for (const [key, old] of before) {
      if (stale || key.endsWith("/") || !key.endsWith(".json")) continue;
      const now = installed.get(key) ?? "";
      const lines = new Set(
        now.split("\n").map((l) => l.replace(/,?\r?$/, "")),
      );
      for (const line of old.split("\n")) {
        if (!/"(command|bash|url|serverUrl)"/.test(line)) continue;
        for (const handler of line.match(/\{[^{}]*\}/g) ?? []) {
          assert.ok(now.includes(handler), `${key}: ${handler}`);
        }
        if (!/^\s*"[^"]*"\s*:\s*\[\s*\{/.test(line)) {
          assert.ok(lines.has(line.replace(/,?\r?$/, "")), `${key}: ${line}`);
        }
      }
    }
    const second = planTarget(target, {
      agents: INSTALL_TARGETS,
      scope,
      mode: "install",
      where,
      launch: LAUNCH,
      pluginFiles: PLUGINS.get(agent),
    });
    assert.deepEqual(
      second.changes.filter(isChange),
      [],
      "a second install changes nothing",
    );

    applyPlan(
      planTarget(target, {
        agents: INSTALL_TARGETS,
        scope,
        mode: "uninstall",
        where,
        launch: LAUNCH,
        pluginFiles: PLUGINS.get(agent),
      }),
      where,
    );
    const removed = snapshot(dir.path);
    if (stale) {
      const left = [...removed.entries()].filter(([key]) => !key.endsWith("/"));
      for (const [key] of left) {
        assert.ok(
          !looksLikeCtxMode(JSON.stringify(read(join(dir.path, key)))) ||
            key.endsWith(".md"),
          key,
        );
        assert.deepEqual(dataOf(dir.path).get(key), foreign.get(key), key);
      }
    } else {
      assert.deepEqual(
        removed,
        before,
        "uninstall restores every file byte for byte",
      );
    }
  });
}

Deno.test("install refuses a file that does not parse, naming it and the line, and writes nothing", async (t) => {
  for (
    const [fixture, agent, pattern] of [
      [
        "broken/jsonc",
        "gemini-cli",
        /settings\.json": a missing comma at line 5$/,
      ],
      ["broken/toml", "codex", /config\.toml": .* at line 2$/],
      [
        "broken/json-comment",
        "claude-code",
        /settings\.json": a comment, which this file's JSON may not hold, at line 2$/,
      ],
      [
        "broken/copilot-cli",
        "copilot-cli",
        /mcp-config\.json": a missing comma at line 3$/,
      ],
      [
        "broken/zed",
        "zed",
        /zed\/settings\.json": a missing value \(a trailing comma\?\) at line 5$/,
      ],
      [
        "broken/kiro",
        "kiro",
        /settings\/mcp\.json": a comment, which this file's JSON may not hold, at line 3$/,
      ],
      [
        "broken/antigravity-cli",
        "antigravity-cli",
        /config\/hooks\.json": a missing property name \(a trailing comma\?\) at line 2$/,
      ],
      ["broken/yaml", "hermes", /config\.yaml": .* at line 3$/],
      ["broken/kimi-toml", "kimi", /config\.toml": .* at line 4$/],
      ["broken/openclaw", "openclaw", /openclaw\.json": .* at line 3$/],
      // Edited in place or not at all: never re-printed.
      [
        "broken/yaml-inline",
        "hermes",
        /config\.yaml": the whole file is one inline mapping .*by hand$/,
      ],
      [
        "broken/kimi-hooks-table",
        "kimi",
        /config\.toml": the edited file would not read back as intended; edit its \[\[hooks\]\] tables by hand$/,
      ],
    ] as const
  ) {
    await t.step(fixture, async () => {
      await using dir = await tempDir();
      copyTree(join(FIXTURES, fixture), dir.path);
      const where = {
        home: join(dir.path, "home"),
        projectDir: dir.path,
        env: {},
      };
      const before = snapshot(dir.path);
      const target = installTarget(agent);
      assert.ok(target);
      assert.throws(
        () =>
          planTarget(target, {
            agents: INSTALL_TARGETS,
            scope: "user",
            mode: "install",
            where,
            launch: LAUNCH,
          }),
        (error: Error) =>
          error instanceof SyntaxError && pattern.test(error.message) &&
          !error.message.includes("\n"),
      );
      assert.deepEqual(snapshot(dir.path), before);
    });
  }
});

Deno.test("a status line is offered to Claude Code only where the user has none, and uninstall removes only ctx-mode's", async () => {
  await using dir = await tempDir();
  const where = { home: dir.path, projectDir: dir.path, env: {} };
  const target = installTarget("claude-code");
  assert.ok(target);
  const settings = join(dir.path, ".claude/settings.json");
  const options = {
    scope: "user" as const,
    where,
    launch: LAUNCH,
    statusLine: ["statusline"],
  };
  applyPlan(
    planTarget(target, {
      agents: INSTALL_TARGETS,
      ...options,
      mode: "install",
    }),
    where,
  );
  const written = JSON.parse(Deno.readTextFileSync(settings));
  assert.equal(
    written.statusLine.command,
    "/usr/local/bin/deno run -A --config '/opt/ctx mode/deno.json' '/opt/ctx mode/main.ts' statusline",
  );
  applyPlan(
    planTarget(target, {
      agents: INSTALL_TARGETS,
      ...options,
      mode: "uninstall",
    }),
    where,
  );
  assert.equal(
    readOrNone(settings),
    undefined,
    "the file install created is gone",
  );

  const mine =
    '{\n  "statusLine": { "type": "command", "command": "~/bin/my-line" }\n}\n';
  Deno.mkdirSync(join(dir.path, ".claude"), { recursive: true });
  Deno.writeTextFileSync(settings, mine);
  applyPlan(
    planTarget(target, {
      agents: INSTALL_TARGETS,
      ...options,
      mode: "install",
    }),
    where,
  );
  assert.equal(
    JSON.parse(Deno.readTextFileSync(settings)).statusLine.command,
    "~/bin/my-line",
  );
  applyPlan(
    planTarget(target, {
      agents: INSTALL_TARGETS,
      ...options,
      mode: "uninstall",
    }),
    where,
  );
  assert.equal(Deno.readTextFileSync(settings), mine);
});

function readOrNone(path: string): string | undefined {
  try {
    return Deno.readTextFileSync(path);
  } catch {
    return undefined;
  }
}

Deno.test("uninstalling one agent keeps the routing block another registered agent reads from the same file", async () => {
  await using dir = await tempDir();
  copyTree(join(FIXTURES, "antigravity-cli/realistic"), dir.path);
  const where = {
    home: join(dir.path, "home"),
    projectDir: join(dir.path, "home"),
    env: {},
  };
  const before = snapshot(dir.path);
  const plan = (agent: string, mode: "install" | "uninstall") => {
    const target = installTarget(agent);
    assert.ok(target);
    return planTarget(target, {
      agents: INSTALL_TARGETS,
      scope: "user",
      mode,
      where,
      launch: LAUNCH,
    });
  };
  const rules = join(where.home, ".gemini/GEMINI.md");
  applyPlan(plan("gemini-cli", "install"), where);
  applyPlan(plan("antigravity", "install"), where);
  applyPlan(plan("antigravity", "uninstall"), where);
  assert.match(Deno.readTextFileSync(rules), /ctx-mode:begin/);
  assert.ok(
    !Deno.readTextFileSync(
      join(where.home, ".gemini/antigravity/mcp_config.json"),
    ).includes("ctx-mode"),
  );
  applyPlan(plan("gemini-cli", "uninstall"), where);
  assert.deepEqual(snapshot(dir.path), before);
});
