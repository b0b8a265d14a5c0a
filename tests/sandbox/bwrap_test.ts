import assert from "node:assert/strict";
import {
  bwrapArgs,
  type FsView,
  runtimeRoots,
} from "../../src/sandbox/_bwrap.ts";

/** A Debian-like root with merged /usr, a pyenv and a rustup under /home/ada. */
function fakeFs(): FsView {
  const dirs = new Set([
    "/usr",
    "/etc",
    "/opt",
    "/sys",
    "/etc/ssh",
    "/etc/ssl",
    "/etc/ssl/certs",
    "/etc/ssl/private",
    "/etc/wireguard",
    "/home/ada/.pyenv",
    "/home/ada/.rustup",
    "/home/ada/.cargo",
  ]);
  const files = new Set([
    "/etc/shadow",
    "/etc/passwd",
    "/etc/ssh/ssh_config",
    "/etc/ssh/ssh_host_ed25519_key",
    "/home/ada/.cargo/credentials.toml",
  ]);
  const links: Record<string, string> = {
    "/bin": "usr/bin",
    "/lib": "usr/lib",
    "/lib64": "usr/lib64",
    "/etc/localtime": "/usr/share/zoneinfo/UTC",
    "/home/ada/.cargo/bin/rustc": "/home/ada/.cargo/bin/rustup",
  };
  return {
    lstat(path) {
      if (path in links) {
        return { isSymlink: true, isDirectory: false, isFile: false };
      }
      if (dirs.has(path)) {
        return { isSymlink: false, isDirectory: true, isFile: false };
      }
      if (files.has(path)) {
        return { isSymlink: false, isDirectory: false, isFile: true };
      }
      return undefined;
    },
    readLink: (path) => links[path] ?? path,
    readDir: (path) =>
      ({
        "/etc": ["passwd", "shadow", "ssh", "ssl", "localtime", "wireguard"],
        "/etc/ssh": [
          "ssh_config",
          "ssh_host_ed25519_key",
          "ssh_host_ed25519_key.pub",
        ],
        "/etc/ssl": ["certs", "private"],
      })[path] ?? [],
    realPath: (path) => links[path]?.startsWith("/") ? links[path] : path,
  };
}

/** The `[flag, source, target]` triples of a bwrap argument list, up to `--`. */
function mounts(args: string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < args.length && args[i] !== "--"; i++) {
    const flag = args[i] ?? "";
    if (["--ro-bind", "--bind", "--symlink"].includes(flag)) {
      out.push([flag, args[i + 1] ?? "", args[i + 2] ?? ""]);
      i += 2;
    } else if (["--tmpfs", "--dev", "--proc", "--chdir"].includes(flag)) {
      out.push([flag, args[i + 1] ?? ""]);
      i += 1;
    }
  }
  return out;
}

Deno.test("bwrapArgs mounts the system read-only, the project read-write, and not the home directory", () => {
  const args = bwrapArgs(
    {
      writable: ["/home/ada/app", "/tmp/ctx-mode-run-1"],
      readable: ["/home/ada/.pyenv"],
      cwd: "/home/ada/app",
    },
    ["python3", "/tmp/ctx-mode-run-1/code.py"],
    fakeFs(),
  );
  const list = mounts(args);
  const has = (...mount: string[]) =>
    list.some((m) => m.join(" ") === mount.join(" "));
  assert.ok(has("--ro-bind", "/usr", "/usr"));
  assert.ok(has("--symlink", "usr/bin", "/bin"));
  assert.ok(has("--ro-bind", "/etc/passwd", "/etc/passwd"));
  assert.ok(!has("--ro-bind", "/etc", "/etc"));
  assert.ok(has("--bind", "/home/ada/app", "/home/ada/app"));
  assert.ok(has("--bind", "/tmp/ctx-mode-run-1", "/tmp/ctx-mode-run-1"));
  assert.ok(has("--ro-bind", "/home/ada/.pyenv", "/home/ada/.pyenv"));
  assert.ok(has("--tmpfs", "/tmp"));
  assert.ok(has("--proc", "/proc"));
  assert.ok(has("--chdir", "/home/ada/app"));
  assert.ok(
    !list.some((m) => m[2] === "/home/ada" || m[2] === "/home" || m[2] === "/"),
    "no home, no root",
  );
  assert.deepEqual(args.slice(args.indexOf("--")), [
    "--",
    "python3",
    "/tmp/ctx-mode-run-1/code.py",
  ]);
  assert.ok(
    args.includes("--die-with-parent") && args.includes("--unshare-pid"),
  );
  // The run's temp dir is mounted after the fresh /tmp, or it would be hidden.
  assert.ok(
    list.findIndex((m) => m[0] === "--tmpfs" && m[1] === "/tmp") <
      list.findIndex((m) => m[2] === "/tmp/ctx-mode-run-1"),
  );
});

Deno.test("bwrapArgs shows /etc by its allow list and hides credentials inside mounted runtime roots", () => {
  const list = mounts(
    bwrapArgs({ writable: ["/p"], readable: ["/home/ada/.cargo"], cwd: "/p" }, [
      "rustc",
    ], fakeFs()),
  );
  const has = (...mount: string[]) =>
    list.some((m) => m.join(" ") === mount.join(" "));
  const targets = list.map((m) => m.at(-1) ?? "");
  for (
    const hidden of [
      "/etc",
      "/etc/shadow",
      "/etc/ssh",
      "/etc/ssh/ssh_host_ed25519_key",
      "/etc/ssl",
      "/etc/ssl/private",
      "/etc/wireguard",
    ]
  ) {
    assert.ok(!targets.includes(hidden), `${hidden} is mounted`);
  }
  assert.ok(has("--ro-bind", "/etc/passwd", "/etc/passwd"));
  assert.ok(has("--ro-bind", "/etc/ssh/ssh_config", "/etc/ssh/ssh_config"));
  assert.ok(has("--ro-bind", "/etc/ssl/certs", "/etc/ssl/certs"));
  assert.ok(has("--symlink", "/usr/share/zoneinfo/UTC", "/etc/localtime"));
  assert.ok(has("--ro-bind", "/dev/null", "/home/ada/.cargo/credentials.toml"));
});

Deno.test("bwrapArgs runs as nobody, sizes every writable folder in memory, keeps the rest read-only, and passes the seccomp filter", () => {
  const args = bwrapArgs(
    { writable: ["/p"], readable: [], cwd: "/p", tmpBytes: 1234, seccompFd: 9 },
    ["sh"],
    fakeFs(),
  );
  const flags = args.slice(0, args.indexOf("--"));
  const at = (...words: string[]) =>
    flags.findIndex((_, i) => words.every((word, j) => flags[i + j] === word));
  assert.ok(at("--uid", "65534", "--gid", "65534") !== -1);
  assert.ok(at("--cap-drop", "ALL") !== -1);
  for (const dir of ["/tmp", "/var/tmp", "/dev/shm"]) {
    assert.ok(at("--size", "1234", "--tmpfs", dir) !== -1, `${dir} unsized`);
  }
  assert.equal(
    flags.filter((flag) => flag === "--tmpfs").length,
    3,
    "a tmpfs without a size",
  );
  assert.ok(at("--dev", "/dev") < at("--size", "1234", "--tmpfs", "/dev/shm"));
  assert.ok(at("--remount-ro", "/dev") !== -1);
  assert.ok(at("--remount-ro", "/") > at("--bind", "/p", "/p"));
  assert.ok(at("--seccomp", "9") !== -1);
});

Deno.test("bwrapArgs mounts parents before children so a read-only path inside the project stays read-only", () => {
  const list = mounts(
    bwrapArgs(
      {
        writable: ["/srv/app"],
        readable: ["/srv/app/vendor/tool"],
        cwd: "/srv/app",
      },
      ["x"],
      fakeFs(),
    ),
  );
  const rw = list.findIndex((m) => m[0] === "--bind" && m[2] === "/srv/app");
  const ro = list.findIndex((m) =>
    m[0] === "--ro-bind" && m[2] === "/srv/app/vendor/tool"
  );
  assert.ok(rw !== -1 && ro !== -1 && rw < ro);
});

Deno.test("runtimeRoots mounts only what a runtime outside the system dirs needs", () => {
  const fs = fakeFs();
  const env = { HOME: "/home/ada" };
  assert.deepEqual(runtimeRoots("/usr/bin/python3", env, fs), []);
  assert.deepEqual(runtimeRoots("/home/ada/.pyenv/shims/python3", env, fs), [
    "/home/ada/.pyenv",
  ]);
  assert.deepEqual(runtimeRoots("/home/ada/.cargo/bin/rustc", env, fs), [
    "/home/ada/.cargo",
    "/home/ada/.rustup",
  ]);
  // ~/.local as a whole would expose user data: only the bin dir.
  assert.deepEqual(runtimeRoots("/home/ada/.local/bin/tool", env, fs), [
    "/home/ada/.local/bin",
  ]);
});
