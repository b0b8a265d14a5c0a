/**
 * The hook lines install writes for agents that block a tool call when a
 * hook exits non-zero (Copilot CLI, Gemini CLI), run as those agents run
 * them (`bash -c <line>`, the payload on stdin): a ctx-mode that is gone
 * lets the call through, ctx-mode's own deny still denies, the doctor sees
 * through the ending, and uninstall gives the bytes back.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { parse as parseJsonc } from "jsonc-parser";
import { childEnv, runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { withoutFailOpen } from "../../src/install/fail_open.ts";

/** bash where a system keeps it: the shell both agents run hook lines with. */
const BASH = ["/bin/bash", "/usr/bin/bash"].find((path) => {
  try {
    return Deno.statSync(path).isFile;
  } catch {
    return false;
  }
});

/** Runs one hook line as the agents do: `bash -c <line>`, the payload on stdin. */
async function runLine(
  line: string,
  payload: unknown,
  options: { home: string; cwd: string },
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = new Deno.Command(BASH!, {
    args: ["-c", line],
    cwd: options.cwd,
    clearEnv: true,
    env: childEnv(options.home, { PATH: "/usr/bin:/bin" }),
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  // A line whose program is gone ends before it reads its payload: the pipe
  // then breaks, as it does for the agent, and the line's answer still counts.
  await writer.write(new TextEncoder().encode(JSON.stringify(payload)))
    .then(() => writer.close())
    .catch((error) => {
      if (!(error instanceof Deno.errors.BrokenPipe)) throw error;
    });
  const output = await child.output();
  return {
    code: output.code,
    stdout: new TextDecoder().decode(output.stdout),
    stderr: new TextDecoder().decode(output.stderr),
  };
}

/** The pre-tool hook lines of each agent, from the files install wrote. */
function preToolLines(home: string): { copilot: string; gemini: string } {
  const copilot = JSON.parse(
    Deno.readTextFileSync(join(home, ".copilot/hooks/ctx-mode.json")),
  ).hooks.preToolUse[0].bash;
  const groups: { hooks: { command: string }[] }[] = parseJsonc(
    Deno.readTextFileSync(join(home, ".gemini/settings.json")),
  ).hooks.BeforeTool;
  const gemini = groups.flatMap((group) => group.hooks).map((h) => h.command)
    .find((command) => command.includes(" hook gemini-cli ")) ?? "";
  return { copilot, gemini };
}

Deno.test({
  name: BASH
    ? "a Copilot CLI or Gemini CLI hook line whose ctx-mode is gone exits 0 with nothing on stdout, while ctx-mode's deny still denies, doctor fails it and uninstall gives the bytes back"
    : "fail-open hook lines (skipped: no bash at /bin/bash or /usr/bin/bash)",
  ignore: BASH === undefined,
  async fn() {
    await using dir = await tempDir();
    const home = dir.path;
    const project = join(home, "project");
    Deno.mkdirSync(project);
    // The user's own hooks beside ctx-mode's, to be given back byte for byte.
    const settings = join(home, ".gemini/settings.json");
    Deno.mkdirSync(join(home, ".gemini"));
    const userSettings =
      '{\n  // mine\n  "hooks": {\n    "BeforeTool": [{"hooks": [{"type": "command", "command": "my-check"}]}]\n  }\n}\n';
    Deno.writeTextFileSync(settings, userSettings);
    const env = { PATH: "" };
    const install = await runCli(["install", "copilot-cli", "gemini-cli"], {
      home,
      cwd: project,
      env,
    });
    assert.equal(install.code, 0, install.stderr);
    const lines = preToolLines(home);
    assert.match(lines.copilot, / hook copilot-cli preToolUse \|\| true$/);
    assert.match(
      lines.gemini,
      /^command -v \S+ >\/dev\/null 2>&1 && exec \S+ .* hook gemini-cli BeforeTool$/,
    );

    const deny = {
      copilot: {
        sessionId: "fail-open-test",
        cwd: project,
        toolName: "bash",
        toolArgs: { command: "rm -rf ~" },
      },
      gemini: {
        session_id: "fail-open-test",
        cwd: project,
        hook_event_name: "BeforeTool",
        tool_name: "run_shell_command",
        tool_input: { command: "rm -rf ~" },
      },
    };
    const copilotDeny = await runLine(lines.copilot, deny.copilot, {
      home,
      cwd: project,
    });
    assert.equal(copilotDeny.code, 0, copilotDeny.stderr);
    assert.equal(JSON.parse(copilotDeny.stdout).permissionDecision, "deny");
    const geminiDeny = await runLine(lines.gemini, deny.gemini, {
      home,
      cwd: project,
    });
    assert.equal(geminiDeny.code, 0, geminiDeny.stderr);
    assert.equal(JSON.parse(geminiDeny.stdout).decision, "deny");

    // The clone deleted (deno exits 1) and the binary moved (bash exits 127).
    const main = lines.copilot.match(/(\S*main\.ts)/)?.[1] ?? "";
    const launch = lines.copilot.slice(0, lines.copilot.indexOf(" hook "));
    const gone = [
      (line: string) => line.replaceAll(main, "/moved/clone/main.ts"),
      // As for a binary install: the launch is one program, named everywhere.
      (line: string) =>
        line.replaceAll(launch, "/moved/bin/ctx-mode").replaceAll(
          launch.split(" ")[0]!,
          "/moved/bin/ctx-mode",
        ),
    ];
    // What each agent lets through: Copilot CLI exit 0 only, Gemini CLI 0 and 1.
    const passes = { copilot: [0], gemini: [0, 1] };
    for (const move of gone) {
      for (const [agent, line] of Object.entries(lines)) {
        const payload = deny[agent as keyof typeof deny];
        const letThrough = passes[agent as keyof typeof passes];
        const moved = await runLine(move(line), payload, {
          home,
          cwd: project,
        });
        assert.ok(
          letThrough.includes(moved.code),
          `${agent}: exit ${moved.code}: ${move(line)}`,
        );
        assert.equal(moved.stdout, "", `${agent}: ${move(line)}`);
      }
    }
    // Without the guard a moved binary is a failure both agents block on.
    const bare = gone[1]!(withoutFailOpen(lines.gemini));
    const blocked = await runLine(bare, deny.gemini, { home, cwd: project });
    assert.equal(blocked.code, 127, bare);

    const good = await runCli(["doctor"], { home, cwd: project, env });
    assert.match(
      good.stdout,
      /^✓ copilot-cli \(user\) hooks \(6\): ~\/\.copilot\/hooks\/ctx-mode\.json: .*main\.ts hook copilot-cli \S+ \|\| true \(ctx-mode \d+\.\d+\.\d+\)$/m,
    );
    const hookFile = join(home, ".copilot/hooks/ctx-mode.json");
    const written = Deno.readTextFileSync(hookFile);
    Deno.writeTextFileSync(
      hookFile,
      written.replaceAll(main, "/moved/clone/main.ts"),
    );
    const moved = await runCli(["doctor"], { home, cwd: project, env });
    assert.match(
      moved.stdout,
      /^✗ copilot-cli \(user\) hooks \(6\): .*\/moved\/clone\/main\.ts hook copilot-cli \S+ \|\| true` does not run \(exited 1: .*\); run: .*install --repair$/m,
    );
    Deno.writeTextFileSync(hookFile, written);

    const uninstall = await runCli(["uninstall", "copilot-cli", "gemini-cli"], {
      home,
      cwd: project,
      env,
    });
    assert.equal(uninstall.code, 0, uninstall.stderr);
    assert.equal(Deno.readTextFileSync(settings), userSettings);
    assert.throws(() => Deno.statSync(hookFile), Deno.errors.NotFound);
  },
});
