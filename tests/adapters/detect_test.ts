import assert from "node:assert/strict";
import { join } from "node:path";
import { detectPlatform } from "../../adapters/detect.ts";

Deno.test("detectPlatform() decides by the strongest evidence available", async (t) => {
  const cases: Array<{
    name: string;
    env?: Record<string, string>;
    client?: string;
    dirs?: string[];
    platform: string;
    confidence: string;
  }> = [
    {
      name: "CTX_MODE_PLATFORM overrides everything",
      env: { CTX_MODE_PLATFORM: "cursor", CLAUDECODE: "1" },
      client: "claude-code",
      platform: "cursor",
      confidence: "high",
    },
    {
      name: "an unknown CTX_MODE_PLATFORM is ignored",
      env: { CTX_MODE_PLATFORM: "emacs", GEMINI_CLI: "1" },
      platform: "gemini-cli",
      confidence: "high",
    },
    {
      name: "the MCP client name beats the environment",
      env: { CLAUDECODE: "1" },
      client: "gemini-cli-mcp-client",
      platform: "gemini-cli",
      confidence: "high",
    },
    {
      name: "Zed by its client name",
      client: "Zed",
      platform: "zed",
      confidence: "high",
    },
    {
      name: "Claude Code inside a VS Code terminal is Claude Code",
      env: { VSCODE_PID: "42", VSCODE_CWD: "/p", CLAUDECODE: "1" },
      platform: "claude-code",
      confidence: "high",
    },
    {
      name: "Qwen Code sets Gemini's and Claude's variables too",
      env: {
        QWEN_PROJECT_DIR: "/p",
        GEMINI_PROJECT_DIR: "/p",
        CLAUDE_PROJECT_DIR: "/p",
      },
      platform: "qwen-code",
      confidence: "high",
    },
    {
      name: "Gemini CLI sets Claude's project variable as an alias",
      env: { GEMINI_PROJECT_DIR: "/p", CLAUDE_PROJECT_DIR: "/p" },
      platform: "gemini-cli",
      confidence: "high",
    },
    {
      name: "Cursor by its project variable",
      env: { CURSOR_PROJECT_DIR: "/p" },
      platform: "cursor",
      confidence: "medium",
    },
    {
      name: "OpenCode by its marker",
      env: { OPENCODE: "1" },
      platform: "opencode",
      confidence: "medium",
    },
    {
      name: "VS Code alone is only a weak hint",
      env: { VSCODE_PID: "1" },
      platform: "vscode-copilot",
      confidence: "low",
    },
    {
      name: "a config directory when nothing else tells",
      env: {},
      dirs: [".codex"],
      platform: "codex",
      confidence: "low",
    },
    {
      name: "Claude Code with low confidence by default",
      env: {},
      platform: "claude-code",
      confidence: "low",
    },
  ];
  for (const c of cases) {
    await t.step(c.name, () => {
      const home = "/home/ada";
      const dirs = new Set((c.dirs ?? []).map((dir) => join(home, dir)));
      const found = detectPlatform({
        env: c.env ?? {},
        clientName: c.client,
        home,
        exists: (path) => dirs.has(path),
      });
      assert.equal(found.platform, c.platform, found.evidence);
      assert.equal(found.confidence, c.confidence);
      assert.ok(found.evidence.length > 0);
    });
  }
});
