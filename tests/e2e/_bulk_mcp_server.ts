/**
 * A second MCP server for the native-tool scenarios, as another vendor's
 * server would be: stdio, the SDK, one tool (`list_records`) that returns
 * about 80 KB of JSON with one failed record among 310. The agent starts
 * it from its own configuration; ctx-mode knows nothing of it.
 *
 * @module
 */

import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { bulkRecords } from "./_native_fixtures.ts";

const server = new McpServer({ name: "bulkdata", version: "1.0.0" });
server.registerTool("list_records", {
  description: "Lists every billing record of the workspace.",
}, () => ({
  content: [{ type: "text", text: JSON.stringify(bulkRecords(), null, 2) }],
}));
await server.connect(new StdioServerTransport());
