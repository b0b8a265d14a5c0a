// deno-lint-ignore-file no-console -- a script: it reports what it builds
/**
 * `deno task compile [--out-dir DIR] [target…]`: builds the single `ctx-mode`
 * binary per OS into `dist/` (or DIR). Without targets it builds every target
 * below.
 *
 * The binary runs `main.ts` with every permission (it is the user's own
 * tool) but the cloud-metadata addresses (`--deny-net`, which the sandbox's
 * Workers inherit), and `--unstable-worker-options`, which the JavaScript
 * sandbox needs: inside the binary, sandboxed code runs in a Worker whose
 * permissions are narrowed to the project. Nothing else is needed at run time.
 *
 * `deno compile` downloads the Deno runtime (`denort`) of each target from
 * dl.deno.land. When that fails the script says so in one line: set
 * `DENORT_BIN` to a `denort` binary of the one target you build, or build
 * where the network is open.
 *
 * @module
 */

import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { LAZY_MODULES } from "../main.ts";
import { CLI_MODULES } from "../src/cli/cli.ts";
import { HOOK_SERVE_MODULE } from "../src/cli/hook.ts";
import {
  HOOK_EVENT_BUNDLES,
  HOOK_EVENT_MODULES,
} from "../hooks/engine/run_hook.ts";
import { ENGINE_MODULES } from "../hooks/engine/_where.ts";
import { ADAPTER_MODULES, SETUP_MODULES } from "../adapters/registry.ts";
import { METADATA_DENY_NET } from "../src/config/network_policy.ts";
import { HTML_WORKER_MODULE } from "../src/fetch/convert_html.ts";
import { HOOK_SOCKET_WORKER_MODULE } from "../src/hook_channel/socket_server.ts";

/** The targets `deno compile` can build for. */
export const TARGETS = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
  "x86_64-pc-windows-msvc",
] as const;

/**
 * The `deno compile` arguments for one target. `main.ts` loads the command
 * line and the hook command, the command line its commands and the
 * sandbox's worker host, the hook command its `--serve` channel, the hook
 * engine its event modules and their bundles, and the
 * registry its adapters, by computed specifier (so that `deno run` does not
 * read the whole program on every start), and the fetcher starts its HTML converter as a Worker from a
 * module URL; each of those modules is passed with `--include` so the binary
 * embeds it.
 */
export function compileArgs(
  target: string,
  main: string,
  outDir = "dist",
): string[] {
  const suffix = target.includes("windows") ? ".exe" : "";
  const mainUrl = pathToFileURL(main);
  const lazy = [
    ...LAZY_MODULES.map((module) => new URL(module, mainUrl)),
    ...CLI_MODULES.map((module) =>
      new URL(module, new URL("src/cli/cli.ts", mainUrl))
    ),
    new URL(HOOK_SERVE_MODULE, new URL("src/cli/hook.ts", mainUrl)),
    ...[
      ...Object.values(HOOK_EVENT_MODULES),
      ...Object.values(HOOK_EVENT_BUNDLES),
    ].map((module) =>
      new URL(module, new URL("hooks/engine/run_hook.ts", mainUrl))
    ),
    ...Object.values(ENGINE_MODULES).map((module) =>
      new URL(module, new URL("hooks/engine/_where.ts", mainUrl))
    ),
    new URL(HTML_WORKER_MODULE, new URL("src/fetch/convert_html.ts", mainUrl)),
    new URL(
      HOOK_SOCKET_WORKER_MODULE,
      new URL("src/hook_channel/socket_server.ts", mainUrl),
    ),
    ...[...Object.values(ADAPTER_MODULES), ...SETUP_MODULES].map((module) =>
      new URL(module, new URL("adapters/registry.ts", mainUrl))
    ),
  ];
  return [
    "compile",
    "--config",
    fileURLToPath(new URL("deno.json", mainUrl)),
    "--allow-all",
    `--deny-net=${METADATA_DENY_NET.join(",")}`,
    "--unstable-worker-options",
    ...lazy.flatMap((url) => ["--include", fileURLToPath(url)]),
    "--target",
    target,
    "--output",
    join(outDir, `ctx-mode-${target}${suffix}`),
    main,
  ];
}

/**
 * The one-line reason a `deno compile` failed, from its stderr, when the
 * reason is the runtime download; `undefined` for any other failure.
 *
 * @param stderr What `deno compile` printed.
 * @param target The target it built.
 * @returns The message, or `undefined`.
 */
export function runtimeDownloadFailure(
  stderr: string,
  target: string,
): string | undefined {
  const url = /(https?:\/\/\S*denort-\S+?\.zip)/.exec(stderr)?.[1];
  if (
    !url || !/error sending request|dns error|Connect|timed out/i.test(stderr)
  ) {
    return undefined;
  }
  return `Cannot compile for "${target}": the Deno runtime cannot be downloaded from ${url}; set DENORT_BIN to a denort binary for that target, or build where the network is open`;
}

/**
 * Builds one target, printing Deno's own progress; on failure, one line.
 *
 * @returns Whether the binary was built.
 */
async function compile(
  target: string,
  main: string,
  outDir: string,
): Promise<boolean> {
  const child = new Deno.Command(Deno.execPath(), {
    args: compileArgs(target, main, outDir),
    stdout: "inherit",
    stderr: "piped",
  }).spawn();
  const { success, stderr } = await child.output();
  const text = new TextDecoder().decode(stderr);
  if (success) {
    console.log(`Built ${compileArgs(target, main, outDir).at(-2)}`);
    return true;
  }
  console.error(runtimeDownloadFailure(text, target) ?? text.trimEnd());
  return false;
}

if (import.meta.main) {
  const main = fileURLToPath(new URL("../main.ts", import.meta.url));
  const { values, positionals } = parseArgs({
    args: Deno.args,
    options: { "out-dir": { type: "string", default: "dist" } },
    allowPositionals: true,
  });
  const targets = positionals.length > 0 ? positionals : [...TARGETS];
  const unknown = targets.filter((target) =>
    !(TARGETS as readonly string[]).includes(target)
  );
  if (unknown.length > 0) {
    console.error(
      `Cannot compile for "${unknown[0]}": known targets are ${
        TARGETS.join(", ")
      }`,
    );
    Deno.exit(2);
  }
  for (const target of targets) {
    console.log(`Compiling ${target}`);
    if (!await compile(target, main, values["out-dir"])) Deno.exit(1);
  }
}
