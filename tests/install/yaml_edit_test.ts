import assert from "node:assert/strict";
import { parse } from "yaml";
import {
  editYamlHooks,
  editYamlItem,
  editYamlMember,
} from "../../src/install/yaml_edit.ts";
import type {
  YamlHooksRegistration,
  YamlItemRegistration,
  YamlMemberRegistration,
} from "../../src/install/types.ts";

const FILE = "/home/ada/.hermes/config.yaml";

const SERVER: YamlMemberRegistration = {
  kind: "yaml-member",
  path: FILE,
  key: ["mcp_servers", "ctx-mode"],
  value: { command: "/opt/ctx mode/ctx-mode", args: ["serve"], timeout: 120 },
};

const HOOKS: YamlHooksRegistration = {
  kind: "yaml-hooks",
  path: FILE,
  root: ["hooks"],
  agent: "hermes",
  hooks: [
    { event: "pre_tool_call", extra: { timeout: 30 } },
    { event: "pre_llm_call" },
  ],
  launchLine: "'/opt/ctx mode/ctx-mode'",
};

const PLUGIN: YamlItemRegistration = {
  kind: "yaml-item",
  path: FILE,
  key: ["plugins", "enabled"],
  item: "ctx-mode",
};

type Edit = (text: string, mode: "install" | "uninstall") => string;

const EDITS: [string, Edit][] = [
  ["server", (text, mode) => editYamlMember(text, SERVER, mode)],
  ["hooks", (text, mode) => editYamlHooks(text, HOOKS, mode)],
  ["plugin switch", (text, mode) => editYamlItem(text, PLUGIN, mode)],
];

/** Configs as people and programs write them. */
const TEXTS: Record<string, string> = {
  "empty": "",
  "comments and blank lines":
    "# mine\nmodel:\n  default: x   # note\n\n# servers\nmcp_servers:\n  github:\n    command: npx\n\n# end\n",
  "four-space indent, dash-aligned lists":
    "mcp_servers:\n    github:\n        command: npx\nhooks:\n    pre_tool_call:\n        -   command: ~/bin/audit\nplugins:\n    enabled:\n        -   disk-guard\n",
  "zero-indented lists": "hooks:\n  pre_llm_call:\n  - command: mine\n",
  "PyYAML's empty inline collections":
    "mcp_servers: {}\nhooks: {}\nplugins:\n  enabled: []\n",
  "inline collections with entries":
    "mcp_servers: {github: {command: npx}}\nplugins:\n  enabled: [crew_probe, other]\n",
  "no final newline, CRLF": "model:\r\n  default: x\r\ntoolsets: [web]",
  "keys present but empty": "mcp_servers:\nhooks:\n  pre_tool_call:\n",
  "keys with a null value":
    "mcp_servers: ~   # none yet\nhooks: null\nplugins:\n  enabled:\n",
};

for (const [name, text] of Object.entries(TEXTS)) {
  for (const [what, edit] of EDITS) {
    Deno.test(`YAML ${what} on ${name}: install twice equals once, everything else kept, uninstall restores`, () => {
      const once = edit(text, "install");
      assert.notEqual(once, text);
      assert.equal(edit(once, "install"), once, "twice equals once");
      const data = parse(once);
      if (what === "server") {
        assert.deepEqual(data.mcp_servers["ctx-mode"], SERVER.value);
      } else if (what === "hooks") {
        assert.equal(
          data.hooks.pre_tool_call.at(-1).command,
          "'/opt/ctx mode/ctx-mode' hook hermes pre_tool_call",
        );
      } else assert.equal(data.plugins.enabled.at(-1), "ctx-mode");
      // Every line that was there is still there, in order.
      const lines = text.split(/(?<=\n)/);
      let at = 0;
      // (Inline collections and keys without a value are written into.)
      const plain = (l: string) =>
        l.trim() && !/[{[]|: *(~|null)(?!\w)/.test(l);
      for (const line of lines.filter(plain)) {
        const found = once.indexOf(line.replace(/\r?\n$/, ""), at);
        assert.ok(found >= 0, `kept: ${JSON.stringify(line)}`);
        at = found;
      }
      assert.equal(edit(once, "uninstall"), text, "byte for byte");
    });
  }
}

Deno.test("YAML hooks: an older ctx-mode hook is replaced, the user's own kept in place", () => {
  const text =
    "hooks:\n  pre_tool_call:\n    - command: /old/ctx-mode hook hermes pre_tool_call\n    - command: mine\n";
  const result = editYamlHooks(text, HOOKS, "install");
  assert.deepEqual(
    parse(result).hooks.pre_tool_call.map((h: { command: string }) =>
      h.command
    ),
    [
      "mine",
      "'/opt/ctx mode/ctx-mode' hook hermes pre_tool_call",
    ],
  );
  assert.equal(
    editYamlHooks(result, HOOKS, "uninstall"),
    "hooks:\n  pre_tool_call:\n    - command: mine\n",
  );
});

Deno.test("YAML: a file that is one inline mapping is refused in one line", () => {
  assert.throws(
    () => editYamlMember("{model: x}\n", SERVER, "install"),
    (error: Error) =>
      error instanceof SyntaxError &&
      error.message ===
        `Cannot edit "${FILE}": the whole file is one inline mapping ({…}); write it as a block, or edit it by hand`,
  );
});

Deno.test("YAML: a key that is not a mapping is refused, not overwritten", () => {
  assert.throws(
    () => editYamlMember("mcp_servers: none\n", SERVER, "install"),
    /Cannot edit ".*config\.yaml": mcp_servers is not a mapping; edit it by hand$/,
  );
});
