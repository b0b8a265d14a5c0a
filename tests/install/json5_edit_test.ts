import assert from "node:assert/strict";
import JSON5 from "json5";
import { planChanges } from "../../src/install/plan.ts";
import type { JsonMemberRegistration } from "../../src/install/types.ts";

const SERVER: JsonMemberRegistration = {
  kind: "json-member",
  path: "openclaw.json",
  format: "json5",
  key: ["mcp", "servers", "ctx-mode"],
  value: { command: "/opt/ctx mode/ctx-mode", args: ["serve"] },
};

function edit(text: string, mode: "install" | "uninstall"): string {
  const [change] = planChanges([SERVER], mode, () => text);
  return change?.after ?? "";
}

Deno.test("JSON5's own syntax outside ctx-mode's entry keeps its bytes, and uninstall gives them back", () => {
  const texts = [
    // Every JSON5-only token, next to the place of the edit.
    `{
  // line comment with 'quotes' and "ctx-mode": here
  /* block */ mcp: { servers: { 'fs': { command: 'npx', args: ['a//b', "c/*d*/"] }, }, },
  n: [0x1F, +1, .5, 5., Infinity, -Infinity, NaN, 1e3],
  'k\\u0065y': 'it\\'s', $id: 1, _x: null,
  multi: 'one \\
two',
}`,
    // ctx-mode's entry goes right after an unquoted key with a hex value.
    "{mcp:{servers:{a:0xFF}}}",
    "{\r\n\tmcp: {\r\n\t\tservers: {},\r\n\t},\r\n}",
  ];
  for (const text of texts) {
    const installed = edit(text, "install");
    assert.deepEqual(
      JSON5.parse(installed).mcp.servers["ctx-mode"],
      SERVER.value,
      installed,
    );
    const { "ctx-mode": _ours, ...others } = JSON5.parse(installed).mcp.servers;
    assert.deepEqual(others, JSON5.parse(text).mcp.servers);
    assert.equal(edit(installed, "install"), installed, "twice equals once");
    assert.equal(edit(installed, "uninstall"), text, "uninstall restores");
  }
});

Deno.test("a JSON5 file that does not parse, or is not an object, is refused naming its line", () => {
  assert.throws(
    () => edit("{\n  a: 1,\n  b: ,\n}", "install"),
    /^SyntaxError: Cannot read "openclaw\.json": invalid character ',' at line 3$/,
  );
  assert.throws(
    () => edit("[1, 2]", "install"),
    /Cannot read "openclaw\.json": the top level is not an object/,
  );
});

Deno.test("uninstall never leaves a file that does not parse: an emptied container before a trailing comma stays", () => {
  for (const format of ["jsonc", "json5"] as const) {
    const reg = { ...SERVER, format };
    const text = '{\n  "mcp": {},\n}\n';
    const [installed] = planChanges([reg], "install", () => text);
    const [removed] = planChanges(
      [reg],
      "uninstall",
      () => installed?.after,
    );
    assert.equal(removed?.after, text, format);
  }
});
