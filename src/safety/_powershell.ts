/**
 * The guard's PowerShell rules: `Remove-Item` and its aliases with `-Recurse`
 * and `-Force` (targets piped from a lister included), the cmdlets that touch
 * no content, and the script in `pwsh -Command …` /
 * `powershell -EncodedCommand …` run from a POSIX shell. The reading of the
 * text itself is `_powershell_parse.ts`.
 *
 * Pure: never runs PowerShell or touches the file system.
 *
 * @module
 */

import {
  allow,
  deny,
  type Env,
  type Invocation,
  type Verdict,
} from "./_context.ts";
import { CATASTROPHIC, classifyTarget, expandBraces } from "./_rm.ts";
import type { Word } from "./shell_parse.ts";

/** `Remove-Item` and the aliases PowerShell defines for it. */
export const REMOVE_ITEM_NAMES = new Set([
  "remove-item",
  "rm",
  "del",
  "erase",
  "rd",
  "rmdir",
  "ri",
]);

/** Cmdlets that only print, test or look at names and metadata. */
export const POWERSHELL_NO_CONTENT = new Set([
  "test-path",
  "get-childitem",
  "gci",
  "dir",
  "ls",
  "get-item",
  "gi",
  "resolve-path",
  "split-path",
  "join-path",
  "write-host",
  "write-output",
  "echo",
  "new-item",
  "ni",
  "mkdir",
  "set-location",
  "cd",
  "sl",
  "push-location",
  "pop-location",
]);

const REMOVE_ITEM_PARAMETERS = [
  "path",
  "literalpath",
  "filter",
  "include",
  "exclude",
  "recurse",
  "force",
  "credential",
  "stream",
  "whatif",
  "confirm",
  "erroraction",
  "warningaction",
  "informationaction",
  "errorvariable",
  "warningvariable",
  "informationvariable",
  "outvariable",
  "outbuffer",
  "pipelinevariable",
  "verbose",
  "debug",
];
const SWITCHES = new Set([
  "recurse",
  "force",
  "whatif",
  "confirm",
  "verbose",
  "debug",
]);
const PARAMETER_ALIASES: Record<string, string> = {
  lp: "literalpath",
  pspath: "literalpath",
  wi: "whatif",
  cf: "confirm",
  ea: "erroraction",
  wa: "warningaction",
  r: "recurse",
  f: "force",
};

function parameterName(token: string): string | null {
  const name = token.slice(1).toLowerCase();
  if (PARAMETER_ALIASES[name]) return PARAMETER_ALIASES[name] ?? null;
  if (REMOVE_ITEM_PARAMETERS.includes(name)) return name;
  const matches = REMOVE_ITEM_PARAMETERS.filter((p) => p.startsWith(name));
  return matches.length === 1 ? matches[0] ?? null : null;
}

/** Whether a target is a drive root (`C:\`, `C:\*`) once spelled `/c`, `/c/*`. */
function isDriveRoot(w: Word): boolean {
  return /^\/[a-z](\/\*?)?$/.test(w.value.replace(/\/+/g, "/"));
}

/**
 * Checks `Remove-Item` (or an alias) with its words: recursive deletes follow
 * the same rules as `rm -r`/`rm -rf`; `-WhatIf` only reports.
 *
 * @param args The words after the cmdlet name.
 * @param cwd The directory it runs in.
 * @param env The analysis environment.
 * @returns The verdict.
 */
export function checkRemoveItem(
  args: Word[],
  cwd: string | null,
  env: Env,
): Verdict {
  let recurse = false;
  let force = false;
  let whatIf = false;
  const targets: Word[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Word;
    if (!w.value.startsWith("-") || w.quoted || w.value === "-") {
      targets.push(w);
      continue;
    }
    const colon = w.value.indexOf(":");
    const name = parameterName(
      colon === -1 ? w.value : w.value.slice(0, colon),
    );
    const on = colon === -1 || !/^\$?false$/i.test(w.value.slice(colon + 1));
    if (name === "recurse") recurse = on;
    else if (name === "force") force = on;
    else if (name === "whatif") whatIf = on;
    else if (name === "path" || name === "literalpath") {
      if (colon !== -1) targets.push({ ...w, value: w.value.slice(colon + 1) });
      else if (args[i + 1]) targets.push(args[++i] as Word);
    } else if (name !== null && !SWITCHES.has(name) && colon === -1) i++;
  }
  if (!recurse || whatIf) return allow();
  if (targets.length === 0 && force && env.level !== "standard") {
    return deny(
      "rm.dynamic",
      "Remove-Item -Recurse -Force takes its targets from the pipeline, which cannot be checked. Name the paths explicitly",
    );
  }
  const verdicts = targets.flatMap(expandBraces).map((t) =>
    classifyTarget(
      isDriveRoot(t) ? { ...t, value: "/", dynamic: false } : t,
      cwd,
      env,
      force,
    )
  );
  return verdicts.find((v) => v && CATASTROPHIC.has(v.rule ?? "")) ??
    verdicts.find((v) => v !== null) ?? allow();
}

const LISTERS = new Set([
  "get-childitem",
  "gci",
  "ls",
  "dir",
  "get-item",
  "gi",
]);

/**
 * The paths a pipeline lists into a `Remove-Item` that names no target
 * (`Get-ChildItem ~ | Remove-Item -Recurse`): the listed folder, as a
 * pattern of its children when the listing is filtered.
 *
 * @param statements The statements of the text.
 * @param pipes Each statement's pipeline and position.
 * @param at The index of the `Remove-Item` statement.
 * @returns The words standing for what reaches it, or [] when nothing known does.
 */
export function pipedTargets(
  statements: Word[][],
  pipes: { pipeline: number; index: number }[],
  at: number,
): Word[] {
  const own = pipes[at];
  if (own === undefined || own.index === 0) return [];
  const before = statements.filter((_, i) =>
    pipes[i]?.pipeline === own.pipeline && (pipes[i]?.index ?? 0) < own.index
  );
  const lister = before.find((words) =>
    LISTERS.has((words[0]?.value ?? "").toLowerCase())
  );
  if (lister === undefined) return [];
  const filtered = before.length > 1 ||
    lister.some((w) =>
      /^-(?:filter|include|exclude|file|directory|name)/i.test(w.value)
    );
  let path: Word | undefined;
  for (let i = 1; i < lister.length; i++) {
    const w = lister[i] as Word;
    if (/^-(?:path|literalpath)$/i.test(w.value)) {
      path = lister[i + 1];
      break;
    }
    if (/^-(?:filter|include|exclude|depth)$/i.test(w.value)) i++;
    else if (!w.value.startsWith("-") && path === undefined) path = w;
  }
  if (path === undefined) return [];
  const base = path;
  if (!filtered) return [base];
  const prefix = base.dynamic ? base.literalPrefix : `${base.value}/`;
  return [{
    ...base,
    value: `${base.value}/*`,
    dynamic: true,
    literalPrefix: prefix,
  }];
}

const POWERSHELL_HOSTS = new Set([
  "pwsh",
  "pwsh.exe",
  "powershell",
  "powershell.exe",
]);

/** Whether a program name is a PowerShell host. */
export function isPowerShellHost(name: string): boolean {
  return POWERSHELL_HOSTS.has(name);
}

function decodeUtf16(base64: string): string | null {
  try {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    return new TextDecoder("utf-16le", { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The script a PowerShell host runs from its command line (`-Command`,
 * `-c`, `-EncodedCommand`), or null when it runs a file or nothing.
 */
export function powerShellScript(inv: Invocation): string | null {
  const args = inv.args;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    const lower = a.toLowerCase();
    if (!a.startsWith("-")) {
      return args.slice(i).map((w) => w.value).join(" ");
    }
    if (/^-(c|co|com|comm|comma|comman|command)$/.test(lower)) {
      return args.slice(i + 1).map((w) => w.value).join(" ");
    }
    if (
      /^-(e|ec|en|enc|encodedcommand)$/.test(lower) ||
      lower.startsWith("-encoded")
    ) {
      return decodeUtf16(args[i + 1]?.value ?? "") ?? "\u0000";
    }
    if (/^-(f|fi|fil|file)$/.test(lower)) return null;
    if (
      /^-(executionpolicy|ep|ex|workingdirectory|wd|configurationname|settingsfile|outputformat|of|inputformat|if|windowstyle|w)$/
        .test(lower)
    ) {
      i++;
    }
  }
  return null;
}
