import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { landlockAbi } from "../../src/sandbox/_landlock.ts";
import type { FixtureInput, FixtureOutput } from "./landlock_fixture.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const ABI = landlockAbi();
/** Why the real-process tests are skipped here, or `null` when they run. */
const SKIP = ABI === 0
  ? "Landlock is unavailable (not Linux, or the kernel lacks or disables it)"
  : null;
const FIXTURE = new URL("./landlock_fixture.ts", import.meta.url).pathname;
const MODULE = new URL("../../src/sandbox/_landlock.ts", import.meta.url).href;
const DENO = Deno.execPath();
const NOBODY = ["--reuid", "65534", "--regid", "65534", "--clear-groups"];
/** Where a system Python may be, in order; never looked up on PATH. */
const PYTHONS = ["/usr/bin/python3", "/usr/local/bin/python3", "/bin/python3"];
/** How the kernel's refusals (EACCES, EPERM, EXDEV) read in the commands' output. */
const DENIAL = /permission denied|not permitted|cross-device/i;

/** Whether a file or folder exists at `path`. */
function exists(path: string): boolean {
  try {
    Deno.statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Whether a same-user process may trace another here (no Yama restriction). */
function ptraceOpen(): boolean {
  try {
    return Deno.readTextFileSync("/proc/sys/kernel/yama/ptrace_scope")
      .trim() === "0";
  } catch {
    return true;
  }
}

/** Whether the ordinary user can be tried: we are root, and that user can run deno and read the fixture. */
async function nobodyPossible(): Promise<boolean> {
  if (Deno.uid() !== 0 || !exists("/usr/bin/setpriv")) return false;
  const { code } = await new Deno.Command("setpriv", {
    args: [...NOBODY, "sh", "-c", 'test -r "$1" && test -x "$2"', "sh"].concat(
      FIXTURE,
      DENO,
    ),
  }).output();
  return code === 0;
}

/**
 * A project and an outside folder in a base every user can enter: a planted
 * file outside, links in the project to it and to its folder, and the JS a
 * `deno run` child executes.
 */
async function layout(base: string): Promise<{ project: string; out: string }> {
  await Deno.chmod(base, 0o755);
  const project = join(base, "project");
  const out = join(base, "outside");
  for (const dir of [project, out, join(base, "deno_dir")]) {
    await Deno.mkdir(dir);
    await Deno.chmod(dir, 0o777);
  }
  await Deno.writeTextFile(join(out, "secret"), "planted\n");
  await Deno.chmod(join(out, "secret"), 0o666);
  for (const name of ["allowed_read", "allowed_write"]) {
    await Deno.writeTextFile(join(out, name), "allowed\n");
    await Deno.chmod(join(out, name), 0o666);
  }
  await Deno.symlink(join(out, "secret"), join(project, "link_file"));
  await Deno.symlink(out, join(project, "link_dir"));
  await Deno.writeTextFile(
    join(project, "code.js"),
    `const [action, target] = Deno.args;
try {
  if (action === "read") Deno.readTextFileSync(target);
  if (action === "write") Deno.writeTextFileSync(target, "from deno\\n");
  if (action === "connect") (await Deno.connect({ transport: "unix", path: "\\0" + target })).close();
} catch (error) {
  console.error(String(error));
  Deno.exit(1);
}
`,
  );
  return { project, out };
}

/** Runs the fixture (as the ordinary user when `nobody`) in `base`. */
async function runFixture(
  base: string,
  input: FixtureInput,
  nobody: boolean,
): Promise<FixtureOutput> {
  const args = ["run", "-A", "--no-config", FIXTURE, JSON.stringify(input)];
  const { code, stdout, stderr } = await new Deno.Command(
    nobody ? "setpriv" : DENO,
    {
      args: nobody ? [...NOBODY, DENO, ...args] : args,
      cwd: base,
      env: { DENO_DIR: join(base, "deno_dir") },
      stdin: "null",
    },
  ).output();
  const text = new TextDecoder().decode(stdout);
  assert.equal(code, 0, text + new TextDecoder().decode(stderr));
  return JSON.parse(text) as FixtureOutput;
}

/**
 * The first Python with ctypes the user (the ordinary one when `nobody`) can
 * run, in an environment without HOME, or undefined.
 */
async function pythonFor(nobody: boolean): Promise<string | undefined> {
  for (const python of PYTHONS) {
    if (!exists(python)) continue;
    const argv = [python, "-c", "import ctypes"];
    try {
      const { code } = await new Deno.Command(nobody ? "setpriv" : python, {
        args: nobody ? [...NOBODY, ...argv] : argv.slice(1),
        clearEnv: true,
        env: { PATH: "/usr/bin:/bin" },
        stdin: "null",
        stdout: "null",
        stderr: "null",
      }).output();
      if (code === 0) return python;
    } catch {
      // Not runnable here: the next one.
    }
  }
  return undefined;
}

/** A shell command and whether it must work under the rules. */
interface Case {
  name: string;
  command: string;
  works: boolean;
}

/** The cases for one user; `root` adds what only root could otherwise read. */
function cases(
  project: string,
  out: string,
  root: boolean,
  python: string | undefined,
): Case[] {
  const denoRun = `DENO_DIR="${project}/.deno" "${DENO}" run -A --no-config ` +
    `"${project}/code.js"`;
  const denied: [string, string][] = [
    ["reading a file in another temp dir", `cat "${out}/secret"`],
    ["creating a file in another temp dir", `echo x > "${out}/new"`],
    ["reading through a link to a file outside", `cat "${project}/link_file"`],
    [
      "writing through a link to a file outside",
      `echo x >> "${project}/link_file"`,
    ],
    ["listing through a link to a folder outside", `ls "${project}/link_dir/"`],
    [
      "creating through a link to a folder outside",
      `echo x > "${project}/link_dir/via_link"`,
    ],
    [
      "hard-linking an outside file into the project",
      `ln "${out}/secret" "${project}/hard"`,
    ],
    [
      "moving a project file out",
      `echo m > "${project}/mine" && mv "${project}/mine" "${out}/moved"`,
    ],
    ["a deno run child reading outside", `${denoRun} read "${out}/secret"`],
  ];
  if (root) denied.push(["listing /root", "ls /root"]);
  if (ABI >= 6) {
    denied.push(
      ["signalling a process outside the domain", 'kill -0 "$OUTSIDE_PID"'],
      [
        "a deno run child connecting to an outside abstract socket",
        `${denoRun} connect "$ABSTRACT"`,
      ],
    );
  }
  if (ptraceOpen() && python) {
    denied.push([
      "tracing the restricted host",
      `"${python}" -c 'import ctypes,os,sys; c=ctypes.CDLL(None, use_errno=True); ` +
      `r=c.ptrace(0x4206, int(os.environ["HOST_PID"]), 0, 0); ` +
      `sys.exit(r and os.strerror(ctypes.get_errno()))'`,
    ]);
  }
  const works: [string, string][] = [
    [
      "writing, linking, renaming, truncating and removing in the project",
      `cd "${project}" && echo hi > a && mkdir d && ln -s ../a d/l && ` +
      `cat d/l && mv a d/b && : > d/b && mkfifo d/f && rm -r d`,
    ],
    ["reading a system file", "cat /etc/passwd > /dev/null"],
    ["reading a single readable file", `cat "${out}/allowed_read"`],
    ["appending to a single writable file", `echo x >> "${out}/allowed_write"`],
    ["writing to a device", "echo x > /dev/null"],
    [
      "a deno run child writing in the project",
      `${denoRun} write "${project}/from_deno" && cat "${project}/from_deno"`,
    ],
  ];
  return [
    ...denied.map(([name, command]) => ({ name, command, works: false })),
    ...works.map(([name, command]) => ({ name, command, works: true })),
  ];
}

/**
 * Rules as a sandbox host would give: system folders, deno's folder, the
 * project, plus a missing path and two single files outside.
 */
function rules(project: string, out: string): FixtureInput["rules"] {
  return {
    readable: [
      "/usr",
      "/bin",
      "/sbin",
      "/lib",
      "/lib64",
      "/lib32",
      "/etc",
      "/proc",
      dirname(DENO),
      "/no/such/path",
      join(out, "allowed_read"),
    ],
    writable: [project, join(out, "allowed_write")],
    devices: ["/dev/null"],
  };
}

for (const nobody of [false, true]) {
  const who = nobody ? "an ordinary user" : "the current user";
  const skip = SKIP ??
    (nobody && !(await nobodyPossible())
      ? "not root, or the ordinary user cannot run deno or read this test"
      : null);
  Deno.test({
    name:
      `restrictCurrentThread() confines every child a host starts from its main thread, as ${who}` +
      (skip ? ` (ignored: ${skip})` : ""),
    ignore: skip !== null,
    async fn(t) {
      const root = !nobody && Deno.uid() === 0;
      const python = await pythonFor(nobody);
      if (python === undefined) {
        await t.step({
          name:
            `denies tracing the restricted host (ignored: no Python with ctypes ${who} can run in ${
              PYTHONS.join(", ")
            })`,
          ignore: true,
          fn() {},
        });
      }
      await using control = await tempDir("ctx-landlock-test-");
      const free = await layout(control.path);
      const unrestricted = await runFixture(control.path, {
        restrict: false,
        rules: rules(free.project, free.out),
        commands: cases(free.project, free.out, root, python).map((c) =>
          c.command
        ),
      }, nobody);
      await using dir = await tempDir("ctx-landlock-test-");
      const { project, out } = await layout(dir.path);
      const all = cases(project, out, root, python);
      const restricted = await runFixture(dir.path, {
        restrict: true,
        rules: rules(project, out),
        commands: all.map((c) => c.command),
      }, nobody);
      assert.deepEqual(restricted.outcome, { ok: true, abi: ABI });
      for (const [i, c] of all.entries()) {
        await t.step(`${c.works ? "allows" : "denies"} ${c.name}`, () => {
          const before = unrestricted.results[i];
          const after = restricted.results[i];
          assert.equal(before?.code, 0, `without Landlock: ${before?.output}`);
          assert.equal(after?.code === 0, c.works, after?.output);
          if (!c.works) assert.match(after?.output ?? "", DENIAL);
        });
      }
      assert.equal(await Deno.readTextFile(join(out, "secret")), "planted\n");
    },
  });
}

Deno.test("landlockAbi() and restrictCurrentThread() answer without FFI permission, and do not throw", async () => {
  await using dir = await tempDir("ctx-landlock-test-");
  const script = join(dir.path, "no_ffi.ts");
  await Deno.writeTextFile(
    script,
    `import { landlockAbi, restrictCurrentThread } from ${
      JSON.stringify(MODULE)
    };
const outcome = restrictCurrentThread({ readable: [], writable: [] });
const line = JSON.stringify([landlockAbi(), outcome]);
Deno.stdout.writeSync(new TextEncoder().encode(line));`,
  );
  const { code, stdout, stderr } = await new Deno.Command(DENO, {
    args: ["run", "--no-config", script],
    stdin: "null",
  }).output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  const [abi, outcome] = JSON.parse(new TextDecoder().decode(stdout));
  assert.equal(abi, 0);
  assert.equal(outcome.ok, false);
  assert.match(outcome.reason, /^Cannot use Landlock: .*FFI permission/);
});
