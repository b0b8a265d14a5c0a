/**
 * A command that fails in Claude Code reaches its `PostToolUseFailure` hook
 * as an `error` cut to the output's first and last 5,000 characters, while
 * its shell wrote the whole to a task file in Claude Code's private temp
 * folder. A real `ctx-mode hook claude-code PostToolUseFailure` process finds
 * that file (the one whose text begins and ends as the error does), so the
 * view and the index hold the failures in the middle; a crafted payload, a
 * link, a folder open to others or a file that does not fit is never read,
 * and the error is shrunk as it came.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { tempDir } from "../_helpers/temp_dir.ts";
import {
  answer,
  assertFailureIndexed,
  assertView,
  bulkyTestRun,
  fixture,
  project,
  reply,
} from "./_shrink_payloads.ts";

/**
 * Claude Code's error of a failed command, as a live run of 2.1.197 showed
 * it: `Exit code N` and the first 30,000 or so characters of the output it
 * held, cut past 10,000 characters to the first and last 5,000.
 */
function claudeError(code: number, output: string): string {
  const whole = `Exit code ${code}\n${output.slice(0, 30_000)}`.trim();
  if (whole.length <= 10_000) return whole;
  const head = whole.slice(0, 5000);
  const tail = whole.slice(-5000);
  return `${head}\n\n... [${
    whole.length - head.length - tail.length
  } characters truncated] ...\n\n${tail}`;
}

const uid = Deno.uid();

Deno.test({
  name: uid === null
    ? "claude-code: a failed command's kept output (skipped: no user ids on this system)"
    : "claude-code: a failed command's cut error is shrunk from the whole output Claude Code kept in its task file, and from nothing else",
  ignore: uid === null,
  async fn(t) {
    await using dir = await tempDir();
    const where = await project(dir.path);
    const agent = "claude-code";
    const temp = join(dir.path, "tmp");
    const root = join(temp, `claude-${uid}`);
    const env = { CLAUDE_CODE_TMPDIR: temp };
    const whole = bulkyTestRun();
    const failure = await fixture(
      agent,
      "session/PostToolUseFailure.Bash.json",
      where.root,
    );
    failure.tool_input = { command: "npm test" };
    failure.error = claudeError(1, whole);
    // None of the failures is in what the error kept.
    assert.doesNotMatch(String(failure.error), /not ok/);
    const tasks = join(
      root,
      where.root.replace(/[^a-zA-Z0-9]/g, "-"),
      String(failure.session_id),
      "tasks",
    );
    await Deno.mkdir(tasks, { recursive: true, mode: 0o700 });
    await Deno.chmod(root, 0o700);
    const task = join(tasks, "b7kq2xv9e.output");
    await Deno.writeTextFile(task, whole);
    // An older output of the same session that does not fit.
    await Deno.writeTextFile(
      join(tasks, "a1older00.output"),
      "x\n".repeat(9000),
    );

    const viewOf = async (payload = failure) => {
      const specific = answer(
        await reply(agent, "PostToolUseFailure", payload, where, env),
      ).hookSpecificOutput as Record<string, unknown>;
      assert.equal(specific.hookEventName, "PostToolUseFailure");
      return specific.additionalContext as string;
    };

    await t.step("the whole output is found, viewed and indexed", async () => {
      const view = await viewOf();
      assertView(
        view,
        /^\$ npm test\nexit 1 /,
        /not ok 700/,
        /not ok 1500/,
        /not ok 2900/,
      );
      assert.ok(view.length < 20_000);
      assertFailureIndexed(
        view,
        where,
        failure,
        "rejects login attempt 1500",
        /not ok 1500/,
      );
    });

    const onlyTheError = async (why: string, payload = failure) => {
      const view = await viewOf(payload);
      assertView(view, /^\$ npm test\nexit 1 /);
      assert.doesNotMatch(view, /not ok 1500/, why);
    };

    await t.step(
      "a file without the error's end is not the output",
      async () => {
        // Inside the part the error's end came from (the output's 25,000th to 30,000th characters).
        const altered = whole.slice(0, 27_000) + "a different run\n" +
          whole.slice(27_000);
        await Deno.writeTextFile(task, altered);
        await onlyTheError("a file that does not hold the error's end");
        await Deno.writeTextFile(task, whole);
      },
    );

    await t.step(
      "a link in place of the file, or of a folder, is not followed",
      async () => {
        const outside = join(dir.path, "outside.output");
        await Deno.writeTextFile(outside, whole);
        await Deno.remove(task);
        await Deno.symlink(outside, task);
        await onlyTheError("a link to a file outside");
        await Deno.remove(task);
        const session = join(tasks, "..");
        const moved = join(dir.path, "moved-session");
        await Deno.rename(session, moved);
        await Deno.symlink(moved, session);
        await Deno.writeTextFile(
          join(moved, "tasks", "b7kq2xv9e.output"),
          whole,
        );
        await onlyTheError("a link in place of the session's folder");
        await Deno.remove(session);
        await Deno.rename(moved, session);
        assert.equal((await viewOf()).includes("not ok 1500"), true);
      },
    );

    await t.step(
      "a temp folder open to others is not Claude Code's",
      async () => {
        await Deno.chmod(root, 0o755);
        await onlyTheError("a private folder with mode 0755");
        await Deno.chmod(root, 0o700);
      },
    );

    await t.step("a crafted session id leads nowhere else", async () => {
      await onlyTheError("a session id with a path in it", {
        ...failure,
        session_id: `../${failure.session_id}`,
        transcript_path: undefined,
      });
    });
  },
});
