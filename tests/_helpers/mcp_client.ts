/**
 * The real MCP server, spawned as `deno run -A main.ts serve` and driven by
 * the SDK's own `Client` over stdio.
 *
 * @module
 */

// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { childEnv, MAIN } from "./run_cli.ts";
import { join } from "node:path";
import { tempDir } from "./temp_dir.ts";

/** What a tool call answers, as the SDK's client returns it. */
export type ToolResult = Awaited<ReturnType<Client["callTool"]>>;

/** A connected client and the way to stop it. */
export interface McpSession extends AsyncDisposable {
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  /** Calls the tool `name` with `args` and returns the whole result. */
  call(name: string, args?: Record<string, unknown>): Promise<ToolResult>;
  /** Calls the tool `name` with `args` and returns the text of its result. */
  callText(name: string, args?: Record<string, unknown>): Promise<string>;
}

/** A server whose project, and beside it its HOME and data home, live in one temporary directory. */
export interface TempProjectSession extends McpSession {
  /** The temporary project directory, removed after the server stops. */
  project: string;
  /** Its HOME and data home, a sibling of the project (runs refuse a project that is the home folder). */
  home: string;
}

/** The text of a tool result's content items, one per line. */
export function resultText(result: unknown): string {
  const content =
    (result as { content?: Array<{ type: string; text?: string }> }).content ??
      [];
  return content.map((item) => item.text ?? "").join("\n");
}

/** Starts the server for a project, with a private data home, and connects a client. */
export async function startServer(
  options: {
    project: string;
    home: string;
    env?: Record<string, string>;
    clientName?: string;
  },
): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["run", "-A", MAIN, "serve"],
    cwd: options.project,
    env: childEnv(options.home, {
      CTX_MODE_PROJECT_DIR: options.project,
      ...options.env,
    }),
    stderr: "pipe",
  });
  let stderr = "";
  transport.stderr?.on("data", (chunk: Uint8Array) => {
    stderr += new TextDecoder().decode(chunk);
  });
  const client = new Client({
    name: options.clientName ?? "ctx-test-client",
    version: "9.9.9",
  });
  await client.connect(transport);
  const call = (name: string, args: Record<string, unknown> = {}) =>
    client.callTool({ name, arguments: args });
  return {
    client,
    stderr: () => stderr,
    call,
    callText: async (name, args) => resultText(await call(name, args)),
    async [Symbol.asyncDispose]() {
      await client.close();
    },
  };
}

/**
 * Starts the server in a fresh temporary directory holding its project and,
 * beside it, its HOME and data home; disposing stops the server, then
 * removes the directory.
 */
export async function startServerInTempProject(
  options: { env?: Record<string, string>; clientName?: string } = {},
): Promise<TempProjectSession> {
  const dir = await tempDir();
  const project = join(dir.path, "project");
  const home = join(dir.path, "home");
  let session: McpSession;
  try {
    await Deno.mkdir(project);
    await Deno.mkdir(home);
    session = await startServer({ ...options, project, home });
  } catch (error) {
    await dir[Symbol.asyncDispose]();
    throw error;
  }
  return {
    ...session,
    project,
    home,
    async [Symbol.asyncDispose]() {
      try {
        await session[Symbol.asyncDispose]();
      } finally {
        await dir[Symbol.asyncDispose]();
      }
    },
  };
}
