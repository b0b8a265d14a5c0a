/**
 * The real OpenCode (from the npm registry, `opencode-ai`) loads the generated
 * plugin: a prompt in a throwaway HOME reaches ctx-mode's session memory under
 * OpenCode's own session id, though the model call itself fails without a key.
 * Slow (OpenCode retries its model for ~30 s): runs when CTX_MODE_E2E_AGENTS
 * names opencode (or says `all`); skipped with the reason otherwise.
 *
 * @module
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { denoDir, MAIN, runCli } from "../_helpers/run_cli.ts";
import { homesRoot, installAgent, notChosen } from "../e2e/_agent.ts";
import { openCodeAgent } from "../e2e/agents/opencode.ts";

const NAME =
  "the real OpenCode loads the plugin, which records the prompt in ctx-mode's session memory";
const skip = notChosen(openCodeAgent.name);
const installed = skip ? { skip } : await installAgent(openCodeAgent);

Deno.test({
  name: "skip" in installed ? `${NAME} (ignored: ${installed.skip})` : NAME,
  ignore: "skip" in installed,
  async fn() {
    // Not under a temp folder: a throwaway HOME like a user's.
    await Deno.mkdir(homesRoot(), { recursive: true });
    const home = await Deno.makeTempDir({
      dir: homesRoot(),
      prefix: "opencode-plugin-",
    });
    try {
      const project = join(home, "project");
      await Deno.mkdir(join(project, ".opencode", "plugins"), {
        recursive: true,
      });
      await Deno.copyFile(
        new URL("../../configs/opencode/plugins/ctx-mode.js", import.meta.url),
        join(project, ".opencode", "plugins", "ctx-mode.js"),
      );
      const env = {
        HOME: home,
        PATH: Deno.env.get("PATH") ?? "",
        DENO_DIR: denoDir(),
        CTX_MODE_HOME: join(home, "ctx"),
        CTX_MODE_COMMAND: JSON.stringify([Deno.execPath(), "run", "-A", MAIN]),
      };
      const run = await new Deno.Command((installed as { bin: string }).bin, {
        args: ["run", "make the build green"],
        cwd: project,
        clearEnv: true,
        env,
        stdout: "piped",
        stderr: "piped",
        signal: AbortSignal.timeout(120_000),
      }).output();
      // The model is unreachable: what matters is what the plugin recorded.
      void run;
      const list = await runCli(["session", "list", "--project", project], {
        home: join(home, "ctx"),
        cwd: project,
      });
      assert.equal(list.code, 0, list.stderr);
      assert.match(list.stdout, /opencode\s+ses_\w+/);
      const show = await runCli(["session", "show", "--project", project], {
        home: join(home, "ctx"),
        cwd: project,
      });
      assert.match(show.stdout, /make the build green/);
    } finally {
      await Deno.remove(home, { recursive: true });
    }
  },
});
