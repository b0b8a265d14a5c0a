/**
 * The files curl and wget touch, checked against the secret rules: those they
 * upload (`-T`, `-F name=@file`, `-d @file`, `--post-file`, …), those they
 * read through `file://`, and those their download overwrites (`-o`, `-O`).
 *
 * Pure: classifies words; never reads or sends anything.
 *
 * @module
 */

import type { Env, Invocation, Verdict } from "./_context.ts";
import { classifySecretPath } from "./_secrets.ts";
import { noteRead, secretOf, secretVerdict } from "./_secret_access.ts";
import type { Word } from "./shell_parse.ts";

/** The files a curl or wget command line uploads. */
function uploadedFiles(args: Word[]): string[] {
  const out: string[] = [];
  const take = (option: string, value: string | undefined): void => {
    if (value === undefined) return;
    if (option === "T" || option === "--upload-file") out.push(value);
    else if (option === "F" || option === "--form") {
      const eq = value.indexOf("=");
      const body = value.slice(eq + 1);
      if (body.startsWith("@") || body.startsWith("<")) {
        out.push(body.slice(1).split(";")[0] ?? "");
      }
    } else if (option === "--data-urlencode") {
      const at = value.indexOf("@");
      if (at !== -1 && !value.slice(0, at).includes("=")) {
        out.push(value.slice(at + 1));
      }
    } else if (value.startsWith("@")) out.push(value.slice(1));
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (a.startsWith("--")) {
      const eq = a.indexOf("=");
      const name = eq === -1 ? a : a.slice(0, eq);
      if (
        !/^--(data|data-ascii|data-binary|data-urlencode|form|upload-file|post-file|body-file)$/
          .test(name)
      ) continue;
      const value = eq === -1 ? args[++i]?.value : a.slice(eq + 1);
      if (name === "--post-file" || name === "--body-file") {
        if (value !== undefined) out.push(value);
      } else take(name, value);
      continue;
    }
    if (!a.startsWith("-")) continue;
    for (let j = 1; j < a.length; j++) {
      const letter = a[j] ?? "";
      if (!"dFT".includes(letter)) {
        if ("oHuAeXxUbcKEwrzY".includes(letter)) {
          if (j === a.length - 1) i++;
          break;
        }
        continue;
      }
      const attached = a.slice(j + 1);
      take(letter, attached !== "" ? attached : args[++i]?.value);
      break;
    }
  }
  return out;
}

/** Options after which xargs's appended input becomes a file curl uploads. */
const UPLOAD_OPTIONS =
  /^(?:-[A-Za-z]*[TFd]|--(?:upload-file|form|data|data-binary|post-file|body-file))$/;

/**
 * Whether a curl or wget command line uploads a file: a named one, or the
 * input xargs appends after an upload option (`xargs curl -T`).
 *
 * @param args The downloader's arguments.
 * @returns True when it sends a file's contents.
 */
export function uploadsFiles(args: Word[]): boolean {
  return uploadedFiles(args).length > 0 ||
    UPLOAD_OPTIONS.test(args.at(-1)?.value ?? "");
}

/** The files a curl or wget command line writes its download to, and the `file://` paths it reads. */
function localFiles(inv: Invocation): Word[] {
  const out: Word[] = [];
  const valued = inv.name === "wget"
    ? [
      "-O",
      "--output-document",
      "-a",
      "--append-output",
      "-o",
      "--output-file",
    ]
    : ["-o", "--output"];
  inv.args.forEach((w, i) => {
    const a = w.value;
    const eq = a.indexOf("=");
    if (valued.includes(a) && inv.args[i + 1]) {
      out.push(inv.args[i + 1] as Word);
    } else if (eq > 0 && valued.includes(a.slice(0, eq))) {
      out.push({ ...w, value: a.slice(eq + 1), literalPrefix: "" });
    } else if (/^-[A-Za-z]*[oO].+/.test(a) && !a.startsWith("--")) {
      const letter = inv.name === "wget" ? "O" : "o";
      const at = a.indexOf(letter);
      if (at > 0) out.push({ ...w, value: a.slice(at + 1), literalPrefix: "" });
    }
    const url = /^file:\/\/(?:localhost)?(\/.*)$/i.exec(a);
    if (url?.[1]) {
      let path = url[1];
      try {
        path = decodeURIComponent(path);
      } catch { /* kept as written */ }
      out.push({ ...w, value: path, literalPrefix: w.dynamic ? "" : path });
    }
  });
  return out.filter((w) => w.value !== "-" && w.value !== "");
}

/** Denies a curl/wget command that uploads a secret file, reads one through `file://` or overwrites one with its download. */
export function checkUpload(inv: Invocation, env: Env): Verdict | null {
  for (const w of localFiles(inv)) {
    const match = secretOf(w, inv.cwd, env);
    if (match) return secretVerdict(match, w.value);
  }
  const uploads = uploadedFiles(inv.args);
  for (const path of uploads) noteRead(env, path, inv.cwd, inv.name);
  for (const path of uploads) {
    const match = classifySecretPath(path, { cwd: inv.cwd, home: env.home });
    if (match) return secretVerdict(match, path);
  }
  return null;
}
