/**
 * Golden answers: each fixture payload of an agent
 * (`tests/fixtures/hooks/<agent>/<Event>[.variant].json`) through the real
 * `ctx-mode hook <agent> <Event>` process, with a running server, compared
 * with `<Event>[.variant].golden.json` next to it. Set `UPDATE_GOLDEN=1` to
 * write the golden files from what the processes answer.
 *
 * @module
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { writeHeartbeat } from "../../src/config/heartbeat.ts";
import { run } from "./_hook_runs.ts";

const FIXTURES = new URL("../fixtures/hooks/", import.meta.url);

/** The project directory the fixtures were written for. */
function fixtureProject(payload: Record<string, unknown>): string | undefined {
  const roots = (payload.workspace_roots ?? payload.workspacePaths) as
    | string[]
    | undefined;
  return (payload.cwd as string | undefined) ?? roots?.[0];
}

/** What a hook answered, as a golden file holds it. */
function recorded(
  result: { code: number; stdout: string; stderr: string },
  project: string,
  fixtureDir: string,
) {
  const local = (text: string) => text.replaceAll(project, fixtureDir);
  let stdout: unknown = local(result.stdout);
  try {
    stdout = JSON.parse(stdout as string);
  } catch {
    // Plain text (or nothing) stays text.
  }
  return { exitCode: result.code, stdout, stderr: local(result.stderr) };
}

/**
 * Runs an agent's fixtures and checks (or writes) their golden answers.
 *
 * @param agent The agent.
 * @param root A private directory.
 */
export async function goldens(agent: string, root: string): Promise<void> {
  const folder = new URL(`${agent}/`, FIXTURES);
  const names = (await Array.fromAsync(Deno.readDir(folder)))
    .filter((e) =>
      e.isFile && e.name.endsWith(".json") && !e.name.endsWith(".golden.json")
    )
    .map((e) => e.name)
    .sort();
  assert.ok(names.length > 0, `${agent} has fixtures`);
  const home = join(root, "golden-home");
  const project = join(root, "golden-project");
  await Deno.mkdir(project, { recursive: true });
  await Deno.mkdir(home, { recursive: true });
  const real = await Deno.realPath(project);
  const beat = () =>
    writeHeartbeat(home, {
      pid: 1,
      version: "test",
      projectDir: real,
      startedAt: Date.now(),
      updatedAt: Date.now(),
    });
  // One after another: later events of a session may depend on earlier ones.
  for (const name of names) {
    const payload =
      JSON.parse(await Deno.readTextFile(new URL(name, folder))).stdin;
    const fixtureDir = fixtureProject(payload);
    assert.ok(fixtureDir, `${agent}/${name} names its project`);
    const event = name.split(".")[0] as string;
    const result = await run(
      ["hook", agent, event],
      JSON.stringify(payload).replaceAll(fixtureDir, project),
      { home, before: beat },
    );
    const answer = recorded(result, project, fixtureDir);
    const golden = new URL(name.replace(/\.json$/, ".golden.json"), folder);
    if (Deno.env.get("UPDATE_GOLDEN") === "1") {
      await Deno.writeTextFile(golden, `${JSON.stringify(answer, null, 2)}\n`);
      continue;
    }
    const expected = JSON.parse(await Deno.readTextFile(golden));
    assert.deepEqual(answer, expected, `${agent}/${name}`);
  }
}
