/**
 * The real Codex CLI (from the e2e cache) with ctx-mode's registration whose
 * command no longer exists (the clone moved): `codex exec` must still start
 * its session and reach the model. A server written as `required` would stop
 * it with "required MCP servers failed to initialize".
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { codexAgent } from "../e2e/agents/codex.ts";
import { ModelServer } from "../e2e/_model_server.ts";
import {
  applyPlan,
  type LaunchCommand,
  planTarget,
} from "../../src/install/mod.ts";
import {
  INSTALL_TARGETS,
  installTarget,
} from "../../adapters/install_targets.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { cachedAgents } from "./_cached_agents.ts";

const found = cachedAgents([codexAgent]);

/** The clone that moved away: its command is gone. */
const MOVED: LaunchCommand = {
  kind: "binary",
  command: "/nonexistent/moved-clone/ctx-mode",
  args: [],
};

Deno.test({
  name: "skip" in found
    ? `Codex starts with a broken ctx-mode: skipped, ${found.skip}`
    : "Codex starts its session and reaches the model when ctx-mode's registered command is gone",
  ignore: "skip" in found,
  async fn() {
    if ("skip" in found) return;
    await using dir = await tempDir();
    await using model = new ModelServer();
    model.play({ steps: [{ text: "hello back" }] });
    const where = {
      home: join(dir.path, "home"),
      project: join(dir.path, "project"),
      modelUrl: model.url,
    };
    await Deno.mkdir(where.project, { recursive: true });
    await codexAgent.prepare(where);
    const target = installTarget("codex");
    assert.ok(target);
    const targetWhere = {
      home: where.home,
      projectDir: where.project,
      env: {},
    };
    applyPlan(
      planTarget(target, {
        agents: INSTALL_TARGETS,
        scope: "user",
        mode: "install",
        where: targetWhere,
        launch: MOVED,
      }),
      targetWhere,
    );
    const config = await Deno.readTextFile(
      join(where.home, ".codex/config.toml"),
    );
    assert.match(config, /\/nonexistent\/moved-clone\/ctx-mode/);
    const output = await new Deno.Command(found.bins.codex as string, {
      args: codexAgent.promptArgs("hello", { resume: false }),
      cwd: where.project,
      clearEnv: true,
      env: {
        PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
        HOME: where.home,
        ...codexAgent.env(where),
      },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(120_000),
    }).output();
    const text = new TextDecoder().decode(output.stdout) +
      new TextDecoder().decode(output.stderr);
    assert.doesNotMatch(text, /required MCP servers failed to initialize/);
    assert.ok(
      model.requests.length > 0,
      `Codex never reached the model:\n${text}`,
    );
    assert.equal(output.code, 0, text);
    assert.match(text, /hello back/);
  },
});
