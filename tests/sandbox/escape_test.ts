/**
 * The ways out of the sandbox that a hostile agent found, each tried for
 * real in every confinement this machine offers (bubblewrap, Landlock, and
 * none, where only JavaScript is confined), as root and as an ordinary user.
 * Each attack must fail to reach anything outside the project, and leave the
 * project's control files as they were.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import {
  AVAILABLE,
  BWRAP,
  LANDLOCK,
  pathWithoutBwrap,
  tempDir,
} from "./_helpers.ts";
import type { Attack, AttackResult } from "./_escape_runner.ts";

const RUNNER = new URL("./_escape_runner.ts", import.meta.url).pathname;
const IS_ROOT = Deno.uid() === 0;
const SETPRIV = IS_ROOT && Deno.build.os === "linux" &&
  (await Deno.stat("/usr/bin/setpriv").then(() => true, () => false));
const NOBODY = 65534;
/** Unique to this test process: another suite running beside it plants its own. */
const PLANTED = `planted-secret-${crypto.randomUUID().slice(0, 8)}`;

interface Mode {
  name: string;
  /** Run with a PATH that has every program of the system but `bwrap`. */
  hideBwrap?: boolean;
  confine: boolean | "landlock";
  /** Only JavaScript is confined without bubblewrap or Landlock. */
  jsOnly: boolean;
  available: boolean;
}

const MODES: Mode[] = [
  { name: "bubblewrap", confine: true, jsOnly: false, available: BWRAP },
  {
    name: "Landlock (bwrap hidden from PATH)",
    // Automatic: with bubblewrap out of sight the sandbox must fall back to Landlock by itself.
    confine: true,
    jsOnly: false,
    hideBwrap: true,
    available: LANDLOCK,
  },
  { name: "no confinement", confine: false, jsOnly: true, available: true },
];

interface Setting {
  project: string;
  outside: string;
  denoDir: string;
  uid: number;
}

/** Runs the attacks in a runner process as `uid`, with `denoDir` as Deno's cache. */
async function runAttacks(
  setting: Setting,
  mode: Mode,
  attacks: Attack[],
): Promise<AttackResult[]> {
  const input = JSON.stringify({
    project: setting.project,
    confine: mode.confine,
    env: {
      DENO_DIR: setting.denoDir,
      HOME: setting.outside,
      ...(mode.hideBwrap ? { PATH: await pathWithoutBwrap() } : {}),
    },
    attacks,
  });
  const deno = [Deno.execPath(), "run", "-A", "--no-config", RUNNER];
  const argv = setting.uid === Deno.uid() ? deno : [
    "setpriv",
    "--reuid",
    String(setting.uid),
    "--regid",
    String(setting.uid),
    "--clear-groups",
    ...deno,
  ];
  const child = new Deno.Command(argv[0]!, {
    args: argv.slice(1),
    env: {
      DENO_DIR: setting.denoDir,
      HOME: setting.outside,
      NO_COLOR: "1",
      // In the runner's own environment, where /proc/<pid>/environ shows it.
      PLANTED_TOKEN_VALUE: PLANTED,
    },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(input));
  await writer.close();
  const output = await child.output();
  const text = new TextDecoder().decode(output.stdout);
  assert.ok(
    output.success,
    `runner failed: ${new TextDecoder().decode(output.stderr)}`,
  );
  const results = JSON.parse(text) as AttackResult[];
  // The confinement the mode stands for, and no weaker one, ran each attack.
  const expected = mode.confine === false
    ? ["permissions", "none"]
    : mode.hideBwrap
    ? ["landlock"]
    : ["bwrap"];
  for (const result of results) {
    if (result.refused === undefined) {
      assert.ok(
        expected.includes(result.confinement),
        `${mode.name}: ran under ${result.confinement}`,
      );
    }
  }
  return results;
}

/** The attacks really ran (a refusal would make every check pass for nothing). */
function assertRan(results: AttackResult[]): void {
  for (const result of results) {
    assert.equal(result.refused, undefined, result.refused);
    assert.match(result.stdout, /^ran$/m, JSON.stringify(result));
  }
}

async function exists(path: string): Promise<boolean> {
  return await Deno.lstat(path).then(() => true, () => false);
}

async function makeSetting(uid: number) {
  const project = await tempDir("ctx-escape-project-");
  const outside = await tempDir("ctx-escape-outside-");
  const denoDir = await tempDir("ctx-escape-deno-");
  await Deno.writeTextFile(join(outside.path, "secret.txt"), "TOP-SECRET\n");
  for (const dir of [project, outside, denoDir]) {
    await Deno.chown(dir.path, uid, uid);
  }
  await Deno.chown(join(outside.path, "secret.txt"), uid, uid);
  return { project, outside, denoDir };
}

const USERS = [
  { name: "root", uid: 0, ignore: !IS_ROOT },
  { name: "an ordinary user", uid: NOBODY, ignore: !SETPRIV },
];
if (!IS_ROOT) {
  USERS[1] = { name: "this user", uid: Deno.uid() ?? 0, ignore: false };
}

const CONTROL_WRITES = {
  shell: [
    "echo ran",
    "printf '[core]\\n\\tfsmonitor = touch PWNED\\n' >> .git/config",
    "printf '#!/bin/sh\\ntouch PWNED\\n' > .git/hooks/pre-commit; chmod +x .git/hooks/pre-commit",
    "echo 'touch PWNED' > .envrc",
    "mkdir -p .claude && echo '{\"hooks\":{}}' > .claude/settings.json",
    'echo \'{"guard":{"level":"standard"}}\' > .ctx-mode.json',
    "mkdir -p .vscode && echo '{}' > .vscode/tasks.json",
  ].map((line) => `${line} 2>/dev/null`).join("\n"),
  python: `
print("ran")
for path, text in [(".git/config", "[core]\\n\\tfsmonitor = touch PWNED\\n"), (".git/hooks/pre-commit", "#!/bin/sh\\ntouch PWNED\\n"), (".envrc", "touch PWNED"), (".ctx-mode.json", "{}")]:
    try:
        open(path, "a").write(text)
    except OSError:
        pass
`,
  javascript: `
console.log("ran");
for (const [path, text] of [[".git/config", "[core]\\n\\tfsmonitor = touch PWNED\\n"], [".git/hooks/pre-commit", "#!/bin/sh\\ntouch PWNED\\n"], [".envrc", "touch PWNED"], [".ctx-mode.json", "{}"]]) {
  try { Deno.writeTextFileSync(path, text, { append: true }); } catch {}
}
`,
};

for (const user of USERS) {
  for (const mode of MODES) {
    Deno.test({
      name:
        `a hostile run under ${mode.name}, as ${user.name}, cannot get out of the project`,
      ignore: user.ignore || !mode.available || Deno.build.os !== "linux",
      fn: async (t) => {
        const dirs = await makeSetting(user.uid);
        await using project = dirs.project;
        await using outside = dirs.outside;
        await using denoDir = dirs.denoDir;
        const setting = {
          project: project.path,
          outside: outside.path,
          denoDir: denoDir.path,
          uid: user.uid,
        };
        const languages = mode.jsOnly
          ? ["javascript"] as const
          : (["shell", "javascript", "python"] as const).filter((language) =>
            language !== "python" || AVAILABLE.has("python")
          );

        if (mode.confine === true && !mode.hideBwrap) {
          await t.step(
            "a confined process holds no capabilities, even as root",
            async () => {
              const [result] = await runAttacks(setting, mode, [{
                language: "shell",
                code:
                  "grep CapEff /proc/self/status; mount -o remount,rw /etc 2>/dev/null && echo REMOUNTED; touch /etc/ctx-escape 2>/dev/null && echo WROTE",
              }]);
              assert.match(result!.stdout, /CapEff:\s+0{16}/);
              assert.doesNotMatch(result!.stdout, /REMOUNTED|WROTE/);
              assert.equal(await exists("/etc/ctx-escape"), false);
            },
          );
        }

        await t.step(
          "a link to Deno's cache does not make the cache writable",
          async () => {
            const attacks: Attack[] = languages.map((language, i) => ({
              ...(i === 0 ? { setup: `ln -s ${denoDir.path} dd` } : {}),
              language,
              code: language === "shell"
                ? "echo ran; echo planted > dd/planted-shell"
                : language === "python"
                ? "print('ran')\ntry:\n  open('dd/planted-python', 'w').write('x')\nexcept OSError:\n  pass"
                : "console.log('ran'); try { Deno.writeTextFileSync('dd/planted-js', 'x'); } catch {}",
            }));
            const results = await runAttacks(setting, mode, attacks);
            if (!mode.jsOnly) assertRan(results);
            for (const language of languages) {
              assert.equal(
                await exists(
                  join(
                    denoDir.path,
                    `planted-${language === "javascript" ? "js" : language}`,
                  ),
                ),
                false,
                `${language} wrote into Deno's cache: ${
                  JSON.stringify(results)
                }`,
              );
            }
            await Deno.remove(join(project.path, "dd"));
          },
        );

        await t.step(
          "links to outside files, at any depth, lead nowhere",
          async () => {
            const deep = "node_modules/.pnpm/x@1/node_modules/x";
            const attacks: Attack[] = [{
              setup:
                `mkdir -p ${deep} .git/objects && ln -s ${outside.path} ${deep}/out && ln -s ${outside.path} .git/objects/out && ln -s / node_modules/root`,
              language: "javascript",
              code:
                `console.log("ran"); for (const path of ["${deep}/out/secret.txt", ".git/objects/out/secret.txt", "node_modules/root${outside.path}/secret.txt"]) { try { console.log(Deno.readTextFileSync(path)); } catch {} try { Deno.writeTextFileSync(path.replace("secret", "written"), "x"); } catch {} }`,
            }];
            if (!mode.jsOnly) {
              attacks.push({
                language: "shell",
                code:
                  `echo ran; cat ${deep}/out/secret.txt .git/objects/out/secret.txt 2>/dev/null; echo x > ${deep}/out/written-shell.txt 2>/dev/null; true`,
              });
            }
            const results = await runAttacks(setting, mode, attacks);
            for (const result of results) {
              assert.doesNotMatch(
                result.stdout,
                /TOP-SECRET/,
                JSON.stringify(result),
              );
            }
            for await (const entry of Deno.readDir(outside.path)) {
              assert.equal(
                entry.name,
                "secret.txt",
                `a run wrote ${entry.name} outside`,
              );
            }
            if (mode.jsOnly) {
              assert.match(
                results[0]!.refused ?? "",
                /symbolic links lead out of the project/,
              );
            } else {
              assertRan(results);
            }
            await Deno.remove(join(project.path, "node_modules"), {
              recursive: true,
            });
            await Deno.remove(join(project.path, ".git"), { recursive: true });
          },
        );

        await t.step(
          "the project's control files stay as they were, and git still commits",
          async () => {
            const setup =
              "git init -q . && git -c user.name=a -c user.email=a@b commit -q --allow-empty -m init && cp .git/config .git/config.before";
            const attacks: Attack[] = languages.map((language, i) => ({
              ...(i === 0 ? { setup } : {}),
              language,
              code: CONTROL_WRITES[language],
            }));
            if (!mode.jsOnly) {
              attacks.push({
                language: "shell",
                code:
                  "echo work > work.txt && git add work.txt && git -c user.name=a -c user.email=a@b commit -qm work && git log --oneline | wc -l",
              });
            }
            const results = await runAttacks(setting, mode, attacks);
            assertRan(results.slice(0, languages.length));
            assert.equal(
              await Deno.readTextFile(join(project.path, ".git/config")),
              await Deno.readTextFile(join(project.path, ".git/config.before")),
            );
            for (
              const path of [
                ".git/hooks/pre-commit",
                ".envrc",
                ".claude/settings.json",
                ".ctx-mode.json",
                ".vscode/tasks.json",
              ]
            ) {
              assert.equal(
                await exists(join(project.path, path)),
                false,
                `${path} was left written: ${JSON.stringify(results)}`,
              );
            }
            if (!mode.jsOnly) {
              assert.equal(
                results.at(-1)!.stdout.trim(),
                "2",
                JSON.stringify(results.at(-1)),
              );
            }
            // A plain git command afterwards runs nothing the runs planted.
            await new Deno.Command("git", {
              args: ["status"],
              cwd: project.path,
              stdout: "null",
              stderr: "null",
            }).output();
            assert.equal(await exists(join(project.path, "PWNED")), false);
          },
        );

        // Unconfined shell included: the server hides itself from its own user.
        if (user.uid !== 0) {
          await t.step(
            "a run cannot read the server's environment from /proc",
            async () => {
              const [result] = await runAttacks(setting, mode, [{
                language: "shell",
                code:
                  `echo ran; n=0; for f in /proc/[0-9]*/environ; do tr '\\0' '\\n' < "$f" 2>/dev/null | grep -q ${PLANTED} && n=$((n+1)); done; echo "found=$n"`,
              }]);
              assertRan([result!]);
              assert.match(result!.stdout, /found=0/, JSON.stringify(result));
            },
          );
        }
      },
    });
  }
}
