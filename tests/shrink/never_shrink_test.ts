import assert from "node:assert/strict";
import {
  DEFAULT_SHRINK_SETTINGS,
  shrinkableRead,
  shrinkVerdict,
} from "../../src/shrink/mod.ts";

Deno.test("shrinkableRead() shrinks only files nobody edits by hand", () => {
  const cases: Array<[string, number, string | undefined]> = [
    ["/p/logs/server.log", 10_000, "log or data"],
    ["/p/var/app.log.3", 10_000, "log or data"],
    ["/p/exports/orders.csv", 10_000, "log or data"],
    ["/p/traces/run.jsonl", 10_000, "log or data"],
    ["/p/package-lock.json", 10_000, "lockfile"],
    ["/p/Cargo.lock", 10_000, "lockfile"],
    ["/p/go.sum", 10_000, "lockfile"],
    ["/p/public/app.min.js", 10_000, "generated"],
    ["/p/dist/index.js", 10_000, "generated"],
    ["/p/node_modules/x/index.js", 10_000, "generated"],
    ["/p/api/service.pb.go", 10_000, "generated"],
    ["/p/fixtures/users.json", 200_000, "JSON data"],
    ["/p/package.json", 200_000, undefined],
    ["/p/tsconfig.base.json", 200_000, undefined],
    ["/p/fixtures/users.json", 20_000, undefined],
    ["/p/src/app.ts", 900_000, undefined],
    ["/p/README.md", 90_000, undefined],
    ["/p/docs/guide.html", 90_000, undefined],
    ["C:\\p\\logs\\app.log", 10_000, "log or data"],
    ["", 90_000, undefined],
  ];
  for (const [path, bytes, expected] of cases) {
    assert.equal(shrinkableRead(path, bytes), expected, path);
  }
});

Deno.test("shrinkableRead() tells a minified file by its long lines, whatever its name", () => {
  const minified = `!function(){${"var a=1;".repeat(2000)}}();`;
  assert.equal(
    shrinkableRead("/p/src/vendor_bundle.js", 20_000, minified),
    "minified",
  );
  const source = Array.from({ length: 2000 }, (_, i) => `const a${i} = ${i};`)
    .join("\n");
  assert.equal(
    shrinkableRead("/p/src/constants.js", 40_000, source),
    undefined,
  );
});

Deno.test("shrinkVerdict() checks the switches before anything else, and the threshold is inclusive", () => {
  const settings = {
    ...DEFAULT_SHRINK_SETTINGS,
    enabled: false,
    disabledBy: "CTX_MODE_SHRINK",
  };
  assert.deepEqual(
    shrinkVerdict({ toolKind: "shell", toolName: "Bash", bytes: 1e6 }, {
      settings,
    }),
    { shrink: false, reason: "switched off (CTX_MODE_SHRINK)" },
  );
  const context = { settings: DEFAULT_SHRINK_SETTINGS };
  assert.equal(
    shrinkVerdict({ toolKind: "shell", toolName: "Bash", bytes: 6144 }, context)
      .shrink,
    false,
  );
  assert.equal(
    shrinkVerdict({ toolKind: "shell", toolName: "Bash", bytes: 6145 }, context)
      .shrink,
    true,
  );
});

Deno.test("shrinkVerdict() recognises ctx-mode's tools however an agent spells them", () => {
  const context = { settings: DEFAULT_SHRINK_SETTINGS };
  for (
    const toolName of [
      "mcp__ctx-mode__ctx_search",
      "mcp__plugin_ctx-mode_ctx-mode__ctx_execute",
      "ctx-mode_ctx_batch_execute",
      "mcp_ctx_mode_ctx_fetch_and_index",
      "ctx_index",
    ]
  ) {
    const verdict = shrinkVerdict(
      { toolKind: "mcp", toolName, bytes: 1e6 },
      context,
    );
    assert.equal(verdict.shrink, false, toolName);
  }
  assert.equal(
    shrinkVerdict({
      toolKind: "mcp",
      toolName: "mcp__github__search_code",
      bytes: 1e6,
    }, context)
      .shrink,
    true,
  );
});

Deno.test("an editable read of a project that lives under a build, log or cache folder is never shrunk", () => {
  const context = {
    settings: DEFAULT_SHRINK_SETTINGS,
    projectDir: "/home/dev/.cache/builds/acme",
  };
  const read = (subject: string) =>
    shrinkVerdict(
      { toolKind: "read", toolName: "read", subject, bytes: 90_000 },
      context,
    ).shrink;
  // The folders above the project say nothing about its files.
  assert.equal(read("/home/dev/.cache/builds/acme/src/app.ts"), false);
  assert.equal(read("src/app.ts"), false);
  // Inside it they do.
  assert.equal(read("/home/dev/.cache/builds/acme/dist/app.js"), true);
  assert.equal(read("/home/dev/.cache/builds/acme/logs/x.txt"), true);
  // A project path that is only a prefix of the name is not the project.
  assert.equal(read("/home/dev/.cache/builds/acme2/src/app.ts"), true);
});
