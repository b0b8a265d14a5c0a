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

const TEMPLATE_SUFFIXES = [".example", ".sample", ".template", ".dist"];

const CREDENTIAL_FILES = new Set([
  ".npmrc",
  ".pypirc",
  ".netrc",
  "_netrc",
  ".git-credentials",
]);

const PRIVATE_KEYS = new Set([
  "id_rsa",
  "id_dsa",
  "id_ecdsa",
  "id_ed25519",
  "id_ecdsa_sk",
  "id_ed25519_sk",
]);

/** Folder or file suffixes (as path segments) that hold cloud and tool credentials. */
const CLOUD_SUFFIXES: string[][] = [
  [".aws"],
  [".config", "gcloud"],
  [".kube", "config"],
  [".docker", "config.json"],
  [".config", "gh", "hosts.yml"],
];

function containsRun(segments: string[], run: string[]): boolean {
  for (let i = 0; i + run.length <= segments.length; i++) {
    if (run.every((s, j) => segments[i + j] === s)) return true;
  }
  return false;
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
    (name === ".env" || name.startsWith(".env.")) &&
    !TEMPLATE_SUFFIXES.some((suffix) => name.endsWith(suffix))
  ) {
    return { rule: "secret.env", what: "a dotenv file with secrets" };
  }
  if (CREDENTIAL_FILES.has(name)) {
    return { rule: "secret.credentials-file", what: "a credentials file" };
  }
  if (PRIVATE_KEYS.has(name) || name.endsWith(".pem")) {
    return { rule: "secret.private-key", what: "a private key" };
  }
  const segments = absolute.split("/").filter((s) => s !== "");
  if (segments.includes(".ssh") && !name.endsWith(".pub")) {
    return { rule: "secret.ssh", what: "the ssh configuration and keys" };
  }
  if (CLOUD_SUFFIXES.some((run) => containsRun(segments, run))) {
    return {
      rule: "secret.cloud-credentials",
      what: "cloud or tool credentials",
    };
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
