/**
 * Uses of secret paths that put no secret in the transcript or on the
 * network, which the secret rules let pass: a copy that writes a dotenv file
 * from a template (`cp .env.example .env`), and ssh keys handed to the ssh
 * tools that use them without printing them (`ssh -i ~/.ssh/id_ed25519 host`,
 * `ssh-add ~/.ssh/id_rsa`, `ssh-keygen -l -f key`, `-y`). Copying a real `.env` or
 * sending a key anywhere stays denied.
 *
 * Pure: looks at the words only.
 *
 * @module
 */

import type { Invocation } from "./_context.ts";
import { isDotenvTemplate } from "./_secrets.ts";
import type { Word } from "./shell_parse.ts";

/**
 * The destination of `cp .env.example .env`: a copy whose sources are all
 * dotenv templates onto a dotenv file, which reads no secret.
 *
 * @param inv The invocation.
 * @returns The destination word, or null when the invocation is no such copy.
 */
export function templateCopy(inv: Invocation): Word | null {
  if (inv.name !== "cp" && inv.name !== "install") return null;
  const operands = inv.args.filter((w) => !w.value.startsWith("-"));
  const dest = operands.at(-1);
  const sources = operands.slice(0, -1);
  if (dest === undefined || dest.dynamic || sources.length === 0) return null;
  if (inv.args.some((w) => w.value === "-t" || w.value.startsWith("--t"))) {
    return null;
  }
  const name = dest.value.slice(dest.value.lastIndexOf("/") + 1);
  const dotenv = name === ".env" || name.startsWith(".env.");
  return dotenv && sources.every((w) => !w.dynamic && isDotenvTemplate(w.value))
    ? dest
    : null;
}

/** ssh clients whose `-i FILE` names the identity they log in with. */
const SSH_CLIENTS = new Set(["ssh", "scp", "sftp", "autossh", "sshfs"]);

/**
 * The words of an invocation that hand a key to an ssh tool that uses it
 * without printing it: the `-i` value of an ssh client (also glued,
 * `-i~/.ssh/k`), every operand of `ssh-add`, the `-f` value of `ssh-keygen -l`
 * or `-y`.
 *
 * @param inv The invocation.
 * @returns The words, compared by identity.
 */
export function keyUses(inv: Invocation): Set<Word> {
  const out = new Set<Word>();
  const { name, args } = inv;
  if (name === "ssh-add") {
    for (const w of args) if (!w.value.startsWith("-")) out.add(w);
  }
  // ssh-keygen only reads the key to show its fingerprint or public half;
  // generating or re-encrypting one writes it, which stays a secret write.
  const shows = name === "ssh-keygen" &&
    args.some((w) => /^-[a-zA-Z]*[ly]/.test(w.value)) &&
    !args.some((w) => /^-[a-zA-Z]*[tpN]/.test(w.value));
  const flag = SSH_CLIENTS.has(name) ? "-i" : shows ? "-f" : "";
  if (flag === "") return out;
  args.forEach((w, i) => {
    const next = args[i + 1];
    if (w.value === flag && next) out.add(next);
    else if (w.value.startsWith(flag) && w.value.length > 2) out.add(w);
  });
  return out;
}
