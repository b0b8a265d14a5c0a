/**
 * Which agent platform ctx-mode is running under, with the confidence and
 * the evidence: the MCP client's name first, then the agent's own
 * environment variables (before variables a host IDE's terminal passes down),
 * then the platforms' config directories. `CTX_MODE_PLATFORM` overrides all.
 *
 * Reads only what it is given (environment, a file-existence check); never
 * writes and never prints.
 *
 * @module
 */

import { join } from "node:path";

/** The platforms ctx-mode knows, by the names used on the command line (`ctx-mode hook <platform> …`). */
export const PLATFORMS = [
  "claude-code",
  "gemini-cli",
  "qwen-code",
  "cursor",
  "codex",
  "vscode-copilot",
  "copilot-cli",
  "jetbrains-copilot",
  "kiro",
  "kimi",
  "hermes",
  "antigravity-cli",
  "opencode",
  "pi",
  "omp",
  "openclaw",
  "amp",
  "zed",
] as const;

/** A platform name. */
export type Platform = typeof PLATFORMS[number];

/** How sure the detection is. */
export type Confidence = "high" | "medium" | "low";

/** The detected platform and why. */
export interface Detection {
  /** The platform. */
  platform: Platform;
  /** How sure. */
  confidence: Confidence;
  /** What decided it, for `ctx-mode doctor`. */
  evidence: string;
}

/** What detection looks at. */
export interface DetectionInput {
  /** The environment. */
  env: Readonly<Record<string, string>>;
  /** The MCP client's `initialize` name, when known. @default {undefined} */
  clientName?: string | undefined;
  /** The home directory. @default {env.HOME} */
  home?: string | undefined;
  /** Whether a path exists. @default {() => false} */
  exists?: (path: string) => boolean;
}

const CLIENT_NAMES: ReadonlyArray<[RegExp, Platform]> = [
  [/qwen/i, "qwen-code"],
  [/gemini/i, "gemini-cli"],
  [/antigravity/i, "antigravity-cli"],
  [/claude/i, "claude-code"],
  [/cursor/i, "cursor"],
  [/codex/i, "codex"],
  [/copilot.*cli|cli.*copilot/i, "copilot-cli"],
  [/jetbrains|intellij/i, "jetbrains-copilot"],
  [/copilot|visual studio code|vscode/i, "vscode-copilot"],
  [/kiro/i, "kiro"],
  [/kimi/i, "kimi"],
  [/hermes/i, "hermes"],
  [/opencode/i, "opencode"],
  [/openclaw/i, "openclaw"],
  [/^amp\b/i, "amp"],
  [/^zed\b/i, "zed"],
  [/^omp\b/i, "omp"],
  [/^pi\b/i, "pi"],
];

// Agent-specific markers first. Qwen Code also sets Gemini's and Claude's
// project variables and Gemini sets Claude's, so the most specific wins; the
// editor variables a terminal inherits (VSCODE_*) come last.
const ENV_MARKERS: ReadonlyArray<[string, Platform, Confidence]> = [
  ["QWEN_PROJECT_DIR", "qwen-code", "high"],
  ["GEMINI_CLI", "gemini-cli", "high"],
  ["GEMINI_PROJECT_DIR", "gemini-cli", "high"],
  ["GEMINI_SESSION_ID", "gemini-cli", "high"],
  ["CLAUDECODE", "claude-code", "high"],
  ["CLAUDE_CODE_SESSION_ID", "claude-code", "high"],
  ["CLAUDE_PROJECT_DIR", "claude-code", "medium"],
  ["CURSOR_PROJECT_DIR", "cursor", "medium"],
  ["CURSOR_CLI", "cursor", "medium"],
  ["CURSOR_TRACE_ID", "cursor", "medium"],
  ["CURSOR_VERSION", "cursor", "medium"],
  ["CODEX_THREAD_ID", "codex", "medium"],
  ["CODEX_CI", "codex", "medium"],
  ["CODEX_HOME", "codex", "low"],
  ["OPENCODE", "opencode", "medium"],
  ["OPENCODE_PID", "opencode", "medium"],
  ["KIMI_CODE_HOME", "kimi", "medium"],
  ["HERMES_HOME", "hermes", "medium"],
  ["OPENCLAW_STATE_DIR", "openclaw", "medium"],
  ["OPENCLAW_CONFIG_PATH", "openclaw", "medium"],
  ["PI_CODING_AGENT_DIR", "pi", "medium"],
  ["COPILOT_HOME", "copilot-cli", "low"],
  ["VSCODE_PID", "vscode-copilot", "low"],
  ["VSCODE_CWD", "vscode-copilot", "low"],
];

const CONFIG_DIRS: ReadonlyArray<[string, Platform]> = [
  [".claude", "claude-code"],
  [".gemini", "gemini-cli"],
  [".qwen", "qwen-code"],
  [".cursor", "cursor"],
  [".codex", "codex"],
  [".kiro", "kiro"],
  [".copilot", "copilot-cli"],
  [".kimi-code", "kimi"],
  [".hermes", "hermes"],
  [".config/opencode", "opencode"],
];

/** Whether a name is a known platform. */
export function isPlatform(name: string): name is Platform {
  return (PLATFORMS as readonly string[]).includes(name);
}

/**
 * Detects the platform.
 *
 * @param input The environment, the MCP client's name, the home directory and a file check.
 * @returns The platform with its confidence and evidence; Claude Code with low confidence when nothing tells.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { detectPlatform } from "./detect.ts";
 * const found = detectPlatform({ env: { VSCODE_PID: "1", CLAUDECODE: "1" } });
 * assert.equal(found.platform, "claude-code");
 * assert.equal(found.confidence, "high");
 * ```
 */
export function detectPlatform(input: DetectionInput): Detection {
  const { env } = input;
  const forced = env.CTX_MODE_PLATFORM?.trim();
  if (forced) {
    if (isPlatform(forced)) {
      return {
        platform: forced,
        confidence: "high",
        evidence: "CTX_MODE_PLATFORM",
      };
    }
  }
  const client = input.clientName?.trim();
  if (client) {
    const match = CLIENT_NAMES.find(([pattern]) => pattern.test(client));
    if (match) {
      return {
        platform: match[1],
        confidence: "high",
        evidence: `MCP client "${client}"`,
      };
    }
  }
  for (const [name, platform, confidence] of ENV_MARKERS) {
    if (env[name]?.trim()) {
      return { platform, confidence, evidence: `environment variable ${name}` };
    }
  }
  const home = input.home ?? env.HOME ?? env.USERPROFILE;
  const exists = input.exists ?? (() => false);
  if (home) {
    const found = CONFIG_DIRS.filter(([dir]) => exists(join(home, dir)));
    const first = found[0];
    if (first) {
      return {
        platform: first[1],
        confidence: "low",
        evidence: `config directory ~/${first[0]}${
          found.length > 1 ? ` (of ${found.length} found)` : ""
        }`,
      };
    }
  }
  return {
    platform: "claude-code",
    confidence: "low",
    evidence: forced
      ? `unknown CTX_MODE_PLATFORM "${forced}"; default`
      : "nothing found; default",
  };
}
