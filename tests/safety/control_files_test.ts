import assert from "node:assert/strict";
import {
  CONTROL_PATTERNS,
  controlFiles,
  controlPathWithin,
  matchControlPath,
} from "../../src/safety/mod.ts";

const FILES = controlFiles("/p", {
  home: "/h",
  dataHome: "/d",
  claudeDir: "/c",
  codexHome: "/x",
});

Deno.test("controlFiles() lists every project pattern at the root and the user's files", () => {
  const paths = FILES.paths.map((p) => p.path);
  for (const p of CONTROL_PATTERNS) {
    assert.ok(paths.includes(`/p/${p.pattern}`), p.pattern);
  }
  for (
    const user of [
      "/d/config.json",
      "/c/settings.json",
      "/x/config.toml",
      "/h/.gemini/settings.json",
      "/h/.gitconfig",
      "/h/.config/git/config",
    ]
  ) {
    assert.ok(paths.includes(user), user);
  }
  assert.ok(FILES.paths.every((p) => p.what.length > 10));
});

Deno.test("matchControlPath() finds control files at any depth and nothing else", () => {
  const hits = [
    "/p/.ctx-mode.json",
    "/p/.git/hooks/pre-commit",
    "/p/.git/hooks",
    "/p/.GIT/CONFIG",
    "/p/sub/.git/config",
    "/elsewhere/.envrc",
    "/d/config.json",
    "/c/settings.json",
    "/p/.kiro/hooks/a.kiro.hook",
  ];
  for (const path of hits) {
    assert.notEqual(matchControlPath(path, FILES), null, path);
  }
  const misses = [
    "/p/.git/HEAD",
    "/p/.git/objects/ab/cdef",
    "/p/.git/refs/heads/main",
    "/p/config.json",
    "/d/other.json",
    "/p/.claude/commands/x.md",
    "/p/.envrc.example",
    "/p/.vscode/launch.json",
    "relative/.envrc",
  ];
  for (const path of misses) {
    assert.equal(matchControlPath(path, FILES), null, path);
  }
});

Deno.test("controlPathWithin() finds the control files a folder holds", () => {
  assert.equal(controlPathWithin("/p/.git", FILES)?.path, "/p/.git/config");
  assert.equal(
    controlPathWithin("/p/.claude", FILES)?.path,
    "/p/.claude/settings.json",
  );
  assert.equal(
    controlPathWithin("/q/.claude", FILES)?.path,
    "/q/.claude/settings.json",
  );
  assert.equal(controlPathWithin("/p", FILES)?.path, "/p/.ctx-mode.json");
  assert.equal(controlPathWithin("/p/src", FILES), null);
  assert.equal(controlPathWithin("/p/node_modules", FILES), null);
});
