import assert from "node:assert/strict";
import { join } from "node:path";
import { childEnv, cliCommand } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { waitFor } from "../_helpers/wait_for.ts";
import { askServer } from "../../src/hook_channel/exchange.ts";
import { keyPath, socketPath } from "../../src/hook_channel/socket_path.ts";

/** A `hook --serve claude-code` process with its stdin writer and stdout lines. */
function startChannel(home: string, project: string) {
  const { command, args } = cliCommand(["hook", "--serve", "claude-code"]);
  const child = new Deno.Command(command, {
    args,
    cwd: project,
    clearEnv: true,
    env: childEnv(home),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  const lines = child.stdout.pipeThrough(new TextDecoderStream()).values();
  let buffered = "";
  return {
    child,
    send: (text: string) => writer.write(new TextEncoder().encode(text)),
    close: () => writer.close(),
    /** The next answer line, parsed. */
    async next(): Promise<{ id: unknown; reply: Record<string, unknown> }> {
      while (!buffered.includes("\n")) {
        const chunk = await lines.next();
        if (chunk.done) throw new Error("the channel closed its stdout");
        buffered += chunk.value;
      }
      const end = buffered.indexOf("\n");
      const line = buffered.slice(0, end);
      buffered = buffered.slice(end + 1);
      return JSON.parse(line);
    },
  };
}

function preToolUse(project: string, command: string) {
  return {
    session_id: "s1",
    cwd: project,
    hook_event_name: "PreToolUse",
    tool_name: "Bash",
    tool_input: { command },
  };
}

/** A request whose payload follows its line as raw bytes, pretty-printed. */
function rawPayload(id: string, payload: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(payload, null, 2));
  const line = JSON.stringify({
    id,
    event: "PreToolUse",
    payloadBytes: bytes.length,
  });
  return `${line}\n${new TextDecoder().decode(bytes)}`;
}

function decisionOf(reply: Record<string, unknown>): string | undefined {
  const stdout = reply.stdout as string;
  if (stdout.trim() === "") return undefined;
  return JSON.parse(stdout).hookSpecificOutput?.permissionDecision;
}

Deno.test("the channel answers 10,000 requests on one process, each with its id and the command hook's reply", async () => {
  await using dir = await tempDir();
  const project = join(dir.path, "project");
  await Deno.mkdir(project);
  const channel = startChannel(dir.path, project);
  const total = 10_000;
  const commands = ["rm -rf ~", "ls -la", "git reset --hard", "echo hi"];
  const expected = ["deny", undefined, "deny", undefined];
  // Written at once: the channel must answer requests that queue up.
  const sending = (async () => {
    const batch: string[] = [];
    for (let i = 0; i < total; i++) {
      batch.push(JSON.stringify({
        id: `r${i}`,
        event: "PreToolUse",
        payload: preToolUse(project, commands[i % 4]!),
      }));
      if (batch.length === 500) {
        await channel.send(batch.join("\n") + "\n");
        batch.length = 0;
      }
    }
    await channel.close();
  })();
  for (let i = 0; i < total; i++) {
    const answer = await channel.next();
    assert.equal(answer.id, `r${i}`);
    assert.equal(answer.reply.exitCode, 0);
    assert.equal(decisionOf(answer.reply), expected[i % 4], `request ${i}`);
  }
  await sending;
  const status = await channel.child.status;
  assert.equal(status.code, 0);
  await channel.child.stderr.cancel();
});

Deno.test("bad lines get a pass-through answer and the channel keeps serving", async () => {
  await using dir = await tempDir();
  const channel = startChannel(dir.path, dir.path);
  const huge = `{"id":"big","event":"PreToolUse","payload":{"x":"${
    "a".repeat(20 * 1024 * 1024)
  }"}}`;
  const lines = [
    "not json",
    '{"id":5,"event":7}',
    '{"id":"nopayload","event":"PreToolUse"}',
    '{"id":"unknown-event","event":"NoSuchEvent","payload":{}}',
    huge,
    rawPayload("raw", preToolUse(dir.path, "rm -rf ~ # données")),
    JSON.stringify({
      id: "after",
      event: "PreToolUse",
      payload: preToolUse(dir.path, "rm -rf ~"),
    }),
  ];
  const sending = (async () => {
    for (const line of lines) await channel.send(line + "\n");
    await channel.close();
  })();
  const ids: unknown[] = [];
  for (let i = 0; i < 5; i++) {
    const answer = await channel.next();
    ids.push(answer.id);
    assert.equal(answer.reply.stdout, "", JSON.stringify(answer));
    assert.equal(answer.reply.exitCode, 0);
    assert.match(String(answer.reply.stderr), /letting the call proceed/);
  }
  assert.deepEqual(ids, [null, 5, "nopayload", "unknown-event", "big"]);
  const raw = await channel.next();
  assert.equal(raw.id, "raw");
  assert.equal(decisionOf(raw.reply), "deny");
  const last = await channel.next();
  assert.equal(last.id, "after");
  assert.equal(decisionOf(last.reply), "deny");
  await sending;
  assert.equal((await channel.child.status).code, 0);
  const stderr = await new Response(channel.child.stderr).text();
  assert.equal(stderr.trim().split("\n").length, 5, stderr);
});

Deno.test("the channel ends quietly when its reader goes away", async () => {
  await using dir = await tempDir();
  const channel = startChannel(dir.path, dir.path);
  await channel.send(
    JSON.stringify({
      id: 1,
      event: "PreToolUse",
      payload: preToolUse(dir.path, "ls"),
    }) + "\n",
  );
  assert.equal((await channel.next()).id, 1);
  await channel.child.stdout.cancel().catch(() => {});
  await channel.send(
    JSON.stringify({
      id: 2,
      event: "PreToolUse",
      payload: preToolUse(dir.path, "ls"),
    }) +
      "\n",
  ).catch(() => {});
  await channel.close().catch(() => {});
  const status = await channel.child.status;
  assert.ok(
    status.code === 0 || status.signal === "SIGPIPE",
    JSON.stringify(status),
  );
  await channel.child.stderr.cancel();
});

Deno.test("hook --serve refuses an unknown platform as a usage error", async () => {
  await using dir = await tempDir();
  const { command, args } = cliCommand(["hook", "--serve", "nope"]);
  const output = await new Deno.Command(command, {
    args,
    cwd: dir.path,
    clearEnv: true,
    env: childEnv(dir.path),
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  assert.equal(output.code, 2);
  assert.match(
    new TextDecoder().decode(output.stderr),
    /Cannot serve hook platform "nope"/,
  );
});

Deno.test({
  name:
    "while the channel runs it answers its project's command hooks on the socket, and removes the socket when it ends",
  ignore: Deno.build.os === "windows",
  async fn() {
    await using dir = await tempDir();
    const project = join(await Deno.realPath(dir.path), "project");
    await Deno.mkdir(project);
    const channel = startChannel(dir.path, project);
    const path = socketPath(dir.path, project)!;
    await waitFor(() => Deno.lstatSync(path).isSocket);
    const ask = async () =>
      await askServer(path, {
        id: 1,
        agent: "claude-code",
        event: "PreToolUse",
        payload: JSON.stringify(preToolUse(project, "rm -rf ~")),
        env: { HOME: dir.path, CTX_MODE_HOME: dir.path },
        ppid: 1,
        key: await Deno.readTextFile(keyPath(path)),
      }, 60_000);
    // The socket answers its first request once it has loaded the hook
    // engine, which it starts doing when it listens: on a loaded machine that
    // can outlast a hook's patience after the acknowledgement (10 s), and
    // the hook then gives up with no reply, as a real one falls back to
    // deciding in its own process. Asked again until it answers.
    let reply = await ask();
    const end = Date.now() + 120_000;
    while (reply === undefined && Date.now() < end) reply = await ask();
    assert.match(reply?.stdout ?? "", /"permissionDecision":"deny"/);
    await channel.close();
    assert.equal((await channel.child.status).code, 0);
    assert.throws(() => Deno.lstatSync(path), Deno.errors.NotFound);
    assert.equal(await new Response(channel.child.stderr).text(), "");
  },
});
