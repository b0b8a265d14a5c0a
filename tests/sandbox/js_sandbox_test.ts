import assert from "node:assert/strict";
import { basename, dirname, join } from "node:path";
import { runCode, type RunOptions } from "../../src/sandbox/mod.ts";
import {
  alive,
  BWRAP,
  eventually,
  exists,
  LANDLOCK,
  loopbackServer,
  spawnRunner,
  tempDir,
} from "./_helpers.ts";

const unix = Deno.build.os !== "windows";
const LIBC = Deno.build.os === "darwin" ? "libSystem.dylib" : "libc.so.6";

/** The sandbox variants under test: how each is asked for, and what confinement it reports. */
const MODES: Array<
  { label: string; options: RunOptions; confinement: string; ignore: boolean }
> = [
  {
    label: "a Worker in a bubblewrap-confined host" +
      (BWRAP ? "" : " (bwrap does not work here)"),
    options: {},
    confinement: "bwrap",
    ignore: !BWRAP,
  },
  {
    label: "a Deno process with permission flags under Landlock" +
      (LANDLOCK ? "" : " (Landlock does not work here)"),
    options: { confine: "landlock" },
    confinement: "landlock",
    ignore: !LANDLOCK,
  },
  {
    label: "a permission-scoped Worker in an unconfined host",
    options: { confine: false },
    confinement: "permissions",
    ignore: false,
  },
];

/** A program that tries each way out and prints, per attempt, "denied: …" or "ALLOWED: …". */
function escapeProgram(
  paths: { secret: string; outside: string; realHome: string; module: string },
): string {
  return `
const p = ${JSON.stringify(paths)};
const results = {};
async function attempt(name, fn) {
  try {
    results[name] = "ALLOWED: " + String(await fn()).slice(0, 60);
  } catch (error) {
    results[name] = "denied: " + (error?.name ?? error);
  }
}
await attempt("reading /etc/passwd", () => Deno.readTextFileSync("/etc/passwd"));
await attempt("reading a file in another home directory", () => Deno.readTextFileSync(p.secret));
await attempt("listing the real home directory", () => [...Deno.readDirSync(p.realHome)].length);
await attempt("writing outside the project", () => Deno.writeTextFileSync(p.outside + "/pwned.txt", "x"));
await attempt("reading the environment", () => JSON.stringify(Deno.env.toObject()));
await attempt("reading one variable", () => Deno.env.get("PATH"));
await attempt("starting a process with Deno.Command", () => new Deno.Command("/bin/sh", { args: ["-c", "id"] }).outputSync().success);
await attempt("starting a process with node:child_process", async () => (await import("node:child_process")).execSync("id").toString());
await attempt("loading a native library", () => Deno.dlopen(${
    JSON.stringify(LIBC)
  }, { getpid: { parameters: [], result: "i32" } }).symbols.getpid());
await attempt("reading the hostname", () => Deno.hostname());
await attempt("reading OS information", () => Deno.osRelease());
await attempt("climbing out with ../", () => Deno.readTextFileSync(PROJECT_DIR + "/../" + p.outside.split("/").pop() + "/secret.txt"));
await attempt("reading /proc/self/environ", () => Deno.readTextFileSync("/proc/self/environ"));
await attempt("fetching a file: URL outside", async () => await (await fetch("file:///etc/passwd")).text());
await attempt("importing a module from outside", async () => (await import(p.module)).secret);
await attempt("making a symlink to a file outside", () => { Deno.symlinkSync(p.secret, PROJECT_DIR + "/made-link"); return Deno.readTextFileSync(PROJECT_DIR + "/made-link"); });
await attempt("hard-linking a file from outside", () => { Deno.linkSync(p.secret, PROJECT_DIR + "/hard-link"); return Deno.readTextFileSync(PROJECT_DIR + "/hard-link"); });
await attempt("asking for more permissions", async () => {
  const status = await Deno.permissions.request({ name: "read", path: "/etc" });
  if (status.state !== "granted") throw new Error(status.state);
  return status.state;
});
await attempt("reading from a nested Worker", () => new Promise((resolve, reject) => {
  const source = 'try { postMessage({ ok: Deno.readTextFileSync("/etc/passwd").length }) } catch (e) { postMessage({ error: String(e) }) }';
  const worker = new Worker("data:text/javascript," + encodeURIComponent(source), { type: "module" });
  worker.onmessage = (event) => { worker.terminate(); event.data.ok === undefined ? reject(new Error(event.data.error)) : resolve(event.data.ok); };
  worker.onerror = (event) => { event.preventDefault(); worker.terminate(); reject(new Error(event.message)); };
}));
console.log(JSON.stringify(results));
`;
}

/** Puts a private key in `home` and a link to it at `innocent.txt` in `project`; returns the key's path. */
async function linkKeyIntoProject(
  project: string,
  home: string,
): Promise<string> {
  const key = join(home, "id_rsa");
  await Deno.writeTextFile(key, "PRIVATE KEY");
  await Deno.symlink(key, join(project, "innocent.txt"));
  return key;
}

const ESCAPES = [
  "reading /etc/passwd",
  "reading a file in another home directory",
  "listing the real home directory",
  "writing outside the project",
  "reading the environment",
  "reading one variable",
  "starting a process with Deno.Command",
  "starting a process with node:child_process",
  "loading a native library",
  "reading the hostname",
  "reading OS information",
  "climbing out with ../",
  "reading /proc/self/environ",
  "fetching a file: URL outside",
  "importing a module from outside",
  "making a symlink to a file outside",
  "hard-linking a file from outside",
  "asking for more permissions",
  "reading from a nested Worker",
];

for (const mode of MODES) {
  Deno.test({
    name:
      `JavaScript in ${mode.label} cannot reach anything outside the project`,
    ignore: mode.ignore || !unix,
    fn: async (t) => {
      await using project = await tempDir();
      await using outside = await tempDir();
      const secret = join(outside.path, "secret.txt");
      await Deno.writeTextFile(secret, "TOP-SECRET");
      const module = join(outside.path, "mod.js");
      await Deno.writeTextFile(module, 'export const secret = "TOP-SECRET";');
      const realHome = Deno.env.get("HOME") ?? "/root";
      const result = await runCode({
        language: "javascript",
        code: escapeProgram({
          secret,
          outside: outside.path,
          realHome,
          module: `file://${module}`,
        }),
        projectDir: project.path,
      }, mode.options);
      assert.equal(result.exitCode, 0, result.stderr);
      assert.equal(result.confinement, mode.confinement);
      const verdicts = JSON.parse(result.stdout) as Record<string, string>;
      assert.deepEqual(Object.keys(verdicts).sort(), [...ESCAPES].sort());
      for (const escape of ESCAPES) {
        await t.step(`${escape} is denied`, () => {
          assert.match(verdicts[escape] ?? "", /^denied/, verdicts[escape]);
        });
      }
      assert.doesNotMatch(result.stdout, /TOP-SECRET/);
      assert.equal(await exists(join(outside.path, "pwned.txt")), false);
    },
  });

  Deno.test({
    name:
      `JavaScript in ${mode.label} reads and writes the project, fetches, imports and awaits`,
    ignore: mode.ignore || !unix,
    fn: async () => {
      await using project = await tempDir();
      await using server = loopbackServer("hello from loopback");
      await Deno.writeTextFile(join(project.path, "data.txt"), "project data");
      await Deno.writeTextFile(
        join(project.path, "lib.ts"),
        "export const answer: number = 42;\n",
      );
      await Deno.mkdir(join(project.path, "out"));
      const code = `
import { answer as staticAnswer } from ${
        JSON.stringify(join(project.path, "lib.ts"))
      };
interface Point { x: number; y: number }
const point: Point = { x: 3, y: 4 };
const results: Record<string, unknown> = {};
async function attempt(name: string, fn: () => unknown): Promise<void> {
  try { results[name] = await fn(); } catch (error) { results[name] = "FAILED: " + error; }
}
await attempt("read", () => Deno.readTextFileSync(PROJECT_DIR + "/data.txt"));
await attempt("write", () => { Deno.writeTextFileSync(PROJECT_DIR + "/out/written.txt", "written by the sandbox"); return "ok"; });
await attempt("temp", () => { const file = Deno.makeTempFileSync(); Deno.writeTextFileSync(file, "temp ok"); return Deno.readTextFileSync(file); });
await attempt("fetch", async () => await (await fetch(${
        JSON.stringify(server.url)
      })).text());
await attempt("import", async () => (await import("file://" + PROJECT_DIR + "/lib.ts")).answer);
await attempt("cwd", () => Deno.cwd());
results.staticImport = staticAnswer;
results.types = Math.hypot(point.x, point.y);
results.project = PROJECT_DIR;
console.log(JSON.stringify(results));
`;
      const result = await runCode({
        language: "typescript",
        code,
        projectDir: project.path,
      }, mode.options);
      assert.equal(result.exitCode, 0, result.stderr);
      assert.deepEqual(JSON.parse(result.stdout), {
        read: "project data",
        write: "ok",
        temp: "temp ok",
        fetch: "hello from loopback",
        import: 42,
        staticImport: 42,
        cwd: project.path,
        types: 5,
        project: project.path,
      });
      assert.equal(
        await Deno.readTextFile(join(project.path, "out/written.txt")),
        "written by the sandbox",
      );
    },
  });

  Deno.test({
    name:
      `JavaScript in ${mode.label} ends when its last timer and promise are done, not before`,
    ignore: mode.ignore || !unix,
    fn: async () => {
      await using project = await tempDir();
      const code = `
(async () => { await new Promise((r) => setTimeout(r, 150)); console.log("async function done"); })();
setTimeout(() => console.log("timer done"), 50);
console.log("module done");
`;
      const result = await runCode({
        language: "javascript",
        code,
        projectDir: project.path,
      }, mode.options);
      assert.equal(
        result.stdout,
        "module done\ntimer done\nasync function done\n",
      );
      assert.equal(result.exitCode, 0);
    },
  });

  Deno.test({
    name:
      `JavaScript in ${mode.label} reports errors, exit codes and a memory bomb as results`,
    ignore: mode.ignore || !unix,
    fn: async (t) => {
      await using project = await tempDir();
      const run = (code: string, extra: RunOptions = {}) =>
        runCode({
          language: "typescript",
          code,
          projectDir: project.path,
          timeoutMs: 20_000,
        }, { ...mode.options, ...extra });
      await t.step(
        "a syntax error comes back on stderr with exit code 1",
        async () => {
          const result = await run("const = 1;");
          assert.equal(result.exitCode, 1);
          assert.match(result.stderr, /parse|SyntaxError|Expected/i);
        },
      );
      await t.step(
        "an uncaught error comes back on stderr with exit code 1",
        async () => {
          const result = await run(
            'console.log("before"); throw new Error("boom-123");',
          );
          assert.equal(result.stdout, "before\n");
          assert.equal(result.exitCode, 1);
          assert.match(result.stderr, /boom-123/);
        },
      );
      await t.step("Deno.exit sets the exit code", async () => {
        const result = await run('console.log("bye"); Deno.exit(3);');
        assert.equal(result.stdout, "bye\n");
        assert.equal(result.exitCode, 3);
      });
      await t.step("reading stdin gets end of file at once", async () => {
        const result = await run(
          "console.log(await Deno.stdin.read(new Uint8Array(8)));",
        );
        assert.equal(result.stdout, "null\n");
      });
      await t.step(
        "a memory bomb ends in an out-of-memory result",
        async () => {
          const result = await run(
            "const keep: number[][] = []; while (true) keep.push(new Array(1e6).fill(7));",
            {
              maxHeapMb: 48,
            },
          );
          assert.equal(result.outOfMemory, true, result.stderr.slice(0, 500));
          assert.notEqual(result.exitCode, 0);
          assert.match(result.stderr, /out of memory/i);
          assert.equal(result.timedOut, false);
        },
      );
      await t.step("an endless loop is killed at the timeout", async () => {
        const result = await runCode(
          {
            language: "js",
            code: "while (true) {}",
            projectDir: project.path,
            timeoutMs: 700,
          },
          mode.options,
        );
        assert.equal(result.timedOut, true);
        assert.equal(result.signal, "SIGKILL");
        assert.equal(result.exitCode, null);
      });
    },
  });
}

Deno.test({
  name: "JavaScript exec-file runs get the file's path and content as globals",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    await Deno.writeTextFile(
      join(project.path, "access.log"),
      "GET /a 200\nGET /b 500\nGET /c 500\n",
    );
    const code =
      "console.log(FILE_PATH.endsWith('access.log'), FILE_CONTENT.split('\\n').filter((l) => l.includes(' 500')).length);";
    for (
      const options of [
        ...(BWRAP ? [{}] : []),
        ...(LANDLOCK ? [{ confine: "landlock" as const }] : []),
        { confine: false },
      ]
    ) {
      const result = await runCode(
        {
          language: "js",
          code,
          projectDir: project.path,
          file: { path: "access.log" },
        },
        options,
      );
      assert.equal(
        result.stdout,
        "true 2\n",
        JSON.stringify({ options, ...result }),
      );
    }
  },
});

Deno.test({
  name:
    "runCode refuses JavaScript in an unconfined project where a symbolic link leads outside",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    await using home = await tempDir();
    const key = await linkKeyIntoProject(project.path, home.path);
    await assert.rejects(
      runCode({
        language: "js",
        code:
          "console.log(Deno.readTextFileSync(PROJECT_DIR + '/innocent.txt'))",
        projectDir: project.path,
      }, { confine: false }),
      (error: Error) => {
        assert.match(
          error.message,
          /^Cannot run javascript in ".*": symbolic links lead out of the project/,
        );
        assert.match(
          error.message,
          new RegExp(`innocent\\.txt -> ${key}`),
        );
        assert.equal(error.message.includes("\n"), false);
        return true;
      },
    );
  },
});

Deno.test({
  name:
    "a link leading outside the project shows nothing inside the bubblewrap namespace" +
    (BWRAP ? "" : " (bwrap does not work here)"),
  ignore: !BWRAP,
  fn: async () => {
    await using project = await tempDir();
    await using home = await tempDir();
    await linkKeyIntoProject(project.path, home.path);
    await Deno.writeTextFile(join(project.path, "fine.txt"), "fine");
    await Deno.symlink(
      join(project.path, "fine.txt"),
      join(project.path, "inner-link"),
    );
    const result = await runCode({
      language: "js",
      code: `
try { console.log(Deno.readTextFileSync(PROJECT_DIR + "/innocent.txt")); } catch (error) { console.log("blocked:", error.name); }
console.log(Deno.readTextFileSync(PROJECT_DIR + "/inner-link"));`,
      projectDir: project.path,
    });
    assert.equal(result.confinement, "bwrap");
    assert.doesNotMatch(result.stdout, /PRIVATE KEY/);
    assert.match(result.stdout, /^blocked: NotFound\nfine\n$/);
  },
});

Deno.test({
  name: "eight JavaScript runs at once each get their own output",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        runCode({
          language: "ts",
          code:
            `await new Promise((r) => setTimeout(r, 100)); console.log("run ${i}", ${i} * ${i});`,
          projectDir: project.path,
        })),
    );
    results.forEach((result, i) => {
      assert.equal(result.exitCode, 0, result.stderr);
      assert.equal(result.stdout, `run ${i} ${i * i}\n`);
    });
  },
});

Deno.test({
  name:
    "the JavaScript sandbox process ends and removes its temp dir when the runner that started it is killed",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    const child = await spawnRunner(
      project.path,
      `await runCode({ language: "js", code: "Deno.writeTextFileSync(PROJECT_DIR + '/tmpdir', Deno.makeTempFileSync()); Deno.writeTextFileSync(PROJECT_DIR + '/pid', String(Deno.pid)); await new Promise((r) => setTimeout(r, 60000));", projectDir: ${
        JSON.stringify(project.path)
      } }, { confine: false });`,
    );
    const pidFile = join(project.path, "pid");
    // Whole once it holds a number: the run may be writing it when it first exists.
    const written = async () =>
      /^\d+$/.test(await Deno.readTextFile(pidFile).catch(() => ""));
    assert.ok(await eventually(written, 10_000), "the sandbox started");
    const pid = Number(await Deno.readTextFile(pidFile));
    const scratch = dirname(
      await Deno.readTextFile(join(project.path, "tmpdir")),
    );
    assert.ok(alive(pid));
    assert.match(basename(scratch), /^ctx-mode-run-/);
    child.kill("SIGKILL");
    await child.status;
    assert.ok(
      await eventually(() => !alive(pid), 5_000),
      `sandbox process ${pid} outlived its runner`,
    );
    assert.ok(
      await eventually(async () => !(await exists(scratch))),
      `${scratch} was left behind`,
    );
  },
});

Deno.test({
  name:
    "a compiled binary re-executes itself as `__sandbox` and its Worker confines the code",
  ignore: !unix,
  fn: async () => {
    await using project = await tempDir();
    await using bin = await tempDir();
    // Stands in for the `deno compile`d ctx-mode: all permissions, main.ts as the entry point.
    const binary = join(bin.path, "ctx-mode");
    const main = new URL("../../main.ts", import.meta.url).pathname;
    await Deno.writeTextFile(
      binary,
      `#!/bin/sh\nexec ${
        JSON.stringify(Deno.execPath())
      } run -A --no-config --unstable-worker-options ${
        JSON.stringify(main)
      } "$@"\n`,
    );
    await Deno.chmod(binary, 0o755);
    const result = await runCode({
      language: "ts",
      code:
        "const n: number = 7; console.log(n * 6, PROJECT_DIR.split('/').pop());\n" +
        "try { Deno.readTextFileSync('/etc/passwd'); } catch (e) { console.log(e.name); }",
      projectDir: project.path,
    }, {
      confine: false,
      runtime: {
        execPath: binary,
        standalone: true,
        moduleUrl: "file:///tmp/deno-compile-ctx-mode/src/sandbox/js_launch.ts",
      },
    });
    assert.equal(result.stderr, "");
    assert.equal(result.stdout, `42 ${basename(project.path)}\nNotCapable\n`);
    assert.equal(result.exitCode, 0);
  },
});
