import assert from "node:assert/strict";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import {
  hookThroughServer,
  isFastHook,
} from "../../src/hook_channel/fast_hook.ts";
import { dataHome, projectDir, projectHash } from "../../src/config/paths.ts";
import {
  hookSocketPath,
  keyPath,
  socketPath,
} from "../../src/hook_channel/socket_path.ts";
import {
  type ByteSource,
  StdinReader,
} from "../../src/hook_channel/stdin_reader.ts";
import { childEnv, MAIN, runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { leaveStaleSocket } from "./_stale_socket.ts";

const onUnix = Deno.build.os === "linux" || Deno.build.os === "darwin";

/** A source whose reads the test answers one by one. */
function heldSource() {
  const reads: Array<PromiseWithResolvers<number | null>> = [];
  const buffers: Uint8Array[] = [];
  const waiting: Array<() => void> = [];
  let closed = false;
  const source: ByteSource = {
    read(buffer) {
      const read = Promise.withResolvers<number | null>();
      reads.push(read);
      buffers.push(buffer);
      waiting.shift()?.();
      return read.promise;
    },
    close() {
      closed = true;
      for (const read of reads) read.reject(new Error("closed"));
    },
  };
  /** Waits for the reader's next read, then fills it with `bytes` (null: the end). */
  async function give(bytes: string | null) {
    if (reads.length === 0) {
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    const read = reads.shift()!;
    const buffer = buffers.shift()!;
    if (bytes === null) return read.resolve(null);
    const encoded = new TextEncoder().encode(bytes);
    buffer.set(encoded);
    read.resolve(encoded.length);
  }
  return { source, give, closed: () => closed };
}

Deno.test("a read stopped at its deadline resumes where it stopped, nothing lost or doubled", async () => {
  const held = heldSource();
  const reader = new StdinReader(held.source);
  const stop = Promise.withResolvers<void>();
  const first = reader.readUntil({ reached: stop.promise, cancel() {} });
  await held.give('{"a": ');
  // The second read is in flight when the deadline passes.
  const pending = held.give('"b"}');
  stop.resolve();
  assert.equal(await first, undefined);
  const rest = reader.readAll(60_000);
  await pending;
  await held.give(null);
  assert.equal(new TextDecoder().decode(await rest), '{"a": "b"}');
  // Read whole: later calls get the same bytes without reading again.
  assert.equal(new TextDecoder().decode(await reader.readAll(1)), '{"a": "b"}');
  assert.equal(held.closed(), false);
});

Deno.test("readAll gives up at its timeout and closes the source", async () => {
  const held = heldSource();
  const reader = new StdinReader(held.source);
  // Real stdin has a read in flight, which keeps the event loop (and so
  // the deadline) going; this source's reads are plain promises.
  const inFlight = setTimeout(() => {}, 60_000);
  try {
    const all = reader.readAll(1);
    await held.give("{");
    assert.equal(await all, undefined);
    assert.equal(held.closed(), true);
  } finally {
    clearTimeout(inFlight);
  }
});

Deno.test("readAll reads on while a payload keeps arriving, past its quiet window", async () => {
  const held = heldSource();
  const reader = new StdinReader(held.source);
  // A slow writer: a byte every 250 ms for 4 s, against a 3 s quiet window
  // that a deadline for the whole payload would pass.
  const all = reader.readAll(3_000);
  const chunks = 16;
  for (let i = 0; i < chunks; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    await held.give("x");
  }
  await held.give(null);
  assert.equal(new TextDecoder().decode(await all), "x".repeat(chunks));
  assert.equal(held.closed(), false);
});

Deno.test({
  name:
    "the fast path finds the socket the server listens on: the data home and project as config/paths.ts finds them",
  ignore: !onUnix,
  async fn() {
    await using dir = await tempDir();
    const real = await Deno.realPath(dir.path);
    const project = `${real}/pröject 日本`;
    await Deno.mkdir(project);
    await Deno.symlink(project, `${real}/link`);
    const cases: Array<[Record<string, string>, string]> = [
      [{ HOME: real }, project],
      [{ HOME: `${real}/`, CTX_MODE_HOME: "  " }, `${real}/link`],
      [{ CTX_MODE_HOME: `${real}//data/../data/.` }, project],
      [{ CTX_MODE_HOME: "relative/home" }, project],
      [{ HOME: real, CLAUDE_PROJECT_DIR: `${real}/link/` }, real],
      [{ HOME: real, CTX_MODE_PROJECT_DIR: "link", VSCODE_CWD: "/" }, real],
      [{ HOME: real, GEMINI_PROJECT_DIR: " ", KIRO_PROJECT_DIR: "x" }, real],
      [{ HOME: real }, `${real}/missing/../missing/./dir`],
      [{}, project],
    ];
    for (const [env, cwd] of cases) {
      let expected: string | undefined;
      try {
        expected = socketPath(dataHome(env), projectDir(cwd, { env }));
      } catch {
        expected = undefined;
      }
      assert.equal(hookSocketPath(env, cwd), expected, JSON.stringify(env));
    }
    // Its own hash (no BigInt) is the project hash.
    for (const path of ["/", "/a", project, `/${"é".repeat(40)}`, "/x\0y"]) {
      assert.equal(
        socketPath("/h", path),
        `/h/run/${projectHash(path)}-2.sock`,
        path,
      );
    }
  },
});

Deno.test("only `hook <agent> <event>` takes the fast path", () => {
  assert.equal(isFastHook(["hook", "claude-code", "PreToolUse"]), true);
  for (
    const args of [
      ["hook"],
      ["hook", "claude-code"],
      ["hook", "--serve", "claude-code"],
      ["hook", "claude-code", "--help"],
      ["hook", "-h", "PreToolUse"],
      ["hook", "claude-code", "PreToolUse", "--help"],
      ["search", "claude-code", "PreToolUse"],
    ]
  ) {
    assert.equal(isFastHook(args), false, args.join(" "));
  }
});

Deno.test({
  name:
    "a payload still arriving at the deadline: no request is sent, and the in-process path reads all of it",
  ignore: !onUnix,
  async fn() {
    await using dir = await tempDir();
    const path = socketPath(dir.path, dir.path)!;
    Deno.mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    Deno.chmodSync(dirname(path), 0o700);
    Deno.writeTextFileSync(keyPath(path), "k", { mode: 0o600 });
    const listener = Deno.listen({ transport: "unix", path });
    // The hook connects before its payload is in; it must send nothing.
    let requestBytes = 0;
    const serving = (async () => {
      for await (const connection of listener) {
        const buffer = new Uint8Array(1024);
        for (;;) {
          const read = await connection.read(buffer).catch(() => null);
          if (read === null) break;
          requestBytes += read;
        }
        connection.close();
      }
    })();
    try {
      const held = heldSource();
      const stdin = new StdinReader(held.source);
      const result = hookThroughServer(["claude-code", "PreToolUse"], {
        env: { CTX_MODE_HOME: dir.path, CTX_MODE_HOOK_SOCKET_MS: "1" },
        cwd: dir.path,
        stdin,
        out: () => Promise.reject(new Error("nothing is printed")),
        err: () => Promise.reject(new Error("nothing is printed")),
      });
      await held.give('{"tool_name": ');
      assert.deepEqual(await result, { fallback: true });
      const rest = stdin.readAll(60_000);
      await held.give('"Bash"}');
      await held.give(null);
      assert.equal(
        new TextDecoder().decode(await rest),
        '{"tool_name": "Bash"}',
      );
      assert.equal(requestBytes, 0);
    } finally {
      listener.close();
      await serving.catch(() => {});
    }
  },
});

Deno.test({
  name:
    "no socket file, or one its dead server left: the fast path falls back without waiting for the payload, and the in-process reader gets all of it",
  ignore: !onUnix,
  async fn() {
    await using dir = await tempDir();
    const real = await Deno.realPath(dir.path);
    const path = socketPath(real, real)!;
    Deno.mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    Deno.chmodSync(dirname(path), 0o700);
    Deno.writeTextFileSync(keyPath(path), "k", { mode: 0o600 });
    for (const state of ["missing", "stale"]) {
      if (state === "stale") {
        await leaveStaleSocket(path);
      }
      const held = heldSource();
      const stdin = new StdinReader(held.source);
      // The payload is given only after the fast path has decided: one that
      // waited for it (up to its 60 s deadline) would lose the race below.
      const result = hookThroughServer(["claude-code", "PreToolUse"], {
        env: { CTX_MODE_HOME: real, CTX_MODE_HOOK_SOCKET_MS: "60000" },
        cwd: real,
        stdin,
        out: () => Promise.reject(new Error("nothing is printed")),
        err: () => Promise.reject(new Error("nothing is printed")),
      });
      let timer: ReturnType<typeof setTimeout> | undefined;
      const waited = new Promise<"waited">((resolve) => {
        timer = setTimeout(() => resolve("waited"), 30_000);
      });
      const outcome = await Promise.race([result, waited]);
      clearTimeout(timer);
      assert.deepEqual(outcome, { fallback: true }, state);
      const rest = stdin.readAll(60_000);
      await held.give('{"tool_name":');
      await held.give('"Bash"}');
      await held.give(null);
      assert.equal(
        new TextDecoder().decode(await rest),
        '{"tool_name":"Bash"}',
        state,
      );
    }
  },
});

Deno.test({
  name:
    "a hook process whose payload comes in pieces past the deadline decides in-process, nothing lost",
  ignore: !onUnix,
  async fn() {
    await using home = await tempDir();
    const path = socketPath(home.path, await Deno.realPath(home.path))!;
    Deno.mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    Deno.chmodSync(dirname(path), 0o700);
    Deno.writeTextFileSync(keyPath(path), "k", { mode: 0o600 });
    // A listener that never answers: the in-process engine decides either way.
    const listener = Deno.listen({ transport: "unix", path });
    const held: Deno.Conn[] = [];
    const serving = (async () => {
      for await (const connection of listener) held.push(connection);
    })();
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", MAIN, "hook", "claude-code", "PreToolUse"],
      cwd: home.path,
      clearEnv: true,
      env: childEnv(home.path, { CTX_MODE_HOOK_SOCKET_MS: "1" }),
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    try {
      const payload = JSON.stringify({
        session_id: "s",
        cwd: home.path,
        hook_event_name: "PreToolUse",
        tool_name: "Bash",
        tool_input: { command: "rm -rf ~" },
      });
      const writer = child.stdin.getWriter();
      const encoder = new TextEncoder();
      for (const piece of [payload.slice(0, 20), payload.slice(20)]) {
        await writer.write(encoder.encode(piece));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await writer.close();
      const output = await child.output();
      const stdout = new TextDecoder().decode(output.stdout);
      assert.equal(output.code, 0);
      assert.match(stdout, /"permissionDecision":"deny".*rm\.home/);
      assert.equal(new TextDecoder().decode(output.stderr), "");
    } finally {
      listener.close();
      for (const connection of held) connection.close();
      await serving.catch(() => {});
    }
  },
});

Deno.test("`hook <agent> --help` and `hook --serve` still go to the command line", async () => {
  await using home = await tempDir();
  const help = await runCli(["hook", "claude-code", "--help"], {
    home: home.path,
  });
  assert.equal(help.code, 0, help.stderr);
  assert.match(help.stdout, /^Usage: ctx-mode hook <platform> <event>/);
  const serve = await runCli(["hook", "--serve", "nobody"], {
    home: home.path,
  });
  assert.equal(serve.code, 2);
  assert.match(serve.stderr, /^ctx-mode: Cannot serve hook platform "nobody"/);
});

Deno.test("main.ts links only the fast path's bundle: no command table, no adapter, no node: module", async () => {
  const main = new URL("../../main.ts", import.meta.url);
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", main.href],
    stdout: "piped",
  }).output();
  const graph: {
    modules: Array<{
      specifier: string;
      dependencies?: Array<
        { code?: { specifier?: string }; isDynamic?: boolean }
      >;
    }>;
  } = JSON.parse(new TextDecoder().decode(output.stdout));
  const byName = new Map(graph.modules.map((m) => [m.specifier, m]));
  // What runs: imports of code, not of types only.
  const seen = new Set<string>();
  const stack = [main.href];
  while (stack.length > 0) {
    const specifier = stack.pop()!;
    if (seen.has(specifier)) continue;
    seen.add(specifier);
    for (const dependency of byName.get(specifier)?.dependencies ?? []) {
      assert.notEqual(
        dependency.isDynamic,
        true,
        `a literal import() in ${specifier}`,
      );
      if (dependency.code?.specifier) stack.push(dependency.code.specifier);
    }
  }
  const root = fileURLToPath(new URL("../../", import.meta.url));
  const linked = [...seen].map((specifier) =>
    specifier.startsWith("file:")
      ? fileURLToPath(specifier).slice(root.length)
      : specifier
  ).sort();
  // The fast path's bundle: its sources (fast_hook.ts, socket_path.ts,
  // stdin_reader.ts) in one module.
  assert.deepEqual(linked, ["main.ts", "src/hook_channel/fast_hook.bundle.js"]);
  const bundle = await Deno.readTextFile(
    new URL("../../src/hook_channel/fast_hook.bundle.js", import.meta.url),
  );
  assert.doesNotMatch(bundle, /^import /m, "the bundle imports nothing");
});
