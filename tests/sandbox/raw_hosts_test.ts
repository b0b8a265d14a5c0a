import assert from "node:assert/strict";
import { join } from "node:path";
import { runCode, WarmHosts } from "../../src/sandbox/mod.ts";
import { AVAILABLE, BWRAP, eventually, tempDir } from "./_helpers.ts";

// The shell and Python hosts are the interpreter itself, started ahead inside
// bubblewrap, reading their request as raw text.
const noBwrap = BWRAP ? "" : " (skipped: no working bubblewrap here)";
const why = !BWRAP
  ? " (skipped: no working bubblewrap here)"
  : !AVAILABLE.has("python")
  ? " (skipped: no Python on PATH)"
  : "";
const ignore = why !== "";

/** Runs Python on a warm host of `warm` (started ahead, then handed out). */
async function runWarm(
  warm: WarmHosts,
  project: string,
  code: string,
  file?: string,
) {
  // The first call of a key starts its host; the next one finds it started.
  if (warm.ready === 0) {
    await runCode({ language: "python", code: "pass", projectDir: project }, {
      warm,
    });
    assert.ok(await eventually(() => warm.ready > 0, 30_000));
  }
  return await runCode({
    language: "python",
    code,
    projectDir: project,
    ...(file ? { file: { path: file } } : {}),
  }, { warm, guard: false });
}

Deno.test({
  name:
    `a file name with a newline cannot smuggle code into a warm Python host${why}`,
  ignore,
  fn: async () => {
    await using project = await tempDir();
    const name = "x\nprint('INJECTED')\n.txt";
    await Deno.writeTextFile(join(project.path, name), "content");
    const warm = new WarmHosts();
    try {
      const result = await runWarm(
        warm,
        project.path,
        "print(FILE_PATH.endswith(\"x\\nprint('INJECTED')\\n.txt\"), FILE_CONTENT)",
        name,
      );
      assert.equal(result.stdout, "True content\n", result.stderr);
      assert.doesNotMatch(result.stdout, /^INJECTED/m);
    } finally {
      warm.close();
    }
  },
});

Deno.test({
  name:
    `a file name with a newline cannot smuggle code into a warm shell host${noBwrap}`,
  ignore: !BWRAP,
  fn: async () => {
    await using project = await tempDir();
    const name = "x\necho INJECTED\n.txt";
    await Deno.writeTextFile(join(project.path, name), "content");
    const warm = new WarmHosts();
    try {
      const run = () =>
        runCode({
          language: "shell",
          code: 'printf "%s|%s\\n" "$FILE_CONTENT" "$FILE_PATH"',
          projectDir: project.path,
          file: { path: name },
        }, { warm, guard: false });
      await run();
      assert.ok(await eventually(() => warm.ready > 0, 30_000));
      const result = await run();
      assert.equal(
        result.stdout,
        `content|${join(project.path, name)}\n`,
        result.stderr,
      );
      assert.equal(result.stderr, "");
    } finally {
      warm.close();
    }
  },
});

Deno.test({
  name:
    `a warm Python run sees nothing of its host: stdin at end of file, a fresh __main__, no boot names, not the project's modules first${why}`,
  ignore,
  fn: async () => {
    await using project = await tempDir();
    // A module in the project that the boot would import if the project came first on the path.
    for (const module of ["select", "os"]) {
      await Deno.writeTextFile(
        join(project.path, `${module}.py`),
        "open('planted', 'w').write('boot imported the project')\n",
      );
    }
    const warm = new WarmHosts();
    try {
      const result = await runWarm(
        warm,
        project.path,
        [
          "import sys, pickle",
          "class Point:",
          "    pass",
          "print(repr(sys.stdin.read()))",
          "print(__name__, sys.argv == [__file__], sys.path[0] == __file__.rsplit('/', 1)[0])",
          "print(sorted(n for n in globals() if n.startswith('_ctx')))",
          "print(type(pickle.loads(pickle.dumps(Point()))).__name__)",
        ].join("\n"),
      );
      assert.equal(
        result.stdout,
        "''\n__main__ True True\n[]\nPoint\n",
        result.stderr,
      );
      await assert.rejects(Deno.stat(join(project.path, "planted")));
    } finally {
      warm.close();
    }
  },
});

Deno.test({
  name:
    `a warm Python run ends as python3 code.py would: its traceback from the code, exit 1, sys.exit's code, a syntax error's report${why}`,
  ignore,
  fn: async () => {
    await using project = await tempDir();
    const warm = new WarmHosts();
    try {
      const raised = await runWarm(
        warm,
        project.path,
        "def f():\n    raise ValueError('boom')\nf()",
      );
      assert.equal(raised.exitCode, 1);
      assert.match(raised.stderr, /^Traceback \(most recent call last\):\n/);
      assert.match(raised.stderr, /code\.py", line 3, in <module>\n {4}f\(\)/);
      assert.match(raised.stderr, /ValueError: boom\n$/);
      assert.doesNotMatch(raised.stderr, /<string>/);
      const exited = await runWarm(
        warm,
        project.path,
        "import sys\nprint('out')\nsys.exit(3)",
      );
      assert.equal(exited.exitCode, 3);
      assert.equal(exited.stdout, "out\n");
      const broken = await runWarm(warm, project.path, "print(1");
      assert.equal(broken.exitCode, 1);
      assert.match(broken.stderr, /code\.py", line 1\n/);
      assert.match(broken.stderr, /SyntaxError: /);
      assert.doesNotMatch(broken.stderr, /Traceback|<string>/);
    } finally {
      warm.close();
    }
  },
});
