// deno-lint-ignore-file no-console -- a script: it prints its table on stdout
/**
 * `deno task bench`: measures the knowledge base (indexing time, database
 * size, search latency, relevance), the sandbox (round trips, memory under a
 * flood), the MCP server (start time, context savings), the hook process
 * (spawn to exit), the status line (spawn to exit), the safety guard (analysis time per command), relevance on
 * four documentation corpora the ranking was not written against (see
 * `bench_search.ts`), session
 * continuity (capture per event, pre-compact and restore over 5,000 events),
 * shrinking tool results (bytes in and out per evaluation case, shrink time),
 * and the server under a two-minute soak of concurrent, malformed, oversized
 * and pathological calls, and prints a table for each. Name sections to run
 * only those: `deno task bench soak`.
 *
 * Uses the Node.js API docs at /usr/share/doc/nodejs/api when present, else a
 * generated corpus of the same shape (and says so).
 *
 * @module
 */

import { benchStore } from "./bench_store.ts";
import { benchSandbox } from "./bench_sandbox.ts";
import { benchWarm } from "./bench_warm.ts";
import { benchServer } from "./bench_server.ts";
import { benchReplies } from "./bench_replies.ts";
import { benchHook } from "./bench_hook.ts";
import { benchHookPaths } from "./bench_hook_paths.ts";
import { benchStatusline } from "./bench_statusline.ts";
import { benchGuard } from "./bench_guard.ts";
import { benchSession } from "./bench_session.ts";
import { benchScrub } from "./bench_scrub.ts";
import { benchFetch } from "./bench_fetch.ts";
import { benchSoak } from "./bench_soak.ts";
import { benchSearch } from "./bench_search.ts";
import { benchShrink } from "./bench_shrink.ts";

/** The sections, in the order a full run prints them; name some to run only those. */
const SECTIONS: Record<string, () => void | Promise<void>> = {
  store: benchStore,
  search: benchSearch,
  sandbox: benchSandbox,
  warm: benchWarm,
  server: benchServer,
  replies: benchReplies,
  hook: benchHook,
  hookpaths: benchHookPaths,
  statusline: benchStatusline,
  guard: benchGuard,
  session: benchSession,
  scrub: benchScrub,
  shrink: benchShrink,
  fetch: benchFetch,
  soak: benchSoak,
};

if (import.meta.main) {
  const names = Deno.args.length > 0 ? Deno.args : Object.keys(SECTIONS);
  const unknown = names.find((name) => !(name in SECTIONS));
  if (unknown !== undefined) {
    console.error(
      `Cannot run the benchmark "${unknown}": the sections are ${
        Object.keys(SECTIONS).join(", ")
      }`,
    );
    Deno.exit(2);
  }
  for (const name of names) await SECTIONS[name]!();
}
