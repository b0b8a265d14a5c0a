// deno-lint-ignore-file no-console -- a script: it reports what it builds
/**
 * `deno task compile [target…]`: builds the single `ctx-mode` binary per OS
 * into `dist/`. Without arguments it builds every target below.
 *
 * The binary runs `main.ts` with every permission (it is the user's own
 * tool) but the cloud-metadata addresses (`--deny-net`, which the sandbox's
 * Workers inherit), and `--unstable-worker-options`, which the JavaScript
 * sandbox needs: inside the binary, sandboxed code runs in a Worker whose
 * permissions are narrowed to the project. Nothing else is needed at run time.
 *
 * @module
 */

import { fileURLToPath, pathToFileURL } from "node:url";
import { LAZY_MODULES } from "../main.ts";
import { HOOK_EVENT_MODULES } from "../src/cli/hook.ts";
import { ADAPTER_MODULES } from "../adapters/registry.ts";
import { METADATA_DENY_NET } from "../src/config/network_policy.ts";
import { HTML_WORKER_MODULE } from "../src/fetch/convert_html.ts";

/** The targets `deno compile` can build for. */
export const TARGETS = [
  "x86_64-unknown-linux-gnu",
  "aarch64-unknown-linux-gnu",
  "x86_64-apple-darwin",
  "aarch64-apple-darwin",
  "x86_64-pc-windows-msvc",
] as const;

/**
 * The `deno compile` arguments for one target. `main.ts` loads its commands
 * and the sandbox's worker host, and the hook command its event handlers, by
 * computed specifier, as the registry its adapters (so that `deno run` does not read the whole program on
 * every start), and the fetcher starts its HTML converter as a Worker from a
 * module URL; each of those modules is passed with `--include` so the binary
 * embeds it.
 */
export function compileArgs(target: string, main: string): string[] {
  const suffix = target.includes("windows") ? ".exe" : "";
  const mainUrl = pathToFileURL(main);
  const lazy = [
    ...LAZY_MODULES.map((module) => new URL(module, mainUrl)),
    ...Object.values(HOOK_EVENT_MODULES).map((module) =>
      new URL(module, new URL("src/cli/hook.ts", mainUrl))
    ),
    new URL(HTML_WORKER_MODULE, new URL("src/fetch/convert_html.ts", mainUrl)),
    ...Object.values(ADAPTER_MODULES).map((module) =>
      new URL(module, new URL("adapters/registry.ts", mainUrl))
    ),
  ];
  return [
    "compile",
    "--allow-all",
    `--deny-net=${METADATA_DENY_NET.join(",")}`,
    "--unstable-worker-options",
    ...lazy.flatMap((url) => ["--include", fileURLToPath(url)]),
    "--target",
    target,
    "--output",
    `dist/ctx-mode-${target}${suffix}`,
    main,
  ];
}

if (import.meta.main) {
  const main = fileURLToPath(new URL("../main.ts", import.meta.url));
  const targets = Deno.args.length > 0 ? Deno.args : [...TARGETS];
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
    console.log(`deno ${compileArgs(target, main).join(" ")}`);
    const { success } = await new Deno.Command(Deno.execPath(), {
      args: compileArgs(target, main),
    }).spawn().status;
    if (!success) Deno.exit(1);
  }
}
