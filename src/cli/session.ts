/**
 * `ctx-mode session [show|list|export]`: what session continuity captured for
 * this project — the guide a session would get back, the recorded sessions,
 * or every event of one session.
 *
 * Read-only: it never indexes or snapshots. A damaged database is moved
 * aside first (with one note on stderr), as every command does.
 *
 * @module
 */

import { parseCommandArgs, STORE_OPTIONS, UsageError } from "./_args.ts";
import type { CliContext, Command } from "./_context.ts";
import { databasePathFor, setAsideIfDamaged } from "./_store.ts";
import { projectDir } from "../config/paths.ts";
import { renderGuide } from "../session/guide.ts";
import { sessionState } from "../session/session_state.ts";
import { buildSnapshot } from "../session/snapshot.ts";
import {
  SessionStore,
  type SessionSummary,
  type StoredSnapshot,
} from "../session/store.ts";
import { sessionSource, timelineMarkdown } from "../session/timeline.ts";
import type { SessionEvent } from "../session/types.ts";
import { formatCount } from "../store/format_count.ts";

const USAGE = `Usage: ctx-mode session [show|list|export] [options]

What session continuity captured for this project.

Subcommands:
  show      The session guide a session would get back after compaction,
            built from its events now (default)
  list      The recorded sessions, most recent first
  export    Every recorded event of a session, oldest first, as a Markdown
            timeline (--json: one JSON document)

Options:
  --session ID   The session (default: the most recently active one)
  --json         show: {"platform", "sessionId", "events", "categories",
                 "snapshot", "guide"}; list: {"database", "sessions": [...]};
                 export: {"platform", "sessionId", "events": [...], "snapshot"}
  --project DIR  The project (default: the agent's project variable, else cwd)
  --db PATH      Use this database file instead of the project's
  -h, --help     Show this help
`;

const SUBCOMMANDS = ["show", "list", "export"] as const;

/** The `session` command. */
export const command: Command = {
  usage: USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs("session", args, {
      ...STORE_OPTIONS,
      session: { type: "string" },
      json: { type: "boolean" },
    });
    const [sub = "show", ...extra] = positionals;
    if (!(SUBCOMMANDS as readonly string[]).includes(sub)) {
      throw new UsageError(`Unknown subcommand "${sub}"`, "session");
    }
    if (extra.length > 0) {
      throw new UsageError(`Unexpected argument "${extra[0]}"`, "session");
    }
    const database = databasePathFor(values, context);
    setAsideIfDamaged(database, context);
    const store = SessionStore.open(database, { moveCorruptAside: false });
    try {
      const sessions = store.sessions();
      if (sub === "list") {
        await context.out(
          values.json
            ? `${JSON.stringify({ database, sessions })}\n`
            : listText(database, sessions),
        );
        return 0;
      }
      const chosen = values.session === undefined
        ? sessions[0]
        : sessions.find((s) => s.sessionId === values.session);
      if (!chosen) {
        await context.err(
          values.session === undefined
            ? `ctx-mode: No session recorded in ${database} yet\n`
            : `ctx-mode: No session "${values.session}" in ${database}; run "ctx-mode session list"\n`,
        );
        return 1;
      }
      const key = { platform: chosen.platform, sessionId: chosen.sessionId };
      const events = store.events(key);
      const snapshot = store.snapshot(key) ?? null;
      if (sub === "export") {
        await context.out(
          values.json
            ? `${JSON.stringify({ ...key, events, snapshot })}\n`
            : timelineMarkdown(key, events),
        );
        return 0;
      }
      await show(context, chosen, events, snapshot, {
        json: values.json ?? false,
        project: values.db ? "" : projectDir(context.cwd, {
          explicit: values.project,
          env: context.env,
        }),
      });
      return 0;
    } finally {
      store.close();
    }
  },
};

async function show(
  context: CliContext,
  session: SessionSummary,
  events: readonly SessionEvent[],
  snapshot: StoredSnapshot | null,
  options: { json: boolean; project: string },
): Promise<void> {
  const source = sessionSource(session);
  const guide = renderGuide(
    buildSnapshot(sessionState(events, { projectDir: options.project }), {
      source,
    }),
    { source },
  );
  const categories: Record<string, number> = {};
  for (const event of events) {
    categories[event.category] = (categories[event.category] ?? 0) + 1;
  }
  if (options.json) {
    await context.out(
      `${
        JSON.stringify({
          platform: session.platform,
          sessionId: session.sessionId,
          events: events.length,
          categories,
          snapshot,
          guide,
        })
      }\n`,
    );
    return;
  }
  const counts = Object.entries(categories).map(([name, n]) => `${name} ${n}`)
    .join(", ");
  await context.out(
    [
      `Session ${session.sessionId} (${session.platform}), last active ${
        when(session.lastAt)
      }`,
      `${formatCount(events.length, "event")}: ${counts}`,
      snapshot
        ? `Snapshot taken ${
          when(snapshot.at)
        } (${snapshot.trigger}, ${snapshot.bytes} bytes)`
        : "No snapshot taken yet",
      "",
      guide,
      "",
    ].join("\n"),
  );
}

function listText(database: string, sessions: readonly SessionSummary[]) {
  if (sessions.length === 0) return `No session recorded in ${database} yet.\n`;
  const lines = sessions.map((s) =>
    `${when(s.lastAt)}  ${s.platform}  ${s.sessionId}  ${
      formatCount(s.events, "event")
    }${s.snapshotAt === undefined ? "" : ", snapshot"}`
  );
  return `Sessions in ${database}, most recent first:\n${lines.join("\n")}\n`;
}

function when(ms: number): string {
  return new Date(ms).toISOString().replace("T", " ").slice(0, 16);
}
