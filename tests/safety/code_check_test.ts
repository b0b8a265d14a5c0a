import assert from "node:assert/strict";
import { checkCode } from "../../src/safety/mod.ts";
import { ASK_RULES, CWD, HOME } from "./guard_cases.ts";

/** [language, code, expected rule or null for allow]. */
type CodeCase = [string, string, string | null];

const CASES: Record<string, CodeCase[]> = {
  "python": [
    ["python", 'import shutil\nshutil.rmtree(".git")', "rm.git"],
    ["python", "import shutil\n\nshutil.rmtree('/')", "rm.root"],
    [
      "python",
      'import shutil, os\nshutil.rmtree(os.path.expanduser("~"))',
      "rm.home",
    ],
    ["python", 'from shutil import rmtree\nrmtree("/etc/ssh")', "rm.outside"],
    ["python", 'from pathlib import Path\nPath(".git").rmdir()', "rm.git"],
    ["python", 'import os\nos.remove(".env")', "secret.env"],
    [
      "python",
      'import os\nos.unlink(os.path.expanduser("~/.ssh/id_rsa"))',
      "secret.private-key",
    ],
    ["python", 'import os\nos.system("rm -rf /")', "rm.root"],
    [
      "python",
      'import subprocess\nsubprocess.run(["rm", "-rf", ".git"])',
      "rm.git",
    ],
    [
      "python",
      'import subprocess\nsubprocess.run("git push --force", shell=True, check=True)',
      "git.push-force",
    ],
    [
      "python",
      'import subprocess as sp\nout = sp.check_output(["git", "reset", "--hard"])',
      "git.reset-hard",
    ],
    ["python", 'import os\nos.execvp("rm", ["rm", "-rf", "/"])', "rm.root"],
    ["python", "exec(\"import shutil; shutil.rmtree('.git')\")", "rm.git"],
    [
      "python",
      'with open(".git/config", "a") as f:\n    f.write("[core]\\n\\tfsmonitor = ./x\\n")',
      "policy.write",
    ],
    ["python", 'open(".ctx-mode.json", "w").write("{}")', "policy.write"],
    [
      "python",
      'from pathlib import Path\nPath(".git/hooks/pre-commit").write_text("#!/bin/sh\\n")',
      "policy.write",
    ],
    [
      "python",
      'import shutil\nshutil.copy("hook.sh", ".git/hooks/post-checkout")',
      "policy.write",
    ],
    [
      "python",
      'import os\nos.rename(".claude/settings.json", "old.json")',
      "policy.write",
    ],
    ["python", 'import os\nos.symlink("/tmp/evil", ".envrc")', "policy.write"],
    ["python", 'print(open(".env").read())', "secret.env"],
    ["python", 'print(open(".git/HEAD").read())', null],
    ["python", 'print(open(".git/config").read())', null],
    [
      "python",
      'import json\nprint(json.load(open(".claude/settings.json")))',
      null,
    ],
    ["python", 'import shutil\nshutil.rmtree("build")', null],
    ["python", 'import shutil\nshutil.rmtree("/tmp/scratch-run")', null],
    ["python", 'import os\nos.remove("out.txt")', null],
    [
      "python",
      'import subprocess\nsubprocess.run(["git", "status"], cwd="/")',
      null,
    ],
    ["python", 'import subprocess\nsubprocess.run("ls -la", shell=True)', null],
    ["python", '# shutil.rmtree("/")\nprint("don\'t delete anything")', null],
    ["python", 'HELP = """\nshutil.rmtree("/")\n"""\nprint(HELP)', null],
    ["python", 'print("rm -rf /")', null],
    ["python", 'open("out.json", "w").write("{}")', null],
    ["python", 'open(".env.example").read()', null],
  ],
  "javascript and typescript": [
    ["javascript", 'Deno.removeSync(".git", { recursive: true });', "rm.git"],
    ["typescript", 'await Deno.remove("/", { recursive: true });', "rm.root"],
    [
      "javascript",
      'import fs from "node:fs";\nfs.rmSync(".git", { recursive: true, force: true });',
      "rm.git",
    ],
    [
      "javascript",
      'const fs = require("fs");\nfs.rmdirSync("/home/u", { recursive: true });',
      "rm.home",
    ],
    [
      "typescript",
      'new Deno.Command("rm", { args: ["-rf", ".git"] }).outputSync();',
      "rm.git",
    ],
    [
      "javascript",
      'require("child_process").execSync("git reset --hard");',
      "git.reset-hard",
    ],
    [
      "javascript",
      'import { spawnSync } from "node:child_process";\nspawnSync("rm", ["-rf", "/"]);',
      "rm.root",
    ],
    [
      "javascript",
      'Deno.run({ cmd: ["git", "push", "--force"] });',
      "git.push-force",
    ],
    [
      "typescript",
      'await Deno.writeTextFile(".ctx-mode.json", "{}");',
      "policy.write",
    ],
    [
      "javascript",
      'require("fs").writeFileSync(".claude/settings.json", "{}");',
      "policy.write",
    ],
    [
      "javascript",
      'require("fs").appendFileSync(".git/config", "[alias]");',
      "policy.write",
    ],
    [
      "typescript",
      'const f = await Deno.open(".envrc", { write: true, create: true });',
      "policy.write",
    ],
    [
      "typescript",
      'await Deno.copyFile("x.sh", ".git/hooks/pre-push");',
      "policy.write",
    ],
    [
      "typescript",
      'console.log(await Deno.readTextFile(".env"));',
      "secret.env",
    ],
    [
      "typescript",
      'console.log(await Deno.readTextFile(".ctx-mode.json"));',
      null,
    ],
    ["typescript", 'Deno.removeSync("dist", { recursive: true });', null],
    [
      "javascript",
      'require("fs").rmSync("node_modules/.cache", { recursive: true, force: true });',
      null,
    ],
    ["typescript", 'await Deno.remove("out.txt");', null],
    [
      "typescript",
      'new Deno.Command("git", { args: ["status"] }).outputSync();',
      null,
    ],
    [
      "typescript",
      'await Deno.writeTextFile("report.json", JSON.stringify({}));',
      null,
    ],
    [
      "javascript",
      '// Deno.removeSync("/", { recursive: true })\nconsole.log("ok");',
      null,
    ],
    [
      "javascript",
      '/* fs.rmSync("/", {recursive: true}) */ console.log(1);',
      null,
    ],
    [
      "typescript",
      'const re = /\\.git\\//; console.log(re.test(".git/x"));',
      null,
    ],
    ["typescript", 'console.log(`rm -rf ${"/"}`);', null],
  ],
  "ruby": [
    ["ruby", 'require "fileutils"\nFileUtils.rm_rf ".git"', "rm.git"],
    ["ruby", 'require "fileutils"\nFileUtils.rm_rf("/")', "rm.root"],
    ["ruby", 'File.delete(".env")', "secret.env"],
    ["ruby", "puts `rm -rf ~`", "rm.home"],
    ["ruby", "out = %x{git push --force}", "git.push-force"],
    ["ruby", 'system("rm", "-rf", "/")', "rm.root"],
    ["ruby", 'File.write(".envrc", "export X=1")', "policy.write"],
    [
      "ruby",
      'File.open(".git/config", "a") { |f| f.puts "x" }',
      "policy.write",
    ],
    ["ruby", 'require "fileutils"\nFileUtils.rm_rf("tmp/cache")', null],
    ["ruby", 'puts File.read(".git/config")', null],
    ["ruby", 'system("bundle", "exec", "rake", "test")', null],
    ["ruby", '# FileUtils.rm_rf("/")\nputs "#{1 + 1}"', null],
  ],
  "perl": [
    ["perl", 'use File::Path qw(remove_tree);\nremove_tree(".git");', "rm.git"],
    ["perl", 'use File::Path;\nrmtree "/";', "rm.root"],
    ["perl", 'unlink ".env";', "secret.env"],
    ["perl", 'system("rm -rf ~");', "rm.home"],
    ["perl", "my $x = qx{git push --force};", "git.push-force"],
    ["perl", 'open(my $fh, ">", ".git/config") or die;', "policy.write"],
    ["perl", 'open(FH, ">>.envrc");', "policy.write"],
    ["perl", 'open(my $fh, "<", ".git/config") or die;\nprint <$fh>;', null],
    ["perl", 'use File::Path qw(rmtree);\nrmtree "build";', null],
    ["perl", 'unlink "out.txt";', null],
    ["perl", 'print "rm -rf /\\n";', null],
  ],
  "php": [
    ["php", '<?php unlink(".git/index");', "rm.git"],
    ["php", '<?php system("rm -rf /");', "rm.root"],
    ["php", '<?php echo shell_exec("git reset --hard");', "git.reset-hard"],
    ["php", "<?php echo `rm -rf ~`;", "rm.home"],
    [
      "php",
      '<?php file_put_contents(".claude/settings.json", "{}");',
      "policy.write",
    ],
    ["php", '<?php $f = fopen(".git/hooks/pre-commit", "w");', "policy.write"],
    ["php", '<?php echo file_get_contents(".env");', "secret.env"],
    ["php", '<?php echo file_get_contents("README.md");', null],
    ["php", '<?php unlink("cache/page.html");', null],
    ["php", '<?php // system("rm -rf /");\necho "ok";', null],
  ],
  "shell and other languages": [
    ["shell", "rm -rf .git", "rm.git"],
    ["shell", "echo x > .envrc", "policy.write"],
    ["shell", "ls -la", null],
    [
      "go",
      'package main\nimport "os"\nfunc main() { os.RemoveAll(".git") }',
      null,
    ],
  ],
};

for (const [family, cases] of Object.entries(CASES)) {
  Deno.test(`checkCode() decides every ${family} case as the table says`, async (t) => {
    for (const [language, code, rule] of cases) {
      const label = `${language}: ${code.replace(/\n/g, "⏎").slice(0, 70)}`;
      await t.step(`${rule ?? "allow"}: ${label}`, () => {
        const verdict = checkCode(language, code, { cwd: CWD, home: HOME });
        if (rule === null) {
          assert.equal(verdict.verdict, "allow", JSON.stringify(verdict));
          return;
        }
        assert.equal(
          verdict.verdict,
          ASK_RULES.has(rule) ? "ask" : "deny",
          JSON.stringify(verdict),
        );
        assert.equal(verdict.rule, rule, JSON.stringify(verdict));
        assert.ok((verdict.reason ?? "").length > 20);
      });
    }
  });
}

Deno.test("checkCode() table holds near misses for at least a third of its cases", () => {
  const all = Object.values(CASES).flat();
  const passes = all.filter(([, , rule]) => rule === null).length;
  assert.ok(passes / all.length >= 1 / 3, `${passes} of ${all.length}`);
});

Deno.test("checkCode() honours the level, switched-off rules and the project", () => {
  const dynamic = 'import shutil, sys\nshutil.rmtree(sys.argv[1] + "/x")';
  assert.equal(
    checkCode("python", dynamic, { cwd: CWD, home: HOME }).verdict,
    "allow",
  );
  const push = 'import os\nos.system("git push --force")';
  assert.equal(
    checkCode("python", push, {
      cwd: CWD,
      home: HOME,
      disabledRules: ["git.push-force"],
    }).verdict,
    "allow",
  );
  assert.equal(
    checkCode("python", 'import shutil\nshutil.rmtree(".git")', {
      cwd: CWD,
      home: HOME,
      disabledRules: ["rm.git"],
    }).rule,
    "rm.git",
    "a catastrophic rule cannot be switched off",
  );
  const write = 'open("/srv/app/.ctx-mode.json", "w")';
  assert.equal(
    checkCode("python", write, { cwd: CWD, home: HOME, project: "/srv/app" })
      .rule,
    "policy.write",
  );
  assert.equal(
    checkCode("python", 'open("/srv/data/config.json", "w")', {
      cwd: CWD,
      home: HOME,
      dataHome: "/srv/data",
    }).rule,
    "policy.write",
  );
});

Deno.test("checkCode() refuses code too long to read rather than skipping it", () => {
  const code = `print(1)\n${"#".repeat(1_100_000)}`;
  assert.equal(
    checkCode("python", code, { cwd: CWD, home: HOME }).rule,
    "guard.too-complex",
  );
});
