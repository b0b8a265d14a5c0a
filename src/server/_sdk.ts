/**
 * The one place that imports the MCP SDK. Under Deno, the SDK's `.js`
 * subpaths run but type as `any`; the `@ts-types` lines give them their real
 * types (a test fails if they fall back to `any`).
 *
 * Nothing on the hook path may import this module.
 *
 * @module
 */

// @ts-types="@modelcontextprotocol/sdk/server/mcp"
export { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
// @ts-types="@modelcontextprotocol/sdk/shared/transport"
export type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
// @ts-types="@modelcontextprotocol/sdk/types"
export type {
  CallToolResult,
  Implementation,
  JSONRPCMessage,
} from "@modelcontextprotocol/sdk/types.js";
// @ts-types="@modelcontextprotocol/sdk/types"
export { JSONRPCMessageSchema } from "@modelcontextprotocol/sdk/types.js";
