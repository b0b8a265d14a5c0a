import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { adapterFor } from "../../adapters/registry.ts";
import { runHook as runHookInProcess } from "../../hooks/engine/run_hook.ts";
import { askServer } from "../../src/hook_channel/exchange.ts";
import { startHookSocket } from "../../src/hook_channel/socket_server.ts";
import { keyPath, socketPath } from "../../src/hook_channel/socket_path.ts";
import { runHook } from "../_helpers/run_cli.ts";
import { startServer } from "../_helpers/mcp_client.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { waitFor } from "../_helpers/wait_for.ts";
import { CWD, GUARD_CASES, HOME } from "../safety/guard_cases.ts";
import { leaveStaleSocket } from "./_stale_socket.ts";

const onLinux = Deno.build.os === "linux" || Deno.build.os === "darwin";

function preToolUse(cwd: string, tool: string, input: Record<string, unknown>) {
  return {
    session_id: "parity",
    cwd,
    hook_event_name: "PreToolUse",
    tool_name: tool,
    tool_input: input,
  };
}

Deno.test({
  name:
    "the socket answers the guard's whole case table as the command hook does",
  ignore: !onLinux,
  async fn() {
    await using dir = await tempDir();
    const project = join(dir.path, "project");
    await Deno.mkdir(project);
    const socket = await startHookSocket({
      dataHome: dir.path,
      projectDir: project,
    });
    assert.ok(!("reason" in socket), JSON.stringify(socket));
    try {
      const adapter = (await adapterFor("claude-code"))!;
      const key = await Deno.readTextFile(keyPath(socket.path));
      const env = { HOME, CTX_MODE_HOME: dir.path };
      const payloads = [
        ...Object.values(GUARD_CASES).flat()
          .filter(([, , options]) => options === undefined)
          .map(([command]) => preToolUse(CWD, "Bash", { command })),
        preToolUse(CWD, "Read", { file_path: `${HOME}/.ssh/id_rsa` }),
        preToolUse(CWD, "Read", { file_path: "README.md" }),
        preToolUse(CWD, "Write", {
          file_path: ".claude/settings.json",
          content: "{}",
        }),
        preToolUse(CWD, "WebFetch", { url: "https://example.com/docs" }),
        preToolUse(CWD, "Grep", { pattern: "x" }),
        preToolUse(project, "Bash", { command: "curl https://example.com" }),
      ];
      let denied = 0;
      for (const [index, payload] of payloads.entries()) {
        // Each path its own session: a note is given once per session.
        const text = JSON.stringify({
          ...payload,
          session_id: `socket-${index}`,
        });
        const viaSocket = await askServer(socket.path, {
          id: index,
          agent: "claude-code",
          event: "PreToolUse",
          payload: text,
          env,
          ppid: 1,
          key,
        }, 10_000);
        const inProcess = await runHookInProcess(
          adapter,
          "PreToolUse",
          JSON.stringify({ ...payload, session_id: `direct-${index}` }),
          { env, parentPid: 1, now: Date.now() },
        );
        assert.deepEqual(viaSocket, inProcess, text);
        if (inProcess.stdout.includes('"deny"')) denied++;
      }
      assert.ok(denied > 100, `only ${denied} denies: the table did not run`);
    } finally {
      await socket.close();
    }
    assert.throws(() => Deno.lstatSync(socket.path), Deno.errors.NotFound);
  },
});

Deno.test({
  name:
    "the socket lives in a private folder, mode 0600, and ignores requests without its key",
  ignore: !onLinux,
  async fn() {
    await using dir = await tempDir();
    const socket = await startHookSocket({
      dataHome: dir.path,
      projectDir: dir.path,
    });
    assert.ok(!("reason" in socket), JSON.stringify(socket));
    try {
      assert.equal(Deno.statSync(dirname(socket.path)).mode! & 0o777, 0o700);
      assert.equal(Deno.lstatSync(socket.path).mode! & 0o777, 0o600);
      assert.equal(Deno.statSync(keyPath(socket.path)).mode! & 0o777, 0o600);
      const payload = JSON.stringify(
        preToolUse(dir.path, "Bash", { command: "ls" }),
      );
      const request = {
        id: 1,
        agent: "claude-code",
        event: "PreToolUse",
        payload,
        env: { HOME: dir.path, CTX_MODE_HOME: dir.path },
      };
      assert.equal(await askServer(socket.path, request, 5_000), undefined);
      assert.equal(
        await askServer(
          socket.path,
          { ...request, key: "0".repeat(64) },
          5_000,
        ),
        undefined,
      );
      const key = await Deno.readTextFile(keyPath(socket.path));
      assert.deepEqual(
        await askServer(socket.path, { ...request, key }, 10_000),
        {
          stdout: "",
          exitCode: 0,
        },
      );
    } finally {
      await socket.close();
    }
  },
});

Deno.test({
  name:
    "a second server leaves a live socket alone; a dead one's socket file is replaced",
  ignore: !onLinux,
  async fn() {
    await using dir = await tempDir();
    const first = await startHookSocket({
      dataHome: dir.path,
      projectDir: dir.path,
    });
    assert.ok(!("reason" in first));
    const second = await startHookSocket({
      dataHome: dir.path,
      projectDir: dir.path,
    });
    assert.deepEqual(second, {
      reason: "another ctx-mode process answers hooks for this project",
    });
    await first.close();
    // A server killed by SIGKILL leaves its socket file behind.
    const path = socketPath(dir.path, dir.path)!;
    await leaveStaleSocket(path);
    const third = await startHookSocket({
      dataHome: dir.path,
      projectDir: dir.path,
    });
    assert.ok(!("reason" in third), JSON.stringify(third));
    await third.close();
  },
});

type Behaviour =
  | "answer"
  | "garbage"
  | "silent"
  | "hang-up"
  | "wrong-id"
  | "accepted-late"
  | "accepted-hang-up";

/** How late the "accepted-late" server answers: past the hook's deadline. */
const LATE_MS = 3_000;

/** A stand-in server on a project's socket path that misbehaves as told. */
function fakeServer(dataHome: string, project: string, behaviour: Behaviour) {
  const path = socketPath(dataHome, project)!;
  Deno.mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  Deno.chmodSync(dirname(path), 0o700);
  Deno.writeTextFileSync(keyPath(path), "k", { mode: 0o600 });
  const listener = Deno.listen({ transport: "unix", path });
  const held: Deno.Conn[] = [];
  let requests = 0;
  const serving = (async () => {
    for await (const connection of listener) {
      const buffer = new Uint8Array(1 << 20);
      let text = "";
      while (!text.includes("\n")) {
        const read = await connection.read(buffer).catch(() => null);
        if (read === null) break;
        text += new TextDecoder().decode(buffer.subarray(0, read));
      }
      // A hook connects before it has checked the folder and read its
      // payload; what counts is a request sent.
      if (!text.includes("\n")) {
        connection.close();
        continue;
      }
      requests++;
      const id = JSON.parse(text.slice(0, text.indexOf("\n"))).id;
      const reply = { stdout: "FROM-FAKE-SERVER\n", exitCode: 0 };
      const lines: Record<string, string | null> = {
        answer: JSON.stringify({ id, reply }) + "\n",
        garbage: "}}not an answer{{\n",
        silent: null,
        "hang-up": "",
        "wrong-id": JSON.stringify({ id: `${id}x`, reply }) + "\n",
      };
      if (behaviour.startsWith("accepted")) {
        const ack = JSON.stringify({ id, accepted: true }) + "\n";
        await connection.write(new TextEncoder().encode(ack)).catch(() => {});
        if (behaviour === "accepted-late") {
          await new Promise((resolve) => setTimeout(resolve, LATE_MS));
          await connection.write(new TextEncoder().encode(lines.answer!))
            .catch(() => {});
        }
        connection.close();
        continue;
      }
      const line = lines[behaviour as keyof typeof lines];
      if (line === null) {
        held.push(connection);
        continue;
      }
      await connection.write(new TextEncoder().encode(line)).catch(() => {});
      connection.close();
    }
  })();
  return {
    /** How many requests came (connections closed unused do not count). */
    requests: () => requests,
    async close() {
      listener.close();
      for (const connection of held) connection.close();
      await serving.catch(() => {});
    },
  };
}

const RM_HOME = { "tool_name": "Bash", "tool_input": { command: "rm -rf ~" } };

async function hookProcess(
  home: string,
  project: string,
  extra: Record<string, string> = {},
) {
  return await runHook(["claude-code", "PreToolUse"], {
    session_id: "s",
    cwd: project,
    hook_event_name: "PreToolUse",
    ...RM_HOME,
  }, { home, cwd: project, env: { CLAUDE_PROJECT_DIR: project, ...extra } });
}

Deno.test({
  name:
    "the hook process takes the server's answer from the socket when one is there",
  ignore: !onLinux,
  async fn() {
    await using dir = await tempDir();
    const fake = fakeServer(dir.path, dir.path, "answer");
    try {
      // A generous deadline: the machine may be busy.
      const run = await hookProcess(dir.path, dir.path, {
        CTX_MODE_HOOK_SOCKET_MS: "30000",
      });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stdout, "FROM-FAKE-SERVER\n");
      const off = await hookProcess(dir.path, dir.path, {
        CTX_MODE_HOOK_SOCKET: "off",
      });
      assert.match(off.stdout, /"permissionDecision":"deny"/);
      assert.equal(fake.requests(), 1);
    } finally {
      await fake.close();
    }
  },
});

for (const behaviour of ["garbage", "silent", "hang-up", "wrong-id"] as const) {
  Deno.test({
    name:
      `a server that answers ${behaviour}: the hook decides in-process, as before`,
    ignore: !onLinux,
    async fn() {
      await using dir = await tempDir();
      const fake = fakeServer(dir.path, dir.path, behaviour);
      try {
        const run = await hookProcess(dir.path, dir.path);
        assert.equal(run.code, 0, run.stderr);
        assert.match(run.stdout, /"permissionDecision":"deny".*rm\.home/);
        assert.equal(fake.requests(), 1, "the socket was tried");
      } finally {
        await fake.close();
      }
    },
  });
}

Deno.test({
  name:
    "a request the server has taken on is answered by the server even past the deadline, never decided twice",
  ignore: !onLinux,
  async fn() {
    await using dir = await tempDir();
    const late = fakeServer(dir.path, dir.path, "accepted-late");
    try {
      // Acknowledged within the deadline, answered after it.
      const run = await hookProcess(dir.path, dir.path, {
        CTX_MODE_HOOK_SOCKET_MS: String(LATE_MS / 2),
      });
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.stdout, "FROM-FAKE-SERVER\n");
      assert.equal(late.requests(), 1);
    } finally {
      await late.close();
    }
    // A server that dies after taking the request on: decided in-process.
    const dying = fakeServer(dir.path, dir.path, "accepted-hang-up");
    try {
      const run = await hookProcess(dir.path, dir.path);
      assert.match(run.stdout, /"permissionDecision":"deny".*rm\.home/);
      assert.equal(dying.requests(), 1);
    } finally {
      await dying.close();
    }
  },
});

Deno.test({
  name: "a socket folder owned by another user or open to others is never used",
  ignore: !onLinux,
  async fn() {
    await using dir = await tempDir();
    const fake = fakeServer(dir.path, dir.path, "answer");
    const folder = dirname(socketPath(dir.path, dir.path)!);
    try {
      Deno.chmodSync(folder, 0o755);
      const open = await hookProcess(dir.path, dir.path);
      assert.match(open.stdout, /"permissionDecision":"deny"/);
      Deno.chmodSync(folder, 0o700);
      if (Deno.uid() === 0) {
        Deno.chownSync(folder, 65534, 65534);
        const foreign = await hookProcess(dir.path, dir.path);
        assert.match(foreign.stdout, /"permissionDecision":"deny"/);
      }
      assert.equal(fake.requests(), 0);
    } finally {
      await fake.close();
    }
  },
});

Deno.test({
  name:
    "a running server answers its project's hooks on its socket and removes it on exit",
  ignore: !onLinux,
  async fn() {
    await using dir = await tempDir();
    const project = join(dir.path, "project");
    await Deno.mkdir(project);
    const real = await Deno.realPath(project);
    const path = socketPath(dir.path, real)!;
    {
      await using _server = await startServer({
        project: real,
        home: dir.path,
      });
      // The socket starts beside the server, which does not wait for it.
      await waitFor(() => Deno.lstatSync(path).isSocket === true);
      const run = await hookProcess(dir.path, real);
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /"permissionDecision":"deny".*rm\.home/);
      // The same answer without the socket.
      const direct = await hookProcess(dir.path, real, {
        CTX_MODE_HOOK_SOCKET: "off",
      });
      assert.equal(run.stdout, direct.stdout);
      // A request from another project falls back to its own answer.
      const other = join(dir.path, "other");
      await Deno.mkdir(other);
      const elsewhere = await hookProcess(dir.path, other);
      assert.equal(elsewhere.stdout, direct.stdout);
    }
    // The file goes when the server exits.
    await waitFor(() => {
      try {
        Deno.lstatSync(path);
        return false;
      } catch {
        return true;
      }
    });
  },
});
