/**
 * The red team's harness: every attack is declared once and becomes one test
 * per confinement mode (bubblewrap and Landlock, each as root and as an
 * ordinary user). Each test gets a fresh project and a fresh "outside" folder
 * that stands for the user's home (HOME points there, never at the real one),
 * both owned by the mode's user, and runs its attack through the runner
 * process as that user.
 *
 * By default (`deno task test`, CI) the suite runs in one mode, the first
 * this machine offers (bubblewrap before Landlock, root before an ordinary
 * user), without the attacks marked slow (floods of thousands of files);
 * `CTX_MODE_REDTEAM=1` (`deno task redteam`) runs every attack in every
 * mode, `CTX_MODE_REDTEAM=0` none.
 *
 * @module
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { BWRAP, LANDLOCK, tempDir } from "./_helpers.ts";
import type {
  RedteamInput,
  RedteamOutput,
  RedteamResult,
} from "./_redteam_runner.ts";

const RUNNER = new URL("./_redteam_runner.ts", import.meta.url).pathname;
const IS_ROOT = Deno.uid() === 0;
const SETPRIV = IS_ROOT && Deno.build.os === "linux" &&
  (await Deno.stat("/usr/bin/setpriv").then(() => true, () => false));
const NOBODY = 65534;

const SWITCH = Deno.env.get("CTX_MODE_REDTEAM");
/** Whether the red-team suite runs at all. */
export const ENABLED = SWITCH !== "0";
/** Every attack in every mode, not only the default subset. */
export const FULL = SWITCH === "1";

/** A variable of the agent's and the server's environment that the user denied to runs. */
export const DENIED_NAME = "CTX_RT_AGENT_TOKEN";

/** One confinement mode as one user. */
export interface Mode {
  name: string;
  kind: "bwrap" | "landlock";
  uid: number;
  /** Why the mode cannot run here, if it cannot. */
  missing?: string;
}

function missing(kind: Mode["kind"], uid: number): string | undefined {
  if (Deno.build.os !== "linux") return "Linux only";
  if (kind === "bwrap" && !BWRAP) return "bubblewrap cannot confine here";
  if (kind === "landlock" && !LANDLOCK) return "no Landlock in this kernel";
  if (uid === NOBODY && uid !== Deno.uid() && !SETPRIV) {
    return "needs root and setpriv";
  }
  return undefined;
}

const OWN_UID = Deno.uid() ?? 0;

/**
 * The four modes of the red team: bubblewrap and Landlock as root and as
 * uid 65534 when the tests run as root, else as this user.
 */
export const MODES: readonly Mode[] = (
  IS_ROOT
    ? [["bwrap", 0], ["landlock", 0], ["bwrap", NOBODY], ["landlock", NOBODY]]
    : [["bwrap", OWN_UID], ["landlock", OWN_UID]]
).map(([kind, uid]) => {
  const who = !IS_ROOT ? "this user" : uid === 0 ? "root" : "uid 65534";
  const name = `${kind === "bwrap" ? "bubblewrap" : "Landlock"} as ${who}`;
  const why = missing(kind as Mode["kind"], uid as number);
  return why === undefined
    ? { name, kind: kind as Mode["kind"], uid: uid as number }
    : { name, kind: kind as Mode["kind"], uid: uid as number, missing: why };
});

/** The one mode of the default subset: the first this machine offers. */
const DEFAULT_MODE = MODES.find((mode) => mode.missing === undefined);

/** What an attack works with. */
export interface Arena {
  mode: Mode;
  /** The project (real path), owned by the mode's user. */
  project: string;
  /** A folder outside the project that stands for the user's home (HOME). */
  outside: string;
  /** A token unique to this test, for names of files and processes. */
  token: string;
  /** The value of {@link DENIED_NAME} in the agent's and the server's environment. */
  secret: string;
  /** Runs setup, runs and after step in the runner as the mode's user. */
  attack(
    input: Omit<RedteamInput, "project" | "confine" | "env" | "denyEnv"> & {
      env?: Record<string, string>;
    },
  ): Promise<RedteamOutput>;
  /** Creates a file outside the project as the mode's user (mode 0600 unless given). */
  writeOutside(relative: string, text: string, mode?: number): Promise<string>;
}

const denoDirs = new Map<number, Promise<string>>();

/** One Deno cache per user, shared by the tests of a file (it only caches our own modules). */
function denoDirFor(uid: number): Promise<string> {
  let dir = denoDirs.get(uid);
  if (!dir) {
    dir = (async () => {
      const path = await Deno.makeTempDir({ prefix: "ctx-redteam-deno-" });
      await Deno.chown(path, uid, uid);
      globalThis.addEventListener("unload", () => {
        try {
          Deno.removeSync(path, { recursive: true });
        } catch {
          // best effort
        }
      });
      return path;
    })();
    denoDirs.set(uid, dir);
  }
  return dir;
}

/** Runs a shell command as `uid`, not sandboxed; returns its output. */
export async function shellAs(
  uid: number,
  command: string,
  cwd: string,
  env: Record<string, string> = {},
): Promise<string> {
  const argv = uid === Deno.uid() ? ["sh", "-c", command] : [
    "setpriv",
    "--reuid",
    String(uid),
    "--regid",
    String(uid),
    "--clear-groups",
    "sh",
    "-c",
    command,
  ];
  const output = await new Deno.Command(argv[0]!, {
    args: argv.slice(1),
    cwd,
    env: { PATH: "/usr/local/bin:/usr/bin:/bin", ...env },
    clearEnv: true,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
  return decode(output.stdout) + decode(output.stderr);
}

/** The system PATH the runs get: no folder of any user's home. */
export const SYSTEM_PATH =
  "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

async function runAs(
  mode: Mode,
  arena: { project: string; outside: string; secret: string },
  input: Parameters<Arena["attack"]>[0],
): Promise<RedteamOutput> {
  const denoDir = await denoDirFor(mode.uid);
  const env = {
    DENO_DIR: denoDir,
    HOME: arena.outside,
    PATH: SYSTEM_PATH,
    NO_COLOR: "1",
    ...input.env,
  };
  const full: RedteamInput = {
    project: arena.project,
    confine: mode.kind === "landlock" ? "landlock" : true,
    env,
    denyEnv: [DENIED_NAME],
    runs: input.runs,
    ...(input.setup ? { setup: input.setup } : {}),
    ...(input.after ? { after: input.after } : {}),
  };
  const deno = [Deno.execPath(), "run", "-A", "--no-config", RUNNER];
  // The shell stays as the runner's parent: it stands for the agent that started the server.
  const agent = ["sh", "-c", '"$@"; exit $?', "agent", ...deno];
  const argv = mode.uid === Deno.uid() ? agent : [
    "setpriv",
    "--reuid",
    String(mode.uid),
    "--regid",
    String(mode.uid),
    "--clear-groups",
    ...agent,
  ];
  const child = new Deno.Command(argv[0]!, {
    args: argv.slice(1),
    cwd: arena.project,
    env: { ...env, [DENIED_NAME]: arena.secret },
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(JSON.stringify(full)));
  await writer.close();
  const output = await child.output();
  assert.ok(
    output.success,
    `runner failed: ${new TextDecoder().decode(output.stderr)}`,
  );
  const parsed = JSON.parse(
    new TextDecoder().decode(output.stdout),
  ) as RedteamOutput;
  for (const result of parsed.results) {
    if (result.refused === undefined) {
      assert.equal(
        result.confinement,
        mode.kind,
        `${mode.name}: the run was confined by ${result.confinement}`,
      );
    }
  }
  return parsed;
}

/**
 * Writes a file below `base`, it and every folder made for it owned by `uid`.
 *
 * @returns The file's path.
 */
export async function writeOwned(
  base: string,
  relative: string,
  text: string,
  uid: number,
  fileMode = 0o600,
): Promise<string> {
  const path = join(base, relative);
  let dir = base;
  for (const part of relative.split("/").slice(0, -1)) {
    dir = join(dir, part);
    await Deno.mkdir(dir, { recursive: true });
    await Deno.chown(dir, uid, uid);
  }
  await Deno.writeTextFile(path, text);
  await Deno.chmod(path, fileMode);
  await Deno.chown(path, uid, uid);
  return path;
}

/** Every process whose command line holds `token` (our runs' processes carry it). */
export function processesWith(token: string): number[] {
  const found: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
      if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) continue;
      const line = Deno.readTextFileSync(`/proc/${entry.name}/cmdline`);
      if (line.includes(token)) found.push(Number(entry.name));
    } catch {
      // gone meanwhile
    }
  }
  return found;
}

function killAll(token: string): void {
  for (const pid of processesWith(token)) {
    try {
      Deno.kill(pid, "SIGKILL");
    } catch {
      // gone
    }
  }
}

/** The run did start its attack (a refusal or a crash would make every check pass). */
export function assertRan(result: RedteamResult | undefined): void {
  assert.ok(result, "no result");
  assert.equal(result.refused, undefined, result.refused);
  assert.match(result.stdout, /^ran$/m, JSON.stringify(result));
}

/**
 * Declares one attack as a test per mode.
 *
 * @param name What must hold, as a sentence.
 * @param fn The attack and its checks.
 * @param options Modes the attack does not apply to, with the reason.
 */
export function redteam(
  name: string,
  fn: (arena: Arena) => Promise<void>,
  options: {
    skip?: (mode: Mode) => string | undefined;
    /** Left out of the default subset (it takes many seconds). */
    slow?: boolean;
  } = {},
): void {
  for (const mode of MODES) {
    const why = !ENABLED
      ? "red-team suite switched off (CTX_MODE_REDTEAM=0)"
      : mode.missing ??
        (!FULL && mode !== DEFAULT_MODE
          ? "default subset: one mode (CTX_MODE_REDTEAM=1 for all)"
          : !FULL && options.slow
          ? "default subset: slow attack (CTX_MODE_REDTEAM=1 for all)"
          : options.skip?.(mode));
    Deno.test({
      name: `red team [${mode.name}]: ${name}${
        why ? ` (skipped: ${why})` : ""
      }`,
      ignore: why !== undefined,
      sanitizeOps: false,
      sanitizeResources: false,
      fn: async () => {
        await using project = await tempDir("ctx-redteam-project-");
        await using outside = await tempDir("ctx-redteam-outside-");
        for (const dir of [project.path, outside.path]) {
          await Deno.chown(dir, mode.uid, mode.uid);
        }
        const token = `ctxrt${crypto.randomUUID().slice(0, 8)}`;
        const arena: Arena = {
          mode,
          project: project.path,
          outside: outside.path,
          token,
          secret: `denied-${token}`,
          attack: (input) => runAs(mode, arena, input),
          async writeOutside(relative, text, fileMode = 0o600) {
            return await writeOwned(
              outside.path,
              relative,
              text,
              mode.uid,
              fileMode,
            );
          },
        };
        try {
          await fn(arena);
        } finally {
          killAll(token);
        }
      },
    });
  }
}
