/**
 * The prepared `/etc` that bubblewrap binds in one piece holds exactly the
 * allow list (the same names, kinds, link targets, modes, sizes and
 * contents as the real `/etc` shows through it), is made again when a
 * source changes, and cannot be written by a run, as root and as an
 * ordinary user.
 */

import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { allowedEtcPaths } from "../../src/sandbox/_etc_allow.ts";
import { takeEtcTree } from "../../src/sandbox/_etc_tree.ts";
import { assertRan, runConfined, testInModes } from "./_confine_modes.ts";
import { tempDir } from "./_helpers.ts";

/** Every entry below `root`, as `relative kind link-target mode size`. */
function listing(root: string): string[] {
  const lines: string[] = [];
  const visit = (path: string, rel: string) => {
    const info = Deno.lstatSync(path);
    const kind = info.isSymlink ? "l" : info.isDirectory ? "d" : "f";
    lines.push(
      `${rel} ${kind} ${info.isSymlink ? Deno.readLinkSync(path) : ""} ${
        ((info.mode ?? 0) & 0o7777).toString(8)
      } ${kind === "f" ? info.size : ""}`,
    );
    if (kind === "d") {
      for (const entry of Deno.readDirSync(path)) {
        visit(join(path, entry.name), join(rel, entry.name));
      }
    }
  };
  for (const entry of Deno.readDirSync(root)) {
    visit(join(root, entry.name), entry.name);
  }
  return lines.sort();
}

/** What the tree should hold: each allowed entry of `etc` (a bound folder without its entries), and the folders above them. */
function expectedListing(etc: string, binds: readonly string[]): string[] {
  const allowed = allowedEtcPaths({
    readDir: (path) =>
      [...Deno.readDirSync(join(etc, path.slice("/etc".length)))].map((
        entry,
      ) => entry.name),
  }).map((path) => path.slice("/etc/".length));
  const lines = new Set<string>();
  for (const rel of allowed) {
    const parent = dirname(rel);
    for (let dir = parent; dir !== "."; dir = dirname(dir)) {
      lines.add(`${dir} d  700 `);
    }
    for (const line of listing(join(etc, parent))) {
      const path = join(parent, line.split(" ")[0]!);
      if (path !== rel && !path.startsWith(`${rel}/`)) continue;
      if (binds.some((bind) => path.startsWith(`${bind.slice(5)}/`))) continue;
      lines.add(path + line.slice(line.indexOf(" ")));
    }
  }
  return [...lines].sort();
}

for (
  const [how, base] of [
    ["hard links", undefined],
    ["copies and binds (another file system)", "/dev/shm"],
  ] as const
) {
  Deno.test({
    name:
      `takeEtcTree holds exactly the allowed entries, in ${how}, and is made again when a source changes`,
    ignore: Deno.build.os !== "linux",
    fn: async () => {
      await using etc = await tempDir("ctx-etc-source-");
      await using trees = base
        ? {
          path: await Deno.makeTempDir({ dir: base }),
          async [Symbol.asyncDispose]() {
            await Deno.remove(this.path, { recursive: true });
          },
        }
        : await tempDir("ctx-etc-base-");
      const src = etc.path;
      await Deno.writeTextFile(
        join(src, "passwd"),
        "root:x:0:0::/root:/bin/sh\n",
      );
      await Deno.writeTextFile(join(src, "shadow"), "root:$6$secret:::\n");
      await Deno.chmod(join(src, "shadow"), 0o600);
      await Deno.mkdir(join(src, "ssl/certs"), { recursive: true });
      await Deno.mkdir(join(src, "ssl/private"));
      await Deno.writeTextFile(join(src, "ssl/private/key.pem"), "KEY\n");
      await Deno.writeTextFile(join(src, "ssl/certs/ca.pem"), "CA\n");
      await Deno.symlink("ca.pem", join(src, "ssl/certs/link.pem"));
      await Deno.symlink("/usr/share/zoneinfo/UTC", join(src, "localtime"));
      await Deno.mkdir(join(src, "wireguard"));
      await Deno.writeTextFile(join(src, "wireguard/wg0.conf"), "PrivateKey\n");
      await Deno.writeTextFile(join(src, "hosts"), "127.0.0.1 localhost\n");
      await Deno.chmod(join(src, "hosts"), 0o640);
      await waitForOlderThan(src, 2100);

      const options = { etc: src, base: trees.path };
      const first = takeEtcTree(options);
      assert.ok(first, "no tree");
      try {
        assert.deepEqual(
          first.binds,
          base ? ["/etc/ssl/certs"] : [],
          "hard links where the kernel allows them, else the real folder bound",
        );
        assert.deepEqual(
          listing(first.source),
          expectedListing(src, first.binds),
        );
        for (const secret of ["shadow", "ssl/private", "wireguard"]) {
          assert.equal(
            await Deno.lstat(join(first.source, secret)).then(
              () => true,
              () => false,
            ),
            false,
            `${secret} is in the tree`,
          );
        }
        assert.equal(
          await Deno.readTextFile(join(first.source, "hosts")),
          "127.0.0.1 localhost\n",
        );

        // Nothing changed: the same tree.
        const again = takeEtcTree(options)!;
        assert.equal(again.source, first.source);
        again.release();

        // Written in place: a copy is made again, a link shows it as it is.
        await Deno.writeTextFile(
          join(src, "passwd"),
          "root:x:0:0::/:/bin/sh\n",
        );
        await waitForOlderThan(join(src, "passwd"), 2100);
        const written = takeEtcTree(options)!;
        assert.equal(written.source === first.source, base === undefined);
        assert.equal(
          await Deno.readTextFile(join(written.source, "passwd")),
          "root:x:0:0::/:/bin/sh\n",
        );
        written.release();

        // A file replaced (as editors and package tools do): a new tree; the old one stays while taken.
        await Deno.writeTextFile(join(src, "hosts.new"), "10.0.0.1 changed\n");
        await Deno.rename(join(src, "hosts.new"), join(src, "hosts"));
        await waitForOlderThan(src, 2100);
        const second = takeEtcTree(options)!;
        assert.notEqual(second.source, first.source);
        assert.equal(
          await Deno.readTextFile(join(second.source, "hosts")),
          "10.0.0.1 changed\n",
        );
        assert.deepEqual(
          listing(second.source),
          expectedListing(src, second.binds),
        );
        assert.ok((await Deno.stat(first.source)).isDirectory);
        first.release();
        assert.equal(
          await Deno.stat(first.source).then(() => true, () => false),
          false,
          "a released old tree stays",
        );
        // The current one stays after its last host.
        second.release();
        assert.ok((await Deno.stat(second.source)).isDirectory);
      } finally {
        first.release();
      }
    },
  });
}

Deno.test({
  name:
    "takeEtcTree gives none for an entry it cannot prepare, leaves nothing behind, and tries again once /etc changed",
  ignore: Deno.build.os !== "linux",
  fn: async () => {
    await using etc = await tempDir("ctx-etc-source-");
    await using base = await tempDir("ctx-etc-base-");
    await Deno.writeTextFile(
      join(etc.path, "passwd"),
      "root:x:0:0::/:/bin/sh\n",
    );
    // A pipe where the allow list names a file: bound by itself, as before.
    const made = await new Deno.Command("mkfifo", {
      args: [join(etc.path, "hosts")],
    }).output();
    assert.ok(made.success);
    const options = { etc: etc.path, base: base.path };
    assert.equal(takeEtcTree(options), undefined);
    assert.equal(takeEtcTree(options), undefined);
    assert.deepEqual(await Array.fromAsync(Deno.readDir(base.path)), []);
    await Deno.remove(join(etc.path, "hosts"));
    await Deno.writeTextFile(join(etc.path, "hosts"), "127.0.0.1 localhost\n");
    const tree = takeEtcTree(options);
    assert.ok(tree);
    try {
      assert.equal(
        await Deno.readTextFile(join(tree.source, "hosts")),
        "127.0.0.1 localhost\n",
      );
    } finally {
      tree.release();
    }
  },
});

/** Resolves once `path`'s last change is `ms` in the past. */
async function waitForOlderThan(path: string, ms: number): Promise<void> {
  const info = await Deno.stat(path);
  const changed = Math.max(
    info.mtime?.getTime() ?? 0,
    info.ctime?.getTime() ?? 0,
  );
  const wait = changed + ms - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

testInModes(
  "a run sees /etc as one read-only folder holding exactly the allow list",
  async (setting) => {
    const allowed = allowedEtcPaths();
    const quoted = allowed.map((path) => `'${path}'`).join(" ");
    const format = `'%p %y %l %m %s\\n'`;
    const list = (paths: string) =>
      `find ${paths} -printf ${format} 2>/dev/null | sort; ` +
      `find ${paths} -type f -print0 2>/dev/null | xargs -0 md5sum 2>/dev/null | sort`;
    const [result] = await runConfined(setting, [{
      setup: `{ ${list(quoted)}; } > expected.txt`,
      language: "shell",
      code: `
echo ran
{ ${list("/etc/*")}; } > seen.txt
# The prepared folder is one mount at /etc itself.
awk '$5 == "/etc"' /proc/self/mountinfo | wc -l | sed 's/^/etc-mounts /'
try() { if ( eval "$1" ) 2>/dev/null; then echo "wrote: $1"; fi; }
try ': > /etc/ctx-new'
try 'mkdir /etc/ctx-dir'
try 'touch /etc/passwd'
try 'echo x >> /etc/hosts'
try 'chmod 600 /etc/passwd'
try 'rm /etc/hostname'
try 'mv /etc/hosts /etc/hosts-moved'
try 'ln -s /tmp /etc/ctx-link'
try ': > /etc/ssl/ctx-new'
try ': > /etc/ssl/certs/ctx-new'
try ': > /etc/alternatives/ctx-new'
try 'mount -o remount,rw /etc'
true
`,
    }]);
    assertRan([result!]);
    assert.doesNotMatch(result!.stdout, /^wrote: /m, result!.stdout);
    assert.match(result!.stdout, /^etc-mounts 1$/m, result!.stdout);
    const read = async (name: string) =>
      (await Deno.readTextFile(join(setting.project, name))).split("\n");
    const expected = await read("expected.txt");
    // /etc's own folders between it and an allowed path (`ssl` for `ssl/certs`) are stand-ins.
    const parents = new Set(
      allowed.flatMap((path) => {
        const parts = path.split("/").slice(2, -1);
        return parts.map((_, i) => `/etc/${parts.slice(0, i + 1).join("/")}`);
      }),
    );
    const seen = (await read("seen.txt")).filter((line) =>
      !parents.has(line.split(" ")[0]!)
    );
    // A folder's own size is the file system's business; its entries are compared.
    const withoutFolderSize = (line: string) =>
      line.replace(/^(\S+ d {2}\d+) \d+$/, "$1");
    assert.ok(expected.length > 10, expected.join("\n"));
    assert.deepEqual(
      seen.map(withoutFolderSize),
      expected.map(withoutFolderSize),
    );
    assert.ok(
      await Deno.lstat("/etc/ctx-new").then(() => false, () => true),
      "a run wrote the real /etc",
    );
  },
  (mode) =>
    mode.kind === "landlock"
      ? "Landlock shows /etc by its rules, not by a mount"
      : undefined,
);
