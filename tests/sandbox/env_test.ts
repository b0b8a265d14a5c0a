import assert from "node:assert/strict";
import {
  denoSandboxEnv,
  INJECTION_VARIABLES,
  sandboxEnv,
} from "../../src/sandbox/env.ts";

Deno.test("sandboxEnv removes every variable that injects code and keeps the rest", () => {
  const parent: Record<string, string> = {
    PATH: "/usr/bin",
    GH_TOKEN: "kept-for-authenticated-clis",
    PYTHONPATH: "src",
    "BASH_FUNC_ls%%": "() { echo injected; }",
    DYLD_LIBRARY_PATH: "/evil",
    GIT_CONFIG_KEY_0: "core.sshCommand",
    GIT_CONFIG_VALUE_0: "evil",
  };
  for (const name of INJECTION_VARIABLES) parent[name] = "injected";
  const env = sandboxEnv(parent, { os: "linux" });
  for (const name of INJECTION_VARIABLES) {
    assert.equal(env[name], undefined, name);
  }
  assert.equal(env["BASH_FUNC_ls%%"], undefined);
  assert.equal(env.DYLD_LIBRARY_PATH, undefined);
  assert.equal(env.GIT_CONFIG_KEY_0, undefined);
  assert.equal(env.GIT_CONFIG_VALUE_0, undefined);
  assert.equal(env.PATH, "/usr/bin");
  assert.equal(env.GH_TOKEN, "kept-for-authenticated-clis");
  assert.equal(env.PYTHONPATH, "src");
});

Deno.test("sandboxEnv removes the user's own deny list and sets plain UTF-8 output", () => {
  const env = sandboxEnv({
    AWS_SECRET_ACCESS_KEY: "x",
    KEEP: "1",
    LANG: "fr_FR.ISO-8859-1",
  }, {
    deny: ["AWS_SECRET_ACCESS_KEY"],
    tempDir: "/tmp/run",
    os: "linux",
  });
  assert.equal(env.AWS_SECRET_ACCESS_KEY, undefined);
  assert.equal(env.KEEP, "1");
  assert.equal(env.NO_COLOR, "1");
  assert.equal(env.LANG, "C.UTF-8");
  assert.equal(env.LC_ALL, "C.UTF-8");
  assert.equal(env.PYTHONUNBUFFERED, "1");
  assert.equal(env.PYTHONDONTWRITEBYTECODE, "1");
  assert.equal(env.TMPDIR, "/tmp/run");
  assert.equal(sandboxEnv({}, { os: "darwin" }).LC_ALL, "en_US.UTF-8");
});

Deno.test("denoSandboxEnv passes only what Deno needs to fetch and cache", () => {
  const env = denoSandboxEnv(
    {
      HOME: "/home/ada",
      HTTPS_PROXY: "http://proxy:3128",
      AWS_SECRET_ACCESS_KEY: "x",
      PATH: "/usr/bin",
    },
    { tempDir: "/tmp/run", os: "linux" },
  );
  assert.equal(env.HOME, "/home/ada");
  assert.equal(env.HTTPS_PROXY, "http://proxy:3128");
  assert.equal(env.AWS_SECRET_ACCESS_KEY, undefined);
  assert.equal(env.PATH, undefined);
  assert.equal(env.TMPDIR, "/tmp/run");
  assert.equal(env.NO_COLOR, "1");
});
