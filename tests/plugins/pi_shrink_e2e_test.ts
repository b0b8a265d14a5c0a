/**
 * The real Pi (`@mariozechner/pi-coding-agent` from the npm registry) with
 * ctx-mode's generated extension, against the scripted model endpoint: the
 * model runs a 3,000-line test run with 3 failures through Pi's own bash
 * tool, and the next request Pi sends the model carries the compact view (all
 * three failures and the receipt), not the output; one `ctx_search` of the
 * receipt's source brings back a line the view left out; a small result and
 * a read of an editable source reach the model whole. The same run without
 * the extension sends the model the output itself.
 *
 * Opt-in like the e2e suite (`CTX_MODE_E2E=1`): it installs Pi into the
 * agents' cache outside the repository on first use; skipped when that fails.
 *
 * @module
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { agentFor } from "../../adapters/registry.ts";
import { homesRoot, installAgent } from "../e2e/_agent.ts";
import { ModelServer, type Recorded } from "../e2e/_model_server.ts";
import { denoDir, MAIN } from "../_helpers/run_cli.ts";

const PI = {
  name: "@mariozechner/pi-coding-agent",
  version: "0.73.1",
  bin: "pi",
};
const ENABLED = Deno.env.get("CTX_MODE_E2E") === "1";
const installed = ENABLED ? await installAgent({ npm: PI }) : undefined;

/** 3,000 lines of a test run with 3 failures among them. */
function testRun(): string {
  const lines: string[] = [];
  for (let i = 0; i < 3000; i++) {
    lines.push(
      i === 700 || i === 1500 || i === 2900
        ? `not ok ${i} - rejects login attempt ${i}`
        : `ok ${i} - handles request number ${i} quickly`,
    );
  }
  return `${lines.join("\n")}\n# tests 3000\n# pass 2997\n# fail 3\n`;
}

/** An editable source file well over the threshold. */
function bigSource(): string {
  return Array.from(
    { length: 400 },
    (_, i) =>
      `export function step${i}(input: number): number {\n  return input + ${i};\n}\n`,
  ).join("\n");
}

const LEFT_OUT = "ok 1234 - handles request number 1234 quickly";
const SMALL = "On branch main, nothing to commit";

/** Runs one headless prompt of Pi in a throwaway HOME; the model's requests. */
async function runPi(
  bin: string,
  withCtxMode: boolean,
): Promise<{ requests: Recorded[]; failure?: string; log: string }> {
  await Deno.mkdir(homesRoot(), { recursive: true });
  const home = await Deno.makeTempDir({ dir: homesRoot(), prefix: "pi-" });
  try {
    const project = join(home, "project");
    await Deno.mkdir(join(project, "src"), { recursive: true });
    await Deno.writeTextFile(join(project, "run.txt"), testRun());
    await Deno.writeTextFile(join(project, "small.txt"), `${SMALL}\n`);
    await Deno.writeTextFile(join(project, "src", "big.ts"), bigSource());
    const extension = join(home, "ctx-mode.js");
    const files = await (await agentFor("pi"))!.pluginFiles!(["ctx-mode"]);
    await Deno.writeTextFile(extension, files["extensions/ctx-mode.js"]!);
    await using server = new ModelServer();
    await Deno.mkdir(join(home, ".pi", "agent"), { recursive: true });
    await Deno.writeTextFile(
      join(home, ".pi", "agent", "models.json"),
      JSON.stringify({
        providers: {
          scripted: {
            baseUrl: `${server.url}/v1`,
            api: "openai-completions",
            apiKey: "scripted",
            compat: {
              supportsDeveloperRole: false,
              supportsReasoningEffort: false,
            },
            models: [{ id: "scripted" }],
          },
        },
      }),
    );
    server.play({
      steps: [
        { call: { role: "shell", command: "cat run.txt; exit 1" } },
        ...(withCtxMode
          ? [{
            call: {
              role: "mcp" as const,
              tool: "ctx_search",
              args: {
                queries: ["handles request number 1234"],
                source: "shrunk/shell",
              },
            },
            expect: (result: { text: string }) =>
              result.text.includes(LEFT_OUT)
                ? undefined
                : `the search does not bring back "${LEFT_OUT}": ${result.text}`,
          }]
          : []),
        {
          call: { role: "shell", command: "cat small.txt" },
          expect: (result: { text: string }) =>
            result.text.trim() === SMALL
              ? undefined
              : `the small result changed: ${result.text}`,
        },
        {
          call: { role: "read", path: join(project, "src", "big.ts") },
          expect: (result: { text: string }) =>
            result.text.includes(bigSource().trim()) &&
              !result.text.includes("ctx-mode shrank")
              ? undefined
              : `the editable read changed: ${result.text.slice(0, 300)}`,
        },
        { text: "done" },
      ],
    });
    const run = await new Deno.Command(bin, {
      args: [
        "-p",
        "--no-session",
        "--provider",
        "scripted",
        "--model",
        "scripted",
        ...(withCtxMode ? ["-e", extension] : []),
        "make the tests pass",
      ],
      cwd: project,
      clearEnv: true,
      env: {
        HOME: home,
        PATH: Deno.env.get("PATH") ?? "",
        DENO_DIR: denoDir(),
        CTX_MODE_HOME: join(home, "ctx"),
        CTX_MODE_COMMAND: JSON.stringify([Deno.execPath(), "run", "-A", MAIN]),
      },
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(240_000),
    }).output();
    const log = `exit ${run.code}\n${new TextDecoder().decode(run.stderr)}`;
    const failure = server.failure();
    return {
      requests: [...server.requests],
      ...(failure ? { failure } : {}),
      log,
    };
  } finally {
    await Deno.remove(home, { recursive: true });
  }
}

/** The result of the test run as the model received it. */
function testRunResult(requests: Recorded[]): string {
  const result = requests.flatMap((request) => request.request.results)
    .find((result) => result.text.includes("rejects login attempt 2900"));
  assert.ok(result, "the test run's result reached the model");
  return result.text;
}

Deno.test({
  name:
    "the real Pi sends the model the shrunk view of its own bash's bulky result, and the rest is one ctx_search away",
  ignore: !installed || "skip" in installed,
  async fn() {
    const bin = (installed as { bin: string }).bin;
    const on = await runPi(bin, true);
    assert.equal(on.failure, undefined, on.log);
    const view = testRunResult(on.requests);
    for (const failure of [700, 1500, 2900]) {
      assert.ok(
        view.includes(`not ok ${failure} - rejects login attempt ${failure}`),
        view,
      );
    }
    assert.match(view, /ctx-mode shrank this .* indexed as "shrunk\/shell\//);
    assert.ok(!view.includes(LEFT_OUT));
    // No later request carries the output itself.
    assert.ok(
      on.requests.every((request) =>
        !request.body.includes(LEFT_OUT) ||
        request.request.results.some((result) =>
          result.text.includes("## handles request number 1234")
        )
      ),
    );

    const off = await runPi(bin, false);
    assert.equal(off.failure, undefined, off.log);
    const whole = testRunResult(off.requests);
    const bytes = (text: string) => new TextEncoder().encode(text).length;
    assert.ok(
      bytes(view) <= 0.15 * bytes(whole),
      `${bytes(view)} bytes of view against ${bytes(whole)} without ctx-mode`,
    );
  },
});
