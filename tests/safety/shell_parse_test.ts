import assert from "node:assert/strict";
import { parseShell, type SimpleCommand } from "../../src/safety/mod.ts";

const OPTIONS = { cwd: "/p", home: "/h" };

function commands(text: string): SimpleCommand[] {
  const result = parseShell(text, OPTIONS);
  assert.ok(result.ok, result.ok ? "" : result.reason);
  return result.commands;
}

function argvs(text: string): string[][] {
  return commands(text).map((c) => c.argv.map((w) => w.value));
}

Deno.test("parseShell() splits on every connector", () => {
  assert.deepEqual(argvs("a 1 && b || c; d | e |& f & g\nh"), [
    ["a", "1"],
    ["b"],
    ["c"],
    ["d"],
    ["e"],
    ["f"],
    ["g"],
    ["h"],
  ]);
});

Deno.test("parseShell() removes single, double and ANSI-C quotes and escapes", () => {
  assert.deepEqual(argvs(`echo 'a b' "c d" $'e\\tf\\x41' g\\ h`), [
    ["echo", "a b", "c d", "e\tfA", "g h"],
  ]);
});

Deno.test("parseShell() marks variables, substitutions, globs and braces as dynamic", () => {
  const cmd = commands("ls $X \"$(pwd)\" *.ts {a,b} plain '*'")
    .find((c) => !c.inSubstitution);
  const dynamic = cmd?.argv.map((w) => w.dynamic);
  assert.deepEqual(dynamic, [false, true, true, true, true, false, false]);
});

Deno.test("parseShell() keeps the literal prefix before the first dynamic part", () => {
  const [cmd] = commands("rm -rf /opt/$NAME/x");
  assert.equal(cmd?.argv[2]?.literalPrefix, "/opt/");
});

Deno.test("parseShell() expands a tilde, $HOME and $PWD to what it knows", () => {
  assert.deepEqual(argvs('ls ~ ~/x "$HOME" ${PWD}/y'), [
    ["ls", "/h", "/h/x", "/h", "/p/y"],
  ]);
});

Deno.test("parseShell() substitutes variables exported earlier in the line", () => {
  assert.deepEqual(argvs("export D=/x; rm $D")[1], ["rm", "/x"]);
});

Deno.test("parseShell() substitutes variables assigned earlier in the line", () => {
  assert.deepEqual(argvs("D=/tmp/x; rm -rf $D"), [[], ["rm", "-rf", "/tmp/x"]]);
});

Deno.test("parseShell() parses commands inside $(…), backticks and process substitutions", () => {
  const all = commands("echo $(whoami) `date` <(ls)");
  const inner = all.filter((c) => c.inSubstitution).map((c) =>
    c.argv[0]?.value
  );
  assert.deepEqual(inner.sort(), ["date", "ls", "whoami"]);
  const echo = all.find((c) => !c.inSubstitution);
  assert.equal(echo?.argv[1]?.substitutions[0]?.argv[0]?.value, "whoami");
});

Deno.test("parseShell() parses subshells, groups and function bodies", () => {
  assert.deepEqual(argvs("(a; b) && { c; } ; f() { d; }"), [
    ["a"],
    ["b"],
    ["c"],
    ["d"],
  ]);
  assert.equal(commands("f() { d; }")[0]?.functionName, "f");
});

Deno.test("parseShell() reads the commands of if, while and for bodies", () => {
  assert.deepEqual(
    argvs("if a; then b; else c; fi; for x in 1 2; do d; done"),
    [
      ["a"],
      ["b"],
      ["c"],
      ["d"],
    ],
  );
});

Deno.test("parseShell() records redirections with their targets and descriptors", () => {
  const [cmd] = commands("cmd <in >out 2>&1 >>log &>all <<< word");
  assert.deepEqual(
    cmd?.redirects.map((r) => [r.op, r.fd, r.target?.value]),
    [
      ["<", null, "in"],
      [">", null, "out"],
      [">&", 2, "1"],
      [">>", null, "log"],
      ["&>", null, "all"],
      ["<<<", null, "word"],
    ],
  );
});

Deno.test("parseShell() captures quoted and unquoted heredoc bodies", () => {
  const [quoted, , unquoted] = commands(
    "cat <<'EOF'\n$(not run)\nEOF\necho hi\ncat <<-END\n\t$(date)\n\tEND",
  );
  assert.equal(quoted?.redirects[0]?.heredoc?.body, "$(not run)");
  assert.equal(quoted?.redirects[0]?.heredoc?.quoted, true);
  assert.equal(unquoted?.redirects[0]?.heredoc?.body, "$(date)");
  const all = commands("cat <<EOF\n$(date)\nEOF");
  assert.equal(all.find((c) => c.inSubstitution)?.argv[0]?.value, "date");
  assert.equal(
    commands("cat <<'EOF'\n$(date)\nEOF").some((c) => c.inSubstitution),
    false,
  );
});

Deno.test("parseShell() separates leading assignments from the command", () => {
  const [cmd] = commands('A=1 B="x y" run it');
  assert.deepEqual(cmd?.assignments.map((w) => w.value), ["A=1", "B=x y"]);
  assert.deepEqual(cmd?.argv.map((w) => w.value), ["run", "it"]);
});

Deno.test("parseShell() follows cd and pushd into later segments only", () => {
  const all = commands("cd a && x; (cd /t; y); z; cd; w; cd $D; v");
  assert.deepEqual(
    all.filter((c) => c.argv[0]?.value !== "cd").map((c) => c.cwd),
    ["/p/a", "/t", "/p/a", "/h", null],
  );
});

Deno.test("parseShell() numbers the members of a pipeline", () => {
  const all = commands("a | b | c");
  assert.deepEqual(all.map((c) => [c.pipelineIndex, c.pipelineLength]), [
    [0, 3],
    [1, 3],
    [2, 3],
  ]);
  assert.equal(new Set(all.map((c) => c.pipeline)).size, 1);
});

Deno.test("parseShell() ignores comments and joins continued lines", () => {
  assert.deepEqual(argvs("a \\\n b # c d\ne"), [["a", "b"], ["e"]]);
});

Deno.test("parseShell() rejects malformed text instead of guessing", () => {
  for (
    const text of [
      "echo 'x",
      'echo "x',
      "echo $(x",
      "a && ",
      "echo )",
      "| a",
      "a |",
    ]
  ) {
    const result = parseShell(text, OPTIONS);
    assert.equal(result.ok, false, text);
  }
});

Deno.test("parseShell() says too complex beyond its length, word and depth limits", () => {
  const cases = [
    parseShell("echo aaaa", { maxLength: 4 }),
    parseShell("a b c d", { maxWords: 3 }),
    parseShell("((((a))))", { maxDepth: 3 }),
    parseShell("case x in a) b;; esac"),
  ];
  for (const result of cases) {
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.tooComplex, true);
  }
});
