/**
 * The real ctx-mode MCP server, spawned as `deno run -A main.ts serve` in a
 * project directory with a private data home, and driven by the SDK's own
 * `Client` over stdio — the way an agent talks to it.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { resultText } from "../../tests/_helpers/mcp_client.ts";
import { denoDir } from "../../tests/_helpers/run_cli.ts";
// @ts-types="@modelcontextprotocol/sdk/client/index"
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
// @ts-types="@modelcontextprotocol/sdk/client/stdio"
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

/** The CLI entry point the server is started from. */
export const MAIN: string = fileURLToPath(
  new URL("../../main.ts", import.meta.url),
);

/** What one tool call returned. */
export interface ToolReply {
  /** All the text of its content items, joined by newlines. */
  text: string;
  /** Whether the server flagged the result as an error. */
  isError: boolean;
}

/** A connected client and the way to stop it. */
export interface McpSession extends AsyncDisposable {
  /** The SDK client. */
  client: Client;
  /** Calls a tool and returns its text. */
  call(name: string, args: Record<string, unknown>): Promise<ToolReply>;
  /** What the server wrote to stderr so far. */
  stderr(): string;
}

/**
 * Starts the server for `project` with the data home `home` and connects a
 * client; resolves once the MCP handshake is done.
 *
 * @param project The project directory (the server's cwd and CTX_MODE_PROJECT_DIR).
 * @param home The data home (CTX_MODE_HOME, and HOME).
 * @returns The session; dispose it to close the client and the server.
 */
export async function startSession(
  project: string,
  home: string,
): Promise<McpSession> {
  const transport = new StdioClientTransport({
    command: Deno.execPath(),
    args: ["run", "-A", MAIN, "serve"],
    cwd: project,
    env: {
      PATH: Deno.env.get("PATH") ?? "",
      // A private HOME would hide the npm packages already downloaded.
      DENO_DIR: denoDir(),
      HOME: home,
      CTX_MODE_HOME: home,
      CTX_MODE_PROJECT_DIR: project,
      NO_COLOR: "1",
    },
    stderr: "pipe",
  });
  let stderr = "";
  const decoder = new TextDecoder();
  transport.stderr?.on("data", (chunk: Uint8Array) => {
    stderr += decoder.decode(chunk, { stream: true });
  });
  const client = new Client({ name: "ctx-bench", version: "1.0.0" });
  await client.connect(transport);
  return {
    client,
    stderr: () => stderr,
    async call(name, args) {
      const result = await client.callTool({ name, arguments: args });
      return { text: resultText(result), isError: result.isError === true };
    },
    async [Symbol.asyncDispose]() {
      await client.close();
    },
  };
}
