import assert from "node:assert/strict";
import { editTomlKey } from "../../src/install/toml_key_edit.ts";
import type { TomlKeyRegistration } from "../../src/install/types.ts";

const HOOKS: TomlKeyRegistration = {
  kind: "toml-key",
  path: "config.toml",
  table: ["features"],
  key: "hooks",
  value: true,
};

function roundTrip(text: string): string {
  const installed = editTomlKey(text, HOOKS, "install");
  assert.equal(editTomlKey(installed, HOOKS, "install"), installed, "twice");
  assert.equal(editTomlKey(installed, HOOKS, "uninstall"), text, "restored");
  return installed;
}

Deno.test("the user's [features] keeps its keys and comments; only hooks is added", () => {
  const text = [
    "[features]",
    "web_search = true # keep me",
    "unified_exec = false",
    "",
    "[profiles.fast]",
    'model = "gpt-5-mini"',
    "",
  ].join("\n");
  assert.equal(
    roundTrip(text),
    text.replace("[features]\n", "[features]\nhooks = true # ctx-mode\n"),
  );
});

Deno.test("CRLF, an indented table, a header comment and no final newline keep their bytes", () => {
  const crlf =
    "[ features ] # exp\r\n  web_search = true # keep me\r\n  unified_exec = false";
  assert.equal(
    roundTrip(crlf),
    "[ features ] # exp\r\n  hooks = true # ctx-mode\r\n  web_search = true # keep me\r\n  unified_exec = false",
  );
  assert.equal(
    roundTrip("x = 1\n[features]"),
    "x = 1\n[features]\nhooks = true # ctx-mode",
  );
});

Deno.test("hooks = false of the user's is set aside in the line and given back", () => {
  const text =
    "[features]\n  hooks = false # off on purpose\nweb_search = true\n";
  assert.equal(
    roundTrip(text),
    "[features]\n  hooks = true # ctx-mode:was   hooks = false # off on purpose\nweb_search = true\n",
  );
});

Deno.test("hooks = true of the user's is theirs: install and uninstall leave it", () => {
  const text = "[features]\nhooks = true\n";
  assert.equal(editTomlKey(text, HOOKS, "install"), text);
  assert.equal(editTomlKey(text, HOOKS, "uninstall"), text);
});

Deno.test("no [features] table: ctx-mode's own table, removed whole", () => {
  const text = 'model = "o4-mini"';
  const installed = roundTrip(text);
  assert.match(installed, /^\[features\]\nhooks = true\n/m);
  assert.equal(
    roundTrip(""),
    "# ctx-mode:begin (written by `ctx-mode install`) [features]\n[features]\nhooks = true\n# ctx-mode:end [features]\n",
  );
});

Deno.test("a [features] written inline or as dotted keys is refused with the step to take", () => {
  for (
    const text of [
      "features = { web_search = true }\n",
      "features.web_search = true\n",
    ]
  ) {
    assert.throws(
      () => editTomlKey(text, HOOKS, "install"),
      /Cannot edit "config\.toml": .*set hooks = true under \[features\] by hand/,
    );
  }
});

Deno.test("a file that does not parse is refused, naming its line", () => {
  assert.throws(
    () => editTomlKey("[features]\nhooks = \n", HOOKS, "install"),
    /Cannot read "config\.toml": .* at line 2/,
  );
});
