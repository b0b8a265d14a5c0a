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
  REPO,
  type RunResult,
  type Where,
} from "./_agent.ts";
import { ModelServer, type Script } from "./_model_server.ts";
import { replaceHooks, runInstall } from "./_install.ts";
import { serveTree, type TreeServer } from "../_helpers/serve_tree.ts";
import { type NpmMirror, npmMirror } from "../_helpers/npm_mirror.ts";

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

  /** The Deno cache of ctx-mode's runs (the HTTP-served tree gets one of its own). */
  denoDir: string;
  /** Variables a case adds to the agent's runs while it lasts (a test authority to trust). */
  readonly extraEnv: Record<string, string> = {};
  #tree: TreeServer | undefined;
  #mirror: NpmMirror | undefined;
  /** The channel command a plugin agent's plugin runs instead of ctx-mode (scenario 6). */
  #pluginCommand: string | undefined;

  private constructor(
    readonly agent: Agent,
    readonly bin: string,
    root: string,
    denoDir: string,
  ) {
    this.denoDir = denoDir;
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
   * @param options The agent's executable and a label for its HOME.
   * @returns The session, its HOME and project created.
   */
  static async open(
    agent: Agent,
    options: { bin: string; label: string },
  ): Promise<Session> {
    sharedDenoDir ??= denoDir();
    const root = `${homesRoot()}/${options.label}-${
      crypto.randomUUID().slice(0, 8)
    }`;
    await Deno.mkdir(`${root}/project`, { recursive: true });
    return new Session(agent, options.bin, root, await sharedDenoDir);
  }

  /**
   * Registers ctx-mode the way a user does: `ctx-mode install <agent> --yes`
   * into the throwaway HOME, run from the clone or from the tree served over
   * HTTP, after the agent's own settings (the scripted model).
   *
   * @param options Where install runs from.
   * @returns Why it failed, or undefined.
   */
  async register(
    options: { from?: "clone" | "http" } = {},
  ): Promise<string | undefined> {
    await this.agent.prepare(this.where);
    let launcher = ctxModeCommand();
    let mainUrl = new URL(`file://${REPO}/main.ts`).href;
    // Deno's default cache in the HOME: agents that pass the MCP server only
    // a few variables (Codex) start it without DENO_DIR.
    const cache = `${this.where.home}/.cache/deno`;
    await Deno.mkdir(`${this.where.home}/.cache`, { recursive: true });
    if (options.from === "http") {
      this.#tree ??= await serveTree(REPO);
      mainUrl = `${this.#tree.base}main.ts`;
      launcher = [Deno.execPath(), "run", "-A", mainUrl];
      // As a JSR user runs it: no lock file, so Deno asks the registry for
      // the npm package documents afresh. A loopback mirror answers them
      // from this machine's cache (named in the HOME's .npmrc, which Deno
      // reads whatever environment an agent gives the server).
      this.#mirror ??= await npmMirror(cache);
      await Deno.writeTextFile(
        `${this.where.home}/.npmrc`,
        `registry=${this.#mirror.registry}\n`,
      );
      this.denoDir = cache;
    } else {
      await Deno.symlink(this.denoDir, cache);
    }
    const env = this.#env();
    const installEnv = { ...env };
    // Install warms the cache over the network, unlike the agent's runs.
    delete installEnv.HTTPS_PROXY;
    delete installEnv.HTTP_PROXY;
    const installed = await runInstall(
      launcher,
      this.agent.name,
      this.where,
      installEnv,
    );
    this.log.push(installed);
    if (installed.code !== 0) {
      return `ctx-mode install ${this.agent.name} failed (exit ${installed.code}): ${
        installed.stderr.trim().split("\n").at(-1)
      }`;
    }
    return undefined;
  }

  /**
   * Points the hooks install wrote at a stand-in for ctx-mode (scenario 6).
   *
   * @param program The stand-in program.
   * @param timeoutS Each hook's timeout in seconds.
   * @returns Why it failed, or undefined.
   */
  async replaceHooks(
    program: string,
    timeoutS: number,
  ): Promise<string | undefined> {
    if (this.agent.hooksVia === "plugin") {
      // The plugin starts its channel with CTX_MODE_COMMAND when set.
      this.#pluginCommand = JSON.stringify([program]);
      return undefined;
    }
    const scale = this.agent.hookTimeoutUnit === "ms" ? 1000 : 1;
    const replaced = await replaceHooks(
      this.agent.name,
      this.where,
      this.#env(),
      program,
      timeoutS * scale,
    );
    return replaced === 0 ? "install registered no hook to replace" : undefined;
  }

  /**
   * Runs the agent with arbitrary arguments in the project.
   *
   * @param args The arguments.
   * @returns Exit code and output.
   */
  async agentCommand(args: string[]): Promise<RunResult> {
    const child = new Deno.Command(this.bin, {
      args,
      cwd: this.where.project,
      clearEnv: true,
      env: this.#env(),
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

  /** The environment of the agent's runs (and of install, which reads the same variables). */
  #env(): Record<string, string> {
    // The agent's own executables first: a Node.js installed beside it runs it.
    const bins = this.bin.replace(/\/[^/]*$/, "");
    const env: Record<string, string> = {
      PATH: `${bins}:${Deno.env.get("PATH") ?? "/usr/bin:/bin"}`,
      HOME: this.where.home,
      DENO_DIR: this.denoDir,
      TERM: "dumb",
      NO_COLOR: "1",
      // A call that slips past ctx-mode must not reach the internet.
      HTTPS_PROXY: "http://127.0.0.1:9",
      HTTP_PROXY: "http://127.0.0.1:9",
      NO_PROXY: "127.0.0.1,localhost",
      ...this.agent.env(this.where),
      ...this.extraEnv,
      ...(this.#pluginCommand ? { CTX_MODE_COMMAND: this.#pluginCommand } : {}),
    };
    // An agent unsets a variable by giving it an empty value.
    for (const [key, value] of Object.entries(env)) {
      if (value === "") delete env[key];
    }
    return env;
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
    await this.#tree?.[Symbol.asyncDispose]();
    await this.#mirror?.[Symbol.asyncDispose]();
    if (Deno.env.get("CTX_MODE_E2E_KEEP") !== "1") {
      await Deno.remove(this.where.home, { recursive: true }).catch(() => {});
    }
  }
}
