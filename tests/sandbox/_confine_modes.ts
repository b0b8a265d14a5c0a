/**
 * The four confinement modes the confinement tests attack: bubblewrap and
 * Landlock (bubblewrap hidden from PATH), each as root and as an ordinary
 * user (`setpriv` to uid 65534), with a runner process that stands in for
 * the server. A mode this machine cannot offer is ignored with its reason in
 * the test name.
 *
 * @module
 */

import assert from "node:assert/strict";
import { BWRAP, LANDLOCK, pathWithoutBwrap, tempDir } from "./_helpers.ts";
import type { Attack, AttackResult } from "./_escape_runner.ts";

const RUNNER = new URL("./_escape_runner.ts", import.meta.url).pathname;
const IS_ROOT = Deno.uid() === 0;
const SETPRIV = IS_ROOT && Deno.build.os === "linux" &&
  (await Deno.stat("/usr/bin/setpriv").then(() => true, () => false));
/** The ordinary user the tests run as. */
export const NOBODY = 65534;
/** A value in the runner's environment that the runs are denied. */
export const PLANTED = `planted-secret-${crypto.randomUUID().slice(0, 8)}`;

/** One way runs are confined, by one user. */
export interface ConfineMode {
  /** Says the mode, for test names. */
  name: string;
  kind: "bwrap" | "landlock";
  uid: number;
  /** Why the mode cannot be tried here, or `undefined`. */
  skip: string | undefined;
}

function skipReason(kind: "bwrap" | "landlock", asRoot: boolean) {
  if (Deno.build.os !== "linux") return "not Linux";
  if (kind === "bwrap" && !BWRAP) return "bubblewrap does not work here";
  if (kind === "landlock" && !LANDLOCK) return "no Landlock in this kernel";
  if (asRoot && !IS_ROOT) return "the tests do not run as root";
  if (!asRoot && IS_ROOT && !SETPRIV) return "no setpriv to drop to a user";
  return undefined;
}

const OWN_UID = Deno.build.os === "windows" ? 0 : Deno.uid() ?? 0;

/** Bubblewrap and Landlock, as root and as an ordinary user. */
export const CONFINE_MODES: readonly ConfineMode[] = (
  ["bwrap", "landlock"] as const
).flatMap((kind) => [
  {
    name: `${kind === "bwrap" ? "bubblewrap" : "Landlock"} as root`,
    kind,
    uid: 0,
    skip: skipReason(kind, true),
  },
  {
    name: `${kind === "bwrap" ? "bubblewrap" : "Landlock"} as an ordinary user`,
    kind,
    uid: IS_ROOT ? NOBODY : OWN_UID,
    skip: skipReason(kind, false),
  },
]);

/**
 * Declares one test per mode, named by the sentence, the mode and why it is
 * skipped, each with fresh folders owned by the mode's user.
 *
 * @param sentence What holds, as a sentence.
 * @param fn The test body.
 * @param skipAll Why none of the modes runs here, if none does (or, for a mode, why it does not).
 */
export function testInModes(
  sentence: string,
  fn: (setting: ConfineSetting, t: Deno.TestContext) => Promise<void>,
  skipAll?: string | ((mode: ConfineMode) => string | undefined),
): void {
  for (const mode of CONFINE_MODES) {
    const skip = (typeof skipAll === "function" ? skipAll(mode) : skipAll) ??
      mode.skip;
    Deno.test({
      name: `${sentence}, under ${mode.name}${
        skip ? ` (skipped: ${skip})` : ""
      }`,
      ignore: skip !== undefined,
      fn: async (t) => {
        await using setting = await confineSetting(mode);
        await fn(setting, t);
      },
    });
  }
}

/** A project, a folder outside it and a Deno cache, owned by the mode's user. */
export interface ConfineSetting extends AsyncDisposable {
  project: string;
  outside: string;
  denoDir: string;
  mode: ConfineMode;
}

/**
 * Makes the folders of one test, owned by the mode's user.
 *
 * @param mode The mode.
 * @returns The folders, removed on dispose.
 */
export async function confineSetting(
  mode: ConfineMode,
): Promise<ConfineSetting> {
  const dirs = [
    await tempDir("ctx-confine-project-"),
    await tempDir("ctx-confine-outside-"),
    await tempDir("ctx-confine-deno-"),
  ];
  for (const dir of dirs) {
    if (IS_ROOT) await Deno.chown(dir.path, mode.uid, mode.uid);
    await Deno.chmod(dir.path, 0o755);
  }
  return {
    project: dirs[0]!.path,
    outside: dirs[1]!.path,
    denoDir: dirs[2]!.path,
    mode,
    async [Symbol.asyncDispose]() {
      for (const dir of dirs) await dir[Symbol.asyncDispose]();
    },
  };
}

/**
 * The argv that runs `argv` as the mode's user.
 *
 * @param mode The mode.
 * @param argv The command.
 * @returns `argv`, behind `setpriv` when the user differs.
 */
export function asUser(mode: ConfineMode, argv: string[]): string[] {
  if (mode.uid === OWN_UID) return argv;
  return [
    "setpriv",
    "--reuid",
    String(mode.uid),
    "--regid",
    String(mode.uid),
    "--clear-groups",
    ...argv,
  ];
}

/**
 * Runs a runner (a server stand-in) as the mode's user, with bubblewrap
 * hidden from PATH for Landlock, the setting's Deno cache and a home
 * outside the project, and gives it one JSON request on stdin.
 *
 * @param setting The folders and the mode.
 * @param runner The runner module's path.
 * @param request What it reads on stdin; `env` is added, the environment its runs get.
 * @param options `serverEnv`: more of the runner's own environment (its PATH
 *   goes before the mode's); `onStart`: called with its pid.
 * @returns Whether it succeeded, its stdout and its stderr.
 */
export async function spawnRunner(
  setting: ConfineSetting,
  runner: string,
  request: Record<string, unknown>,
  options: {
    serverEnv?: Record<string, string>;
    onStart?: (pid: number) => void;
  } = {},
): Promise<{ success: boolean; stdout: string; stderr: string }> {
  const env: Record<string, string> = {
    ...options.serverEnv,
    DENO_DIR: setting.denoDir,
    HOME: setting.outside,
  };
  // The server's PATH entries first, then the mode's own (bubblewrap hidden for Landlock).
  const extra = options.serverEnv?.PATH;
  if (setting.mode.kind === "landlock" || extra !== undefined) {
    const modePath = setting.mode.kind === "landlock"
      ? await pathWithoutBwrap()
      : Deno.env.get("PATH") ?? "";
    env.PATH = extra === undefined ? modePath : `${extra}:${modePath}`;
  }
  const argv = asUser(setting.mode, [
    Deno.execPath(),
    "run",
    "-A",
    "--no-config",
    runner,
  ]);
  const child = new Deno.Command(argv[0]!, {
    args: argv.slice(1),
    env: { ...env, NO_COLOR: "1", PLANTED_TOKEN_VALUE: PLANTED },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  options.onStart?.(child.pid);
  const writer = child.stdin.getWriter();
  await writer.write(
    new TextEncoder().encode(JSON.stringify({ ...request, env })),
  );
  await writer.close();
  const output = await child.output();
  return {
    success: output.success,
    stdout: new TextDecoder().decode(output.stdout),
    stderr: new TextDecoder().decode(output.stderr),
  };
}

/**
 * Runs attacks through `runCode` in a runner process as the mode's user,
 * with bubblewrap hidden from PATH for Landlock, and checks that each ran
 * under the mode's confinement.
 *
 * @param setting The folders.
 * @param attacks The attacks.
 * @param onStart Called with the runner's pid once it is started.
 * @param serverEnv More of the runner's (the server's) environment.
 * @returns One result per attack.
 */
export async function runConfined(
  setting: ConfineSetting,
  attacks: Attack[],
  onStart?: (pid: number) => void,
  serverEnv: Record<string, string> = {},
): Promise<AttackResult[]> {
  const output = await spawnRunner(
    setting,
    RUNNER,
    { project: setting.project, confine: true, attacks },
    { serverEnv, ...(onStart ? { onStart } : {}) },
  );
  assert.ok(output.success, `runner failed: ${output.stderr}`);
  const results = JSON.parse(output.stdout) as AttackResult[];
  for (const result of results) {
    assert.equal(result.refused, undefined, result.refused);
    assert.equal(result.confinement, setting.mode.kind, JSON.stringify(result));
  }
  return results;
}

/** Asserts that each run printed the line `ran` (the attack really ran). */
export function assertRan(results: readonly AttackResult[]): void {
  for (const result of results) {
    assert.match(result.stdout, /^ran$/m, JSON.stringify(result));
  }
}
