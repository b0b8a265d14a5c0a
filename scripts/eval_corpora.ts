// deno-lint-ignore-file no-console -- a script: it reports what it built
/**
 * Rebuilds the search evaluation corpora from pinned sources into a cache
 * folder outside the repository (`$CTX_MODE_EVAL_CACHE`, default
 * `~/.cache/ctx-mode-eval`), one folder per corpus:
 *
 * - `fastify`: the `docs/` folder of the npm package `fastify@4.28.1`
 *   (Markdown, plus an `.svg` and a `.drawio` file), through `npm pack`.
 * - `man`: manual pages of the machine rendered to plain text with
 *   `man -P cat` at 80 columns (a fixed list; pages that are not installed
 *   are left out, and at least 40 must be there).
 * - `valgrind`: the HTML manual of the Debian package `valgrind` (3.19),
 *   copied as it is installed.
 * - `help`: the `--help` output of GNU coreutils 9.1 commands.
 * - `libxslt`: the gtk-doc API reference of the Debian package `libxslt1-dev`
 *   (generated HTML: one page per module, one entry per function, macro and
 *   type), copied as it is installed.
 *
 * Each corpus records its source and version in `SOURCE.txt` beside the
 * folder (not inside it). Run: `deno run -A scripts/eval_corpora.ts [names…]`.
 *
 * @module
 */

import { existsSync } from "node:fs";
import { join } from "node:path";

/** Where the corpora are built. */
export function evalCacheDir(): string {
  return Deno.env.get("CTX_MODE_EVAL_CACHE") ??
    join(Deno.env.get("HOME") ?? ".", ".cache", "ctx-mode-eval");
}

/** The corpora, by name, with the shape each one tests. */
export const CORPORA = {
  fastify: "Markdown docs folder from npm (fastify@4.28.1 docs/)",
  man: "man pages rendered to plain text",
  valgrind: "HTML manual folder (valgrind 3.19)",
  help: "--help output of coreutils 9.1",
  libxslt: "generated HTML API reference (gtk-doc, libxslt1-dev)",
} as const;

/** A corpus name. */
export type CorpusName = keyof typeof CORPORA;

/** The folder of a corpus, or undefined when it has not been built. */
export function corpusDir(name: CorpusName): string | undefined {
  const dir = join(evalCacheDir(), name, "files");
  return existsSync(dir) ? dir : undefined;
}

const FASTIFY = "fastify@4.28.1";

const MAN_PAGES = `tar grep sed find xargs gzip bzip2 xz zip unzip curl wget git
  ssh scp make diff patch less man ps top kill tmux jq sqlite3 strace objdump
  readelf nm strip ar ld openssl gpg bwrap dpkg systemctl journalctl file xxd
  od hexdump mawk bc cmake pkg-config ldd zstd lz4 su setpriv unshare nsenter
  taskset nice renice ionice timeout watch`.split(/\s+/);

const HELP_COMMANDS = `ls cp mv rm mkdir rmdir chmod chown chgrp ln du df cat
  head tail wc sort uniq cut tr paste join comm split csplit fold fmt nl pr
  expand unexpand seq shuf tee touch stat date env printf basename dirname
  realpath readlink mktemp install dd sha256sum md5sum base64 od numfmt
  truncate stdbuf nohup timeout nproc id uname tac shred factor ptx`.split(
  /\s+/,
);

async function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: Record<string, string> } = {},
): Promise<{ ok: boolean; stdout: string; stderr: string }> {
  const output = await new Deno.Command(command, {
    args,
    ...options,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output().catch((error) => ({
    success: false,
    stdout: new Uint8Array(),
    stderr: new TextEncoder().encode(String(error)),
  }));
  const decoder = new TextDecoder();
  return {
    ok: output.success,
    stdout: decoder.decode(output.stdout),
    stderr: decoder.decode(output.stderr),
  };
}

async function fresh(name: CorpusName): Promise<string> {
  const root = join(evalCacheDir(), name);
  await Deno.remove(root, { recursive: true }).catch(() => {});
  await Deno.mkdir(join(root, "files"), { recursive: true });
  return root;
}

async function buildFastify(): Promise<string> {
  const root = await fresh("fastify");
  const pack = await run("npm", ["pack", FASTIFY, "--silent"], { cwd: root });
  const tarball = pack.stdout.trim().split("\n").at(-1) ?? "";
  if (!pack.ok || !tarball) throw new Error(`npm pack failed: ${pack.stderr}`);
  const untar = await run("tar", [
    "xzf",
    tarball,
    "--strip-components=2",
    "-C",
    "files",
    "package/docs",
  ], { cwd: root });
  if (!untar.ok) throw new Error(`tar failed: ${untar.stderr}`);
  await Deno.remove(join(root, tarball));
  return `npm ${FASTIFY} docs/`;
}

async function buildMan(): Promise<string> {
  const root = await fresh("man");
  let count = 0;
  for (const page of MAN_PAGES) {
    const rendered = await run("man", ["-P", "cat", page], {
      env: { MANWIDTH: "80", MAN_KEEP_FORMATTING: "", LANG: "C.UTF-8" },
    });
    if (!rendered.ok || rendered.stdout.trim() === "") continue;
    await Deno.writeTextFile(
      join(root, "files", `${page}.txt`),
      rendered.stdout,
    );
    count++;
  }
  if (count < 40) throw new Error(`only ${count} man pages are installed`);
  return `man -P cat, MANWIDTH=80: ${count} pages of section 1`;
}

async function copyDebianHtml(
  name: CorpusName,
  source: string,
  debianPackage: string,
): Promise<string> {
  if (!existsSync(source)) {
    throw new Error(`${source} is absent (apt-get install ${debianPackage})`);
  }
  const root = await fresh(name);
  for await (const entry of Deno.readDir(source)) {
    if (entry.isFile && entry.name.endsWith(".html")) {
      await Deno.copyFile(
        join(source, entry.name),
        join(root, "files", entry.name),
      );
    }
  }
  const version = await run("dpkg-query", [
    "-W",
    "-f",
    "${Version}",
    debianPackage,
  ]);
  return `Debian package ${debianPackage} ${version.stdout.trim()} HTML`;
}

function buildValgrind(): Promise<string> {
  return copyDebianHtml("valgrind", "/usr/share/doc/valgrind/html", "valgrind");
}

function buildLibxslt(): Promise<string> {
  return copyDebianHtml(
    "libxslt",
    "/usr/share/doc/libxslt1-dev/gtk-doc/html/libxslt",
    "libxslt1-dev",
  );
}

async function buildHelp(): Promise<string> {
  const root = await fresh("help");
  let count = 0;
  for (const command of HELP_COMMANDS) {
    const help = await run(command, ["--help"], {
      env: { LANG: "C.UTF-8", COLUMNS: "80", PATH: "/usr/bin:/bin" },
    });
    if (!help.ok || help.stdout.trim() === "") continue;
    await Deno.writeTextFile(
      join(root, "files", `${command}.txt`),
      help.stdout,
    );
    count++;
  }
  if (count < 40) throw new Error(`only ${count} commands answered --help`);
  const version = await run("ls", ["--version"]);
  return `--help of ${count} commands (${version.stdout.split("\n")[0]})`;
}

const BUILDERS: Record<CorpusName, () => Promise<string>> = {
  fastify: buildFastify,
  man: buildMan,
  valgrind: buildValgrind,
  help: buildHelp,
  libxslt: buildLibxslt,
};

if (import.meta.main) {
  const names =
    (Deno.args.length > 0 ? Deno.args : Object.keys(CORPORA)) as CorpusName[];
  let failed = 0;
  for (const name of names) {
    if (!(name in BUILDERS)) {
      console.error(`Cannot build the corpus "${name}": unknown name`);
      failed++;
      continue;
    }
    try {
      const note = await BUILDERS[name]();
      await Deno.writeTextFile(
        join(evalCacheDir(), name, "SOURCE.txt"),
        `${note}\n`,
      );
      let files = 0;
      for await (const _ of Deno.readDir(corpusDir(name)!)) files++;
      console.log(`${name}: ${files} entries (${note})`);
    } catch (error) {
      console.error(
        `Cannot build the corpus "${name}": ${(error as Error).message}`,
      );
      failed++;
    }
  }
  Deno.exit(failed > 0 ? 1 : 0);
}
