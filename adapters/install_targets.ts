/**
 * Every agent `ctx-mode install` knows, in the order they are offered.
 * Adding an agent is adding its module and one line here.
 *
 * @module
 */

import { amp } from "./amp/install.ts";
import { antigravity, antigravityCli } from "./antigravity/install.ts";
import { claudeCode } from "./claude_code/install.ts";
import { codex } from "./codex/install.ts";
import { copilotCli, jetbrainsCopilot } from "./copilot/install.ts";
import { cursor } from "./cursor/install.ts";
import { geminiCli, qwenCode } from "./gemini_cli/install.ts";
import { hermes, hermesPlugin } from "./hermes/install.ts";
import { kiloCode } from "./opencode/kilocode_install.ts";
import { kimi } from "./kimi/install.ts";
import { kiro } from "./kiro/install.ts";
import { openClaw } from "./openclaw/install.ts";
import { omp, pi } from "./pi/install.ts";
import { opencode } from "./opencode/install.ts";
import { vscodeCopilot } from "./vscode_copilot/install.ts";
import { zed } from "./zed/install.ts";
import type { InstallTarget } from "../src/install/types.ts";

/** The install targets, by name. */
export const INSTALL_TARGETS: readonly InstallTarget[] = [
  claudeCode,
  geminiCli,
  codex,
  qwenCode,
  cursor,
  vscodeCopilot,
  opencode,
  hermes,
  copilotCli,
  jetbrainsCopilot,
  kiro,
  antigravityCli,
  antigravity,
  zed,
  kimi,
  hermesPlugin,
  kiloCode,
  pi,
  omp,
  openClaw,
  amp,
];

/**
 * The install target of an agent.
 *
 * @param name The agent's name (`claude-code`).
 * @returns The target, or undefined.
 */
export function installTarget(name: string): InstallTarget | undefined {
  return INSTALL_TARGETS.find((target) => target.name === name);
}
