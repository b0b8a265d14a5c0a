/**
 * The `policy.write` rule: writing, moving, deleting or linking a control
 * file (ctx-mode's policy, an agent's settings with permission rules or
 * hooks, `.git/config`, `.git/hooks/`, `.envrc`, …; see `control_files.ts`)
 * goes to the user. Its verdict is ask: the agent's own tools ask the user,
 * and ctx-mode's tools, which cannot ask, refuse. Also the `git config` keys
 * that make git run programs, and `ctx-mode trust`.
 *
 * Reads stay allowed. Pure: never runs, reads or prints anything.
 *
 * @module
 */

import {
  ask,
  type Env,
  type Invocation,
  literalWord,
  type Verdict,
} from "./_context.ts";
import { expandHome, resolveFrom, toPosixPath } from "./_paths.ts";
import {
  type ControlPath,
  controlPathWithin,
  matchControlPath,
} from "./control_files.ts";
import type { Word } from "./shell_parse.ts";

/** The id of the rule. */
export const POLICY_WRITE = "policy.write";

/** The control file a path names, resolved from `cwd`; `whole` also finds control files inside a folder. */
export function controlTarget(
  path: string,
  cwd: string | null,
  env: Env,
  whole = false,
): ControlPath | null {
  if (path === "") return null;
  const abs = resolveFrom(
    cwd ?? env.root,
    toPosixPath(expandHome(path, env.home)),
  );
  return whole
    ? controlPathWithin(abs, env.control)
    : matchControlPath(abs, env.control);
}

/** The ask verdict for a write to a control file. */
export function controlWriteVerdict(target: ControlPath, how: string): Verdict {
  return ask(
    POLICY_WRITE,
    `This ${how} ${target.path} (${target.what}); a change there can loosen the guard or run code later, so the user decides. Ask the user to make this change`,
  );
}

/** The control file a word names: a literal path, or a dynamic one below a control folder. */
function wordTarget(
  w: Word,
  cwd: string | null,
  env: Env,
  whole: boolean,
): ControlPath | null {
  if (!w.dynamic) return controlTarget(w.value, cwd, env, whole);
  const prefix = w.literalPrefix;
  const slash = prefix.lastIndexOf("/");
  if (slash === -1) return null;
  return controlTarget(`${prefix.slice(0, slash + 1)}x`, cwd, env);
}

/** Checks one written path (a redirect target, `tee`'s file). */
export function checkWrittenWord(
  w: Word,
  cwd: string | null,
  env: Env,
  how = "writes",
): Verdict | null {
  const target = wordTarget(w, cwd, env, false);
  return target ? controlWriteVerdict(target, how) : null;
}

function operands(args: readonly Word[]): Word[] {
  const out: Word[] = [];
  let options = true;
  for (const w of args) {
    if (options && w.value === "--") {
      options = false;
      continue;
    }
    if (options && w.value.startsWith("-") && w.value !== "-") continue;
    out.push(w);
  }
  return out;
}

function basename(path: string): string {
  return path.split("/").filter((s) => s !== "").pop() ?? "";
}

/** `cp`/`mv`/`install`/`ln`/`rsync`: the destination, the destination folder joined with each source's name, and for `mv`/`ln` the sources. */
function checkCopy(inv: Invocation, env: Env): Verdict | null {
  const files = operands(inv.args);
  const flag = inv.args.findIndex((w) =>
    w.value === "-t" || w.value.startsWith("--target-directory")
  );
  let dest: Word | undefined;
  let sources: Word[];
  if (flag !== -1) {
    const w = inv.args[flag]!;
    dest = w.value.includes("=")
      ? literalWord(w.value.slice(w.value.indexOf("=") + 1))
      : inv.args[flag + 1];
    sources = files.filter((f) => f !== dest);
  } else {
    dest = files[files.length - 1];
    sources = files.slice(0, -1);
  }
  if (dest === undefined) return null;
  const how = inv.name === "mv" ? "moves a file to" : "writes";
  const direct = checkWrittenWord(dest, inv.cwd, env, how);
  if (direct) return direct;
  if (!dest.dynamic) {
    for (const src of sources) {
      const name = src.dynamic ? "" : basename(src.value);
      const target = name === ""
        ? null
        : controlTarget(`${dest.value}/${name}`, inv.cwd, env);
      if (target) return controlWriteVerdict(target, how);
    }
  }
  if (inv.name !== "mv" && inv.name !== "ln") return null;
  for (const src of sources) {
    const target = wordTarget(src, inv.cwd, env, inv.name === "mv");
    if (target) {
      return controlWriteVerdict(
        target,
        inv.name === "ln" ? "links to" : "moves away",
      );
    }
  }
  return null;
}

const ANY_OPERAND = new Set([
  "truncate",
  "touch",
  "chmod",
  "chown",
  "chgrp",
  "unlink",
  "shred",
]);
const DELETERS = new Set(["rm", "rmdir", "unlink", "shred", "rimraf"]);

/** Git settings that make git run a program, or hide what a git command does. */
const GIT_RUNS =
  /^(?:core\.(?:fsmonitor|hookspath|sshcommand|pager|editor|askpass|gitproxy|alternaterefscommand)|alias\..+|diff\.external|diff\..+\.(?:textconv|command)|filter\..+|merge\..+\.driver|credential\..*helper|sequence\.editor|gpg\.(?:.+\.)?program|include\.path|includeif\..+|pager\..+|interactive\.difffilter|remote\..+\.(?:uploadpack|receivepack|proxy)|uploadpack\..+|receive\..+|ssh\.variant|protocol\..+|url\..+\.(?:insteadof|pushinsteadof))$/i;
const GIT_CONFIG_READS = new Set([
  "--get",
  "--get-all",
  "--get-regexp",
  "--get-urlmatch",
  "-l",
  "--list",
  "--unset",
  "--unset-all",
  "--remove-section",
  "--show-origin",
  "--name-only",
  "-e",
  "--edit",
]);

/**
 * The command a `git -c key=value` setting makes git run, or null when the
 * key runs nothing (`core.fsmonitor=./watch` → `./watch`, `alias.x=!rm -rf ~`
 * → `rm -rf ~`).
 *
 * @param setting The `key=value` text.
 * @returns The command, or null.
 */
export function gitConfigCommand(setting: string): string | null {
  const eq = setting.indexOf("=");
  if (eq === -1) return null;
  const key = setting.slice(0, eq);
  const value = setting.slice(eq + 1);
  if (/^alias\./i.test(key)) {
    return value.startsWith("!") ? value.slice(1) : null;
  }
  if (
    !GIT_RUNS.test(key) ||
    /^(?:url|include|includeif|protocol|remote|uploadpack|receive)\./i.test(key)
  ) {
    return null;
  }
  return value.replace(/^!/, "");
}

/**
 * Checks `git config` arguments: setting a key that makes git run a program
 * (`core.fsmonitor`, `core.hooksPath`, `core.sshCommand`, `alias.*`, filter
 * and diff drivers, `include.path`, …) goes to the user; reading, unsetting
 * and ordinary keys (`user.name`) pass.
 *
 * @param args The arguments after `config`.
 * @returns An ask, or null.
 */
export function checkGitConfig(args: readonly string[]): Verdict | null {
  let sub: string | null = null;
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i] ?? "";
    if (a === "--file" || a === "-f" || a === "--blob" || a === "--type") {
      i++;
      continue;
    }
    if (a.startsWith("-")) {
      if (GIT_CONFIG_READS.has(a)) return null;
      continue;
    }
    if (
      sub === null &&
      [
        "set",
        "get",
        "unset",
        "list",
        "edit",
        "rename-section",
        "remove-section",
      ].includes(a) && positional.length === 0
    ) {
      sub = a;
      continue;
    }
    positional.push(a);
  }
  if (sub !== null && sub !== "set") return null;
  const [key, value] = positional;
  if (key === undefined || value === undefined) return null;
  if (!GIT_RUNS.test(key) && !/^!/.test(value)) return null;
  return ask(
    POLICY_WRITE,
    `git config ${key} makes git run a program or rewrite what git commands do, later and unconfined, so the user decides. Ask the user to set it`,
  );
}

/** Whether the invocation runs `ctx-mode trust`, also through `npx`, `bunx` or a script path. */
function runsTrust(inv: Invocation): boolean {
  const words = [inv.name, ...operands(inv.args).map((w) => w.value)];
  return words.some((w, i) =>
    /(?:^|\/)ctx-mode(?:@[\w.-]+)?$/.test(w) && words[i + 1] === "trust"
  );
}

/**
 * Checks a program's writes to control files: `tee`, `cp`/`mv`/`install`/
 * `ln`/`rsync` destinations, `sed -i`/`perl -i` files, `dd of=`, `curl -o`,
 * `truncate`/`touch`/`chmod`, and deletes (`rm`, also of a folder holding
 * control files); also `ctx-mode trust`.
 *
 * @param inv The invocation.
 * @param env The analysis environment.
 * @returns An ask, or null.
 */
export function checkControlWrites(inv: Invocation, env: Env): Verdict | null {
  const { name, args, cwd } = inv;
  switch (name) {
    case "tee":
      for (const w of operands(args)) {
        const v = checkWrittenWord(w, cwd, env);
        if (v) return v;
      }
      return null;
    case "cp":
    case "install":
    case "rsync":
    case "scp":
    case "mv":
    case "ln":
      return checkCopy(inv, env);
    case "sed":
    case "perl":
      if (
        !args.some((w) =>
          /^-[a-zA-Z]*i/.test(w.value) || w.value.startsWith("--in-place")
        )
      ) {
        return null;
      }
      for (const w of operands(args)) {
        const v = checkWrittenWord(w, cwd, env, "edits");
        if (v) return v;
      }
      return null;
    case "dd": {
      const of = args.find((w) => w.value.startsWith("of="));
      return of
        ? checkWrittenWord(
          {
            ...of,
            value: of.value.slice(3),
            literalPrefix: of.literalPrefix.slice(3),
          },
          cwd,
          env,
        )
        : null;
    }
    case "curl":
    case "wget": {
      const i = args.findIndex((w) =>
        ["-o", "--output", "-O", "--output-document"].includes(w.value)
      );
      const out = i === -1 ? undefined : args[i + 1];
      return out ? checkWrittenWord(out, cwd, env, "downloads to") : null;
    }
  }
  if (runsTrust(inv)) {
    return ask(
      POLICY_WRITE,
      "ctx-mode trust lets the project's .ctx-mode.json switch rules off, so only the user runs it. Ask the user to run it",
    );
  }
  if (DELETERS.has(name) || ANY_OPERAND.has(name)) {
    const how = DELETERS.has(name) ? "deletes" : "changes";
    for (const w of operands(args)) {
      const target = wordTarget(w, cwd, env, DELETERS.has(name));
      if (target) return controlWriteVerdict(target, how);
    }
  }
  return null;
}
