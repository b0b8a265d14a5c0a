/**
 * The part of `/etc` a confined run sees: an allow list of what programs
 * need to run (user and group names without their hashes, host names and
 * DNS, certificates, the dynamic linker's files, time zones, `alternatives`
 * links, the language runtimes' own configuration), and nothing else, so a
 * root-only file (a VPN key, a password hash, a service's credentials) is
 * never in sight, whoever runs the server.
 *
 * Reads folder listings only; never changes anything.
 *
 * @module
 */

/**
 * Entries of `/etc` (a trailing `*` matches a prefix), or paths below it
 * where only part of a folder is needed (`ssl/certs`, not `ssl/private`).
 */
const ALLOWED = [
  // users, hosts, names, services
  "passwd",
  "group",
  "nsswitch.conf",
  "hosts",
  "host.conf",
  "hostname",
  "resolv.conf",
  "gai.conf",
  "networks",
  "protocols",
  "services",
  "rpc",
  "ethertypes",
  "netconfig",
  "shells",
  // certificates
  "ssl/certs",
  "ssl/openssl.cnf",
  "ca-certificates",
  "ca-certificates.conf",
  "pki/tls/certs",
  "pki/tls/openssl.cnf",
  "pki/ca-trust/extracted",
  "crypto-policies",
  // the dynamic linker, locales, time
  "ld.so.cache",
  "ld.so.conf",
  "ld.so.conf.d",
  "locale.alias",
  "locale.conf",
  "localtime",
  "timezone",
  "alternatives",
  "os-release",
  "lsb-release",
  "debian_version",
  "mtab",
  "mime.types",
  "magic",
  "magic.mime",
  "inputrc",
  "terminfo",
  "xml",
  "sgml",
  "fonts",
  "iproute2",
  // programs and runtimes
  "gitconfig",
  "ssh/ssh_config",
  "ssh/ssh_config.d",
  "wgetrc",
  "bash.bashrc",
  "profile",
  "python3*",
  "perl",
  "php*",
  "R",
  "ruby",
  "java*",
  "erlang",
  "elixir",
];

function matches(pattern: string, name: string): boolean {
  return pattern.endsWith("*")
    ? name.startsWith(pattern.slice(0, -1))
    : name === pattern;
}

function listing(path: string): string[] {
  try {
    return [...Deno.readDirSync(path)].map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * The allowed paths under `/etc` that exist here.
 *
 * @param fs Lists a folder (the real file system by default).
 * @returns Absolute paths, top-level entries and allowed paths below them.
 */
export function allowedEtcPaths(
  fs: { readDir(path: string): string[] } = { readDir: listing },
): string[] {
  const top = fs.readDir("/etc");
  const paths: string[] = [];
  for (const pattern of ALLOWED) {
    const [first, ...rest] = pattern.split("/");
    for (const name of top.filter((name) => matches(first!, name))) {
      if (rest.length === 0) {
        paths.push(`/etc/${name}`);
        continue;
      }
      const parent = `/etc/${name}/${rest.slice(0, -1).join("/")}`.replace(
        /\/$/,
        "",
      );
      if (fs.readDir(parent).includes(rest.at(-1)!)) {
        paths.push(`${parent}/${rest.at(-1)}`);
      }
    }
  }
  return [...new Set(paths)];
}
