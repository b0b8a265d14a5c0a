import assert from "node:assert/strict";
import { join } from "node:path";
import { startServerInTempProject } from "../_helpers/mcp_client.ts";
import { AVAILABLE, BWRAP, LANDLOCK } from "../sandbox/_helpers.ts";

const linux = Deno.build.os === "linux";
const SETTINGS = [
  { env: {}, kind: "bwrap", ignore: !BWRAP },
  {
    env: { CTX_MODE_CONFINE: "landlock" },
    kind: "landlock",
    ignore: !LANDLOCK,
  },
  { env: { CTX_MODE_CONFINE: "off" }, kind: "none", ignore: false },
];

for (const setting of SETTINGS) {
  Deno.test({
    name:
      `with confinement "${setting.kind}" the server says so at start, in doctor and in every run's metadata`,
    ignore: !linux || setting.ignore,
    fn: async () => {
      await using server = await startServerInTempProject({
        env: setting.env,
      });
      const shell = await server.call("ctx_execute", {
        language: "shell",
        code: "echo hello from the sandbox",
      });
      assert.match(JSON.stringify(shell.content), /hello from the sandbox/);
      assert.equal(
        shell._meta?.["ctx-mode/confinement"],
        setting.kind,
      );
      const js = await server.call("ctx_execute", {
        language: "javascript",
        code: "console.log(6 * 7)",
      });
      assert.equal(
        js._meta?.["ctx-mode/confinement"],
        setting.kind === "none" ? "permissions" : setting.kind,
      );
      const doctor = await server.callText("ctx_doctor");
      const line = doctor.split("\n").find((text) => text.includes("sandbox"));
      assert.ok(line, doctor);
      assert.match(
        line,
        setting.kind === "bwrap"
          ? /bubblewrap/
          : setting.kind === "landlock"
          ? /Landlock/
          : /turned off by CTX_MODE_CONFINE/,
      );
      assert.match(server.stderr(), /ctx-mode: sandbox /);
    },
  });
}

Deno.test({
  name:
    "a run through the server that writes the project's git config fails and leaves it as it was",
  ignore: !linux || !AVAILABLE.has("python"),
  fn: async () => {
    await using server = await startServerInTempProject();
    await Deno.mkdir(join(server.project, ".git"));
    await Deno.writeTextFile(join(server.project, ".git/config"), "[core]\n");
    const text = await server.callText("ctx_execute", {
      language: "python",
      // A path built at run time, which the guard cannot read: the sandbox must hold on its own.
      code:
        "import os\npath = os.path.join('.git', 'con' + 'fig')\nopen(path, 'a').write('[core]\\n\\tfsmonitor = touch PWNED\\n')\nprint('wrote')",
    });
    assert.match(text, /exit code 1|Read-only file system|control files/);
    assert.equal(
      await Deno.readTextFile(join(server.project, ".git/config")),
      "[core]\n",
    );
  },
});
