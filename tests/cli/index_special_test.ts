import assert from "node:assert/strict";
import { join } from "node:path";
import { childEnv, MAIN } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const linux = Deno.build.os === "linux";

/** Its limits: a broken build must fail this test, not eat the machine's memory or hang it. */
const DEADLINE_MS = 60_000;
const MAX_RSS_KB = 1024 * 1024;

/**
 * Runs `ctx-mode index args…` in a child that is killed when it passes the
 * deadline or its resident memory passes 1 GB.
 */
async function indexGuarded(
  args: string[],
  home: string,
): Promise<{ code: number; stdout: string; stderr: string; killed?: string }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", MAIN, "index", ...args],
    cwd: home,
    clearEnv: true,
    env: childEnv(home),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let killed: string | undefined;
  const started = performance.now();
  const watch = setInterval(() => {
    let rss = 0;
    try {
      const status = Deno.readTextFileSync(`/proc/${child.pid}/status`);
      rss = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
    } catch {
      return;
    }
    const over = rss > MAX_RSS_KB
      ? `resident memory ${rss} kB`
      : performance.now() - started > DEADLINE_MS
      ? "the deadline"
      : undefined;
    if (over && killed === undefined) {
      killed = over;
      child.kill("SIGKILL");
    }
  }, 100);
  try {
    const output = await child.output();
    const decoder = new TextDecoder();
    return {
      code: output.code,
      stdout: decoder.decode(output.stdout),
      stderr: decoder.decode(output.stderr),
      ...(killed ? { killed } : {}),
    };
  } finally {
    clearInterval(watch);
  }
}

Deno.test({
  name:
    "ctx-mode index refuses /proc, devices and FIFOs quickly and caps by bytes read, but may read the user's files outside the project",
  ignore: !linux,
  fn: async (t) => {
    await using home = await tempDir();
    await using other = await tempDir();
    const fifo = join(home.path, "pipe");
    assert.ok(
      (await new Deno.Command("mkfifo", { args: [fifo] }).output()).success,
    );

    for (
      const [path, expected] of [
        ["/proc/self/pagemap", /is a kernel or device file \(under \/proc\)/],
        ["/proc/self", /is a kernel or device file \(under \/proc\)/],
        ["/dev/zero", /is a kernel or device file \(under \/dev\)/],
        [fifo, /not a regular file or folder \(a FIFO, socket or device\)/],
      ] as const
    ) {
      await t.step(`${path} is refused in one line`, async () => {
        const run = await indexGuarded([path], home.path);
        assert.equal(run.killed, undefined, `killed for ${run.killed}`);
        assert.equal(run.code, 1);
        assert.match(run.stderr, /^ctx-mode: Cannot index "[^"]+": .*\n$/);
        assert.match(run.stderr, expected);
      });
    }

    await t.step("a folder holding a FIFO is indexed without it", async () => {
      await Deno.writeTextFile(join(home.path, "a.md"), "# A\nalpha\n");
      const run = await indexGuarded([home.path], home.path);
      assert.equal(run.killed, undefined, `killed for ${run.killed}`);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stderr, /skipped .*pipe: not a regular file/);
    });

    await t.step(
      "a file outside the project is the user's to index",
      async () => {
        const file = join(other.path, "elsewhere.md");
        await Deno.writeTextFile(file, "# Elsewhere\n");
        const run = await indexGuarded([file], home.path);
        assert.equal(run.code, 0, run.stderr);
        assert.match(run.stdout, /^Indexed 1 source:/);
      },
    );

    await t.step("the size cap is counted in bytes read", async () => {
      const big = join(other.path, "big.log");
      await Deno.writeTextFile(big, "line\n".repeat(300_000));
      const run = await indexGuarded(
        [big, "--max-file-mb", "1"],
        home.path,
      );
      assert.equal(run.code, 1);
      assert.match(run.stderr, /skipped .*big\.log: over the 1 MiB size cap/);
    });
  },
});
