/**
 * The proof that an agent takes ctx-mode's shrunk view: the real CLI runs a
 * native shell command of thousands of lines (3 failures among them) for the
 * scripted model, and the model's next request carries the view (the
 * failures, the receipt) and not the bulk. Claude Code's row runs with
 * CTX_MODE_E2E=1 (CI's one row), the others when CTX_MODE_E2E_AGENTS names
 * them (they install the agents and take minutes); otherwise, or when an
 * agent cannot be installed, each is one ignored test whose name says why.
 *
 * @module
 */

import assert from "node:assert/strict";
import { type Agent, installAgent, notChosen } from "./_agent.ts";
import { oneLine } from "./_connected.ts";
import { Session } from "./_session.ts";
import { claudeCodeAgent } from "./agents/claude_code.ts";
import { codexAgent } from "./agents/codex.ts";
import { geminiCliAgent } from "./agents/gemini_cli.ts";

/**
 * A test run of `lines` lines that exits 0, with failures at a quarter, a
 * half and near the end, and the line in the middle that no view keeps.
 */
function testRun(lines: number) {
  const failures = [Math.floor(lines / 4), Math.floor(lines / 2), lines - 20];
  return {
    command: `awk 'BEGIN { for (i = 0; i < ${lines}; i++) ` +
      `print ((${failures.map((n) => `i == ${n}`).join(" || ")}) ? ` +
      `"not ok " i " - rejects login attempt " i : ` +
      `"ok " i " - handles request number " i " quickly") }'`,
    failures,
    bulk: `ok ${failures[1]! + 7} - handles request number ${
      failures[1]! + 7
    } quickly`,
  };
}

/**
 * How many lines each agent's run has: Codex hands its hooks at most some
 * 10,000 bytes of a command's output (its own head and tail), so its run
 * stays under that; Claude Code's 3,000 lines go past the 30,000 characters
 * after which it keeps the output in a file and hands the hook a preview.
 */
const LINES: Readonly<Record<string, number>> = {
  "claude-code": 3000,
  "gemini-cli": 3000,
  codex: 180,
};

async function whyNot(agent: Agent): Promise<string | undefined> {
  const skip = notChosen(agent.name);
  if (skip) return skip;
  const installed = await installAgent(agent);
  return "skip" in installed ? installed.skip : undefined;
}

for (const agent of [claudeCodeAgent, geminiCliAgent, codexAgent]) {
  const name =
    `${agent.name} ${agent.npm.version} hands the model the shrunk view of a bulky native shell result`;
  const skip = await whyNot(agent);
  Deno.test({
    name: skip === undefined ? name : `${name} (ignored: ${skip})`,
    ignore: skip !== undefined,
    // Agent CLIs leave timers and child processes of their own; each run is awaited to its exit.
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const installed = await installAgent(agent);
      assert.ok("bin" in installed);
      await using session = await Session.open(agent, {
        bin: installed.bin,
        label: `${agent.name}-shrink`,
      });
      const unregistered = await session.register();
      assert.equal(unregistered, undefined);
      const run = testRun(LINES[agent.name] ?? 3000);
      let seen = "";
      const ran = await session.prompt("Run the test suite.", {
        steps: [
          {
            call: { role: "shell", command: run.command },
            expect: (result) => {
              seen = result.text;
              if (!/ctx-mode shrank this/.test(result.text)) {
                return `the result is not the shrunk view: ${
                  oneLine(result.text).slice(0, 300)
                }`;
              }
              for (const i of run.failures) {
                if (!result.text.includes(`not ok ${i} - rejects login`)) {
                  return `the view lost failure ${i}: ${
                    result.text.slice(0, 1500)
                  }`;
                }
              }
              return result.text.includes(run.bulk)
                ? "the view still holds the bulk"
                : undefined;
            },
          },
          { text: "done" },
        ],
      });
      assert.equal(
        session.server.failure(),
        undefined,
        `exit ${ran.code}: ${ran.stderr.slice(-500)}`,
      );
      // The request after the call: the view in it, the bulk nowhere.
      const after = session.server.requests.filter((r) =>
        r.body.includes(`rejects login attempt ${run.failures[1]}`)
      );
      assert.ok(after.length > 0, "no request carried the result");
      for (const request of after) {
        assert.ok(
          !request.body.includes(run.bulk),
          "the bulk reached the model",
        );
      }
      assert.ok(
        seen.length < 20_000,
        `the view is ${seen.length} characters`,
      );
    },
  });
}
