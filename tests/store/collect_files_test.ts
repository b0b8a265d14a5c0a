import assert from "node:assert/strict";
import { dirname, isAbsolute, join, relative } from "node:path";
import {
  collectFiles,
  DEFAULT_MAX_FILE_BYTES,
} from "../../src/store/collect_files.ts";

interface TempDir extends AsyncDisposable {
  path: string;
}

async function tempDir(): Promise<TempDir> {
  const path = await Deno.makeTempDir({ prefix: "ctx_collect_files_" });
  return {
    path,
    [Symbol.asyncDispose]: () => Deno.remove(path, { recursive: true }),
  };
}

/** Writes each `relative path → content` pair under `root`, creating folders. */
async function writeTree(
  root: string,
  files: Record<string, string>,
): Promise<void> {
  for (const [relative, content] of Object.entries(files)) {
    const path = join(root, relative);
    await Deno.mkdir(dirname(path), { recursive: true });
    await Deno.writeTextFile(path, content);
  }
}

async function relativePaths(root: string): Promise<string[]> {
  const { files } = await collectFiles(root);
  return files.map((file) => file.relative);
}

Deno.test("collectFiles() returns every file with its absolute path, relative path and size", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, { "a.md": "hello", "src/b.ts": "export {};\n" });

  const result = await collectFiles(dir.path);

  assert.deepEqual(result, {
    files: [
      { path: join(dir.path, "a.md"), relative: "a.md", bytes: 5 },
      { path: join(dir.path, "src", "b.ts"), relative: "src/b.ts", bytes: 11 },
    ],
    skipped: [],
  });
});

Deno.test("collectFiles() sorts files by relative path whatever order they were created in", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, {
    "z.txt": "",
    "b/z.txt": "",
    "a.txt": "",
    "b/a/c.txt": "",
    "B.txt": "",
    "a-b.txt": "",
    "a/x.txt": "",
  });

  const expected = [
    "B.txt",
    "a-b.txt",
    "a.txt",
    "a/x.txt",
    "b/a/c.txt",
    "b/z.txt",
    "z.txt",
  ];
  assert.deepEqual(await relativePaths(dir.path), expected);
  assert.deepEqual(await relativePaths(dir.path), expected);
});

Deno.test("collectFiles() never enters .git or node_modules, even when a .gitignore re-includes them", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, {
    ".gitignore": "!node_modules/\n!.git/\n",
    ".git/HEAD": "ref: refs/heads/main\n",
    "node_modules/pkg/index.js": "",
    "lib/node_modules/pkg/index.js": "",
    "lib/.git": "gitdir: ../.git/modules/lib\n",
    "lib/mod.ts": "",
  });

  assert.deepEqual(await relativePaths(dir.path), ["lib/mod.ts"]);
});

Deno.test("collectFiles() honours the root .gitignore without listing what it ignores", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, {
    ".gitignore": "# build output\n*.log\n!keep.log\n/dist/\ntmp\n",
    "app.log": "",
    "keep.log": "",
    "dist/app.js": "",
    "src/dist/app.js": "",
    "src/tmp/x.txt": "",
    "src/main.ts": "",
  });

  const result = await collectFiles(dir.path);

  assert.deepEqual(result.files.map((file) => file.relative), [
    "keep.log",
    "src/dist/app.js",
    "src/main.ts",
  ]);
  assert.deepEqual(result.skipped, []);
});

Deno.test("collectFiles() lets a deeper .gitignore override a shallower one", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, {
    ".gitignore": "*.log\nprivate/\n",
    "root.log": "",
    "docs/.gitignore": "!keep.log\n!private/\nlocal.md\n",
    "docs/keep.log": "",
    "docs/other.log": "",
    "docs/local.md": "",
    "docs/private/notes.md": "",
    "local.md": "",
    "private/secret.md": "",
  });

  assert.deepEqual(await relativePaths(dir.path), [
    "docs/keep.log",
    "docs/private/notes.md",
    "local.md",
  ]);
});

Deno.test("collectFiles() cannot re-include a file inside an ignored folder, as in git", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, {
    ".gitignore": "/out/\n!/out/keep.txt\n/gen/*\n!/gen/keep/\n",
    "out/keep.txt": "",
    "out/.gitignore": "!*\n",
    "gen/drop.txt": "",
    "gen/keep/kept.txt": "",
  });

  assert.deepEqual(await relativePaths(dir.path), [
    "gen/keep/kept.txt",
  ]);
});

Deno.test("collectFiles() applies patterns with a slash relative to their own .gitignore", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, {
    "pkg/.gitignore": "/build/\ngen/*.ts\n",
    "pkg/build/a.js": "",
    "pkg/sub/build/b.js": "",
    "pkg/gen/c.ts": "",
    "build/d.js": "",
    "gen/e.ts": "",
  });

  assert.deepEqual(await relativePaths(dir.path), [
    "build/d.js",
    "gen/e.ts",
    "pkg/sub/build/b.js",
  ]);
});

Deno.test("collectFiles() skips files over the size cap with a one-line reason", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, {
    "small.txt": "x".repeat(1024),
    "large.txt": "x".repeat(1536),
    "barely.txt": "x".repeat(1025),
  });

  const result = await collectFiles(dir.path, { maxFileBytes: 1024 });

  assert.deepEqual(result.files.map((file) => file.relative), ["small.txt"]);
  assert.deepEqual(result.skipped, [
    {
      path: join(dir.path, "barely.txt"),
      reason: "over the 1 KiB size cap (1025 bytes)",
    },
    {
      path: join(dir.path, "large.txt"),
      reason: "over the 1 KiB size cap (1.5 KiB)",
    },
  ]);
});

Deno.test("collectFiles() caps files at 5 MiB unless told otherwise", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, { "at_cap.bin": "", "big.bin": "" });
  // Sparse files: the sizes are real, the disk blocks are not written.
  await Deno.truncate(join(dir.path, "at_cap.bin"), DEFAULT_MAX_FILE_BYTES);
  await Deno.truncate(join(dir.path, "big.bin"), 7.2 * 1024 * 1024);

  const result = await collectFiles(dir.path);

  assert.equal(DEFAULT_MAX_FILE_BYTES, 5 * 1024 * 1024);
  assert.deepEqual(result.files.map((file) => file.relative), ["at_cap.bin"]);
  assert.deepEqual(result.skipped, [
    {
      path: join(dir.path, "big.bin"),
      reason: "over the 5 MiB size cap (7.2 MiB)",
    },
  ]);
});

Deno.test("collectFiles() keeps symbolic links to files inside the root and skips the others", async () => {
  await using dir = await tempDir();
  await using outside = await tempDir();
  await writeTree(dir.path, { "real/a.md": "inside" });
  await writeTree(outside.path, { "secret.md": "outside", "folder/b.md": "" });
  await Deno.symlink(join(dir.path, "real", "a.md"), join(dir.path, "link.md"));
  await Deno.symlink("../real/a.md", join(dir.path, "real", "relative.md"));
  await Deno.symlink(
    join(outside.path, "secret.md"),
    join(dir.path, "escape.md"),
  );
  await Deno.symlink(join(outside.path, "folder"), join(dir.path, "outdir"));
  await Deno.symlink(join(dir.path, "real"), join(dir.path, "loop"));
  await Deno.symlink(join(dir.path, "missing"), join(dir.path, "broken.md"));

  const result = await collectFiles(dir.path);

  assert.deepEqual(result.files, [
    { path: join(dir.path, "link.md"), relative: "link.md", bytes: 6 },
    { path: join(dir.path, "real", "a.md"), relative: "real/a.md", bytes: 6 },
    {
      path: join(dir.path, "real", "relative.md"),
      relative: "real/relative.md",
      bytes: 6,
    },
  ]);
  const realOutside = await Deno.realPath(join(outside.path, "secret.md"));
  assert.deepEqual(result.skipped, [
    { path: join(dir.path, "broken.md"), reason: "broken symbolic link" },
    {
      path: join(dir.path, "escape.md"),
      reason: `symbolic link to a file outside the root (${realOutside})`,
    },
    {
      path: join(dir.path, "loop"),
      reason: "symbolic link to a folder, not followed",
    },
    {
      path: join(dir.path, "outdir"),
      reason: "symbolic link to a folder, not followed",
    },
  ]);
});

Deno.test("collectFiles() lets a .gitignore silence a symbolic link before it is judged", async () => {
  await using dir = await tempDir();
  await using outside = await tempDir();
  await writeTree(dir.path, { ".gitignore": "escape.md\n" });
  await writeTree(outside.path, { "secret.md": "" });
  await Deno.symlink(
    join(outside.path, "secret.md"),
    join(dir.path, "escape.md"),
  );

  assert.deepEqual(await collectFiles(dir.path), { files: [], skipped: [] });
});

Deno.test("collectFiles() returns a file root under its base name", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, { "notes/today.md": "# Today\n" });
  const root = join(dir.path, "notes", "today.md");

  assert.deepEqual(await collectFiles(root), {
    files: [{ path: root, relative: "today.md", bytes: 8 }],
    skipped: [],
  });
});

Deno.test("collectFiles() applies the size cap to a file root too", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, { "big.txt": "x".repeat(2048) });
  const root = join(dir.path, "big.txt");

  assert.deepEqual(await collectFiles(root, { maxFileBytes: 1024 }), {
    files: [],
    skipped: [{ path: root, reason: "over the 1 KiB size cap (2 KiB)" }],
  });
});

Deno.test("collectFiles() resolves a relative root against the working directory", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, { "a.txt": "" });
  const root = relative(Deno.cwd(), dir.path);
  assert.ok(!isAbsolute(root));

  const { files } = await collectFiles(root);

  assert.deepEqual(files.map((file) => file.path), [join(dir.path, "a.txt")]);
});

Deno.test("collectFiles() rejects a missing root with NotFound and the path in the message", async () => {
  await using dir = await tempDir();
  const root = join(dir.path, "nope");

  await assert.rejects(
    () => collectFiles(root),
    (error: unknown) => {
      assert.ok(error instanceof Deno.errors.NotFound);
      assert.equal(
        error.message,
        `Cannot index "${root}": no such file or directory`,
      );
      return true;
    },
  );
});

Deno.test("collectFiles() rejects a size cap that is not a non-negative number", async () => {
  await using dir = await tempDir();

  for (const maxFileBytes of [-1, Number.NaN]) {
    await assert.rejects(
      () => collectFiles(dir.path, { maxFileBytes }),
      RangeError,
    );
  }
});

Deno.test("collectFiles() reports progress as each file is found", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, { "a.txt": "", "b/c.txt": "", "d.txt": "" });
  const counts: number[] = [];

  const { files } = await collectFiles(dir.path, {
    onProgress: (found) => counts.push(found),
  });

  assert.equal(files.length, 3);
  assert.deepEqual(counts, [1, 2, 3]);
});

Deno.test({
  name: "collectFiles() skips an unreadable folder instead of failing",
  // Permissions do not bind the superuser, so the folder would be readable.
  ignore: Deno.build.os === "windows" || Deno.uid() === 0,
  fn: async () => {
    await using dir = await tempDir();
    await writeTree(dir.path, { "a.txt": "", "locked/b.txt": "" });
    const locked = join(dir.path, "locked");
    await Deno.chmod(locked, 0o000);
    try {
      assert.deepEqual(await collectFiles(dir.path), {
        files: [{ path: join(dir.path, "a.txt"), relative: "a.txt", bytes: 0 }],
        skipped: [{
          path: locked,
          reason: "unreadable folder (permission denied)",
        }],
      });
    } finally {
      await Deno.chmod(locked, 0o755);
    }
  },
});

Deno.test({
  name: "collectFiles() skips an unreadable .gitignore once and walks on",
  ignore: Deno.build.os === "windows" || Deno.uid() === 0,
  fn: async () => {
    await using dir = await tempDir();
    await writeTree(dir.path, { "sub/.gitignore": "*\n", "sub/a.txt": "" });
    const gitignore = join(dir.path, "sub", ".gitignore");
    await Deno.chmod(gitignore, 0o000);

    assert.deepEqual(await collectFiles(dir.path), {
      files: [{
        path: join(dir.path, "sub", "a.txt"),
        relative: "sub/a.txt",
        bytes: 0,
      }],
      skipped: [{
        path: gitignore,
        reason:
          "unreadable .gitignore, its rules are not applied (permission denied)",
      }],
    });
  },
});

Deno.test("collectFiles() leaves out hidden files and folders", async () => {
  await using dir = await tempDir();
  await writeTree(dir.path, {
    ".env": "TOKEN=1",
    ".github/workflows/ci.yml": "on: push",
    "src/.cache/x.md": "",
    "src/visible.md": "",
  });
  assert.deepEqual(await relativePaths(dir.path), ["src/visible.md"]);
});
