/**
 * Secret paths written as patterns the shell or a tool expands at run time:
 * globs (`/root/.ss?/id_rs?`, `~/.s*`), other users' homes (`~root/.ssh`),
 * parameter defaults (`${X:=.env}`), and the paths `find` prints for a
 * reader (`find ~/.ssh -type f | xargs cat`, `cat $(find / -name id_rsa)`).
 *
 * Pure string logic: never lists, reads or resolves anything.
 *
 * @module
 */

import { commandName } from "./_context.ts";
import {
  baseName,
  expandHome,
  isStrictlyWithin,
  resolveFrom,
} from "./_paths.ts";
import {
  classifySecretPath,
  classifySecretPrefix,
  homeSecretSamples,
  type SecretMatch,
  type SecretPathOptions,
} from "./_secrets.ts";
import type { SimpleCommand, Word } from "./shell_parse.ts";

/** Names a glob segment is tried against: secret folders, then secret files. */
const SECRET_NAMES = [
  ".ssh",
  ".aws",
  ".kube",
  ".docker",
  ".gnupg",
  ".env",
  ".env.local",
  "id_rsa",
  "id_ed25519",
  "id_ecdsa",
  "id_dsa",
  ".npmrc",
  ".pypirc",
  ".netrc",
  ".git-credentials",
  "credentials",
  "shadow",
  "gshadow",
];

const GLOB = /[*?[]/;

/** A glob segment as a regular expression (`*`, `?`, `[…]`), or null when it has no literal character. */
function segmentPattern(segment: string): RegExp | null {
  if (!/[^*?[\]!^]/.test(segment.replace(/\[[^\]]*\]/g, ""))) return null;
  let source = "";
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i] as string;
    if (c === "*") source += "[^/]*";
    else if (c === "?") source += "[^/]";
    else if (c === "[") {
      const end = segment.indexOf("]", i + 2);
      if (end === -1) source += "\\[";
      else {
        const body = segment.slice(i + 1, end).replace(/^[!^]/, "^")
          .replace(/\\/g, "\\\\");
        source += `[${body}]`;
        i = end;
      }
    } else source += c.replace(/[.+^${}()|\\\]]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

/** The secret name a glob segment can match, or the segment made literal. */
function matchSegment(segment: string): string {
  if (!GLOB.test(segment)) return segment;
  const literal = segment.replace(/\[[^\]]*\]|[*?]/g, "").replace(/^\./, "");
  const pattern = literal.length >= (segment.startsWith(".") ? 1 : 3)
    ? segmentPattern(segment)
    : null;
  const dotAllowed = segment.startsWith(".");
  const name = pattern === null
    ? undefined
    : SECRET_NAMES.find((n) =>
      (dotAllowed || !n.startsWith(".")) && pattern.test(n)
    );
  return name ?? segment.replace(/[*?[\]]/g, "x");
}

/**
 * Classifies a path pattern by the secrets it can match: `~user` is taken as
 * that user's home, `${X:-word}` as its default, glob segments as the secret
 * names they match (a segment of wildcards alone matches nothing secret).
 *
 * @param pattern The word's text, dynamic parts as written.
 * @param options Where relative paths start and the home directory.
 * @returns The secret it can match, or null.
 */
export function patternSecret(
  pattern: string,
  options: SecretPathOptions,
): SecretMatch | null {
  if (/\s/.test(pattern) || pattern.includes("$(") || pattern.includes("`")) {
    return null;
  }
  const text = pattern
    .replace(/^~(root)(?=\/|$)/, "/$1")
    .replace(/^~([a-z_][a-z0-9_.-]*)(?=\/|$)/i, "/home/$1")
    .replace(/\$\{[A-Za-z_][A-Za-z0-9_]*:?[-=?+]([^}$`]*)\}/g, "$1")
    .replace(/\$\{[^}]*\}|\$[A-Za-z_][A-Za-z0-9_]*/g, "*");
  const candidate = text.split("/").map(matchSegment).join("/");
  if (candidate === "" || candidate.endsWith("/")) return null;
  return classifySecretPath(candidate, options);
}

/** find's starting points and the patterns of its name and path tests. */
function findStartsAndNames(args: Word[]): { starts: Word[]; names: Word[] } {
  const starts: Word[] = [];
  const names: Word[] = [];
  let inExpression = false;
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Word;
    const a = w.value;
    if (!inExpression && !/^[-(!]/.test(a)) starts.push(w);
    else inExpression = true;
    if (/^-(?:i?name|i?path|i?wholename|i?regex)$/.test(a) && args[i + 1]) {
      names.push(args[++i] as Word);
    }
  }
  return { starts, names };
}

/**
 * The secret the paths a `find` prints can be: a starting point inside a
 * secret folder, or a `-name`/`-path` test naming a secret file.
 *
 * @param args find's arguments.
 * @param options Where relative paths start and the home directory.
 * @returns The secret, or null.
 */
export function findOutputSecret(
  args: Word[],
  options: SecretPathOptions,
): SecretMatch | null {
  const { starts, names } = findStartsAndNames(args);
  const anded = !args.some((w) => /^(?:-o|-or|!|-not|,)$/.test(w.value));
  for (const s of starts) {
    const dir = s.dynamic ? s.literalPrefix : s.value;
    // Names that pick only what is not secret there (`find ~/.ssh -name '*.pub'`).
    const harmless = anded && names.length > 0 && !s.dynamic &&
      names.every((n) =>
        !n.value.includes("/") &&
        patternSecret(`${dir.replace(/\/+$/, "")}/${n.value}`, options) ===
          null
      );
    if (harmless) continue;
    const match = (s.dynamic ? null : classifySecretPath(dir, options)) ??
      classifySecretPrefix(
        dir.endsWith("/") ? dir : `${dir}/`,
        options,
      ) ?? (s.dynamic ? patternSecret(`${s.value}/x`, options) : null);
    if (match) return match;
  }
  const reached = walkedSecret(starts, names, anded, options);
  if (reached) return reached;
  for (const n of names) {
    const name = n.value.slice(n.value.lastIndexOf("/") + 1);
    const match = patternSecret(name, { ...options, cwd: "/" });
    if (match) return match;
    // A name that is a secret only in its folder (`find ~/.kube -name config`).
    for (const s of starts) {
      if (s.dynamic || name.includes("/")) continue;
      const inside = patternSecret(`${s.value.replace(/\/+$/, "")}/${name}`, {
        ...options,
      });
      if (inside) return inside;
    }
  }
  return null;
}

/** A name glob as a regular expression, or null when it cannot be read. */
function nameRegExp(glob: string): RegExp | null {
  const body = glob.replace(/[.+^${}()|\\]/g, "\\$&").replaceAll("*", ".*")
    .replaceAll("?", ".");
  try {
    return new RegExp(`^${body}$`);
  } catch {
    return null;
  }
}

/**
 * A secret a walk from literal starting points reaches: a credential file
 * below one of them (`find ~/.docker`, `find ~`), which the name tests, when
 * they are a plain AND, let through.
 */
function walkedSecret(
  starts: Word[],
  names: Word[],
  anded: boolean,
  options: SecretPathOptions,
): SecretMatch | null {
  for (const s of starts) {
    if (s.dynamic) continue;
    const expanded = expandHome(s.value, options.home);
    if (!expanded.startsWith("/") && options.cwd === null) continue;
    const dir = resolveFrom(options.cwd ?? "/", expanded);
    for (const sample of homeSecretSamples(options.home)) {
      if (!isStrictlyWithin(sample, dir)) continue;
      const base = baseName(sample);
      const passes = !anded || names.every((n) => {
        const re = nameRegExp(n.value.slice(n.value.lastIndexOf("/") + 1));
        return re === null || re.test(base);
      });
      if (passes) return classifySecretPath(sample, options);
    }
  }
  return null;
}

/** The secret a `find` among the commands prints, or null. */
export function findsSecret(
  commands: SimpleCommand[],
  options: SecretPathOptions,
): SecretMatch | null {
  for (const c of commands) {
    if (commandName(c.argv[0]) !== "find") continue;
    const match = findOutputSecret(c.argv.slice(1), { ...options, cwd: c.cwd });
    if (match) return match;
  }
  return null;
}
