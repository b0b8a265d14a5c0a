/**
 * Copies that write a dotenv file from a template (`cp .env.example .env`):
 * the template holds no secret and nothing secret is read, so the secret
 * rules let the destination pass. Copying a real `.env` anywhere stays denied.
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
