/**
 * What a file holds by the time a later command of the same line runs it:
 * text the line wrote (`echo … > s.sh`, a here-doc'ed `cat`), a download the
 * line saved (`curl -o`, `wget -O`, wget's own file name, `curl … > f`), or
 * content the line does not show that replaced it (`cp`, `mv`, `install`,
 * `tee`, `dd of=`, `sed -i`, a redirect from another program). Copies and moves carry
 * what the line knows of their source.
 *
 * Pure: looks at the parsed commands only; never reads a file.
 *
 * @module
 */

import { commandName, deny, type Env, type Verdict } from "./_context.ts";
import { baseName, expandHome, resolveFrom } from "./_paths.ts";
import { writtenText } from "./_line.ts";
import type { SimpleCommand, Word } from "./shell_parse.ts";

/** What the line leaves in a file. */
export type LineFile =
  | { kind: "text"; text: string }
  | { kind: "download" }
  | { kind: "replaced"; shown: boolean };

/** Programs that fetch from the network. */
export const DOWNLOADERS = new Set([
  "curl",
  "wget",
  "fetch",
  "http",
  "https",
  "httpie",
  "xh",
  "xhs",
  "aria2c",
  "lwp-request",
  "nc",
  "ncat",
  "netcat",
  "socat",
]);

const WRITE_OPS = new Set([">", ">>", ">|", "&>", "&>>"]);

const COPIERS = new Set(["cp", "mv", "install", "ln", "rsync"]);

/** Programs that rewrite a file in place with `-i`. */
const IN_PLACE_EDITORS = new Set(["sed", "gsed", "perl", "ruby"]);

const WRAPPERS = new Set(["sudo", "env", "command", "nice", "nohup", "time"]);

/** The program word and its arguments, past a few plain wrappers. */
function programOf(c: SimpleCommand): { name: string; args: Word[] } {
  let i = 0;
  while (i < c.argv.length && WRAPPERS.has(commandName(c.argv[i]))) {
    i++;
    while (c.argv[i]?.value.startsWith("-")) i++;
  }
  return { name: commandName(c.argv[i]), args: c.argv.slice(i + 1) };
}

/** The file a URL's download is saved as by wget or `curl -O`. */
function urlFileName(args: Word[]): string[] {
  return args.filter((w) => /^(?:https?|ftp):\/\//i.test(w.value)).map((w) =>
    baseName(w.value.replace(/[?#].*$/, "")) || "index.html"
  ).filter((n) => n !== "" && !n.includes(":"));
}

/** The files a downloader's command line saves to (not stdout). */
function downloadFiles(name: string, args: Word[]): string[] {
  const valued = name === "wget"
    ? ["-O", "--output-document"]
    : ["-o", "--output"];
  const letter = name === "wget" ? "O" : "o";
  const out: string[] = [];
  let remoteName = false;
  args.forEach((w, i) => {
    const a = w.value;
    const eq = a.indexOf("=");
    if (valued.includes(a)) out.push(args[i + 1]?.value ?? "");
    else if (eq > 0 && valued.includes(a.slice(0, eq))) {
      out.push(a.slice(eq + 1));
    } else if (/^-[A-Za-z]+$/.test(a) && a.endsWith(letter)) {
      out.push(args[i + 1]?.value ?? "");
    } else if (/^-[A-Za-z]+/.test(a) && !a.startsWith("--")) {
      const at = a.indexOf(letter);
      if (at > 0) out.push(a.slice(at + 1));
      if (name === "curl" && /^-[A-Za-z]*O/.test(a)) remoteName = true;
    }
    if (name === "curl" && /^--remote-name(?:-all)?$/.test(a)) {
      remoteName = true;
    }
  });
  const named = out.filter((f) => f !== "" && f !== "-");
  if (remoteName || (name === "wget" && out.length === 0)) {
    const prefix = directoryPrefix(args);
    named.push(...urlFileName(args).map((f) => `${prefix}${f}`));
  }
  return named;
}

/** wget's `-P DIR` / `--directory-prefix=DIR`, with a trailing slash, or "". */
function directoryPrefix(args: Word[]): string {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    const dir = a === "-P" || a === "--directory-prefix"
      ? args[i + 1]?.value
      : a.startsWith("--directory-prefix=")
      ? a.slice(19)
      : /^-P./.test(a)
      ? a.slice(2)
      : undefined;
    if (dir !== undefined && dir !== "") return `${dir.replace(/\/+$/, "")}/`;
  }
  return "";
}

/** What the command before `tee` in its pipeline gives it: shown text, a download, or unknown. */
function teeInput(
  all: SimpleCommand[],
  tee: SimpleCommand,
): LineFile | undefined {
  const feeder = all.find((c) =>
    c.pipeline === tee.pipeline && c.pipelineIndex === tee.pipelineIndex - 1
  );
  if (feeder === undefined) return undefined;
  if (DOWNLOADERS.has(programOf(feeder).name)) return { kind: "download" };
  const text = writtenText(feeder);
  return text === null ? undefined : { kind: "text", text };
}

/** A copy's destination and sources (`-t DIR` or the last operand). */
function copyParts(args: Word[]): { dest: string; sources: string[] } | null {
  const operands: string[] = [];
  let dir: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (a === "-t" || a === "--target-directory") dir = args[++i]?.value ?? "";
    else if (a.startsWith("--target-directory=")) dir = a.slice(19);
    else if (/^-[mgoS]$/.test(a)) i++;
    else if (!a.startsWith("-")) operands.push(a);
  }
  if (dir !== null) return { dest: `${dir}/`, sources: operands };
  const dest = operands.pop();
  return dest === undefined ? null : { dest, sources: operands };
}

/**
 * What the line leaves in a file before `cmd` runs, or null when no earlier
 * command of the line writes it.
 *
 * @param all Every simple command of the line, in order.
 * @param cmd The command that runs or reads the file.
 * @param path The file as the command names it.
 * @param cwd The directory relative paths start from, or null when unknown.
 * @param home The home directory, for `~`.
 * @returns What the file holds, as far as the line shows it.
 */
export function lineFile(
  all: SimpleCommand[],
  cmd: SimpleCommand,
  path: string,
  cwd: string | null,
  home: string,
): LineFile | null {
  if (path === "" || (!path.startsWith("/") && cwd === null)) return null;
  const files = new Map<string, LineFile>();
  const at = (c: SimpleCommand, p: string): string | null =>
    p === "" || (!p.startsWith("/") && !p.startsWith("~") && c.cwd === null)
      ? null
      : resolveFrom(c.cwd ?? "/", expandHome(p, home));
  const replace = (file: string, by: LineFile | undefined): void => {
    const before = files.get(file);
    const shown = before !== undefined && before.kind !== "download" &&
      (before.kind === "text" || before.shown);
    files.set(
      file,
      by === undefined || by.kind === "replaced"
        ? { kind: "replaced", shown: shown || (by?.shown ?? false) }
        : by,
    );
  };
  for (const c of all) {
    if (c === cmd) break;
    const { name, args } = programOf(c);
    for (const r of c.redirects) {
      if (!WRITE_OPS.has(r.op) || r.target === null || r.target.dynamic) {
        continue;
      }
      const file = at(c, r.target.value);
      if (file === null) continue;
      const text = c.argv.length === 0 || name === ":" || name === "true"
        ? ""
        : writtenText(c);
      const before = files.get(file);
      if (text !== null) {
        const appended = r.op.endsWith(">>") && before?.kind === "text";
        files.set(file, {
          kind: "text",
          text: appended ? `${before.text}\n${text}` : text,
        });
      } else if (DOWNLOADERS.has(name)) files.set(file, { kind: "download" });
      else if (!(r.op.endsWith(">>") && before?.kind !== "text")) {
        replace(file, undefined);
      }
    }
    if (DOWNLOADERS.has(name)) {
      for (const f of downloadFiles(name, args)) {
        const file = at(c, f);
        if (file !== null) files.set(file, { kind: "download" });
      }
    } else if (COPIERS.has(name)) {
      const parts = copyParts(args);
      if (parts === null) continue;
      for (const source of parts.sources) {
        const from = at(c, source);
        const to = at(
          c,
          parts.dest.endsWith("/")
            ? `${parts.dest}${baseName(source)}`
            : parts.dest,
        );
        const into = at(c, `${parts.dest}/${baseName(source)}`);
        for (const file of [to, into]) {
          if (file !== null) {
            replace(file, from === null ? undefined : files.get(from));
          }
        }
        if (name === "mv" && from !== null) files.delete(from);
      }
    } else if (
      IN_PLACE_EDITORS.has(name) &&
      args.some((w) => /^-[a-zA-Z]*i|^--in-place/.test(w.value))
    ) {
      for (const w of args) {
        const file = w.value.startsWith("-") ? null : at(c, w.value);
        if (file !== null && files.has(file)) replace(file, undefined);
      }
    } else if (name === "tee" || name === "dd") {
      const targets = name === "tee"
        ? args.filter((w) => !w.value.startsWith("-")).map((w) => w.value)
        : args.filter((w) => w.value.startsWith("of=")).map((w) =>
          w.value.slice(3)
        );
      const fed = name === "tee" ? teeInput(all, c) : undefined;
      for (const t of targets) {
        const file = at(c, t);
        if (file !== null) replace(file, fed);
      }
    }
  }
  return files.get(resolveFrom(cwd ?? "/", expandHome(path, home))) ?? null;
}

/**
 * Judges a file a program runs as code when an earlier command of the line
 * left it: its shown text by `judge`; a download the line saved
 * (`remote.saved-run`); shown text the line then replaced with content it
 * does not show (`shell.replaced-script`). Null when the line did not write
 * the file, or the verdict allows.
 *
 * @param name The program that runs the file.
 * @param path The file as the command names it.
 * @param cmd The simple command that runs it.
 * @param all Every simple command of the line.
 * @param cwd Where relative paths start, or null when unknown.
 * @param env The analysis environment.
 * @param judge How the file's text is judged (shell code by default).
 * @returns The verdict, or null.
 */
export function checkLineFile(
  name: string,
  path: string,
  cmd: SimpleCommand,
  all: SimpleCommand[],
  cwd: string | null,
  env: Env,
  judge: (text: string) => Verdict = (text) => env.nested(text, cwd, env),
): Verdict | null {
  const file = lineFile(all, cmd, path, cwd, env.home);
  if (file === null) return null;
  if (file.kind === "download") {
    return deny(
      "remote.saved-run",
      `${path} is downloaded earlier in this line and ${name} then runs it unseen. Download it, read it, then run it as a separate step`,
    );
  }
  if (file.kind === "replaced") {
    return file.shown
      ? deny(
        "shell.replaced-script",
        `${path} is written with text this line shows and then replaced before ${name} runs it, so what runs is not what is shown. Run the script you mean by its own path`,
      )
      : null;
  }
  const v = judge(file.text);
  return v.verdict === "allow" ? null : v;
}
