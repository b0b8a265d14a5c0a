import assert from "node:assert/strict";
import {
  chooseMode,
  isCompiled,
  type Runtime,
  sandboxArgv,
} from "../../src/sandbox/js_launch.ts";
import type { HostConfig } from "../../src/sandbox/worker_host.ts";
import { DONE_MARK } from "../../src/sandbox/_done_mark.ts";

const DENO_RUN: Runtime = {
  execPath: "/usr/bin/deno",
  standalone: false,
  moduleUrl: "file:///home/ada/ctx-mode/src/sandbox/js_launch.ts",
};
const COMPILED: Runtime = {
  execPath: "/usr/local/bin/ctx-mode",
  standalone: true,
  moduleUrl: "file:///tmp/deno-compile-ctx-mode/src/sandbox/js_launch.ts",
};
const CONFIG: HostConfig = {
  mode: "process",
  code: "/tmp/run/code.ts",
  project: "/srv/app",
  scratch: "/tmp/run",
  read: ["/srv/app", "/tmp/run"],
  write: ["/srv/app", "/tmp/run"],
  heapMb: 256,
};

Deno.test("isCompiled recognises a compiled binary by Deno's flag or by its virtual module folder", () => {
  assert.equal(isCompiled(DENO_RUN), false);
  assert.equal(isCompiled(COMPILED), true);
  assert.equal(isCompiled({ ...COMPILED, standalone: false }), true);
  assert.equal(
    isCompiled({
      execPath: "C:\\bin\\ctx-mode.exe",
      standalone: false,
      moduleUrl:
        "file:///C:/Users/ada/AppData/Local/Temp/deno-compile-ctx-mode.exe/src/sandbox/js_launch.ts",
    }),
    true,
  );
  assert.equal(
    isCompiled({
      ...DENO_RUN,
      moduleUrl: "https://jsr.io/@ctx/mode/0.1.0/src/sandbox/js_launch.ts",
    }),
    false,
  );
});

Deno.test("chooseMode uses permission flags under deno run and a Worker in a compiled binary", () => {
  assert.equal(chooseMode(DENO_RUN, ["/srv/app"], "auto"), "process");
  assert.equal(chooseMode(DENO_RUN, ["/srv/app"], "worker"), "worker");
  assert.equal(chooseMode(COMPILED, ["/srv/app"], "auto"), "worker");
  assert.equal(chooseMode(COMPILED, ["/srv/app"], "process"), "worker");
  // Deno splits flag values at commas, so such a path needs the Worker.
  assert.equal(chooseMode(DENO_RUN, ["/srv/a,b"], "auto"), "worker");
});

Deno.test("sandboxArgv gives the deno run sandbox exactly the run's grants and no others", () => {
  const argv = sandboxArgv(DENO_RUN, CONFIG);
  assert.equal(argv[0], "/usr/bin/deno");
  assert.equal(argv[1], "run");
  assert.ok(argv.includes("--allow-read=/srv/app,/tmp/run"));
  assert.ok(argv.includes("--allow-write=/srv/app,/tmp/run"));
  assert.ok(argv.includes("--allow-net"));
  assert.ok(argv.includes("--no-prompt"));
  assert.ok(argv.includes("--v8-flags=--max-old-space-size=256"));
  for (const flag of argv) {
    assert.doesNotMatch(flag, /^--allow-(all|env|run|ffi|sys)|^-A$/, flag);
  }
  // The sandbox process is told where the code is; it waits for its request line.
  assert.match(argv.at(-2) ?? "", /\/js_host\.ts$/);
  assert.equal(JSON.parse(argv.at(-1) ?? "").code, CONFIG.code);
});

Deno.test("the process-mode sandbox waits for its request, then runs the code with the helper globals", async () => {
  const dir = await Deno.realPath(await Deno.makeTempDir());
  try {
    await Deno.writeTextFile(`${dir}/data.csv`, "a,b");
    const code = `${dir}/code.js`;
    const argv = sandboxArgv({
      execPath: Deno.execPath(),
      standalone: false,
      moduleUrl:
        new URL("../../src/sandbox/js_launch.ts", import.meta.url).href,
    }, { ...CONFIG, code, project: dir, read: [dir], write: [dir] });
    const child = new Deno.Command(argv[0]!, {
      args: argv.slice(1),
      stdin: "piped",
      stdout: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    await writer.write(
      new TextEncoder().encode(
        JSON.stringify({
          code: "console.log(PROJECT_DIR, FILE_CONTENT)",
          file: `${dir}/data.csv`,
        }) + "\n",
      ),
    );
    await writer.close();
    const out = await child.output();
    // The output, then the done mark that tells the server the run is over.
    assert.equal(
      new TextDecoder().decode(out.stdout),
      `${dir} a,b\n${DONE_MARK}0\n`,
    );
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("sandboxArgv re-executes a compiled binary with the internal subcommand", () => {
  const argv = sandboxArgv(COMPILED, { ...CONFIG, mode: "worker" });
  assert.deepEqual(argv.slice(0, 2), ["/usr/local/bin/ctx-mode", "__sandbox"]);
  assert.equal(argv.length, 3);
  assert.equal(JSON.parse(argv[2] ?? "").mode, "worker");
});
