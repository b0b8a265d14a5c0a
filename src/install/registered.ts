/**
 * What an agent's config says ctx-mode is: the registered MCP server command
 * and hook commands, read back from the files install writes, and whether
 * each one runs (`--version` must succeed). For the doctor.
 *
 * Reads files and runs the registered commands with `--version`; never writes.
 *
 * @module
 */

import { getNodeValue, parseTree } from "jsonc-parser";
import { parse as parseYaml } from "yaml";
import { parseJson5 } from "./json5_text.ts";
import { getIn, parseToml } from "./toml_edit.ts";
import { isOwnedFile, readExisting } from "./plan.ts";
import { looksLikeCtxMode } from "./launch_command.ts";
import { withoutFailOpen } from "./fail_open.ts";
import type { LaunchCommand } from "./launch_command.ts";
import type {
  InstallTarget,
  Registration,
  Scope,
  TargetWhere,
} from "./types.ts";

/** One registered command and where it was found. */
export interface RegisteredCommand {
  /** `server`, `hook`, or `plugin` (a plugin file's embedded command). */
  role: "server" | "hook" | "plugin";
  /** The file. */
  path: string;
  /** The argv that prints the version: the registered command with `--version` for `serve`/`hook …`. */
  versionArgv: string[];
  /** How it reads in the config. */
  shown: string;
  /** For a plugin: whether the file is what install writes now. @default {true} */
  current?: boolean;
}

/** The shell agents run hook command lines with. */
const SHELL = Deno.build.os === "windows" ? "sh" : "/bin/sh";

function dataOf(reg: Registration, text: string): unknown {
  const bare = text.replace(/^\uFEFF/, "");
  if (reg.kind === "toml-table" || reg.kind === "toml-hooks") {
    return parseToml(bare, reg.path);
  }
  if (reg.kind === "yaml-member" || reg.kind === "yaml-hooks") {
    return parseYaml(bare);
  }
  if (reg.kind === "json-member" && reg.format === "json5") {
    return parseJson5(bare, reg.path);
  }
  const tree = parseTree(bare, [], { allowTrailingComma: true });
  return tree ? getNodeValue(tree) : undefined;
}

function serverArgv(entry: unknown): string[] | undefined {
  if (entry === null || typeof entry !== "object") return undefined;
  const { command, args } = entry as { command?: unknown; args?: unknown };
  const argv = Array.isArray(command)
    ? command.map(String)
    : typeof command === "string"
    ? [command, ...(Array.isArray(args) ? args.map(String) : [])]
    : undefined;
  if (!argv) return undefined;
  return argv.at(-1) === "serve"
    ? [...argv.slice(0, -1), "--version"]
    : [...argv, "--version"];
}

function hookCommands(value: unknown, agent: string): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      for (const [key, item] of Object.entries(node)) {
        if ((key === "command" || key === "bash") && typeof item === "string") {
          const command = withoutFailOpen(item);
          if (
            new RegExp(`\\bhook\\s+${agent}\\s+\\S+\\s*$`).test(command) &&
            looksLikeCtxMode(command)
          ) {
            found.push(item);
          }
        } else walk(item);
      }
    }
  };
  walk(value);
  return found;
}

/**
 * The commands registered for ctx-mode with a target in a scope.
 *
 * @throws {SyntaxError} When a file does not parse.
 */
export function registeredCommands(
  target: InstallTarget,
  scope: Scope,
  where: TargetWhere,
  launch: LaunchCommand,
  pluginFiles?: Readonly<Record<string, string>>,
): RegisteredCommand[] {
  const found: RegisteredCommand[] = [];
  for (
    const reg of target.registrations({ scope, where, launch, pluginFiles })
  ) {
    if (
      reg.kind === "markdown-block" || reg.kind === "yaml-item" ||
      reg.kind === "toml-key"
    ) continue;
    if ("supersede" in reg && reg.supersede) continue;
    if (reg.kind === "json-member" && reg.value === undefined) continue;
    const text = readExisting(reg.path);
    if (text === undefined) continue;
    if (reg.kind === "owned-file") {
      const plugin = pluginCommand(text, reg.signature);
      if (plugin) {
        found.push({
          role: "plugin",
          path: reg.path,
          shown: plugin.join(" "),
          versionArgv: [...plugin, "--version"],
          current: text === reg.text,
        });
      }
      continue;
    }
    const data = dataOf(reg, text);
    if (
      reg.kind === "json-hooks" || reg.kind === "toml-hooks" ||
      reg.kind === "yaml-hooks"
    ) {
      const root = reg.kind === "toml-hooks" ? [reg.array] : reg.root;
      for (const line of new Set(hookCommands(getIn(data, root), reg.agent))) {
        found.push({
          role: "hook",
          path: reg.path,
          shown: line,
          versionArgv: [
            // Not looked up on PATH: the hook's agent runs it with its own.
            SHELL,
            "-c",
            `${
              withoutFailOpen(line).replace(/\s+hook\s+\S+\s+\S+\s*$/, "")
            } --version`,
          ],
        });
      }
      continue;
    }
    const key = reg.kind === "toml-table" ? reg.table : reg.key;
    const argv = serverArgv(getIn(data, key));
    if (argv) {
      found.push({
        role: "server",
        path: reg.path,
        shown: argv.slice(0, -1).join(" "),
        versionArgv: argv,
      });
    }
  }
  return found;
}

/** The ctx-mode command a plugin file of ctx-mode's runs (`CTX_MODE_COMMAND = [...]`). */
function pluginCommand(
  text: string,
  signature: string | undefined,
): string[] | undefined {
  if (!isOwnedFile(text, signature)) return undefined;
  const found = /^(?:const )?(?:CTX_MODE_)?COMMAND = (\[.*\]);?$/m.exec(text);
  try {
    const argv = JSON.parse(found?.[1] ?? "null");
    return Array.isArray(argv) && argv.length > 0
      ? argv.map(String)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs a registered command with `--version`.
 *
 * @returns Whether it exited 0, and its first output line (or why it did not run).
 */
export async function runsVersion(
  argv: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<{ ok: boolean; detail: string }> {
  const [command = "", ...args] = argv;
  try {
    const output = await new Deno.Command(command, {
      args,
      env: { ...env },
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      signal: AbortSignal.timeout(60_000),
    }).output();
    const decoder = new TextDecoder();
    const text = `${decoder.decode(output.stdout)}\n${
      decoder.decode(output.stderr)
    }`;
    const line = text.split("\n").map((l) => l.trim()).find((l) => l !== "") ??
      "";
    return output.success ? { ok: true, detail: line } : {
      ok: false,
      detail: `exited ${output.code}${line ? `: ${line}` : ""}`,
    };
  } catch (error) {
    return {
      ok: false,
      detail: error instanceof Deno.errors.NotFound
        ? `${command} does not exist`
        : (error as Error).message.split("\n")[0] ?? "",
    };
  }
}
