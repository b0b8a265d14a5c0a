/**
 * `ctx-mode search`: answers one or more queries from the project's knowledge
 * base, as readable text or as one JSON document.
 *
 * @module
 */

import {
  integerFlag,
  parseCommandArgs,
  STORE_OPTIONS,
  UsageError,
} from "./_args.ts";
import type { Command } from "./_context.ts";
import { openStoreFor } from "./_store.ts";
import type { QueryResult } from "../store/knowledge_base.ts";

const USAGE = `Usage: ctx-mode search <query>... [options]

Search the project's knowledge base. Each argument is one query; all are
answered in one run. Quote a query of several words.

Options:
  --source S     Only sources labelled S, or under S/ (a folder label)
  --limit N      At most N hits per query (1-100, default 5)
  --json         Print one JSON document:
                 {"results": [{"query", "hits": [{"source", "title", "score", "snippet"}],
                   "corrections": [{"from", "to"}]}]}
  --project DIR  The project (default: the agent's project variable, else cwd)
  --db PATH      Use this database file instead of the project's
  -h, --help     Show this help

Examples:
  ctx-mode search "how to remove a directory" fsPromises.rm
  ctx-mode search useEff --source docs --limit 3 --json
`;

/** The `search` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs("search", args, {
      ...STORE_OPTIONS,
      source: { type: "string" },
      limit: { type: "string" },
      json: { type: "boolean" },
    });
    if (positionals.length === 0) {
      throw new UsageError("Missing a query", "search");
    }
    const empty = positionals.findIndex((query) => query.trim() === "");
    if (empty !== -1) {
      throw new UsageError(
        `Cannot search query ${empty + 1} "": the query is empty`,
        "search",
      );
    }
    const limit = integerFlag("search", "limit", values.limit, {
      min: 1,
      max: 100,
      fallback: 5,
    });
    using kb = openStoreFor(values, context);
    const results = kb.search(positionals, { source: values.source, limit });
    await context.out(
      values.json
        ? `${JSON.stringify({ results })}\n`
        : render(results, context.stdoutIsTerminal),
    );
    return 0;
  },
};

function render(results: readonly QueryResult[], colour: boolean): string {
  const bold = (text: string) => colour ? `\x1b[1m${text}\x1b[22m` : text;
  const dim = (text: string) => colour ? `\x1b[2m${text}\x1b[22m` : text;
  return results.map((result) => {
    const lines = [bold(`## ${result.query}`)];
    for (const correction of result.corrections) {
      lines.push(dim(`(searched "${correction.to}" for "${correction.from}")`));
    }
    if (result.hits.length === 0) lines.push("No results.");
    result.hits.forEach((hit, i) => {
      lines.push(
        `${i + 1}. ${bold(hit.title)} ${dim(`[${hit.source}] ${hit.score}`)}`,
      );
      lines.push(`   ${hit.snippet}`);
    });
    return lines.join("\n");
  }).join("\n\n") + "\n";
}
