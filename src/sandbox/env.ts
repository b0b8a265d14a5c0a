/**
 * The environment a sandboxed run gets: the parent's variables minus those
 * that make interpreters and toolchains run code nobody wrote in this call,
 * minus the user's own deny list, plus settings for plain, unbuffered,
 * UTF-8 output.
 *
 * Pure: the parent environment comes in as a value. This module must never
 * read or change the real process environment.
 *
 * @module
 */

/**
 * Variables removed before any run: each one makes a shell, interpreter or
 * toolchain load or execute code that is not part of the submitted program
 * (startup files, injected options, wrapper commands, preloaded libraries).
 *
 * Module search paths that users set on purpose (`PYTHONPATH`, `PERL5LIB`,
 * `RUBYLIB`, `NODE_PATH`, `LD_LIBRARY_PATH`) are kept.
 */
export const INJECTION_VARIABLES: readonly string[] = [
  // shells
  "BASH_ENV",
  "ENV",
  "PROMPT_COMMAND",
  "PS4",
  "SHELLOPTS",
  "BASHOPTS",
  "ZDOTDIR",
  // JavaScript
  "NODE_OPTIONS",
  "NODE_REPL_EXTERNAL_MODULE",
  // Python
  "PYTHONSTARTUP",
  "PYTHONINSPECT",
  "PYTHONBREAKPOINT",
  // Ruby, Perl, PHP, R, Erlang/Elixir, JVM
  "RUBYOPT",
  "PERL5OPT",
  "PERL5DB",
  "PHPRC",
  "PHP_INI_SCAN_DIR",
  "R_PROFILE",
  "R_PROFILE_USER",
  "R_ENVIRON",
  "R_ENVIRON_USER",
  "ERL_AFLAGS",
  "ERL_FLAGS",
  "ERL_ZFLAGS",
  "ELIXIR_ERL_OPTIONS",
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
  // native toolchains and the dynamic linker
  "GOFLAGS",
  "RUSTC_WRAPPER",
  "RUSTC_WORKSPACE_WRAPPER",
  "LD_PRELOAD",
  "LD_AUDIT",
  // git and ssh helpers that run commands
  "GIT_SSH",
  "GIT_SSH_COMMAND",
  "GIT_PROXY_COMMAND",
  "GIT_EXTERNAL_DIFF",
  "GIT_EXEC_PATH",
  "GIT_TEMPLATE_DIR",
  "GIT_ASKPASS",
  "SSH_ASKPASS",
  "GIT_CONFIG_PARAMETERS",
  "GIT_CONFIG_COUNT",
  // they would override NO_COLOR
  "FORCE_COLOR",
  "CLICOLOR_FORCE",
];

/**
 * Prefixes of removed variables: exported shell functions (`BASH_FUNC_name%%`),
 * every macOS dynamic-linker variable, and git's numbered config injection.
 */
export const INJECTION_PREFIXES: readonly string[] = [
  "BASH_FUNC_",
  "DYLD_",
  "GIT_CONFIG_KEY_",
  "GIT_CONFIG_VALUE_",
];

/** The UTF-8 locale name each platform knows. */
function utf8Locale(os: typeof Deno.build.os): string {
  return os === "darwin" ? "en_US.UTF-8" : "C.UTF-8";
}

/**
 * Builds the environment of a run.
 *
 * @param parent The parent's environment.
 * @param options Extra names to remove, the private temp dir and the OS.
 * @returns A new object; `parent` is not changed.
 */
export function sandboxEnv(
  parent: Readonly<Record<string, string>>,
  options: {
    /** More names to remove (from the user's settings). @default {[]} */
    deny?: readonly string[];
    /** The run's private temp dir, exported as `TMPDIR`. @default {undefined} */
    tempDir?: string;
    /** The OS, which picks the locale name. @default {Deno.build.os} */
    os?: typeof Deno.build.os;
  } = {},
): Record<string, string> {
  const deny = new Set([...INJECTION_VARIABLES, ...(options.deny ?? [])]);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(parent)) {
    if (deny.has(name)) continue;
    if (INJECTION_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    env[name] = value;
  }
  const locale = utf8Locale(options.os ?? Deno.build.os);
  Object.assign(env, {
    NO_COLOR: "1",
    TERM: "dumb",
    LANG: locale,
    LC_ALL: locale,
    PAGER: "cat",
    GIT_PAGER: "cat",
    GIT_TERMINAL_PROMPT: "0",
    PYTHONUNBUFFERED: "1",
    PYTHONDONTWRITEBYTECODE: "1",
    PYTHONIOENCODING: "utf-8",
  });
  if (options.tempDir !== undefined) {
    env.TMPDIR = options.tempDir;
    if ((options.os ?? Deno.build.os) === "windows") {
      env.TEMP = options.tempDir;
      env.TMP = options.tempDir;
    }
  }
  return env;
}

/** Variables the Deno sandbox process may see: what Deno itself needs to fetch, cache and resolve. */
const DENO_PASSTHROUGH = [
  "HOME",
  "DENO_DIR",
  "XDG_CACHE_HOME",
  "DENO_CERT",
  "DENO_TLS_CA_STORE",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "NPM_CONFIG_REGISTRY",
  "HTTP_PROXY",
  "HTTPS_PROXY",
  "NO_PROXY",
  "ALL_PROXY",
  "http_proxy",
  "https_proxy",
  "no_proxy",
  "all_proxy",
  "TZ",
  // Windows needs these to start a process and to open sockets.
  "SYSTEMROOT",
  "SystemRoot",
  "WINDIR",
  "USERPROFILE",
  "LOCALAPPDATA",
  "APPDATA",
];

/**
 * Builds the small environment of the Deno sandbox process. The code inside
 * cannot read variables at all; this only feeds Deno's own fetching and
 * caching, so secrets in the parent stay out of the process.
 *
 * @param parent The parent's environment.
 * @param options The run's temp dir and the OS.
 * @returns A new object.
 */
export function denoSandboxEnv(
  parent: Readonly<Record<string, string>>,
  options: {
    /** The run's private temp dir. */
    tempDir: string;
    /** The OS, which picks the locale name. @default {Deno.build.os} */
    os?: typeof Deno.build.os;
  },
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of DENO_PASSTHROUGH) {
    const value = parent[name];
    if (value !== undefined) env[name] = value;
  }
  const locale = utf8Locale(options.os ?? Deno.build.os);
  Object.assign(env, {
    NO_COLOR: "1",
    LANG: locale,
    LC_ALL: locale,
    TMPDIR: options.tempDir,
    DENO_NO_UPDATE_CHECK: "1",
    DENO_NO_PACKAGE_JSON: "1",
  });
  return env;
}
