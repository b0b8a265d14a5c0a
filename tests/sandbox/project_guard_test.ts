import assert from "node:assert/strict";
import { join } from "node:path";
import { guardedFolders, whyGuarded } from "../../src/sandbox/project_guard.ts";
import { runCode } from "../../src/sandbox/run_code.ts";
import { BWRAP, exists, LANDLOCK, tempDir } from "./_helpers.ts";

/** A fake home (with a secret), a data home inside it, and a link to the home. */
async function fakeHome(root: string) {
  const home = join(root, "home", "ada");
  await Deno.mkdir(join(home, ".ssh"), { recursive: true });
  await Deno.mkdir(join(home, "src", "app"), { recursive: true });
  await Deno.mkdir(join(home, "bin"), { recursive: true });
  await Deno.writeTextFile(join(home, ".ssh", "id_rsa"), "SECRET-KEY-MATERIAL");
  const link = join(root, "link-to-home");
  await Deno.symlink(home, link);
  const env: Record<string, string> = {
    HOME: home,
    PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
  };
  return { home, link, env, data: join(home, ".ctx-mode") };
}

Deno.test("whyGuarded() treats every spelling of the home folder, and every folder above it, as the home folder", async () => {
  await using root = await tempDir();
  const { home, link, env, data } = await fakeHome(root.path);
  const folders = guardedFolders(env);
  const cases: [string, RegExp | undefined][] = [
    [home, /^it is the home folder$/],
    [`${home}/`, /^it is the home folder$/],
    [`${home}/.`, /^it is the home folder$/],
    [`${home}/src/..`, /^it is the home folder$/],
    [`${home}//`, /^it is the home folder$/],
    [link, /^it is the home folder$/],
    [`${link}/`, /^it is the home folder$/],
    [join(root.path, "home"), /^it contains the home folder "/],
    [`${home}/..`, /^it contains the home folder "/],
    ["/", /^it contains the home folder "/],
    [data, /^it is the ctx-mode data home$/],
    [join(data, "projects"), /^it is inside the ctx-mode data home "/],
    [join(home, "src", "app"), undefined],
    [join(home, "bin"), undefined],
    [root.path, /^it contains the home folder "/],
  ];
  for (const [path, expected] of cases) {
    const reason = whyGuarded(path, folders);
    if (expected === undefined) assert.equal(reason, undefined, path);
    else assert.match(reason ?? "(allowed)", expected, path);
  }
});

Deno.test("whyGuarded() keeps out a data home set elsewhere, what contains it, and what lies inside it, through links", async () => {
  await using root = await tempDir();
  const { env } = await fakeHome(root.path);
  const project = join(root.path, "work");
  const data = join(project, "state", "ctx");
  await Deno.mkdir(project);
  const linkToProject = join(root.path, "project-link");
  await Deno.symlink(project, linkToProject);
  // The data home does not exist yet: it is judged by its nearest existing parent.
  const folders = guardedFolders({ ...env, CTX_MODE_HOME: `${data}/` });
  assert.match(
    whyGuarded(project, folders) ?? "",
    /^it contains the ctx-mode data home ".*\/work\/state\/ctx"$/,
  );
  assert.match(whyGuarded(linkToProject, folders) ?? "", /contains the ctx/);
  assert.match(whyGuarded(join(data, "x"), folders) ?? "", /is inside the/);
  assert.equal(whyGuarded(join(project, "other"), folders), undefined);
});

Deno.test("runCode() refuses a project that is, or holds, the home folder or the data home, before anything runs", async (t) => {
  await using root = await tempDir();
  const { home, link, env } = await fakeHome(root.path);
  const marker = join(root.path, "ran");
  const code = `touch '${marker}'`;
  const cases: [string, string, Record<string, string>, RegExp][] = [
    ["the home folder", home, env, /: it is the home folder;/],
    ["the home folder with a slash", `${home}/`, env, /: it is the home/],
    ["a link to the home folder", link, env, /: it is the home folder;/],
    [
      "a folder above the home folder",
      join(root.path, "home"),
      env,
      /: it contains the home folder ".*\/home\/ada"/,
    ],
    ["the file system root", "/", env, /: it contains the home folder/],
    [
      "a project that holds the data home",
      join(home, "src"),
      { ...env, CTX_MODE_HOME: join(home, "src", "app", ".ctx") },
      /: it contains the ctx-mode data home/,
    ],
    [
      "a project inside the data home",
      join(home, "src", "app"),
      { ...env, CTX_MODE_HOME: join(home, "src") },
      /: it is inside the ctx-mode data home/,
    ],
  ];
  for (const [name, projectDir, runEnv, expected] of cases) {
    await t.step(name, async () => {
      for (const language of ["shell", "javascript"]) {
        const error = await runCode(
          {
            language,
            code: language === "shell"
              ? code
              : `Deno.writeTextFileSync(${JSON.stringify(marker)}, "")`,
            projectDir,
          },
          { env: runEnv, confine: false, guard: false },
        ).then(() => undefined, (caught: unknown) => caught);
        assert.ok(error instanceof Deno.errors.PermissionDenied, String(error));
        assert.match(error.message, /^Cannot run code in "/);
        assert.match(error.message, expected);
        assert.doesNotMatch(error.message, /\n/);
      }
      assert.equal(await exists(marker), false, "the code ran");
    });
  }

  await t.step("a project inside the home folder runs", async () => {
    const result = await runCode(
      { language: "shell", code, projectDir: join(home, "src", "app") },
      { env, confine: false, guard: false },
    );
    assert.equal(result.exitCode, 0, result.stderr);
    assert.equal(await exists(marker), true);
  });
});

const MODES: ["bwrap" | "landlock", boolean, true | "landlock"][] = [
  ["bwrap", BWRAP, true],
  ["landlock", LANDLOCK, "landlock"],
];
const BASH = await Deno.realPath("/bin/bash").catch(() => undefined);

/**
 * One test per confinement mode, ignored with the reason where the mode (or
 * bash) is missing: a shell run in a fresh project, with a fake home holding
 * a secret, and a PATH made by `path` from that home.
 */
function inEachMode(
  name: string,
  path: (fake: Awaited<ReturnType<typeof fakeHome>>) => Promise<string>,
  code: (home: string) => string,
  expected: RegExp[],
): void {
  for (const [mode, available, confine] of MODES) {
    const missing = !available ? mode : BASH ? undefined : "bash";
    Deno.test({
      name: `runCode() under ${mode} ${name}${
        missing ? ` (ignored: ${missing} does not work here)` : ""
      }`,
      ignore: missing !== undefined,
      fn: async () => {
        await using root = await tempDir();
        await using project = await tempDir();
        const fake = await fakeHome(root.path);
        const result = await runCode(
          {
            language: "shell",
            code: `cat '${
              join(fake.home, ".ssh", "id_rsa")
            }' || echo "unreadable"; ${code(fake.home)}`,
            projectDir: project.path,
          },
          {
            env: { ...fake.env, PATH: await path(fake) },
            confine,
            guard: false,
          },
        );
        assert.equal(result.confinement, mode);
        assert.doesNotMatch(result.stdout, /SECRET-KEY-MATERIAL/);
        assert.match(result.stdout, /unreadable/, result.stderr);
        for (const pattern of expected) assert.match(result.stdout, pattern);
      },
    });
  }
}

inEachMode(
  "keeps the home folder hidden when PATH names it as $HOME/, $HOME/., $HOME/x/.. or through a link",
  ({ home, link, env }) =>
    Promise.resolve(
      [
        `${home}/`,
        `${home}/.`,
        `${home}/bin/..`,
        link,
        join(home, "bin"),
        env.PATH,
      ]
        .join(":"),
    ),
  (home) => `ls '${home}/bin' >/dev/null && echo "bin visible"`,
  // A PATH entry inside the home folder still comes along: the filter is not just "nothing under HOME".
  [/bin visible/],
);

inEachMode(
  "mounts only the runtime's own file when the runtime sits in the home folder",
  async ({ home, env }) => {
    // The shell found on PATH is a link that lives directly in the home folder.
    await Deno.symlink(BASH!, join(home, "bash"));
    return `${home}:${env.PATH}`;
  },
  () => "true",
  [],
);
