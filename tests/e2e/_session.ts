/**
 * One scenario's world: a throwaway HOME (under the user's cache, never a
 * temp folder: the guard lets recursive deletes through inside temp
 * folders), a project inside it, a scripted model, and the agent CLI run
 * headless against them.
 *
 * @module
 */

import {
  type Agent,
  homesRoot,
  type Registration,
  REPO,
  type RunResult,
  type Where,
} from "./_agent.ts";
import { ModelServer, type Script } from "./_model_server.ts";

/** How long one agent command may take before it is killed. */
const RUN_TIMEOUT_MS = 240_000;

/** The command that starts ctx-mode from this clone. */
export function ctxModeCommand(): string[] {
  return [
    Deno.execPath(),
    "run",
    "-A",
    "--config",
    `${REPO}/deno.json`,
    `${REPO}/main.ts`,
  ];
}

/** The Deno cache the hook and server processes share with this one. */
async function denoDir(): Promise<string> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["info", "--json"],
    stdout: "piped",
    stderr: "null",
  }).output();
  return JSON.parse(new TextDecoder().decode(output.stdout)).denoDir;
}

let sharedDenoDir: Promise<string> | undefined;

/** A scenario's world; dispose to remove the HOME and stop the model. */
export class Session implements AsyncDisposable {
  readonly server: ModelServer = new ModelServer();
  readonly where: Where;
  /** Every agent command's output, for diagnosis. */
  readonly log: RunResult[] = [];

  private constructor(
    readonly agent: Agent,
    readonly bin: string,
    readonly withHooks: boolean,
    root: string,
    readonly denoDir: string,
  ) {
    this.where = {
      home: root,
      project: `${root}/project`,
      modelUrl: this.server.url,
    };
  }

  /**
   * Opens a session.
   *
   * @param agent The agent.
   * @param options The agent's executable and whether ctx-mode's hooks are registered.
   * @returns The session, its HOME and project created.
   */
  static async open(
    agent: Agent,
    options: { bin: string; hooks: boolean; label: string },
  ): Promise<Session> {
    sharedDenoDir ??= denoDir();
    const root = `${homesRoot()}/${options.label}-${
      crypto.randomUUID().slice(0, 8)
    }`;
    await Deno.mkdir(`${root}/project`, { recursive: true });
    return new Session(
      agent,
      options.bin,
      options.hooks,
      root,
      await sharedDenoDir,
    );
  }

  /**
   * Registers ctx-mode in the HOME the way `ctx-mode install <agent>` will.
   *
   * @param options A replacement hook command (scenario 6) and a hook timeout.
   */
  async register(
    options: { hookCommand?: string[]; hookTimeoutS?: number } = {},
  ): Promise<void> {
    // A replaced hook command leaves the MCP server ctx-mode itself.
    const registration: Registration = {
      server: ctxModeCommand(),
      hooks: options.hookCommand ??
        (this.withHooks ? ctxModeCommand() : undefined),
      env: { DENO_DIR: this.denoDir },
      ...(options.hookTimeoutS ? { hookTimeoutS: options.hookTimeoutS } : {}),
    };
    await this.agent.register(this.where, registration);
  }

  /**
   * Runs the agent with arbitrary arguments in the project.
   *
   * @param args The arguments.
   * @returns Exit code and output.
   */
  async agentCommand(args: string[]): Promise<RunResult> {
    const env: Record<string, string> = {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      HOME: this.where.home,
      DENO_DIR: this.denoDir,
      TERM: "dumb",
      NO_COLOR: "1",
      // A call that slips past ctx-mode must not reach the internet.
      HTTPS_PROXY: "http://127.0.0.1:9",
      HTTP_PROXY: "http://127.0.0.1:9",
      NO_PROXY: "127.0.0.1,localhost",
      ...this.agent.env(this.where),
    };
    // An agent unsets a variable by giving it an empty value.
    for (const [key, value] of Object.entries(env)) {
      if (value === "") delete env[key];
    }
    const child = new Deno.Command(this.bin, {
      args,
      cwd: this.where.project,
      clearEnv: true,
      env,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const timer = setTimeout(() => child.kill("SIGKILL"), RUN_TIMEOUT_MS);
    try {
      const output = await child.output();
      const result = {
        code: output.code,
        stdout: new TextDecoder().decode(output.stdout),
        stderr: new TextDecoder().decode(output.stderr),
      };
      this.log.push(result);
      return result;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Plays a script while the agent runs one headless prompt.
   *
   * @param text The prompt.
   * @param script The model's turns.
   * @param options Continue the last session.
   * @returns Exit code and output.
   */
  prompt(
    text: string,
    script: Script,
    options: { resume?: boolean } = {},
  ): Promise<RunResult> {
    this.server.play(script);
    return this.agentCommand(
      this.agent.promptArgs(text, { resume: options.resume ?? false }),
    );
  }

  /** The bytes every request of this session carried to the model. */
  get bytes(): number {
    return this.server.requests.reduce((sum, r) => sum + r.bytes, 0);
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.server[Symbol.asyncDispose]();
    if (Deno.env.get("CTX_MODE_E2E_KEEP") !== "1") {
      await Deno.remove(this.where.home, { recursive: true }).catch(() => {});
    }
  }
}
