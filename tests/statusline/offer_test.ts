import assert from "node:assert/strict";
import {
  isOurStatusLine,
  offerStatusLine,
  removeStatusLine,
  statusLineSetting,
} from "../../src/statusline/offer.ts";

Deno.test("offerStatusLine() adds ctx-mode's status line only where the user has none", async (t) => {
  await t.step("no status line: added, the other settings kept", () => {
    const settings = { model: "opus", hooks: { PreToolUse: [] } };
    const offer = offerStatusLine(settings, "ctx-mode");
    assert.deepEqual(offer, {
      action: "add",
      settings: { ...settings, statusLine: statusLineSetting("ctx-mode") },
    });
    assert.equal(settings.model, "opus");
    assert.ok(!("statusLine" in settings), "the input is not changed");
  });
  await t.step("the user's own: kept, with a note naming the command", () => {
    const offer = offerStatusLine({
      statusLine: { type: "command", command: "~/.claude/statusline.sh" },
    }, "deno run -A jsr:@ctx/mode@0.1.0");
    assert.equal(offer.action, "keep");
    assert.match(
      offer.action === "keep" ? offer.note : "",
      /deno run -A jsr:@ctx\/mode@0\.1\.0 statusline/,
    );
  });
  await t.step("ours already, by any launch command: present", () => {
    for (
      const command of [
        "ctx-mode statusline",
        "deno run -A jsr:@ctx/mode@0.1.0 statusline",
        "/usr/local/bin/ctx-mode statusline",
        'sh "/home/a/.claude/plugins/ctx-mode/scripts/ctx-mode.sh" statusline',
        "deno run -A /src/ctx-mode/main.ts statusline",
      ]
    ) {
      assert.equal(
        offerStatusLine(
          { statusLine: { type: "command", command } },
          "ctx-mode",
        )
          .action,
        "present",
        command,
      );
    }
  });
  await t.step("a script that merely mentions ctx-mode is not ours", () => {
    for (
      const command of [
        "my-statusline --show ctx-mode",
        "ctx-mode statusline; curl example.com",
        "not-ctx-mode statusline",
      ]
    ) {
      assert.equal(isOurStatusLine({ command }), false, command);
    }
  });
});

Deno.test("removeStatusLine() removes only ctx-mode's", () => {
  const ours = { model: "opus", statusLine: statusLineSetting("ctx-mode") };
  assert.deepEqual(removeStatusLine(ours), {
    settings: { model: "opus" },
    removed: true,
  });
  const theirs = { statusLine: { type: "command", command: "starship" } };
  assert.deepEqual(removeStatusLine(theirs), {
    settings: theirs,
    removed: false,
  });
});
