import assert from "node:assert/strict";
import { join } from "node:path";
import { type LanguageId, runCode } from "../../src/sandbox/mod.ts";
import { AVAILABLE, BWRAP, tempDir } from "./_helpers.ts";

interface LanguageCase {
  id: LanguageId;
  hello: string;
  helloOutput: string;
  broken: string;
  /** Prints the line count of FILE_CONTENT (the file holds three lines) and whether FILE_PATH ends in data.txt. */
  file: string;
  fileOutput: string;
}

const CASES: LanguageCase[] = [
  {
    id: "python",
    hello:
      'import os\nprint("hello from python", sum(range(5)), os.getcwd() == os.environ["EXPECT_CWD"])',
    helloOutput: "hello from python 10 True\n",
    broken: "def (:\n",
    file:
      'print(len(FILE_CONTENT.splitlines()), FILE_PATH.endswith("data.txt"))',
    fileOutput: "3 True\n",
  },
  {
    id: "ruby",
    hello:
      'puts "hello from ruby #{[1, 2, 3, 4].sum} #{Dir.pwd == ENV["EXPECT_CWD"]}"',
    helloOutput: "hello from ruby 10 true\n",
    broken: "def (\n",
    file:
      'puts "#{FILE_CONTENT.lines.count} #{FILE_PATH.end_with?("data.txt")}"',
    fileOutput: "3 true\n",
  },
  {
    id: "perl",
    hello:
      'use Cwd; print "hello from perl ", 4 + 6, " ", (getcwd() eq $ENV{EXPECT_CWD} ? "True" : "False"), "\\n";',
    helloOutput: "hello from perl 10 True\n",
    broken: "my $x = ;\n",
    file:
      'my @lines = split /\\n/, $FILE_CONTENT; print scalar(@lines), " ", ($FILE_PATH =~ /data\\.txt$/ ? "true" : "false"), "\\n";',
    fileOutput: "3 true\n",
  },
  {
    id: "php",
    hello:
      'echo "hello from php " . (4 + 6) . " " . (getcwd() === getenv("EXPECT_CWD") ? "true" : "false") . "\\n";',
    helloOutput: "hello from php 10 true\n",
    broken: "echo (;\n",
    file:
      'echo count(explode("\\n", trim($FILE_CONTENT))) . " " . (str_ends_with($FILE_PATH, "data.txt") ? "true" : "false") . "\\n";',
    fileOutput: "3 true\n",
  },
  {
    id: "r",
    hello:
      'cat("hello from r", sum(1:4), getwd() == Sys.getenv("EXPECT_CWD"), "\\n")',
    helloOutput: "hello from r 10 TRUE \n",
    broken: "x <- (\n",
    file:
      'cat(length(strsplit(FILE_CONTENT, "\\n")[[1]]), endsWith(FILE_PATH, "data.txt"), "\\n")',
    fileOutput: "3 TRUE \n",
  },
  {
    id: "elixir",
    hello:
      'IO.puts("hello from elixir #{Enum.sum(1..4)} #{File.cwd!() == System.get_env("EXPECT_CWD")}")',
    helloOutput: "hello from elixir 10 true\n",
    broken: "def (\n",
    file:
      'IO.puts("#{length(String.split(String.trim(file_content), "\\n"))} #{String.ends_with?(file_path, "data.txt")}")',
    fileOutput: "3 true\n",
  },
  {
    id: "go",
    hello:
      'package main\n\nimport (\n\t"fmt"\n\t"os"\n)\n\nfunc main() {\n\tcwd, _ := os.Getwd()\n\tfmt.Println("hello from go", 4+6, cwd == os.Getenv("EXPECT_CWD"))\n}\n',
    helloOutput: "hello from go 10 true\n",
    broken: "package main\n\nfunc main( {\n",
    file:
      'package main\n\nimport (\n\t"fmt"\n\t"os"\n\t"strings"\n)\n\nfunc main() {\n\tpath := os.Getenv("FILE_PATH")\n\tdata, _ := os.ReadFile(path)\n\tfmt.Println(len(strings.Split(strings.TrimSpace(string(data)), "\\n")), strings.HasSuffix(path, "data.txt"))\n}\n',
    fileOutput: "3 true\n",
  },
  {
    id: "rust",
    hello:
      'fn main() {\n    let cwd = std::env::current_dir().unwrap();\n    println!("hello from rust {} {}", (1..=4).sum::<i32>(), cwd.to_str() == std::env::var("EXPECT_CWD").ok().as_deref());\n}\n',
    helloOutput: "hello from rust 10 true\n",
    broken: "fn main( {\n",
    file:
      'fn main() {\n    let path = std::env::var("FILE_PATH").unwrap();\n    let text = std::fs::read_to_string(&path).unwrap();\n    println!("{} {}", text.lines().count(), path.ends_with("data.txt"));\n}\n',
    fileOutput: "3 true\n",
  },
];

for (const language of CASES) {
  const available = AVAILABLE.has(language.id);
  Deno.test({
    name:
      `runCode runs ${language.id} in the project dir, reports its syntax errors and hands it an exec-file` +
      (available ? "" : ` (${language.id} is not installed here)`),
    ignore: !available,
    fn: async (t) => {
      await using project = await tempDir();
      await Deno.writeTextFile(join(project.path, "data.txt"), "a\nb\nc\n");
      const env = { ...Deno.env.toObject(), EXPECT_CWD: project.path };
      const run = (code: string, file?: string) =>
        runCode({
          language: language.id,
          code,
          projectDir: project.path,
          timeoutMs: 120_000,
          ...(file ? { file: { path: file } } : {}),
        }, { env });
      await t.step("hello world", async () => {
        const result = await run(language.hello);
        assert.equal(result.stderr.replace(/^warning.*\n/gm, ""), "");
        assert.equal(result.stdout, language.helloOutput);
        assert.equal(result.exitCode, 0);
        assert.equal(result.confinement, BWRAP ? "bwrap" : "none");
      });
      await t.step(
        "a syntax error comes back on stderr with a non-zero exit code",
        async () => {
          const result = await run(language.broken);
          assert.notEqual(result.exitCode, 0);
          assert.notEqual(result.stderr.trim(), "");
          assert.equal(result.timedOut, false);
        },
      );
      await t.step("exec-file gets the file's path and content", async () => {
        const result = await run(language.file, "data.txt");
        assert.equal(result.stdout, language.fileOutput, result.stderr);
      });
    },
  });
}
