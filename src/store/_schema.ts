/**
 * The knowledge base schema, as an ordered list of migrations.
 *
 * Each entry moves the schema one version up; entries are append-only: never
 * edit one that has shipped.
 *
 * @module
 */

/**
 * Migration `i` moves `PRAGMA user_version` from `i` to `i + 1`.
 *
 * The trigram tables keep no positions (`detail='none'`): substring search
 * runs as `LIKE` through them, which needs only which rows hold each trigram,
 * and a positional trigram index would be four times the size of the text.
 */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE sources (
    id INTEGER PRIMARY KEY,
    label TEXT NOT NULL UNIQUE,
    origin TEXT NOT NULL,
    kind TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    chunk_count INTEGER NOT NULL,
    indexed_at INTEGER NOT NULL
  );
  CREATE TABLE chunks (
    id INTEGER PRIMARY KEY,
    source_id INTEGER NOT NULL REFERENCES sources(id) ON DELETE CASCADE,
    ordinal INTEGER NOT NULL,
    title TEXT NOT NULL,
    body TEXT NOT NULL
  );
  CREATE INDEX chunks_by_source ON chunks(source_id, ordinal);
  CREATE VIRTUAL TABLE chunks_words USING fts5(
    title, body, content='chunks', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
  );
  CREATE VIRTUAL TABLE chunks_trigram USING fts5(
    title, body, content='chunks', content_rowid='id', tokenize='trigram',
    detail='none', columnsize=0
  );
  INSERT INTO chunks_words(chunks_words, rank) VALUES ('rank', 'bm25(4.0, 1.0)');
  CREATE TRIGGER chunks_after_insert AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_words(rowid, title, body) VALUES (new.id, new.title, new.body);
    INSERT INTO chunks_trigram(rowid, title, body) VALUES (new.id, new.title, new.body);
  END;
  CREATE TRIGGER chunks_after_delete AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_words(chunks_words, rowid, title, body)
      VALUES ('delete', old.id, old.title, old.body);
    INSERT INTO chunks_trigram(chunks_trigram, rowid, title, body)
      VALUES ('delete', old.id, old.title, old.body);
  END;
  CREATE TABLE vocabulary (
    id INTEGER PRIMARY KEY,
    word TEXT NOT NULL UNIQUE,
    uses INTEGER NOT NULL
  );
  CREATE VIRTUAL TABLE vocabulary_trigram USING fts5(
    word, content='vocabulary', content_rowid='id', tokenize='trigram', detail='none'
  );
  CREATE TRIGGER vocabulary_after_insert AFTER INSERT ON vocabulary BEGIN
    INSERT INTO vocabulary_trigram(rowid, word) VALUES (new.id, new.word);
  END;
  CREATE TRIGGER vocabulary_after_delete AFTER DELETE ON vocabulary BEGIN
    INSERT INTO vocabulary_trigram(vocabulary_trigram, rowid, word) VALUES ('delete', old.id, old.word);
  END;
  `,
  // Version 2, the fetch cache. An entry is valid only while the source it names still
  // holds the content it indexed (`content_hash`), so a purge or a re-index
  // under the same label makes it stale without touching this table.
  `
  CREATE TABLE fetch_cache (
    url TEXT PRIMARY KEY,
    final_url TEXT NOT NULL,
    source TEXT NOT NULL,
    content_hash TEXT NOT NULL,
    fetched_at INTEGER NOT NULL,
    status INTEGER NOT NULL,
    content_type TEXT NOT NULL,
    kind TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    truncated INTEGER NOT NULL,
    outline TEXT NOT NULL
  );
  `,
  // Version 3, tool-call accounting: every MCP tool call of a server session,
  // with what the tool handled and what it returned, for ctx_stats and
  // `ctx-mode stats`.
  `
  CREATE TABLE tool_calls (
    id INTEGER PRIMARY KEY,
    session_id TEXT NOT NULL,
    tool TEXT NOT NULL,
    at INTEGER NOT NULL,
    bytes_in INTEGER NOT NULL,
    bytes_out INTEGER NOT NULL,
    error INTEGER NOT NULL
  );
  CREATE INDEX tool_calls_by_session ON tool_calls(session_id, at);
  `,
  // Version 4, hook bookkeeping: which guidance notes a session has been shown
  // (each kind once per session), and the tool calls hooks saw after they ran.
  `
  CREATE TABLE hook_notes (
    platform TEXT NOT NULL,
    session_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    at INTEGER NOT NULL,
    PRIMARY KEY (platform, session_id, kind)
  ) WITHOUT ROWID;
  CREATE TABLE hook_tool_calls (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    session_id TEXT NOT NULL,
    tool TEXT NOT NULL,
    kind TEXT NOT NULL,
    at INTEGER NOT NULL,
    output_bytes INTEGER NOT NULL
  );
  CREATE INDEX hook_tool_calls_by_session ON hook_tool_calls(platform, session_id, at);
  `,
  // Version 5, session continuity: what a session did (files, tasks, git,
  // errors, prompts, decisions…), one row per distinct event (`hash`; a repeat
  // moves `at` and bumps `count`), and the snapshot taken before compaction.
  `
  CREATE TABLE session_events (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    session_id TEXT NOT NULL,
    category TEXT NOT NULL,
    type TEXT NOT NULL,
    priority INTEGER NOT NULL,
    at INTEGER NOT NULL,
    first_at INTEGER NOT NULL,
    count INTEGER NOT NULL DEFAULT 1,
    subject TEXT NOT NULL,
    data TEXT NOT NULL,
    hash TEXT NOT NULL,
    resolved INTEGER NOT NULL DEFAULT 0,
    UNIQUE (platform, session_id, hash)
  );
  CREATE INDEX session_events_by_time ON session_events(platform, session_id, at);
  CREATE INDEX session_events_by_subject ON session_events(platform, session_id, category, subject);
  CREATE TABLE session_snapshots (
    platform TEXT NOT NULL,
    session_id TEXT NOT NULL,
    at INTEGER NOT NULL,
    trigger TEXT NOT NULL,
    bytes INTEGER NOT NULL,
    snapshot TEXT NOT NULL,
    PRIMARY KEY (platform, session_id)
  ) WITHOUT ROWID;
  `,
  // Version 6, for the savings report: what a tool call found (ctx_search's
  // queries and hit counts, as JSON), and the session guide's size at every
  // compaction (session_snapshots keeps only the latest).
  `
  ALTER TABLE tool_calls ADD COLUMN detail TEXT;
  CREATE TABLE session_compactions (
    id INTEGER PRIMARY KEY,
    platform TEXT NOT NULL,
    session_id TEXT NOT NULL,
    at INTEGER NOT NULL,
    trigger TEXT NOT NULL,
    bytes INTEGER NOT NULL
  );
  CREATE INDEX session_compactions_by_time ON session_compactions(at);
  `,
  // Version 7, a hidden `context` column for word search: the parts of
  // camelCase identifiers (`readFileSync` → read file sync), the words of the
  // source label and, for manuals, the program's name and one-line summary,
  // so a chunk matches words that say where it stands without its title
  // showing them. Rows indexed before keep an empty context until re-indexed.
  // The trigram index of chunk text goes: identifier fragments are found
  // through the vocabulary's trigram index instead, at a third of the
  // indexing time and database size.
  `
  ALTER TABLE chunks ADD COLUMN context TEXT NOT NULL DEFAULT '';
  DROP TRIGGER chunks_after_insert;
  DROP TRIGGER chunks_after_delete;
  DROP TABLE chunks_words;
  CREATE VIRTUAL TABLE chunks_words USING fts5(
    title, body, context, content='chunks', content_rowid='id',
    tokenize='porter unicode61 remove_diacritics 2'
  );
  INSERT INTO chunks_words(chunks_words, rank) VALUES ('rank', 'bm25(5.0, 1.0, 0.5)');
  CREATE TRIGGER chunks_after_insert AFTER INSERT ON chunks BEGIN
    INSERT INTO chunks_words(rowid, title, body, context)
      VALUES (new.id, new.title, new.body, new.context);
  END;
  CREATE TRIGGER chunks_after_delete AFTER DELETE ON chunks BEGIN
    INSERT INTO chunks_words(chunks_words, rowid, title, body, context)
      VALUES ('delete', old.id, old.title, old.body, old.context);
  END;
  INSERT INTO chunks_words(chunks_words) VALUES ('rebuild');
  DROP TABLE chunks_trigram;
  `,
  // Version 8: the line of its source each chunk starts on (1-based), so a
  // hit can say where to read on; 0 where it is not known (rows indexed
  // before, text rewritten on the way in such as HTML made Markdown).
  `
  ALTER TABLE chunks ADD COLUMN line INTEGER NOT NULL DEFAULT 0;
  `,
  // Version 9: whether a source is one program's page (a man page, a
  // `--help` output; see `_source_shape.ts`), where the ranking weighs how
  // much the whole page is about the query. 0 for rows indexed before and
  // for staged (streamed) sources.
  `
  ALTER TABLE sources ADD COLUMN one_program INTEGER NOT NULL DEFAULT 0;
  `,
];
