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

/** A connected client and the way to stop it. */
export interface McpSession extends AsyncDisposable {
  client: Client;
  /** What the server wrote to stderr so far. */
  stderr(): string;
}

/** The text of a tool result's first content item. */
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
  return {
    client,
    stderr: () => stderr,
    async [Symbol.asyncDispose]() {
      await client.close();
    },
  };
}
