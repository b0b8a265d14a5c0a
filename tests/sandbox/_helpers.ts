/**
 * Shared helpers for the sandbox tests: disposable temp dirs, the machine's
 * confinement and languages, process and file checks, a runner process, and a
 * loopback HTTP server.
 *
 * @module
 */

import assert from "node:assert/strict";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { detectConfinement } from "../../src/sandbox/confine.ts";
import { landlockAbi } from "../../src/sandbox/_landlock.ts";
import {
  detectLanguages,
  type LanguageId,
} from "../../src/sandbox/languages.ts";

/** A temp dir (real path) removed when disposed. */
export interface TempDir extends AsyncDisposable {
  path: string;
}

/** Makes a temp dir that `await using` removes. */
export async function tempDir(prefix = "ctx-sandbox-test-"): Promise<TempDir> {
  const path = await Deno.realPath(await Deno.makeTempDir({ prefix }));
  return {
    path,
    async [Symbol.asyncDispose]() {
      await Deno.remove(path, { recursive: true }).catch(() => {});
    },
  };
}

/** Whether bubblewrap confines runs on this machine (decided once, before the tests are declared). */
export const BWRAP = (await detectConfinement()).kind === "bwrap";

/** Whether Landlock can confine runs on this machine. */
export const LANDLOCK = landlockAbi() > 0;

/**
 * The languages that run here: found on PATH and answering their version
 * command (a rustup proxy with no toolchain, or a runtime that cannot start,
 * is left out, so its tests skip).
 */
export const AVAILABLE: ReadonlySet<LanguageId> = new Set(
  (await detectLanguages({ versions: true })).filter((info) => info.available)
    .map((info) => info.id),
);

/** Whether a process with this pid is running (a zombie counts as dead). */
export function alive(pid: number): boolean {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3) !==
      "Z";
  } catch {
    return false;
  }
}

/** Polls until `check` holds or the time is up; returns the last answer. */
export async function eventually(
  check: () => boolean | Promise<boolean>,
  ms = 3_000,
): Promise<boolean> {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return await check();
}

/**
 * Whether a file's content stops changing (a writer has stopped): it must
 * stay the same for `quietMs`, which has to happen within 20 s.
 */
export async function stopsChanging(
  path: string,
  quietMs = 1_500,
): Promise<boolean> {
  return await eventually(async () => {
    const before = await Deno.readTextFile(path).catch(() => "");
    await new Promise((resolve) => setTimeout(resolve, quietMs));
    return before === await Deno.readTextFile(path).catch(() => "");
  }, 20_000);
}

/** Whether anything exists at `path` (a link counts only if its target does). */
export function exists(path: string): Promise<boolean> {
  return Deno.stat(path).then(() => true, () => false);
}

/**
 * Reads the pid a run wrote to `file` and asserts that it is a real pid whose
 * process is gone within `ms`.
 */
export async function assertPidGone(file: string, ms = 2_000): Promise<void> {
  const pid = Number(await Deno.readTextFile(file));
  assert.ok(pid > 0, `${basename(file)} holds no pid`);
  assert.ok(
    await eventually(() => !alive(pid), ms),
    `process ${pid} from ${basename(file)} is still alive after ${ms} ms`,
  );
}

/** The sandbox module as a runner script imports it. */
const SANDBOX_MODULE = new URL("../../src/sandbox/mod.ts", import.meta.url)
  .href;

/**
 * Writes `runner.ts` into `dir` (an import of `runCode` from the sandbox
 * module, then `body`) and starts it as a Deno process of its own with its
 * output discarded, for tests of what a run does when its starter goes away.
 */
export async function spawnRunner(
  dir: string,
  body: string,
): Promise<Deno.ChildProcess> {
  const runner = join(dir, "runner.ts");
  await Deno.writeTextFile(
    runner,
    `import { runCode } from ${JSON.stringify(SANDBOX_MODULE)};\n${body}`,
  );
  return new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "--no-config", runner],
    stdout: "null",
    stderr: "null",
  }).spawn();
}

let withoutBwrap: Promise<string> | undefined;

/**
 * A PATH of one folder holding links to every program on this PATH except
 * `bwrap` (made once, readable by every user, removed on exit).
 */
export function pathWithoutBwrap(): Promise<string> {
  withoutBwrap ??= (async () => {
    const dir = await Deno.makeTempDir({ prefix: "ctx-no-bwrap-" });
    await Deno.chmod(dir, 0o755);
    globalThis.addEventListener("unload", () => {
      try {
        Deno.removeSync(dir, { recursive: true });
      } catch {
        // best effort
      }
    });
    const home = Deno.env.get("HOME") ?? "/nonexistent";
    for (const folder of (Deno.env.get("PATH") ?? "").split(":")) {
      // Programs under this user's home are out of an ordinary user's reach.
      if (folder.startsWith(home + "/")) continue;
      const names: string[] = [];
      try {
        for await (const entry of Deno.readDir(folder)) names.push(entry.name);
      } catch {
        continue;
      }
      for (const name of names.filter((name) => name !== "bwrap")) {
        // The first folder on PATH wins, as in a lookup.
        await Deno.symlink(join(folder, name), join(dir, name)).catch(() => {});
      }
    }
    return dir;
  })();
  return withoutBwrap;
}

/** A loopback HTTP server on an ephemeral port, shut down on dispose. */
export function loopbackServer(
  body: string,
): { url: string } & AsyncDisposable {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response(body),
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}/`,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}

/** The temp dirs of runs of the server with pid `pid` that are still on disk. */
export function scratchDirsOf(pid: number): string[] {
  return [...Deno.readDirSync(tmpdir())].map((entry) => entry.name).filter((
    name,
  ) => name.startsWith(`ctx-mode-run-${pid}-`));
}
