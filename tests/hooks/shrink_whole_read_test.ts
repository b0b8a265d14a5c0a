/**
 * A read cut short by the agent is shrunk whole: Gemini CLI's `read_file`
 * hands its `AfterTool` hook only the first 2,000 lines of a file, so a real
 * `ctx-mode hook gemini-cli AfterTool` process reads a log back from disk
 * and its view names the error at line 5,000. Only a regular file inside the
 * project is read: a link out, a path outside, a FIFO, an oversize file, a
 * ranged read and an editable source all leave what the agent gave.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";
import { childDatabase } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import {
  answer,
  assertView,
  fixture,
  project,
  reply,
} from "./_shrink_payloads.ts";

const AGENT = "gemini-cli";
/** FIFOs are made with `mkfifo`; without it that case is skipped. */
const HAS_MKFIFO = Deno.build.os !== "windows" &&
  await new Deno.Command("mkfifo", { args: ["--version"] }).output().then(
    (run) => run.success,
    () => false,
  );
const SHOWN_LINES = 2000;

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** A log of `lines` lines whose line 5,000 is an error naming `marker`. */
function logLines(lines: number, marker: string): string[] {
  return Array.from(
    { length: lines },
    (_, i) =>
      i === 4999
        ? `2026-11-30T11:23:20Z ERROR ${marker} ledger write failed: disk quota exceeded`
        : `2026-11-30T10:${
          String(i % 60).padStart(2, "0")
        }:00Z INFO served request ${i} for tenant acme-${i % 97} in 12ms`,
  );
}

/** What Gemini CLI 0.61's `read_file` hands the hook for a file over 2,000 lines. */
function truncatedRead(lines: readonly string[]): string {
  return `
IMPORTANT: The file content has been truncated.
Status: Showing lines 1-${SHOWN_LINES} of ${lines.length} total lines.
Action: To read more of the file, you can use the 'start_line' and 'end_line' parameters in a subsequent 'read_file' call. For example, to read the next section of the file, use start_line: ${
    SHOWN_LINES + 1
  }.

--- FILE CONTENT (truncated) ---
${lines.slice(0, SHOWN_LINES).join("\n")}\n`;
}

async function readPayload(
  root: string,
  filePath: string,
  lines: readonly string[],
  input: Record<string, unknown> = {},
): Promise<Record<string, unknown>> {
  const payload = await fixture(AGENT, "AfterTool.json", root);
  payload.tool_name = "read_file";
  payload.tool_input = { file_path: filePath, ...input };
  payload.tool_response = {
    llmContent: truncatedRead(lines),
    returnDisplay: `Read lines 1-${SHOWN_LINES} of ${lines.length}`,
  };
  return payload;
}

Deno.test("gemini-cli read_file: a 5 MB log is read whole from disk, its error at line 5,000 in the view", async () => {
  await using dir = await tempDir();
  const where = await project(dir.path);
  await Deno.mkdir(join(where.root, "logs"));
  const lines = logLines(70_000, "E-INSIDE-5000");
  const file = join(where.root, "logs", "app.log");
  await Deno.writeTextFile(file, `${lines.join("\n")}\n`);
  assert.ok((await Deno.stat(file)).size > 4_000_000);

  const payload = await readPayload(where.root, file, lines);
  const output = answer(await reply(AGENT, "AfterTool", payload, where));
  assert.equal(output.decision, "deny");
  assertView(
    output.reason,
    /E-INSIDE-5000 ledger write failed/,
    /70,?000 lines/,
  );

  using kb = KnowledgeBase.open(childDatabase(where.home, where.root));
  const source = /indexed as "([^"]+)"/.exec(String(output.reason))?.[1];
  const [found] = kb.search(["ledger write failed"], { source });
  assert.match(found?.hits[0]?.snippet ?? "", /E-INSIDE-5000/);
  // Counted against what the model would have had (the 2,000 lines), not the whole file.
  const [call] = kb.toolCalls().session(String(payload.session_id)).filter(
    (entry) => entry.tool === "shrink/read_file",
  );
  assert.equal(
    call?.bytesIn,
    utf8Length(JSON.stringify(payload.tool_response)),
  );
  // The view, without the sentence Gemini's deny opens with.
  assert.ok(
    (call?.bytesOut ?? 0) > 0 &&
      (call?.bytesOut ?? 0) < utf8Length(String(output.reason)),
  );
});

Deno.test("gemini-cli read_file: the whole-file read never leaves the project nor reads what is not a bounded regular file", async (t) => {
  await using dir = await tempDir();
  const where = await project(dir.path);
  const outside = join(dir.path, "outside");
  await Deno.mkdir(outside);
  const secretLines = logLines(6000, "E-OUTSIDE-SECRET");
  const secretFile = join(outside, "secret.log");
  await Deno.writeTextFile(secretFile, `${secretLines.join("\n")}\n`);

  /** The answer is the view of the part given, or nothing: never the file's rest. */
  async function assertGivenOnly(
    payload: Record<string, unknown>,
    marker: RegExp,
  ): Promise<void> {
    const run = await reply(AGENT, "AfterTool", payload, where);
    assert.doesNotMatch(run.stdout, marker);
    if (run.stdout.trim() !== "") {
      assertView(answer(run).reason, /Showing lines 1-2000/);
    }
  }

  await t.step("a link from the project to a file outside", async () => {
    const link = join(where.root, "linked.log");
    await Deno.symlink(secretFile, link);
    await assertGivenOnly(
      await readPayload(where.root, link, secretLines),
      /E-OUTSIDE-SECRET/,
    );
  });

  await t.step("a folder link out of the project", async () => {
    await Deno.symlink(outside, join(where.root, "logs"));
    await assertGivenOnly(
      await readPayload(
        where.root,
        join(where.root, "logs", "secret.log"),
        secretLines,
      ),
      /E-OUTSIDE-SECRET/,
    );
  });

  await t.step(
    "a path outside the project, plain and climbing out",
    async () => {
      await assertGivenOnly(
        await readPayload(where.root, secretFile, secretLines),
        /E-OUTSIDE-SECRET/,
      );
      await assertGivenOnly(
        await readPayload(where.root, "../outside/secret.log", secretLines),
        /E-OUTSIDE-SECRET/,
      );
    },
  );

  await t.step({
    name: "a FIFO inside the project is never opened (skipped without mkfifo)",
    ignore: !HAS_MKFIFO,
    fn: async () => {
      const fifo = join(where.root, "pipe.log");
      const made = await new Deno.Command("mkfifo", { args: [fifo] }).output();
      assert.ok(made.success);
      await assertGivenOnly(
        await readPayload(where.root, fifo, logLines(6000, "E-FIFO")),
        /E-FIFO/,
      );
    },
  });

  await t.step("a device linked from the project", async () => {
    const device = join(where.root, "zero.log");
    await Deno.symlink("/dev/zero", device);
    await assertGivenOnly(
      await readPayload(where.root, device, logLines(6000, "E-DEVICE")),
      /E-DEVICE/,
    );
  });

  await t.step("a file over 64 MB", async () => {
    const big = join(where.root, "big.log");
    const lines = logLines(6000, "E-OVERSIZE");
    {
      using file = await Deno.open(big, { write: true, create: true });
      await file.truncate(64 * 1024 * 1024 + 1);
      await file.seek(0, Deno.SeekMode.Start);
      await file.write(new TextEncoder().encode(`${lines.join("\n")}\n`));
    }
    await assertGivenOnly(
      await readPayload(where.root, big, lines),
      /E-OVERSIZE/,
    );
  });

  await t.step(
    "a ranged read keeps the range the agent asked for",
    async () => {
      const lines = logLines(6000, "E-RANGED");
      const file = join(where.root, "ranged.log");
      await Deno.writeTextFile(file, `${lines.join("\n")}\n`);
      await assertGivenOnly(
        await readPayload(where.root, file, lines, {
          start_line: 1,
          end_line: 2000,
        }),
        /E-RANGED/,
      );
    },
  );

  await t.step(
    "an editable source is never read whole nor changed",
    async () => {
      await Deno.mkdir(join(where.root, "src"));
      const lines = Array.from(
        { length: 6000 },
        (_, i) =>
          i === 4999
            ? "throw new Error('E-SOURCE');"
            : `export const value${i} = ${i};`,
      );
      const file = join(where.root, "src", "values.ts");
      await Deno.writeTextFile(file, `${lines.join("\n")}\n`);
      const run = await reply(
        AGENT,
        "AfterTool",
        await readPayload(where.root, file, lines),
        where,
      );
      assert.equal(run.stdout, "");
    },
  );
});
