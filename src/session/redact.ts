/**
 * Keeping secrets and bulk out of the session events: values under secret
 * keys become `[REDACTED]`, secret-looking text inside strings is masked, and
 * long text is clipped.
 *
 * Pure string work, cheap enough for the post-tool hot path: text is clipped
 * to a bounded window before any pattern runs. It must never return a secret
 * it was able to recognise. Token shapes and private keys come from the
 * knowledge base's scrubber, so both recognise the same ones.
 *
 * @module
 */

import {
  PRIVATE_KEY_BLOCK,
  REDACTED,
  scrubTokenShapes,
} from "../store/scrub_secrets.ts";

export { REDACTED };

/** Key fragments (lower-cased, without `-`, `_` or spaces) whose values are secrets. */
const SECRET_KEY =
  /authorization|token|secret|password|passwd|passphrase|apikey|cookie|privatekey|credential|accesskey|sessionkey/;

/** The same fragments as they appear in text (`api_key`, `private-key`…). */
const KEY_WORD = String
  .raw`[A-Za-z0-9_.-]*(?:authorization|token|secret|password|passwd|passphrase|api[_-]?key|cookie|private[_-]?key|credentials?|access[_-]?key|session[_-]?key)[A-Za-z0-9_.-]*`;

/** Words after "password is" that say something about a password rather than give one. */
const NOT_A_PASSWORD = new Set(
  "a an the not no in on at for of to stored saved set wrong incorrect correct invalid expired empty required missing needed changed reset same different still also too now being hashed encrypted kept there here"
    .split(" "),
);

type Replacement = string | ((match: string, ...groups: string[]) => string);

const TEXT_RULES: ReadonlyArray<[RegExp, Replacement]> = [
  [PRIVATE_KEY_BLOCK, `${REDACTED} private key`],
  // Header lines carry spaces and `;` inside their value: mask to the end of the line.
  [
    /\b((?:proxy-)?authorization|(?:set-)?cookie)(\s*:\s*)[^\r\n"']+/gi,
    `$1$2${REDACTED}`,
  ],
  [/\b(bearer|basic)\s+[A-Za-z0-9._~+/=-]{8,}/gi, `$1 ${REDACTED}`],
  // curl -u user:password, --user=user:password
  [/(\s(?:-u|--user)[\s=]+["']?[^\s:"']+):[^\s"']+/g, `$1:${REDACTED}`],
  // mysql -pPASS (attached; a bare -p prompts, -P is the port)
  [
    /(\b(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mariadb|mariadb-dump)\b[^\n|;&]*?\s-p)(?!\s)([^\s"']+|"[^"]*"|'[^']*')/g,
    `$1${REDACTED}`,
  ],
  // sshpass -p PASS, docker login -p PASS (not docker run -p 8080:80)
  [
    /(\b(?:sshpass|(?:docker|podman|nerdctl|buildah|helm\s+registry)\s+login)\b[^\n|;&]*?\s-p\s*)(?:(["'])[^"']*\2|[^\s"']+)/g,
    `$1${REDACTED}`,
  ],
  // openssl -k PASS, -pass/-passin/-passout pass:PASS (env: and file: name no secret)
  [
    /(\bopenssl\b[^\n|;&]*?\s-k\s+)(?:(["'])[^"']*\2|[^\s"']+)/g,
    `$1${REDACTED}`,
  ],
  [/(\s-pass(?:in|out)?\s+["']?pass:)[^\s"']+/g, `$1${REDACTED}`],
  // aws configure set aws_secret_access_key VALUE
  [
    /(\baws\s+configure\s+set\s+(?:[\w-]+\.)?(?:aws_secret_access_key|aws_session_token)\s+)(?:(["'])[^"']*\2|[^\s"']+)/gi,
    `$1${REDACTED}`,
  ],
  // "my password is hunter2", "the password for prod was: s3cret"
  [
    /\b((?:password|passphrase|passcode|passwd)(?:\s+for\s+\S+)?\s+(?:is|was)\s*:?\s*)(["'“]?)([^\s"'”,.;!?]+)/gi,
    (match, lead: string, quote: string, word: string) =>
      NOT_A_PASSWORD.has(word.toLowerCase())
        ? match
        : `${lead}${quote}${REDACTED}`,
  ],
  [
    new RegExp(
      String.raw`(${KEY_WORD})(["']?\s*[:=]\s*)(?:(["'])[^"']*\3|[^\s"'&;,)]+)`,
      "gi",
    ),
    `$1$2$3${REDACTED}$3`,
  ],
  [
    new RegExp(
      String.raw`(\s--?${KEY_WORD})(\s+)(?:(["'])[^"']*\3|[^\s"']+)`,
      "gi",
    ),
    `$1$2$3${REDACTED}$3`,
  ],
];

/**
 * Whether a key names a secret (`Authorization`, `api_key`, `DB_PASSWORD`…).
 *
 * @param key An object key or variable name.
 * @returns True for secret keys.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isSecretKey } from "./redact.ts";
 * assert.equal(isSecretKey("X-Api-Key"), true);
 * assert.equal(isSecretKey("file_path"), false);
 * ```
 */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key.toLowerCase().replace(/[-_\s]/g, ""));
}

/**
 * Shortens text to at most `max` characters, marking the cut.
 *
 * @param text Any text.
 * @param max The most characters to keep.
 * @returns The text, or its start followed by `…`.
 */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

/**
 * Masks the secrets in a text and clips it.
 *
 * @param text Any text: a command, a prompt, an error message.
 * @param max The most characters to keep. @default {2000}
 * @returns The text with secrets replaced by `[REDACTED]`, at most `max` characters.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { redactText } from "./redact.ts";
 * assert.equal(
 *   redactText('curl -H "Authorization: Bearer abc123def456" https://x.test'),
 *   'curl -H "Authorization: [REDACTED]" https://x.test',
 * );
 * assert.equal(redactText("export DB_PASSWORD=hunter22"), "export DB_PASSWORD=[REDACTED]");
 * ```
 */
export function redactText(text: string, max = 2000): string {
  // Clip a little past the limit first so patterns never run over megabytes,
  // while a secret straddling the limit is still seen whole.
  let result = text.length > max + 512 ? text.slice(0, max + 512) : text;
  for (const [pattern, replacement] of TEXT_RULES) {
    // Two calls: String#replace has one overload per kind of replacement.
    result = typeof replacement === "string"
      ? result.replace(pattern, replacement)
      : result.replace(pattern, replacement);
  }
  return clip(scrubTokenShapes(result).text, max);
}

/**
 * A copy of a value with every value under a secret key replaced by
 * `[REDACTED]`, secrets in strings masked and strings clipped.
 *
 * @param value Any JSON-like value.
 * @param maxString The most characters kept per string. @default {500}
 * @returns The redacted copy.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { redactValue } from "./redact.ts";
 * assert.deepEqual(
 *   redactValue({ url: "https://x.test", headers: { Authorization: "Bearer t" } }),
 *   { url: "https://x.test", headers: { Authorization: "[REDACTED]" } },
 * );
 * ```
 */
export function redactValue(value: unknown, maxString = 500): unknown {
  return redactDeep(value, maxString, 0);
}

function redactDeep(value: unknown, maxString: number, depth: number): unknown {
  if (typeof value === "string") return redactText(value, maxString);
  if (value === null || typeof value !== "object") return value;
  if (depth >= 6) return "[…]";
  if (Array.isArray(value)) {
    const items = value.slice(0, 50).map((item) =>
      redactDeep(item, maxString, depth + 1)
    );
    return value.length > 50
      ? [...items, `… ${value.length - 50} more`]
      : items;
  }
  const result: Record<string, unknown> = {};
  let keys = 0;
  for (const [key, item] of Object.entries(value)) {
    if (++keys > 50) break;
    result[key] = isSecretKey(key) && item !== null && item !== "" &&
        typeof item !== "boolean"
      ? REDACTED
      : redactDeep(item, maxString, depth + 1);
  }
  return result;
}

/**
 * A value as compact JSON: redacted, then clipped to `max` characters.
 *
 * @param value Any JSON-like value (a tool's input).
 * @param max The most characters. @default {300}
 * @returns The JSON text, clipped with `…`.
 */
export function compactJson(value: unknown, max = 300): string {
  return clip(JSON.stringify(redactValue(value, max)) ?? "", max);
}
