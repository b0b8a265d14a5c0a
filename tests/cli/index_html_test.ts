import assert from "node:assert/strict";
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const page = (title: string, heading: string, text: string) =>
  `<html><head><title>${title}</title></head><body><nav><a href="/">Home</a></nav>` +
  `<main><h1>${title}</h1><h2>${heading}</h2><p>${text}</p></main></body></html>`;

Deno.test("index converts HTML in a folder, skips a Markdown twin's HTML and drawings", async () => {
  await using project = await tempDir();
  const docs = join(project.path, "docs");
  await mkdir(docs, { recursive: true });
  await writeFile(
    join(docs, "memcheck.html"),
    page("Memcheck", "Leak detection", "Definitely lost blocks are reported."),
  );
  await writeFile(join(docs, "fs.md"), "# fs\n\n## rm\n\nRemoves files.\n");
  await writeFile(join(docs, "fs.html"), page("fs", "rm", "Removes files."));
  await writeFile(join(docs, "flow.svg"), "<svg><text>lost</text></svg>");
  const env = { CTX_MODE_PROJECT_DIR: project.path };
  const indexed = await runCli(["index", "docs"], {
    home: project.path,
    cwd: project.path,
    env,
  });
  assert.equal(indexed.code, 0, indexed.stderr);
  assert.match(
    indexed.stdout,
    /^Indexed 2 sources: .*\(2 new, 0 replaced, 0 unchanged, 2 skipped\)\n$/,
  );
  assert.match(indexed.stderr, /fs\.html: same document as .*fs\.md/);
  assert.match(indexed.stderr, /flow\.svg: \.svg file/);
  const searched = await runCli(["search", "definitely lost", "--json"], {
    home: project.path,
    cwd: project.path,
    env,
  });
  const hit = JSON.parse(searched.stdout).results[0].hits[0];
  assert.equal(hit.source, "memcheck.html");
  assert.equal(hit.title, "Memcheck > Leak detection");
  assert.doesNotMatch(hit.snippet, /<p>|Home/);
});

Deno.test("index on a cold Deno cache fetches the converter's packages quietly: no Download line, one cause per page", async () => {
  await using project = await tempDir();
  const docs = join(project.path, "docs");
  await mkdir(docs, { recursive: true });
  await writeFile(join(docs, "a.html"), page("A", "One", "First page."));
  await writeFile(join(docs, "b.html"), page("B", "Two", "Second page."));
  await writeFile(join(docs, "notes.md"), "# Notes\n\nPlain text.\n");
  // An empty cache and a registry nothing listens on: the packages cannot
  // come, so the run shows what a cold first run prints besides its own lines.
  const indexed = await runCli(["index", "docs"], {
    home: project.path,
    cwd: project.path,
    env: {
      CTX_MODE_PROJECT_DIR: project.path,
      DENO_DIR: join(project.path, "empty-deno-cache"),
      NPM_CONFIG_REGISTRY: "http://127.0.0.1:9/",
    },
  });
  assert.equal(indexed.code, 0, indexed.stderr);
  assert.doesNotMatch(indexed.stderr, /Download/);
  assert.match(indexed.stdout, /^Indexed 1 source: .* 2 skipped\)$/m);
  const skips = indexed.stderr.trimEnd().split("\n");
  assert.equal(skips.length, 2, indexed.stderr);
  for (const [line, name] of skips.map((line, i) => [line, ["a", "b"][i]])) {
    assert.match(
      line!,
      new RegExp(
        `^skipped .*docs/${name}\\.html: cannot convert HTML: Cannot cache the HTML converter's packages: .*turndown`,
      ),
    );
  }
});
