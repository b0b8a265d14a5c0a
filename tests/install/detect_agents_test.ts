// Fixture set-up and snapshots read small files in order; sync calls keep the steps plain.
// deno-lint-ignore-file no-sync-fn-in-async-fn
import assert from "node:assert/strict";
import { join } from "node:path";
import { detectAgents } from "../../src/install/mod.ts";
import { INSTALL_TARGETS } from "../../adapters/install_targets.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

Deno.test("install finds Copilot CLI, JetBrains Copilot, Kiro, Antigravity and Zed by their folders and programs", async () => {
  await using dir = await tempDir();
  const home = join(dir.path, "home");
  const bin = join(dir.path, "bin");
  for (
    const folder of [
      ".copilot",
      ".config/github-copilot/intellij",
      ".kiro",
      ".gemini/antigravity",
      ".config/zed",
    ]
  ) Deno.mkdirSync(join(home, folder), { recursive: true });
  Deno.mkdirSync(bin);
  Deno.writeTextFileSync(join(bin, "agy"), "#!/bin/sh\n", { mode: 0o755 });
  // Not executable: not a program on PATH.
  Deno.writeTextFileSync(join(bin, "kiro-cli"), "", { mode: 0o644 });
  const found = detectAgents(INSTALL_TARGETS, {
    home,
    projectDir: home,
    env: { PATH: bin },
  });
  const evidence = Object.fromEntries(
    found.map((agent) => [agent.target.name, agent.evidence]),
  );
  assert.deepEqual(evidence, {
    "gemini-cli": "~/.gemini",
    "copilot-cli": "~/.copilot",
    "jetbrains-copilot": "~/.config/github-copilot/intellij",
    kiro: "~/.kiro",
    "antigravity-cli": "agy on PATH",
    antigravity: "~/.gemini/antigravity",
    zed: "~/.config/zed",
  });
});
