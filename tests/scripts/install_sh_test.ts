import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sha256Hex } from "../../src/config/sha256.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

const SCRIPT = fileURLToPath(
  new URL("../../scripts/install.sh", import.meta.url),
);

/** A stand-in binary: a script that says which asset it is. */
function fakeBinary(target: string): string {
  return `#!/bin/sh\necho "fake ctx-mode for ${target}"\n`;
}

/** A loopback release: every target's asset and a SHA256SUMS, right or wrong. */
function fakeRelease(sums: "right" | "wrong") {
  const assets = new Map<string, string>();
  for (
    const target of [
      "x86_64-unknown-linux-gnu",
      "aarch64-unknown-linux-gnu",
      "x86_64-apple-darwin",
      "aarch64-apple-darwin",
      "x86_64-pc-windows-msvc",
    ]
  ) {
    const name = `ctx-mode-${target}${
      target.includes("windows") ? ".exe" : ""
    }`;
    assets.set(name, fakeBinary(target));
  }
  const lines = [...assets].map(([name, body]) =>
    `${
      sums === "right" ? sha256Hex(body) : sha256Hex(body + "tampered")
    }  ${name}`
  );
  const requests: string[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) => {
      const path = new URL(request.url).pathname;
      requests.push(path);
      const name = path.replace(/^\/v9\.9\.9\//, "");
      if (name === "SHA256SUMS") return new Response(lines.join("\n") + "\n");
      const body = assets.get(name);
      return body === undefined
        ? new Response("not found", { status: 404 })
        : new Response(body);
    },
  );
  return {
    url: `http://127.0.0.1:${server.addr.port}/v9.9.9`,
    requests,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}

/** Runs the install script with `uname` answering `os` and `arch`. */
async function install(
  root: string,
  url: string,
  uname: { os: string; arch: string },
  args: string[],
) {
  const bin = join(root, "fake-bin");
  await Deno.mkdir(bin, { recursive: true });
  await Deno.writeTextFile(
    join(bin, "uname"),
    `#!/bin/sh\ncase "$1" in -s) echo ${uname.os} ;; -m) echo ${uname.arch} ;; esac\n`,
    { mode: 0o755 },
  );
  const output = await new Deno.Command("sh", {
    args: [SCRIPT, ...args],
    clearEnv: true,
    env: {
      PATH: `${bin}:${Deno.env.get("PATH") ?? ""}`,
      HOME: root,
      CTX_MODE_DOWNLOAD_URL: url,
    },
    stdout: "piped",
    stderr: "piped",
  }).output();
  return {
    code: output.code,
    stdout: new TextDecoder().decode(output.stdout),
    stderr: new TextDecoder().decode(output.stderr),
  };
}

Deno.test("install.sh installs the binary of this OS and CPU after checking its SHA-256", async (t) => {
  await using release = fakeRelease("right");

  for (
    const [os, arch, target, file] of [
      ["Linux", "x86_64", "x86_64-unknown-linux-gnu", "ctx-mode"],
      ["Linux", "aarch64", "aarch64-unknown-linux-gnu", "ctx-mode"],
      ["Darwin", "arm64", "aarch64-apple-darwin", "ctx-mode"],
      ["Darwin", "x86_64", "x86_64-apple-darwin", "ctx-mode"],
      ["MINGW64_NT-10.0", "x86_64", "x86_64-pc-windows-msvc", "ctx-mode.exe"],
    ] as const
  ) {
    await t.step(`${os} ${arch} gets ${target}`, async () => {
      await using root = await tempDir();
      const run = await install(root.path, release.url, { os, arch }, []);
      assert.equal(run.code, 0, run.stderr);
      const installed = join(root.path, ".local/bin", file);
      assert.equal(await Deno.readTextFile(installed), fakeBinary(target));
      assert.equal((await Deno.stat(installed)).mode! & 0o777, 0o755);
      assert.match(run.stdout, /Add .* to your PATH/);
    });
  }

  await t.step(
    "--dir installs elsewhere, replacing an older binary",
    async () => {
      await using root = await tempDir();
      const dir = join(root.path, "tools");
      await Deno.mkdir(dir);
      await Deno.writeTextFile(join(dir, "ctx-mode"), "old");
      const run = await install(root.path, release.url, {
        os: "Linux",
        arch: "x86_64",
      }, ["--dir", dir]);
      assert.equal(run.code, 0, run.stderr);
      const binary = join(dir, "ctx-mode");
      const { stdout } = await new Deno.Command(binary, { stdout: "piped" })
        .output();
      assert.equal(
        new TextDecoder().decode(stdout),
        "fake ctx-mode for x86_64-unknown-linux-gnu\n",
      );
      assert.deepEqual(
        (await Array.fromAsync(Deno.readDir(dir))).map((entry) => entry.name),
        ["ctx-mode"],
      );
    },
  );
});

Deno.test("install.sh refuses a binary whose SHA-256 does not match, and installs nothing", async () => {
  await using release = fakeRelease("wrong");
  await using root = await tempDir();
  const dir = join(root.path, "bin");
  await Deno.mkdir(dir);
  await Deno.writeTextFile(join(dir, "ctx-mode"), "the working one");
  const run = await install(root.path, release.url, {
    os: "Linux",
    arch: "x86_64",
  }, ["--dir", dir]);
  assert.equal(run.code, 1);
  assert.match(
    run.stderr,
    /^ctx-mode install: Cannot install "ctx-mode-x86_64-unknown-linux-gnu": its SHA-256 is [0-9a-f]{64}, the release says [0-9a-f]{64}; nothing was installed\n$/,
  );
  assert.equal(
    await Deno.readTextFile(join(dir, "ctx-mode")),
    "the working one",
  );
  assert.deepEqual(release.requests, [
    "/v9.9.9/ctx-mode-x86_64-unknown-linux-gnu",
    "/v9.9.9/SHA256SUMS",
  ]);
});

Deno.test("install.sh says in one line what it cannot install for", async (t) => {
  await using release = fakeRelease("right");
  for (
    const [os, arch, message] of [
      ["SunOS", "x86_64", /Cannot install for "SunOS"/],
      ["Linux", "riscv64", /Cannot install for "riscv64"/],
      ["MSYS_NT-10.0", "aarch64", /no Windows binary for ARM/],
    ] as const
  ) {
    await t.step(`${os} ${arch}`, async () => {
      await using root = await tempDir();
      const run = await install(root.path, release.url, { os, arch }, []);
      assert.equal(run.code, 1);
      assert.match(run.stderr, message);
      assert.equal(run.stderr.trim().split("\n").length, 1, run.stderr);
      assert.deepEqual(release.requests, []);
    });
  }
  await t.step("an unknown option exits 2", async () => {
    await using root = await tempDir();
    const run = await install(root.path, release.url, {
      os: "Linux",
      arch: "x86_64",
    }, ["--frobnicate"]);
    assert.equal(run.code, 2);
  });
});
