import assert from "node:assert/strict";
import {
  compileGitignore,
  type GitignoreVerdict,
  matchGitignore,
} from "../../src/store/_gitignore.ts";

interface Case {
  /** The `.gitignore` text. */
  rules: string;
  /** A path relative to the `.gitignore` folder. */
  path: string;
  isDir?: boolean;
  expected: GitignoreVerdict;
}

/**
 * Cases grouped by the feature they exercise. Each verdict agrees with
 * `git check-ignore` except where a comment says otherwise: git also reports a
 * path whose parent folder is ignored, which the walker handles by pruning.
 */
const CASES: Record<string, Case[]> = {
  "plain names match at any depth": [
    { rules: "foo", path: "foo", expected: "ignored" },
    { rules: "foo", path: "a/b/foo", expected: "ignored" },
    { rules: "foo", path: "a/foo", isDir: true, expected: "ignored" },
    { rules: "foo", path: "foobar", expected: "unmatched" },
    { rules: "foo", path: "barfoo", expected: "unmatched" },
    { rules: "foo", path: "foo.txt", expected: "unmatched" },
    { rules: "foo", path: "Foo", expected: "unmatched" },
    { rules: "foo.txt", path: "fooXtxt", expected: "unmatched" },
    { rules: "a+b(c)", path: "x/a+b(c)", expected: "ignored" },
    { rules: "a+b(c)", path: "aab(c)", expected: "unmatched" },
    { rules: "$^{1}|", path: "$^{1}|", expected: "ignored" },
  ],
  "comments, blank lines and trailing spaces": [
    { rules: "# foo\n\n   \n", path: "# foo", expected: "unmatched" },
    { rules: "#foo", path: "#foo", expected: "unmatched" },
    { rules: "\\#foo", path: "#foo", expected: "ignored" },
    { rules: " #foo", path: " #foo", expected: "ignored" },
    { rules: "foo   ", path: "foo", expected: "ignored" },
    { rules: "foo   ", path: "foo   ", expected: "unmatched" },
    { rules: "foo\\ ", path: "foo ", expected: "ignored" },
    { rules: "foo\\  ", path: "foo ", expected: "ignored" },
    { rules: "foo\\ ", path: "foo", expected: "unmatched" },
    { rules: "foo\r\nbar\r\n", path: "foo", expected: "ignored" },
    { rules: "foo\r\nbar\r\n", path: "bar", expected: "ignored" },
    { rules: "\uFEFFfoo", path: "foo", expected: "ignored" },
    { rules: "foo\\", path: "foo", expected: "unmatched" },
    { rules: "foo\\", path: "foo\\", expected: "unmatched" },
  ],
  "negation": [
    { rules: "*.log\n!keep.log", path: "keep.log", expected: "included" },
    { rules: "*.log\n!keep.log", path: "a/keep.log", expected: "included" },
    { rules: "*.log\n!keep.log", path: "other.log", expected: "ignored" },
    { rules: "!keep.log\n*.log", path: "keep.log", expected: "ignored" },
    { rules: "!keep.log", path: "keep.log", expected: "included" },
    { rules: "!keep.log", path: "other.log", expected: "unmatched" },
    { rules: "\\!keep", path: "!keep", expected: "ignored" },
    { rules: "\\!keep", path: "keep", expected: "unmatched" },
    { rules: "!", path: "!", expected: "unmatched" },
    { rules: "/*\n!/src/", path: "src", isDir: true, expected: "included" },
    { rules: "/*\n!/src/", path: "lib", isDir: true, expected: "ignored" },
    { rules: "/*\n!/src/", path: "src", expected: "ignored" },
  ],
  "anchoring": [
    { rules: "/foo", path: "foo", expected: "ignored" },
    { rules: "/foo", path: "a/foo", expected: "unmatched" },
    { rules: "a/b", path: "a/b", expected: "ignored" },
    { rules: "a/b", path: "x/a/b", expected: "unmatched" },
    { rules: "/a/b", path: "a/b", expected: "ignored" },
    { rules: "doc/*.txt", path: "doc/notes.txt", expected: "ignored" },
    { rules: "doc/*.txt", path: "doc/server/arch.txt", expected: "unmatched" },
    { rules: "doc/*.txt", path: "x/doc/notes.txt", expected: "unmatched" },
    { rules: "./foo", path: "foo", expected: "unmatched" },
  ],
  "trailing slash matches folders only": [
    { rules: "build/", path: "build", isDir: true, expected: "ignored" },
    { rules: "build/", path: "build", expected: "unmatched" },
    { rules: "build/", path: "a/build", isDir: true, expected: "ignored" },
    { rules: "/build/", path: "a/build", isDir: true, expected: "unmatched" },
    { rules: "a/build/", path: "a/build", isDir: true, expected: "ignored" },
    { rules: "a/build/", path: "a/build", expected: "unmatched" },
    {
      rules: "build/\n!build",
      path: "build",
      isDir: true,
      expected: "included",
    },
    { rules: "build\n!build/", path: "build", expected: "ignored" },
    { rules: "/", path: "anything", expected: "unmatched" },
  ],
  "stars and question marks stay within one segment": [
    { rules: "*.log", path: "debug.log", expected: "ignored" },
    { rules: "*.log", path: "a/b/debug.log", expected: "ignored" },
    { rules: "*.log", path: ".log", expected: "ignored" },
    { rules: "*.log", path: "debug.log.txt", expected: "unmatched" },
    { rules: "*", path: "a/b", expected: "ignored" },
    { rules: "a*", path: "abc", expected: "ignored" },
    // Git: ignored, through the parent folder `a/b`.
    { rules: "a/*", path: "a/b/c", expected: "unmatched" },
    { rules: "a/*", path: "a/b", expected: "ignored" },
    { rules: "a*b", path: "a/b", expected: "unmatched" },
    { rules: "a**b", path: "axxb", expected: "ignored" },
    { rules: "a**b", path: "a/b", expected: "unmatched" },
    { rules: "a/**b", path: "a/x/b", expected: "unmatched" },
    { rules: "a/**b", path: "a/xb", expected: "ignored" },
    { rules: "file?.txt", path: "file1.txt", expected: "ignored" },
    { rules: "file?.txt", path: "file.txt", expected: "unmatched" },
    { rules: "file?.txt", path: "file12.txt", expected: "unmatched" },
    { rules: "a?b", path: "a/b", expected: "unmatched" },
    // Git counts bytes, so `?` misses a two-byte character; we count characters.
    { rules: "?", path: "é", expected: "ignored" },
    { rules: "\\*", path: "*", expected: "ignored" },
    { rules: "\\*", path: "x", expected: "unmatched" },
    { rules: "\\?", path: "x", expected: "unmatched" },
    { rules: "a.b", path: "a.b", expected: "ignored" },
    { rules: "a.b", path: "axb", expected: "unmatched" },
  ],
  "bracket classes": [
    { rules: "[abc].txt", path: "b.txt", expected: "ignored" },
    { rules: "[abc].txt", path: "d.txt", expected: "unmatched" },
    { rules: "[a-c].txt", path: "c.txt", expected: "ignored" },
    { rules: "[a-c].txt", path: "d.txt", expected: "unmatched" },
    { rules: "[!a].txt", path: "a.txt", expected: "unmatched" },
    { rules: "[!a].txt", path: "b.txt", expected: "ignored" },
    { rules: "[^a].txt", path: "b.txt", expected: "ignored" },
    { rules: "[]].txt", path: "].txt", expected: "ignored" },
    { rules: "[!]].txt", path: "].txt", expected: "unmatched" },
    { rules: "[a-].txt", path: "-.txt", expected: "ignored" },
    { rules: "[\\]].txt", path: "].txt", expected: "ignored" },
    { rules: "[\\\\].txt", path: "\\.txt", expected: "ignored" },
    { rules: "[.^].txt", path: "^.txt", expected: "ignored" },
    { rules: "[.^].txt", path: "x.txt", expected: "unmatched" },
    { rules: "a[/]b", path: "a/b", expected: "unmatched" },
    { rules: "a[!x]b", path: "a/b", expected: "unmatched" },
    { rules: "[[:digit:]].txt", path: "7.txt", expected: "ignored" },
    { rules: "[[:digit:]].txt", path: "x.txt", expected: "unmatched" },
    { rules: "[[:upper:][:digit:]]x", path: "Qx", expected: "ignored" },
    { rules: "[z-a]x", path: "mx", expected: "unmatched" },
    { rules: "[[:x]a", path: ":a", expected: "unmatched" },
    { rules: "[[:x]a", path: "xa", expected: "ignored" },
    { rules: "[[:x]a", path: "[a", expected: "ignored" },
    { rules: "[[:x]a", path: "ya", expected: "unmatched" },
    { rules: "[[:bogus:]]x\nz", path: "bx", expected: "unmatched" },
    { rules: "[[:bogus:]]x\nz", path: "z", expected: "ignored" },
    { rules: "[abc", path: "[abc", expected: "unmatched" },
    { rules: "[abc", path: "a", expected: "unmatched" },
  ],
  "double stars": [
    { rules: "**/foo", path: "foo", expected: "ignored" },
    { rules: "**/foo", path: "a/b/foo", isDir: true, expected: "ignored" },
    { rules: "**/foo/bar", path: "foo/bar", expected: "ignored" },
    { rules: "**/foo/bar", path: "x/foo/bar", expected: "ignored" },
    { rules: "**/foo/bar", path: "x/foo/y/bar", expected: "unmatched" },
    { rules: "abc/**", path: "abc/x", expected: "ignored" },
    { rules: "abc/**", path: "abc/x/y.txt", expected: "ignored" },
    { rules: "abc/**", path: "abc", isDir: true, expected: "unmatched" },
    { rules: "abc/**", path: "x/abc/y", expected: "unmatched" },
    { rules: "abc/**/", path: "abc/x", isDir: true, expected: "ignored" },
    { rules: "abc/**/", path: "abc/x", expected: "unmatched" },
    { rules: "a/**/b", path: "a/b", expected: "ignored" },
    { rules: "a/**/b", path: "a/x/b", expected: "ignored" },
    { rules: "a/**/b", path: "a/x/y/b", expected: "ignored" },
    { rules: "a/**/b", path: "a/xb", expected: "unmatched" },
    { rules: "a/**/b", path: "x/a/b", expected: "unmatched" },
    { rules: "a/**/**/b", path: "a/b", expected: "ignored" },
    { rules: "a/**/**/b", path: "a/x/y/b", expected: "ignored" },
    { rules: "a/***", path: "a/b/c", expected: "ignored" },
    { rules: "***/foo", path: "x/y/foo", expected: "ignored" },
    { rules: "a**/b", path: "ax/y/b", expected: "ignored" },
    { rules: "x/a**/b", path: "x/ay/b", expected: "ignored" },
    { rules: "**\\/foo", path: "foo", expected: "unmatched" },
    { rules: "**\\/foo", path: "x/foo", expected: "ignored" },
    { rules: "**", path: "a/b/c", expected: "ignored" },
    { rules: "/**", path: "a", expected: "ignored" },
    {
      rules: "**/*.js\n!**/keep/*.js",
      path: "a/keep/x.js",
      expected: "included",
    },
    { rules: "**/*.js\n!**/keep/*.js", path: "a/x.js", expected: "ignored" },
  ],
  "path spelling": [
    { rules: "/foo/", path: "foo/", isDir: true, expected: "ignored" },
    { rules: "/foo", path: "./foo", expected: "ignored" },
    { rules: "foo", path: "", expected: "unmatched" },
    { rules: "*.log", path: "line\nbreak/x.log", expected: "ignored" },
    { rules: "abc/**", path: "abc/line\nbreak", expected: "ignored" },
    { rules: "a?b", path: "a\nb", expected: "ignored" },
  ],
};

for (const [group, cases] of Object.entries(CASES)) {
  Deno.test(`matchGitignore() handles ${group}`, async (t) => {
    for (const { rules, path, isDir = false, expected } of cases) {
      const name = `${JSON.stringify(rules)} ${isDir ? "folder" : "file"} ${
        JSON.stringify(path)
      } → ${expected}`;
      await t.step(name, () => {
        const compiled = compileGitignore(rules);
        assert.equal(matchGitignore(compiled, path, { isDir }), expected);
      });
    }
  });
}

Deno.test("compileGitignore() keeps only the usable lines, with their line numbers", () => {
  const { rules } = compileGitignore(
    "# comment\n\n*.log\n!\n!keep.log\nbuild/\ntrailing\\\n",
  );
  assert.deepEqual(
    rules.map(({ source, line, negated, dirOnly }) => ({
      source,
      line,
      negated,
      dirOnly,
    })),
    [
      { source: "*.log", line: 3, negated: false, dirOnly: false },
      { source: "!keep.log", line: 5, negated: true, dirOnly: false },
      { source: "build/", line: 6, negated: false, dirOnly: true },
    ],
  );
});

Deno.test("matchGitignore() treats a file without rules as having no opinion", () => {
  assert.equal(matchGitignore(compileGitignore(""), "anything"), "unmatched");
});
