import assert from "node:assert/strict";
import { agentFor, PLATFORM_NAMES } from "../../adapters/registry.ts";
import { renderConfigFile } from "../../adapters/_kit/render.ts";
import type { Agent, DoctorWhere } from "../../adapters/types.ts";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const HOME = "/home/a";
const PROJECT = "/srv/app";

/** A file system of the given files, for the doctor's reader. */
function where(
  files: Record<string, string>,
  env: Record<string, string> = {},
  runs = true,
): DoctorWhere {
  return {
    home: HOME,
    env,
    projectDir: PROJECT,
    readText: (path) => files[path],
    listNames: (dir) =>
      Object.keys(files).filter((path) =>
        path.startsWith(dir) && !path.slice(dir.length).includes("/")
      ).map((path) => path.slice(dir.length)),
    commandRuns: () => runs,
  };
}

/** The adapter's own set-up files, placed where it says the agent reads them. */
function installed(
  adapter: Agent,
  relocate: boolean,
): { files: Record<string, string>; env: Record<string, string> } {
  const files: Record<string, string> = {};
  const env: Record<string, string> = {};
  for (const file of adapter.configFiles?.("/usr/local/bin/ctx-mode") ?? []) {
    const text = renderConfigFile(file);
    if (file.user) {
      let path = file.user.replace(/^~/, HOME);
      if (relocate && file.relocatedBy) {
        const folder = file.relocatedBy.folder.replace(/^~/, HOME);
        env[file.relocatedBy.variable] = "/cfg/moved";
        path = path.replace(folder, "/cfg/moved");
      }
      files[path] = text;
    } else if (file.project) {
      files[`${PROJECT}/${file.project}`] = text;
    }
  }
  return { files, env };
}

const KIT_AGENTS = PLATFORM_NAMES.filter((name) => name !== "claude-code");

Deno.test("each agent's doctor finds its hooks and MCP server where its own set-up files go, and nothing in an empty home", async (t) => {
  for (const name of KIT_AGENTS) {
    await t.step(name, async () => {
      const adapter = await agentFor(name) as Agent;
      // Plugin and MCP-only agents have no command hooks to find.
      if (adapter.paradigm !== "json-stdio") return;
      const { files } = installed(adapter, false);
      const ok = await adapter.doctor(where(files));
      assert.ok(ok.length >= 3, JSON.stringify(ok));
      // The set-up files alone do not make the agent trust them: a folder
      // nobody trusted, hooks nobody reviewed (trust_test.ts has the rest).
      const trust = ok.filter((check) => / trust$/.test(check.name));
      assert.ok(
        trust.every((check) => check.status === "warn"),
        JSON.stringify(trust),
      );
      assert.ok(
        ok.filter((check) => !trust.includes(check)).every((check) =>
          check.status === "ok"
        ),
        JSON.stringify(ok),
      );
      const broken = (await adapter.doctor(where(files, {}, false))).at(-1);
      assert.equal(broken?.status, "fail");
      assert.match(
        broken?.detail ?? "",
        /Cannot run "\/usr\/local\/bin\/ctx-mode"/,
      );
      const empty = await adapter.doctor(where({}));
      assert.deepEqual(
        empty.slice(0, 2).map((check) => check.status),
        ["warn", "warn"],
      );
      assert.ok(empty.every((check) => check.status !== "ok"));
      assert.match(empty[0]?.detail ?? "", /not registered: .*; /);
    });
  }
});

Deno.test("the doctor follows GEMINI_CLI_HOME, CODEX_HOME, COPILOT_HOME, KIMI_CODE_HOME and HERMES_HOME", async (t) => {
  for (const name of ["gemini-cli", "codex", "copilot-cli", "kimi", "hermes"]) {
    await t.step(name, async () => {
      const adapter = await agentFor(name) as Agent;
      const { files, env } = installed(adapter, true);
      assert.ok(Object.keys(env).length > 0, "the agent has a folder variable");
      const moved = await adapter.doctor(where(files, env));
      assert.equal(moved[0]?.status, "ok", JSON.stringify(moved));
      // The same files in the default folder do not count once the variable moves it.
      const stale = installed(adapter, false).files;
      const ignored = await adapter.doctor(where(stale, env));
      assert.equal(ignored[0]?.status, "warn", JSON.stringify(ignored));
    });
  }
});

Deno.test("ctx-mode doctor reports the agents whose files register ctx-mode", async () => {
  await using home = await tempDir();
  await using project = await tempDir();
  const gemini = await agentFor("gemini-cli") as Agent;
  const moved = `${home.path}/gemini-home`;
  await Deno.mkdir(`${moved}/.gemini`, { recursive: true });
  for (const file of gemini.configFiles?.("ctx-mode") ?? []) {
    await Deno.writeTextFile(
      `${moved}/.gemini/${file.name}`,
      renderConfigFile(file),
    );
  }
  const run = await runCli(["doctor", "--json", "--project", project.path], {
    home: home.path,
    env: { GEMINI_CLI_HOME: moved, CTX_MODE_PLATFORM: "claude-code" },
  });
  const checks: Array<{ name: string; status: string; detail: string }> =
    JSON.parse(run.stdout).checks;
  const names = checks.map((check) => check.name);
  assert.ok(names.includes("claude-code hooks"), "the detected agent");
  const hooks = checks.find((check) => check.name === "gemini-cli hooks");
  assert.equal(hooks?.status, "ok", run.stdout);
  assert.ok(!names.includes("codex hooks"), "an agent with nothing registered");
});
