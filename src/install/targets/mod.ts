/**
 * Every agent `ctx-mode install` knows, in the order they are offered.
 * Adding an agent is adding its module and one line here.
 *
 * @module
 */

import { amp } from "./amp.ts";
import { antigravity, antigravityCli } from "./antigravity.ts";
import { claudeCode } from "./claude_code.ts";
import { codex } from "./codex.ts";
import { copilotCli, jetbrainsCopilot } from "./copilot_cli.ts";
import { cursor } from "./cursor.ts";
import { geminiCli, qwenCode } from "./gemini_cli.ts";
import { hermes, hermesPlugin } from "./hermes.ts";
import { kiloCode } from "./kilocode.ts";
import { kimi } from "./kimi.ts";
import { kiro } from "./kiro.ts";
import { openClaw } from "./openclaw.ts";
import { omp, pi } from "./pi.ts";
import { opencode } from "./opencode.ts";
import { vscodeCopilot } from "./vscode_copilot.ts";
import { zed } from "./zed.ts";
import type { InstallTarget } from "../types.ts";

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
