import assert from "node:assert/strict";
import { fileURLToPath, pathToFileURL } from "node:url";
import { tempDir } from "../_helpers/temp_dir.ts";
import { LAZY_MODULES } from "../../main.ts";
import { CLI_MODULES } from "../../src/cli/cli.ts";
import { HOOK_SERVE_MODULE } from "../../src/cli/hook.ts";
import {
  HOOK_EVENT_BUNDLES,
  HOOK_EVENT_MODULES,
} from "../../hooks/engine/run_hook.ts";
import { ENGINE_MODULES } from "../../hooks/engine/_where.ts";
import { ADAPTER_MODULES, SETUP_MODULES } from "../../adapters/registry.ts";
import { HTML_WORKER_MODULE } from "../../src/fetch/convert_html.ts";
import { HOOK_SOCKET_WORKER_MODULE } from "../../src/hook_channel/socket_server.ts";
import {
  compileArgs,
  runtimeDownloadFailure,
  TARGETS,
} from "../../scripts/compile.ts";

const ROOT = new URL("../../", import.meta.url);
const MAIN_PATH = fileURLToPath(new URL("main.ts", ROOT));

/** The files passed with `--include`. */
function included(args: string[]): string[] {
  return args.flatMap((arg, i) => args[i - 1] === "--include" ? [arg] : []);
}

Deno.test("the binary embeds every module loaded by a computed specifier or as a Worker", async () => {
  const expected = [
    ...LAZY_MODULES.map((m) => new URL(m, ROOT)),
    ...CLI_MODULES.map((m) => new URL(m, new URL("src/cli/cli.ts", ROOT))),
    new URL(HOOK_SERVE_MODULE, new URL("src/cli/hook.ts", ROOT)),
    ...[
      ...Object.values(HOOK_EVENT_MODULES),
      ...Object.values(HOOK_EVENT_BUNDLES),
    ].map((m) => new URL(m, new URL("hooks/engine/run_hook.ts", ROOT))),
    ...Object.values(ENGINE_MODULES).map((m) =>
      new URL(m, new URL("hooks/engine/_where.ts", ROOT))
    ),
    new URL(HTML_WORKER_MODULE, new URL("src/fetch/convert_html.ts", ROOT)),
    new URL(
      HOOK_SOCKET_WORKER_MODULE,
      new URL("src/hook_channel/socket_server.ts", ROOT),
    ),
    ...[...Object.values(ADAPTER_MODULES), ...SETUP_MODULES].map((m) =>
      new URL(m, new URL("adapters/registry.ts", ROOT))
    ),
  ].map((url) => fileURLToPath(url));
  for (const target of TARGETS) {
    const args = compileArgs(target, MAIN_PATH);
    assert.deepEqual(included(args).sort(), [...expected].sort(), target);
    assert.equal(args.at(-1), MAIN_PATH);
  }
  for (const path of expected) {
    await Deno.stat(path);
    const module = await import(pathToFileURL(path).href);
    assert.ok(Object.keys(module).length > 0, `${path} exports something`);
  }
});

Deno.test("computed import specifiers live only where compile.ts knows them", async () => {
  // Any other `import(new URL(…))` would load a module the binary never embedded.
  const places: string[] = [];
  for (const folder of ["src", "hooks", "adapters"]) {
    for await (const path of walkTs(new URL(`${folder}/`, ROOT))) {
      const text = await Deno.readTextFile(path);
      if (/import\(\s*new URL\(/.test(text)) places.push(path);
    }
  }
  // _remote_hosts.ts loads the sandbox hosts only when ctx-mode runs from a URL, never in the binary.
  assert.deepEqual(places.sort(), [
    fileURLToPath(new URL("adapters/registry.ts", ROOT)),
    fileURLToPath(new URL("hooks/engine/_where.ts", ROOT)),
    fileURLToPath(new URL("hooks/engine/run_hook.ts", ROOT)),
    fileURLToPath(new URL("src/cli/cli.ts", ROOT)),
    // These load what their help must not (the MCP SDK, the HTML
    // converter, the config-format readers); their modules are in CLI_MODULES.
    fileURLToPath(new URL("src/cli/doctor.ts", ROOT)),
    fileURLToPath(new URL("src/cli/hook.ts", ROOT)),
    fileURLToPath(new URL("src/cli/index.ts", ROOT)),
    fileURLToPath(new URL("src/cli/install.ts", ROOT)),
    fileURLToPath(new URL("src/cli/serve.ts", ROOT)),
    fileURLToPath(new URL("src/sandbox/_remote_hosts.ts", ROOT)),
  ]);
});

Deno.test("Workers start from our own modules only where compile.ts knows them", async () => {
  // A Worker from a module URL is not followed by `deno compile` either.
  const places: string[] = [];
  for (const folder of ["src", "hooks", "adapters"]) {
    for await (const path of walkTs(new URL(`${folder}/`, ROOT))) {
      const text = await Deno.readTextFile(path);
      if (/new Worker\(\s*new URL\(\s*(?!data\.entry)/.test(text)) {
        places.push(path);
      }
    }
  }
  assert.deepEqual(places.sort(), [
    fileURLToPath(new URL("src/fetch/convert_html.ts", ROOT)),
    fileURLToPath(new URL("src/hook_channel/socket_server.ts", ROOT)),
  ]);
});

async function* walkTs(dir: URL): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const url = new URL(entry.isDirectory ? `${entry.name}/` : entry.name, dir);
    if (entry.isDirectory) yield* walkTs(url);
    else if (entry.name.endsWith(".ts")) yield fileURLToPath(url);
  }
}

Deno.test("runtimeDownloadFailure() turns Deno's backtrace for an unreachable runtime into one line, and nothing else", () => {
  const backtrace = [
    "error: Writing deno compile executable to temporary file 'dist/x.tmp'",
    "",
    "Caused by:",
    "    0: Setting up base binary.",
    "    1: error sending request for url (https://dl.deno.land/release/v2.9.6/denort-x86_64-apple-darwin.zip): client error (Connect): dns error",
    "",
    "Stack backtrace:",
    "   0: <unknown>",
  ].join("\n");
  const line = runtimeDownloadFailure(backtrace, "x86_64-apple-darwin");
  assert.equal(
    line,
    'Cannot compile for "x86_64-apple-darwin": the Deno runtime cannot be downloaded from https://dl.deno.land/release/v2.9.6/denort-x86_64-apple-darwin.zip; set DENORT_BIN to a denort binary for that target, or build where the network is open',
  );
  assert.equal(
    runtimeDownloadFailure(
      'error: Module not found "file:///x/main.ts"',
      "x86_64-apple-darwin",
    ),
    undefined,
  );
});

Deno.test("deno task compile names the target and what to do in one line when the runtime is out of reach", async () => {
  await using out = await tempDir();
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      fileURLToPath(new URL("scripts/compile.ts", ROOT)),
      "--out-dir",
      out.path,
      "aarch64-apple-darwin",
    ],
    // Every download goes to a port nothing listens on.
    env: {
      HTTPS_PROXY: "http://127.0.0.1:9",
      HTTP_PROXY: "http://127.0.0.1:9",
    },
    stdout: "null",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(stderr).trim();
  if (code === 0) return; // the runtime was cached: the binary was built
  assert.equal(code, 1);
  assert.match(
    text,
    /^Cannot compile for "aarch64-apple-darwin": .*DENORT_BIN/,
  );
  assert.equal(text.split("\n").length, 1, text);
});

Deno.test("deno task compile refuses an unknown target with exit 2", async () => {
  const { code, stderr } = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "-A",
      fileURLToPath(new URL("scripts/compile.ts", ROOT)),
      "vax-vms",
    ],
    stdout: "null",
    stderr: "piped",
  }).output();
  assert.equal(code, 2);
  assert.match(
    new TextDecoder().decode(stderr),
    /^Cannot compile for "vax-vms": known targets are /,
  );
});
