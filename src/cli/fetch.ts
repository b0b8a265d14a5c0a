/**
 * `ctx-mode fetch`: fetches URLs into the project's knowledge base and prints
 * each receipt with the page's outline.
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
import { fetchLimits } from "../fetch/limits_from_env.ts";
import { dataHome, projectDir } from "../config/paths.ts";
import { networkPolicy } from "../config/network_policy.ts";

const USAGE = `Usage: ctx-mode fetch <url>... [options]

Fetch each URL, convert it (HTML to Markdown; JSON and text as they are), and
index it; print a receipt and the page's outline, never the page. A URL fetched
in the last 24 hours is answered from the cache unless --force.

Options:
  --source LABEL    Label for a single URL (default: host and path)
  --force           Fetch again even when cached
  --concurrency N   URLs fetched at once (1-8, default 4)
  --project DIR     The project (default: the agent's project variable, else cwd)
  --db PATH         Use this database file instead of the project's
  -h, --help        Show this help

Loopback addresses are fetched and private-network ones refused unless
CTX_MODE_NET_LOOPBACK / CTX_MODE_NET_PRIVATE (allow or deny) or "network" in
<data home>/config.json say otherwise; link-local and cloud-metadata addresses
never are.

Example:
  ctx-mode fetch https://docs.deno.com/runtime/ && ctx-mode search "permissions"
`;

/** The `fetch` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs("fetch", args, {
      ...STORE_OPTIONS,
      source: { type: "string" },
      force: { type: "boolean" },
      concurrency: { type: "string" },
    });
    if (positionals.length === 0) {
      throw new UsageError("Missing a URL", "fetch");
    }
    if (values.source && positionals.length > 1) {
      throw new UsageError(
        "Cannot use --source with several URLs: each gets its own label",
        "fetch",
      );
    }
    const concurrency = integerFlag(
      "fetch",
      "concurrency",
      values.concurrency,
      { min: 1, max: 8, fallback: 4 },
    );
    const { fetchAndIndexMany, formatFetchResult } = await import(
      "../fetch/mod.ts"
    );
    using kb = openStoreFor(values, context);
    // One progress line per URL as it finishes, then the receipts in the order given.
    let done = 0;
    const results = await fetchAndIndexMany(
      kb,
      positionals.map((url) => ({ url, source: values.source })),
      {
        concurrency,
        force: values.force ?? false,
        ...fetchLimits(context.env),
        network: networkPolicy(context.env, {
          dataHome: dataHome(context.env),
          projectDir: projectDir(context.cwd, {
            explicit: values.project,
            env: context.env,
          }),
        }),
        onResult: (result) => {
          done++;
          const state = result.ok
            ? (result.fromCache ? "cached" : "fetched")
            : "failed";
          void context.err(
            `[${done}/${positionals.length}] ${state} ${result.url}\n`,
          );
        },
      },
    );
    for (const result of results) {
      if (result.ok) {
        await context.out(
          `${formatFetchResult(result, { refetch: "--force" })}\n`,
        );
      } else await context.err(`ctx-mode: ${result.error}\n`);
    }
    return results.every((result) => result.ok) ? 0 : 1;
  },
};
