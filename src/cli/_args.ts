/**
 * Argument parsing shared by every command: `node:util` `parseArgs` with its
 * errors turned into one-line usage errors, and the options every
 * knowledge-base command accepts.
 *
 * @module
 */

import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./_usage_error.ts";

export { UsageError };

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Options every command that touches the project database takes. */
export const STORE_OPTIONS = {
  project: { type: "string" },
  db: { type: "string" },
} as const satisfies Options;

/** Parses `args` for `command`, with `--help` always accepted. */
export function parseCommandArgs<T extends Options>(
  command: string,
  args: string[],
  options: T,
) {
  try {
    return parseArgs({
      args: joinNegativeValues(args, options),
      options: { ...options, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const message = error instanceof Error
      ? error.message.split("\n")[0] ?? ""
      : String(error);
    throw new UsageError(
      message.replace(/\. To specify a positional.*$/, ""),
      command,
    );
  }
}

/**
 * `--limit -1` as `--limit=-1`: `parseArgs` takes a value that starts with a
 * dash for an option and refuses it as "ambiguous"; a number is meant as the
 * value, so that the option's own check can say what is wrong with it.
 */
function joinNegativeValues(args: string[], options: Options): string[] {
  const takesValue = new Map<string, string>();
  for (const [name, option] of Object.entries(options)) {
    if (option.type !== "string") continue;
    takesValue.set(`--${name}`, name);
    if (option.short) takesValue.set(`-${option.short}`, name);
  }
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") return [...joined, ...args.slice(i)];
    const name = takesValue.get(arg);
    const next = args[i + 1];
    if (name !== undefined && next !== undefined && /^-\d/.test(next)) {
      joined.push(`--${name}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

/** A whole number flag within bounds, or a usage error naming the flag. */
export function integerFlag(
  command: string,
  flag: string,
  value: string | undefined,
  bounds: { min: number; max: number; fallback: number },
): number {
  if (value === undefined) return bounds.fallback;
  const number = Number(value);
  if (
    !/^\d+$/.test(value.trim()) || number < bounds.min || number > bounds.max
  ) {
    throw new UsageError(
      `Cannot use --${flag} "${value}": expected a whole number from ${bounds.min} to ${bounds.max}`,
      command,
    );
  }
  return number;
}
