/**
 * The ctx-mode MCP server: every tool registered on one `McpServer`, served
 * over stdio.
 *
 * stdout carries JSON-RPC only; logs go to stderr through the `log`
 * callback. Closing stdin shuts the server down and kills running children.
 *
 * @module
 */

import denoJson from "../../deno.json" with { type: "json" };
import { startHeartbeat } from "../config/heartbeat.ts";
import type { Env } from "../config/paths.ts";
import { ROUTING_BLOCK } from "../routing/routing_block.ts";
import { WarmHosts } from "../sandbox/mod.ts";
import { KnowledgeBaseKeeper } from "../store/knowledge_base_keeper.ts";
import { scrubberFromEnv } from "../sandbox/options_from_env.ts";
import { type Implementation, McpServer } from "./_sdk.ts";
import { LineTransport } from "./line_transport.ts";
import type { ServerDeps } from "./_tool.ts";
import { SearchThrottle, type ThrottleLimits } from "./search_throttle.ts";
import { SessionStats } from "./stats.ts";
import { registerCtxBatchExecuteTool } from "./tools/ctx_batch_execute.ts";
import { registerCtxDoctorTool } from "./tools/ctx_doctor.ts";
import { registerCtxExecuteFileTool } from "./tools/ctx_execute_file.ts";
import { registerCtxExecuteTool } from "./tools/ctx_execute.ts";
import { registerCtxFetchAndIndexTool } from "./tools/ctx_fetch_and_index.ts";
import { registerCtxIndexTool } from "./tools/ctx_index.ts";
import { registerCtxPurgeTool } from "./tools/ctx_purge.ts";
import { registerCtxSearchTool } from "./tools/ctx_search.ts";
import { registerCtxStatsTool } from "./tools/ctx_stats.ts";
import { registerCtxUpgradeTool } from "./tools/ctx_upgrade.ts";

/** Where the server works. */
export interface ServerOptions {
  /** The project directory (real path). */
  projectDir: string;
  /** The project's database file. */
  databasePath: string;
  /** The data home. */
  dataHome: string;
  /** The environment. @default {{}} */
  env?: Env;
  /** The clock. @default {Date.now} */
  now?: () => number;
  /**
   * The session its tool calls are recorded under: the agent's session when
   * the agent names it, so a status line can find this session's figures.
   * @default {crypto.randomUUID()}
   */
  sessionId?: string | undefined;
  /** Names the agent platform from the MCP client's name. @default {undefined} */
  describePlatform?: ServerDeps["describePlatform"];
  /** Checks of the platform's set-up. @default {undefined} */
  platformChecks?: ServerDeps["platformChecks"];
  /** The search throttle's thresholds. @default {DEFAULT_THROTTLE} */
  throttle?: ThrottleLimits;
  /** Hears one-line notes for the operator, such as a damaged database moved aside. @default {undefined} */
  onNote?: ((line: string) => void) | undefined;
  /** Receives one line (no line break) per input the server refused and went on after. @default {() => {}} */
  log?: (line: string) => void;
  /**
   * Settles once what the project's hooks left to index is in the knowledge
   * base (the hook socket's shrunk results); every tool call waits for it.
   * @default {() => Promise.resolve()}
   */
  indexed?: (() => Promise<void>) | undefined;
}

/** A server and what it holds. */
export interface CtxServer {
  /** The MCP server with every tool registered. */
  server: McpServer;
  /** The dependencies its tools share. */
  deps: ServerDeps;
  /** Stops running children and closes the knowledge base. */
  close(): Promise<void>;
}

/**
 * Builds the MCP server with every ctx tool.
 *
 * @param options The project, database, data home, environment and clock.
 * @returns The server, its dependencies and a close function.
 */
export function createServer(options: ServerOptions): CtxServer {
  const server = new McpServer(
    { name: "ctx-mode", version: denoJson.version },
    { instructions: ROUTING_BLOCK },
  );
  const shutdown = new AbortController();
  let client: Implementation | undefined;
  const now = options.now ?? Date.now;
  const env = options.env ?? {};
  const scrubber = scrubberFromEnv(env);
  const keeper = new KnowledgeBaseKeeper(options.databasePath, {
    now,
    scrubber,
    onNote: options.onNote,
    // Damaged pages found before the first write, so the -wal goes aside as it was.
    checkFirst: true,
  });
  const deps: ServerDeps = {
    version: denoJson.version,
    projectDir: options.projectDir,
    databasePath: options.databasePath,
    dataHome: options.dataHome,
    env,
    knowledgeBase: () => keeper.get(),
    keeper,
    scrubber,
    sessionId: options.sessionId ?? crypto.randomUUID(),
    stats: new SessionStats(now()),
    searchThrottle: new SearchThrottle(options.throttle),
    ...(options.describePlatform
      ? { describePlatform: options.describePlatform }
      : {}),
    clientInfo: () => client ??= server.server.getClientVersion(),
    signal: shutdown.signal,
    warmHosts: new WarmHosts(),
    ...(options.indexed ? { indexed: options.indexed } : {}),
    now,
  };
  for (
    const register of [
      registerCtxExecuteTool,
      registerCtxExecuteFileTool,
      registerCtxBatchExecuteTool,
      registerCtxIndexTool,
      registerCtxSearchTool,
      registerCtxFetchAndIndexTool,
      registerCtxStatsTool,
      registerCtxDoctorTool,
      registerCtxUpgradeTool,
      registerCtxPurgeTool,
    ]
  ) {
    register(server, deps);
  }
  return {
    server,
    deps,
    async close() {
      shutdown.abort();
      deps.warmHosts.close();
      await server.close();
      keeper.close();
    },
  };
}

/**
 * Serves over stdio until stdin closes or the client disconnects.
 *
 * @param options Where the server works.
 * @returns When the server has shut down.
 */
export async function serveStdio(options: ServerOptions): Promise<void> {
  const ctx = createServer(options);
  const closed = Promise.withResolvers<void>();
  const transport = new LineTransport(
    Deno.stdin.readable,
    Deno.stdout.writable,
    {
      ...(options.log ? { log: options.log } : {}),
    },
  );
  // Called when stdin ends, as well as when the client disconnects.
  transport.onclose = () => closed.resolve();
  await ctx.server.connect(transport);
  const stopHeartbeat = startHeartbeat(options.dataHome, {
    pid: Deno.pid,
    version: denoJson.version,
    projectDir: options.projectDir,
    startedAt: Date.now(),
  });
  await closed.promise;
  stopHeartbeat();
  await ctx.close();
}
