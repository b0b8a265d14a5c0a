/**
 * Trust as the real agents see it (pinned, from the e2e cache), in a
 * throwaway HOME: doctor's verdict must be the agent's own. Codex's
 * `app-server` reports each hook's `trustStatus` (`hooks/list`), and the
 * trust written the way its `/hooks` writes it (`trusted_hash` = the
 * hook's `currentHash`); Gemini CLI's `mcp list` shows the server Disabled
 * in a folder that `trustedFolders.json` does not trust.
 */

import assert from "node:assert/strict";
import { join } from "node:path";
import { codexAgent } from "../e2e/agents/codex.ts";
import { geminiCliAgent } from "../e2e/agents/gemini_cli.ts";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { cachedAgents } from "./_cached_agents.ts";

const codex = cachedAgents([codexAgent]);
const gemini = cachedAgents([geminiCliAgent]);

/** One hook as Codex's `hooks/list` reports it. */
interface ListedHook {
  key: string;
  command: string;
  currentHash: string;
  trustStatus: string;
}

/** Codex's own view of the hooks for `cwd`, from `codex app-server`. */
async function codexHooks(
  bin: string,
  env: Record<string, string>,
  cwd: string,
): Promise<ListedHook[]> {
  const child = new Deno.Command(bin, {
    args: ["app-server"],
    cwd,
    env,
    clearEnv: true,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  const send = (message: unknown) =>
    writer.write(new TextEncoder().encode(JSON.stringify(message) + "\n"));
  const lines = child.stdout.pipeThrough(new TextDecoderStream())
    .getReader();
  const answer = async (id: number) => {
    let buffer = "";
    while (true) {
      const { value, done } = await lines.read();
      if (done) {
        throw new Error(`codex app-server ended before answering ${id}`);
      }
      buffer += value;
      let end;
      while ((end = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 1);
        const message = JSON.parse(line) as { id?: number; result?: unknown };
        if (message.id === id) return message;
      }
    }
  };
  try {
    await send({
      id: 1,
      method: "initialize",
      params: {
        clientInfo: { name: "ctx-mode-test", version: "1" },
        capabilities: { experimentalApi: true },
      },
    });
    await answer(1);
    await send({ method: "initialized" });
    await send({ id: 2, method: "hooks/list", params: { cwds: [cwd] } });
    const list = await answer(2) as {
      result?: { data?: { hooks?: ListedHook[] }[] };
    };
    return (list.result?.data ?? []).flatMap((entry) => entry.hooks ?? [])
      .filter((hook) => / hook codex \S+$/.test(hook.command));
  } finally {
    await writer.close().catch(() => {});
    await lines.cancel().catch(() => {});
    child.kill();
    await child.status;
  }
}

Deno.test({
  name: "skip" in codex
    ? `Codex hook trust as Codex sees it: skipped, ${codex.skip}`
    : "doctor's Codex hook trust is what Codex 0.171's hooks/list says: untrusted after install, trusted as /hooks records it, modified once the hook changed",
  ignore: "skip" in codex,
  async fn() {
    if ("skip" in codex) return;
    await using dir = await tempDir();
    const home = join(dir.path, "home");
    const project = join(home, "project");
    Deno.mkdirSync(project, { recursive: true });
    const where = { home, cwd: project, env: { PATH: "" } };
    const install = await runCli(["install", "codex"], where);
    assert.equal(install.code, 0, install.stderr);
    assert.match(install.stdout, /Codex runs none of ctx-mode's 5 hooks/);

    const env = {
      HOME: home,
      CODEX_HOME: join(home, ".codex"),
      PATH: "/usr/local/bin:/usr/bin:/bin",
    };
    const fresh = await codexHooks(codex.bins["codex"]!, env, project);
    assert.equal(fresh.length, 5, JSON.stringify(fresh));
    assert.deepEqual(
      [...new Set(fresh.map((hook) => hook.trustStatus))],
      ["untrusted"],
    );
    const doctorFresh = await runCli(["doctor"], where);
    assert.match(
      doctorFresh.stdout,
      /^! codex hook trust: Codex runs none of ctx-mode's 5 hooks/m,
    );

    // What Codex's /hooks writes for each hook it is told to trust.
    const configFile = join(home, ".codex/config.toml");
    const installed = Deno.readTextFileSync(configFile);
    const record = (hooks: ListedHook[], stale?: string) =>
      installed +
      hooks.map((hook) =>
        `[hooks.state.${JSON.stringify(hook.key)}]\ntrusted_hash = "${
          hook.key === stale ? `sha256:${"0".repeat(64)}` : hook.currentHash
        }"\n`
      ).join("");
    Deno.writeTextFileSync(configFile, record(fresh));
    const trusted = await codexHooks(codex.bins["codex"]!, env, project);
    assert.deepEqual(
      [...new Set(trusted.map((hook) => hook.trustStatus))],
      ["trusted"],
    );
    const doctorTrusted = await runCli(["doctor"], where);
    assert.match(
      doctorTrusted.stdout,
      /^✓ codex hook trust: all 5 of ctx-mode's hooks are trusted/m,
    );

    // A hash Codex recorded for the hook as it was before: "modified".
    Deno.writeTextFileSync(configFile, record(fresh, fresh[0]!.key));
    const modified = await codexHooks(codex.bins["codex"]!, env, project);
    assert.deepEqual(
      modified.map((hook) => hook.trustStatus).sort(),
      ["modified", "trusted", "trusted", "trusted", "trusted"],
    );
    const doctorModified = await runCli(["doctor"], where);
    assert.match(
      doctorModified.stdout,
      /^! codex hook trust: Codex runs not all of ctx-mode's 5 hooks until you trust them \(1 changed since you last trusted them\)/m,
    );
  },
});

Deno.test({
  name: "skip" in gemini
    ? `Gemini CLI folder trust as Gemini CLI sees it: skipped, ${gemini.skip}`
    : "doctor's Gemini CLI folder trust is what Gemini CLI 0.61's mcp list shows: Disabled in an untrusted folder, enabled once trustedFolders.json trusts it",
  ignore: "skip" in gemini,
  async fn() {
    if ("skip" in gemini) return;
    await using dir = await tempDir();
    const home = join(dir.path, "home");
    const project = join(home, "project");
    Deno.mkdirSync(project, { recursive: true });
    await geminiCliAgent.prepare({
      home,
      project,
      modelUrl: "http://127.0.0.1:9",
    });
    const where = { home, cwd: project, env: { PATH: "" } };
    const install = await runCli(["install", "gemini-cli"], where);
    assert.equal(install.code, 0, install.stderr);
    assert.match(install.stdout, /Gemini CLI keeps ctx-mode's server Disabled/);

    const list = async () => {
      const output = await new Deno.Command(gemini.bins["gemini-cli"]!, {
        args: ["mcp", "list"],
        cwd: project,
        clearEnv: true,
        env: {
          HOME: home,
          PATH: `${
            Deno.execPath().replace(/\/[^/]*$/, "")
          }:/usr/local/bin:/usr/bin:/bin`,
          GEMINI_API_KEY: "dummy",
          GOOGLE_GEMINI_BASE_URL: "http://127.0.0.1:9",
        },
        stdin: "null",
        stdout: "piped",
        stderr: "piped",
      }).output();
      const decode = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
      return decode(output.stdout) + decode(output.stderr);
    };
    const untrusted = await list();
    assert.match(untrusted, /^○ ctx-mode: .* - Disabled$/m);
    const doctorBefore = await runCli(["doctor"], where);
    assert.match(doctorBefore.stdout, /^! gemini-cli folder trust: /m);

    // What Gemini CLI's "Trust folder" writes.
    Deno.writeTextFileSync(
      join(home, ".gemini/trustedFolders.json"),
      JSON.stringify({ [project]: "TRUST_FOLDER" }, null, 2),
    );
    const trusted = await list();
    // Enabled: Gemini CLI now starts the server (whether that cold start
    // beats its timeout depends on this HOME's Deno cache, not on trust).
    assert.match(trusted, /^. ctx-mode: .* - (Connected|Disconnected)$/m);
    assert.doesNotMatch(trusted, /Disabled/);
    const doctorAfter = await runCli(["doctor"], where);
    assert.match(doctorAfter.stdout, /^✓ gemini-cli folder trust: /m);
  },
});
