// deno-lint-ignore-file no-console -- a script: it reports what it checks
/**
 * `deno task publish-check`: runs `deno publish --dry-run` and fails on any
 * error and on any warning but the dynamic imports we make on purpose:
 * `main.ts` and the hook command load their modules by computed relative
 * specifier (so a start reads only what it needs; the hook handlers' bundles
 * keep the engine's), the JavaScript sandbox
 * imports the user's code file, a run from a URL loads the sandbox hosts
 * into the cache, and `install`/`uninstall` load their work only once their
 * arguments are checked and the npm packages it needs are cached quietly. Each of those resolves without an import map
 * once published. When the dry run cannot reach the registry it says so in
 * one line and exits 0.
 *
 * @module
 */

import { fileURLToPath } from "node:url";

/** The files whose dynamic imports may stay unanalyzable, relative to the root. */
export const EXPECTED_DYNAMIC_IMPORTS: readonly string[] = [
  "main.ts",
  "adapters/registry.ts",
  "hooks/engine/run_hook.ts",
  "hooks/engine/_where.ts",
  "hooks/engine/decide_pre_tool_use.bundle.js",
  "hooks/engine/decide_post_tool_use.bundle.js",
  "hooks/engine/decide_session_event.bundle.js",
  "src/cli/cli.ts",
  "src/cli/doctor.ts",
  "src/cli/hook.ts",
  "src/cli/index.ts",
  "src/cli/install.ts",
  "src/cli/serve.ts",
  "src/sandbox/js_host.ts",
  "src/sandbox/_remote_hosts.ts",
];

/** One diagnostic of the dry run: its kind and the file it points at. */
export interface Diagnostic {
  level: "warning" | "error";
  code: string;
  /** The file, relative to the package root, or "" when none is named. */
  file: string;
}

/**
 * Reads the diagnostics out of `deno publish --dry-run`'s output (no colour).
 *
 * @param output What the dry run printed.
 * @param root The package root, as printed paths begin.
 * @returns Every warning and error, in order.
 */
export function parseDiagnostics(output: string, root: string): Diagnostic[] {
  const found: Diagnostic[] = [];
  const lines = output.split("\n");
  for (const [i, line] of lines.entries()) {
    const head = /^(warning|error)\[([\w-]+)\]/.exec(line);
    if (!head) continue;
    const where = /-->\s+(\S+?):\d+:\d+/.exec(lines[i + 1] ?? "");
    const path = where?.[1] ?? "";
    found.push({
      level: head[1] as Diagnostic["level"],
      code: head[2] ?? "",
      file: path.startsWith(root) ? path.slice(root.length) : path,
    });
  }
  const summary = /^error: (?!Found \d+ problem)(.*)$/m.exec(output);
  if (summary) found.push({ level: "error", code: summary[1] ?? "", file: "" });
  return found;
}

/**
 * The diagnostics that matter: all but the expected dynamic imports.
 *
 * @param diagnostics What the dry run reported.
 * @returns The ones that fail the check.
 */
export function unexpected(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) =>
    !(d.level === "warning" && d.code === "unanalyzable-dynamic-import" &&
      EXPECTED_DYNAMIC_IMPORTS.includes(d.file))
  );
}

/** Whether the dry run failed because a registry was out of reach. */
export function isOffline(output: string): boolean {
  return /error sending request|dns error|Connection refused|failed to lookup address|tcp connect error|Import '[^']*jsr\.io[^']*' failed/i
    .test(output);
}

if (import.meta.main) {
  const root = fileURLToPath(new URL("../", import.meta.url));
  const { code, stdout, stderr } = await new Deno.Command(Deno.execPath(), {
    args: ["publish", "--dry-run", "--allow-dirty"],
    cwd: root,
    env: { NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const output = new TextDecoder().decode(stdout) +
    new TextDecoder().decode(stderr);
  if (code !== 0 && isOffline(output)) {
    console.log(
      "publish-check skipped: the registry is unreachable (run it where the network is open)",
    );
    Deno.exit(0);
  }
  const bad = unexpected(parseDiagnostics(output, root));
  if (code !== 0 || bad.length > 0) {
    console.error(output);
    for (const d of bad) {
      console.error(`publish-check: ${d.level}[${d.code}] ${d.file}`);
    }
    Deno.exit(1);
  }
  console.log("publish-check: deno publish --dry-run passes");
}
