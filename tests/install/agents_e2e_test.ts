/**
 * End to end with the real agents: `ctx-mode install claude-code gemini-cli
 * codex` from a copy of the clone outside the repository, in a throwaway
 * HOME, then each agent's own `mcp list` must show ctx-mode (Claude Code and
 * Gemini CLI connect to it; Codex lists it), and uninstall restores every
 * file byte for byte.
 *
 * The agents are the pinned ones `deno task e2e` installs into its cache;
 * without them the test skips and says so.
 */

import assert from "node:assert/strict";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { claudeCodeAgent } from "../e2e/agents/claude_code.ts";
import { codexAgent } from "../e2e/agents/codex.ts";
import { geminiCliAgent } from "../e2e/agents/gemini_cli.ts";
import { denoDir } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { cachedAgents } from "./_cached_agents.ts";
import { copyTree, FIXTURES, snapshot } from "./_fixture.ts";

const found = cachedAgents([claudeCodeAgent, geminiCliAgent, codexAgent]);
/** A PATH that finds the three agents by their own names, then the system's. */
const BIN = "bins" in found
  ? Object.values(found.bins).map((bin) => dirname(bin)).join(":")
  : "";
const REPO = fileURLToPath(new URL("../../", import.meta.url));

function copyClone(to: string): void {
  Deno.mkdirSync(to);
  for (const entry of Deno.readDirSync(REPO)) {
    if (entry.name === ".git" || entry.name === "node_modules") continue;
    const from = join(REPO, entry.name);
    if (entry.isDirectory) copyTree(from, join(to, entry.name));
    else Deno.copyFileSync(from, join(to, entry.name));
  }
}

async function run(
  command: string,
  args: string[],
  options: { home: string; cwd: string },
): Promise<{ code: number; out: string }> {
  const output = await new Deno.Command(command, {
    args,
    cwd: options.cwd,
    clearEnv: true,
    env: {
      PATH: `${BIN}:${Deno.env.get("PATH") ?? ""}`,
      HOME: options.home,
      DENO_DIR: denoDir(),
      NO_COLOR: "1",
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
    signal: AbortSignal.timeout(120_000),
  }).output();
  const decoder = new TextDecoder();
  return {
    code: output.code,
    out: decoder.decode(output.stdout) + decoder.decode(output.stderr),
  };
}

Deno.test({
  name: "skip" in found
    ? `agents end to end: skipped, ${found.skip}`
    : "install from a clone copy registers Claude Code, Gemini CLI and Codex so that their own mcp list shows ctx-mode; uninstall restores every file",
  ignore: "skip" in found,
  async fn() {
    await using dir = await tempDir();
    const home = join(dir.path, "home");
    const project = join(dir.path, "project");
    copyTree(join(FIXTURES, "claude-code/realistic/home"), home);
    copyTree(join(FIXTURES, "gemini-cli/realistic/home"), home);
    copyTree(join(FIXTURES, "codex/realistic/home"), home);
    // Gemini CLI itself refuses a settings.json that starts with a BOM.
    const gemini = join(home, ".gemini/settings.json");
    Deno.writeTextFileSync(
      gemini,
      Deno.readTextFileSync(gemini).replace(/^\uFEFF/, ""),
    );
    Deno.mkdirSync(project);
    const clone = join(dir.path, "clone");
    copyClone(clone);
    const main = join(clone, "main.ts");
    const before = snapshot(home);
    const where = { home, cwd: project };

    const install = await run(Deno.execPath(), [
      "run",
      "-A",
      main,
      "install",
      "claude-code",
      "gemini-cli",
      "codex",
      "--yes",
    ], where);
    assert.equal(install.code, 0, install.out);
    const uninstall = await run(Deno.execPath(), [
      "run",
      "-A",
      main,
      "uninstall",
      "claude-code",
      "gemini-cli",
      "codex",
    ], where);
    assert.equal(uninstall.code, 0, uninstall.out);
    assert.deepEqual(
      snapshot(home),
      before,
      "uninstall restores every file byte for byte",
    );

    assert.equal(
      (await run(Deno.execPath(), [
        "run",
        "-A",
        main,
        "install",
        "claude-code",
        "gemini-cli",
        "codex",
        "--yes",
      ], where)).code,
      0,
    );
    // Gemini CLI connects to servers only in a trusted folder: its own
    // listing and the doctor agree, before and after the folder is trusted.
    const untrusted = await run("gemini", ["mcp", "list"], where);
    assert.match(untrusted.out, /ctx-mode: .*Disabled/, untrusted.out);
    const doctorBefore = await run(Deno.execPath(), [
      "run",
      "-A",
      main,
      "doctor",
    ], where);
    assert.match(doctorBefore.out, /^! gemini-cli folder trust: /m);
    Deno.writeTextFileSync(
      join(home, ".gemini/trustedFolders.json"),
      JSON.stringify({ [project]: "TRUST_FOLDER" }),
    );
    const doctorAfter = await run(Deno.execPath(), [
      "run",
      "-A",
      main,
      "doctor",
    ], where);
    assert.match(doctorAfter.out, /^✓ gemini-cli folder trust: /m);
    const claude = await run("claude", ["mcp", "list"], where);
    assert.match(
      claude.out,
      new RegExp(`^ctx-mode: .*${clone}/main\\.ts serve - ✔ Connected$`, "m"),
      claude.out,
    );
    const listed = await run("gemini", ["mcp", "list"], where);
    assert.match(
      listed.out,
      new RegExp(
        `ctx-mode: .*${clone}/main\\.ts serve \\(stdio\\) - Connected`,
      ),
      listed.out,
    );
    const codex = await run("codex", ["mcp", "list"], where);
    assert.match(
      codex.out,
      new RegExp(
        `^ctx-mode +.*deno +run -q -A --config ${clone}/deno\\.json ${clone}/main\\.ts serve .*enabled`,
        "m",
      ),
      codex.out,
    );
    assert.match(claude.out, /github: .*/, "the other server is still listed");
  },
});
