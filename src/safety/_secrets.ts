/**
 * Which paths hold secrets: dotenv files, credential files, private keys and
 * the credential folders of ssh and cloud tools.
 *
 * Pure string logic: never reads, stats or resolves anything.
 *
 * @module
 */

import { baseName, expandHome, resolveFrom } from "./_paths.ts";

/** A secret path match: the rule that fires and what the path holds. */
export interface SecretMatch {
  rule: string;
  what: string;
}

/** Where relative paths start (null when unknown) and the home directory for `~`. */
export interface SecretPathOptions {
  cwd: string | null;
  home: string;
}

/** Dotenv templates that hold no secrets. */
const ENV_TEMPLATES = new Set([
  ".env.example",
  ".env.sample",
  ".env.template",
  ".env.defaults",
]);

const CREDENTIAL_FILES = new Set([
  ".npmrc",
  ".pypirc",
  ".netrc",
  "_netrc",
  ".git-credentials",
  "credentials",
  "credentials.json",
]);

const PRIVATE_KEYS = [
  "id_rsa",
  "id_dsa",
  "id_ecdsa",
  "id_ed25519",
  "id_ecdsa_sk",
  "id_ed25519_sk",
];

/** Backup spellings of a secret file that still hold the secret. */
const BACKUP_SUFFIXES = [
  ".bak",
  ".backup",
  ".copy",
  ".disabled",
  ".old",
  ".orig",
  ".save",
  ".tmp",
];

const KEY_EXTENSIONS = [
  ".pem",
  ".key",
  ".p12",
  ".pfx",
  ".pkcs12",
  ".jks",
  ".keystore",
  ".asc",
];

/** Password stores, VPN and remote-desktop profiles, disk keys and captures. */
const VAULT_EXTENSIONS = [
  ".kdbx",
  ".psafe3",
  ".agilekeychain",
  ".keychain",
  ".kwallet",
  ".ovpn",
  ".tblk",
  ".rdp",
  ".cscfg",
  ".gnucash",
  ".bek",
  ".fve",
  ".tpm",
  ".pcap",
  ".mdf",
  ".sdf",
];

/** Folders, or folder + file name, that hold cloud, tool and coding-agent credentials. */
const CLOUD_PATHS: { run: string[]; file?: string }[] = [
  { run: [".aws"] },
  { run: [".gnupg"] },
  { run: [".password-store"] },
  { run: [".config", "gcloud"] },
  { run: [".kube"], file: "config" },
  { run: [".docker"], file: "config.json" },
  { run: [".config", "gh"], file: "hosts.yml" },
  { run: [".claude"], file: ".credentials.json" },
  { run: [".codex"], file: "auth.json" },
  { run: [".gemini"], file: "oauth_creds.json" },
  { run: [".local", "share", "opencode"], file: "auth.json" },
];

function indexOfRun(segments: string[], run: string[]): number {
  for (let i = 0; i + run.length <= segments.length; i++) {
    if (run.every((s, j) => segments[i + j] === s)) return i;
  }
  return -1;
}

/** Whether `name` is `base` or a backup copy of it (`config.bak`). */
function isCopyOf(name: string, base: string): boolean {
  return name === base || BACKUP_SUFFIXES.some((s) => name === base + s);
}

/** Whether `name` is an ssh private key, also renamed (`id_rsa_work`, `id_rsa.bak`), but not a `.pub`. */
function isPrivateKeyName(name: string): boolean {
  if (name.endsWith(".pub")) return false;
  return PRIVATE_KEYS.some((key) =>
    name === key ||
    (name.startsWith(key) && /^[-_.]/.test(name.slice(key.length)) &&
      !PRIVATE_KEYS.some((k) => k !== key && name.startsWith(k)))
  );
}

/**
 * Classifies a path (absolute, relative to `cwd`, or starting with `~`) as a
 * secret or not.
 */
export function classifySecretPath(
  path: string,
  options: SecretPathOptions,
): SecretMatch | null {
  const { cwd, home } = options;
  const expanded = expandHome(path, home);
  const absolute = expanded.startsWith("/") || cwd !== null
    ? resolveFrom(cwd ?? "/", expanded)
    : expanded;
  const name = baseName(absolute);
  if (
    /^\/etc\/(?:g?shadow-?|master\.passwd|security\/opasswd)$/.test(absolute)
  ) {
    return {
      rule: "secret.credentials-file",
      what: "the system's password hashes",
    };
  }
  if (
    (name === ".env" || name.startsWith(".env.")) && !ENV_TEMPLATES.has(name)
  ) {
    return { rule: "secret.env", what: "a dotenv file with secrets" };
  }
  const segments = absolute.split("/").filter((s) => s !== "");
  for (const { run, file } of CLOUD_PATHS) {
    const at = indexOfRun(segments, run);
    if (at === -1) continue;
    const below = segments.slice(at + run.length);
    if (
      file === undefined ||
      (below.length === 1 && isCopyOf(below[0] ?? "", file))
    ) {
      return {
        rule: "secret.cloud-credentials",
        what: "cloud or tool credentials",
      };
    }
  }
  if ([...CREDENTIAL_FILES].some((file) => isCopyOf(name, file))) {
    return { rule: "secret.credentials-file", what: "a credentials file" };
  }
  if (
    isPrivateKeyName(name) ||
    KEY_EXTENSIONS.some((ext) => name.endsWith(ext) && name !== ext)
  ) {
    return { rule: "secret.private-key", what: "a private key" };
  }
  if (VAULT_EXTENSIONS.some((ext) => name.endsWith(ext) && name !== ext)) {
    return {
      rule: "secret.credentials-file",
      what: "a password store, key or credential profile",
    };
  }
  if (segments.includes(".ssh") && !name.endsWith(".pub")) {
    return { rule: "secret.ssh", what: "the ssh configuration and keys" };
  }
  return null;
}

/** Classifies the literal prefix of a glob (`.env*`, `~/.ssh/*`) by what it could match. */
export function classifySecretPrefix(
  prefix: string,
  options: SecretPathOptions,
): SecretMatch | null {
  const { cwd, home } = options;
  if (prefix === "") return null;
  const name = baseName(prefix);
  if (name.startsWith(".env") && !prefix.endsWith("/")) {
    return { rule: "secret.env", what: "dotenv files with secrets" };
  }
  const dir = prefix.endsWith("/") ? `${prefix}x` : prefix;
  const match = classifySecretPath(dir, { cwd, home });
  return match !== null && match.rule !== "secret.env" ? match : null;
}

/**
 * Files of `~/.ssh` that name hosts and options but hold no key:
 * `config` and `known_hosts`. Reading them passes (`cat ~/.ssh/config`);
 * writing them (a `ProxyCommand` runs code) and uploading them stay denied.
 *
 * @param path The path (absolute, relative to `cwd`, or starting with `~`).
 * @param options Where relative paths start and the home directory.
 * @returns True for the ssh client's configuration and host list.
 */
export function isReadableSshFile(
  path: string,
  options: SecretPathOptions,
): boolean {
  const expanded = expandHome(path, options.home);
  if (!expanded.startsWith("/") && options.cwd === null) return false;
  const abs = resolveFrom(options.cwd ?? "/", expanded);
  return abs === `${options.home}/.ssh/config` ||
    abs === `${options.home}/.ssh/known_hosts`;
}

/**
 * Whether a file name is a dotenv template (`.env.example`, `.env.sample`,
 * `.env.template`, `.env.defaults`), which holds no secret.
 *
 * @param path The path.
 * @returns True for a template.
 */
export function isDotenvTemplate(path: string): boolean {
  return ENV_TEMPLATES.has(baseName(path));
}

/**
 * One secret file for each credential location under a home, to tell
 * whether walking a folder reaches one (`find ~/.docker` reaches
 * `~/.docker/config.json`).
 *
 * @param home The home directory.
 * @returns Absolute sample paths.
 */
export function homeSecretSamples(home: string): string[] {
  return [
    ...CLOUD_PATHS.map(({ run, file }) =>
      `${home}/${run.join("/")}/${file ?? "credentials"}`
    ),
    ...[...CREDENTIAL_FILES].filter((f) => f.startsWith(".")).map((f) =>
      `${home}/${f}`
    ),
    `${home}/.ssh/id_rsa`,
    `${home}/.ssh/id_ed25519`,
  ];
}
