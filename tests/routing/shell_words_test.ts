import assert from "node:assert/strict";
import { shellCommands } from "../../src/routing/_shell_words.ts";

function words(line: string): string[][] {
  return shellCommands(line).map((c) => c.words);
}

Deno.test("shellCommands() splits words on blanks and keeps quoted text whole", () => {
  assert.deepEqual(words(`echo "curl is great" 'a b' c\\ d`), [
    ["echo", "curl is great", "a b", "c d"],
  ]);
});

Deno.test("shellCommands() removes quotes inside a word and honours escapes in double quotes", () => {
  assert.deepEqual(words(`a"b"'c' "x\\"y" "\\n"`), [["abc", 'x"y', "\\n"]]);
});

Deno.test("shellCommands() splits at &&, ||, ;, |, & and newlines and records the operator", () => {
  const commands = shellCommands("a && b || c; d | e & f\ng");
  assert.deepEqual(commands.map((c) => c.words[0]), [
    "a",
    "b",
    "c",
    "d",
    "e",
    "f",
    "g",
  ]);
  assert.deepEqual(commands.map((c) => c.next), [
    "&&",
    "||",
    ";",
    "|",
    "&",
    ";",
    undefined,
  ]);
});

Deno.test("shellCommands() does not split at operators inside quotes", () => {
  assert.deepEqual(words(`echo "a && b | c; d"`), [["echo", "a && b | c; d"]]);
});

Deno.test("shellCommands() separates redirections from words", () => {
  const [command] = shellCommands("cmd arg > out.txt 2>&1 2>/dev/null &>all");
  assert.deepEqual(command?.words, ["cmd", "arg"]);
  assert.deepEqual(command?.redirects, [
    { op: ">", target: "out.txt" },
    { op: ">&", fd: 2, target: "1" },
    { op: ">", fd: 2, target: "/dev/null" },
    { op: "&>", target: "all" },
  ]);
});

Deno.test("shellCommands() keeps command substitutions inside their word", () => {
  assert.deepEqual(words("echo $(curl x | jq .) `date`"), [
    ["echo", "$(curl x | jq .)", "`date`"],
  ]);
});

Deno.test("shellCommands() joins escaped newlines and drops comments", () => {
  assert.deepEqual(words("a \\\n b # c && d"), [["a", "b"]]);
});

Deno.test("shellCommands() drops empty commands", () => {
  assert.deepEqual(words(";; a ;"), [["a"]]);
});

Deno.test("shellCommands() throws a SyntaxError on an unterminated quote", () => {
  assert.throws(() => shellCommands(`echo "abc`), SyntaxError);
  assert.throws(() => shellCommands("echo 'abc"), SyntaxError);
  assert.throws(() => shellCommands("echo $(abc"), SyntaxError);
});
