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
    "/etc/ssl/private",
    "/home/ada/.pyenv",
    "/home/ada/.rustup",
    "/home/ada/.cargo",
  ]);
  const files = new Set([
    "/etc/shadow",
    "/etc/passwd",
    "/home/ada/.cargo/credentials.toml",
  ]);
  const links: Record<string, string> = {
    "/bin": "usr/bin",
    "/lib": "usr/lib",
    "/lib64": "usr/lib64",
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
      path === "/etc/ssh"
        ? ["ssh_config", "ssh_host_ed25519_key", "ssh_host_ed25519_key.pub"]
        : [],
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
  assert.ok(has("--ro-bind", "/etc", "/etc"));
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

Deno.test("bwrapArgs hides secrets under /etc and credentials inside mounted runtime roots", () => {
  const list = mounts(
    bwrapArgs({ writable: ["/p"], readable: ["/home/ada/.cargo"], cwd: "/p" }, [
      "rustc",
    ], fakeFs()),
  );
  const has = (...mount: string[]) =>
    list.some((m) => m.join(" ") === mount.join(" "));
  assert.ok(has("--ro-bind", "/dev/null", "/etc/shadow"));
  assert.ok(has("--ro-bind", "/dev/null", "/etc/ssh/ssh_host_ed25519_key"));
  assert.ok(
    !has("--ro-bind", "/dev/null", "/etc/ssh/ssh_host_ed25519_key.pub"),
  );
  assert.ok(!has("--ro-bind", "/dev/null", "/etc/passwd"));
  assert.ok(has("--tmpfs", "/etc/ssl/private"));
  assert.ok(has("--ro-bind", "/dev/null", "/home/ada/.cargo/credentials.toml"));
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
