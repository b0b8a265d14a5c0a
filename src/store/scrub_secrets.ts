/**
 * Scrubbing secrets out of text before it is indexed or returned: the values
 * of the environment's secret-looking variables, well-known token shapes
 * (GitHub, OpenAI and Anthropic, AWS, Slack, GitLab, npm, Google API keys,
 * JWTs), passwords in URLs and PEM private key blocks.
 *
 * Pure string work over a bounded set of linear patterns; it never reads the
 * process environment (the environment comes in as a value) and must never
 * return a secret it was able to recognise. The session redactor shares its
 * token shapes.
 *
 * @module
 */

/** What a scrubbed secret is replaced with. */
export const REDACTED = "[REDACTED]";

/** Values shorter than this are never scrubbed as environment values: "1" or "true" would be replaced everywhere. */
export const MIN_SECRET_VALUE_LENGTH = 8;

/**
 * PEM private key blocks (RSA, EC, OpenSSH, PGP…) up to their end marker;
 * without one (cut-off output), the key-looking lines after the begin marker.
 * Prose that merely names the marker loses nothing after it.
 */
export const PRIVATE_KEY_BLOCK =
  /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]{0,16000}?-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|(?:\r?\n(?:[A-Za-z0-9+/=]+|[A-Za-z-]+: [^\r\n]*))*)/g;

/**
 * Well-known token shapes: GitHub (`ghp_…`, `github_pat_…`), OpenAI and
 * Anthropic (`sk-…`, `sk-ant-…`), AWS access key ids, Slack (`xox…`), GitLab,
 * npm, Google API keys and JWTs.
 */
export const TOKEN_SHAPES =
  /\b(?:sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abeoprs]-[A-Za-z0-9-]{10,}|(?:AKIA|ASIA)[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|glpat-[A-Za-z0-9_-]{20,}|npm_[A-Za-z0-9]{30,}|eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,})\b/g;

/** The password in a URL's user information (`postgres://user:password@host`). */
const URL_PASSWORD = /\b([a-z][a-z0-9+.-]*:\/\/[^/\s:@]+):([^/\s@]+)@/gi;

const AWS_SECRET_NAME = /aws_secret_access_key/i;

/** The AWS secret access key after its setting name, in config files, commands and env listings. */
const AWS_SECRET =
  /(aws_secret_access_key["']?\s*(?:[:=]\s*|\s+)["']?)[A-Za-z0-9/+=]{30,}/gi;

/** Name fragments (upper-cased, split on `_`, `-` and `.`) that mark a variable as secret. */
const SECRET_WORDS =
  /^(?:[A-Z0-9]*(?:TOKEN|SECRET|PASSWORD|PASSWD|PASSPHRASE|CREDENTIALS?|APIKEY|PRIVATEKEY|ACCESSKEY|COOKIE)[A-Z0-9]*|KEY|PASS|PAT|AUTH|PW)$/;

/** Name endings of variables that point at secrets rather than hold them. */
const REFERENCE_ENDINGS = /(?:_SOCK|_FILE|_PATH|_DIR|_HOME|_URL|_HELPER)$/;

/**
 * Whether an environment variable's name says its value is a secret
 * (`GITHUB_TOKEN`, `OPENAI_API_KEY`, `DB_PASSWORD`, `NPM_AUTH`…).
 *
 * @param name A variable name.
 * @returns True for secret-looking names; false for names that point at a
 * secret (`SSH_AUTH_SOCK`, `GOOGLE_APPLICATION_CREDENTIALS_FILE`).
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isSecretName } from "./scrub_secrets.ts";
 * assert.equal(isSecretName("OPENAI_API_KEY"), true);
 * assert.equal(isSecretName("SSH_AUTH_SOCK"), false);
 * assert.equal(isSecretName("KEYBOARD_LAYOUT"), false);
 * ```
 */
export function isSecretName(name: string): boolean {
  const upper = name.toUpperCase();
  if (REFERENCE_ENDINGS.test(upper)) return false;
  return upper.split(/[_.-]+/).some((word) => SECRET_WORDS.test(word));
}

/** Text with its secrets scrubbed, and how many were. */
export interface Scrubbed {
  /** The text, each secret replaced by `[REDACTED]` (or `[REDACTED:NAME]` for an environment value). */
  text: string;
  /** How many secrets were replaced. */
  count: number;
}

/** Options for {@linkcode secretScrubber}. */
export interface ScrubberOptions {
  /** Variables whose values are scrubbed whatever their names (the run's deny list). @default {[]} */
  alsoNames?: readonly string[];
  /** The shortest value scrubbed as an environment value. @default {8} */
  minLength?: number;
}

/** Scrubs secrets out of text. */
export interface SecretScrubber {
  /**
   * Replaces every secret it knows in `text`.
   *
   * @param text Any text: run output, a page, a file.
   * @returns The scrubbed text and the number of secrets replaced.
   */
  scrub(text: string): Scrubbed;
}

/**
 * A scrubber for the values of an environment's secret variables and the
 * well-known token shapes.
 *
 * @param env The environment whose secret-looking values to scrub.
 * @param options More names to treat as secret, the shortest value.
 * @returns The scrubber.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { secretScrubber } from "./scrub_secrets.ts";
 * const scrubber = secretScrubber({ DB_PASSWORD: "correct-horse-battery", DEBUG: "1" });
 * assert.deepEqual(scrubber.scrub("pw correct-horse-battery, debug 1"), {
 *   text: "pw [REDACTED:DB_PASSWORD], debug 1",
 *   count: 1,
 * });
 * ```
 */
export function secretScrubber(
  env: Readonly<Record<string, string | undefined>>,
  options: ScrubberOptions = {},
): SecretScrubber {
  const minLength = options.minLength ?? MIN_SECRET_VALUE_LENGTH;
  const also = new Set(options.alsoNames ?? []);
  const values = new Map<string, string>();
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || value.trim().length < minLength) continue;
    if (!also.has(name) && !isSecretName(name)) continue;
    if (!values.has(value)) values.set(value, name);
  }
  // Longest first, so a value that contains another is replaced whole.
  const ordered = [...values].sort(([a], [b]) => b.length - a.length);
  return {
    scrub(text: string): Scrubbed {
      let count = 0;
      let result = text;
      for (const [value, name] of ordered) {
        let found = 0;
        for (let at = result.indexOf(value); at !== -1; found++) {
          at = result.indexOf(value, at + value.length);
        }
        if (found === 0) continue;
        count += found;
        result = result.replaceAll(value, `[REDACTED:${name}]`);
      }
      const shapes = scrubTokenShapes(result);
      return { text: shapes.text, count: count + shapes.count };
    },
  };
}

/**
 * Replaces the well-known token shapes, AWS secret keys, passwords in URLs
 * and PEM private key blocks in `text`.
 *
 * @param text Any text.
 * @returns The scrubbed text and the number of secrets replaced.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scrubTokenShapes } from "./scrub_secrets.ts";
 * assert.deepEqual(scrubTokenShapes("token ghp_abcdefghijklmnopqrstuvwxyz0123456789"), {
 *   text: "token [REDACTED]",
 *   count: 1,
 * });
 * ```
 */
export function scrubTokenShapes(text: string): Scrubbed {
  let count = 0;
  let result = text;
  // The cheap literal tests keep the costlier patterns off text that cannot match them.
  if (result.includes("PRIVATE KEY")) {
    result = result.replace(PRIVATE_KEY_BLOCK, () => {
      count++;
      return `${REDACTED} private key`;
    });
  }
  if (result.includes("://") && result.includes("@")) {
    result = result.replace(URL_PASSWORD, (_, user: string) => {
      count++;
      return `${user}:${REDACTED}@`;
    });
  }
  if (AWS_SECRET_NAME.test(result)) {
    result = result.replace(AWS_SECRET, (_, key: string) => {
      count++;
      return `${key}${REDACTED}`;
    });
  }
  result = result.replace(TOKEN_SHAPES, () => {
    count++;
    return REDACTED;
  });
  return { text: result, count };
}

/**
 * How a count of scrubbed secrets reads in a receipt.
 *
 * @param count The number of secrets scrubbed.
 * @returns `"1 secret scrubbed"`, `"3 secrets scrubbed"`, or `""` for none.
 */
export function scrubbedNote(count: number): string {
  if (count === 0) return "";
  return `${count} ${count === 1 ? "secret" : "secrets"} scrubbed`;
}
