/**
 * ctx-mode as a library: the per-project knowledge base (SQLite FTS5 with
 * porter, trigram and fuzzy layers) and its chunkers, the data-home paths,
 * the sandbox, fetch-and-index, routing, the safety guard with its policy,
 * and session continuity — what the in-process plugins build on.
 *
 * Published on JSR as `@ctx/mode/lib` (the package root, `@ctx/mode`, is the
 * `ctx-mode` command line).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { KnowledgeBase } from "./mod.ts";
 * using kb = KnowledgeBase.open(":memory:");
 * kb.index({ label: "log", content: "step 1 ok\n\nstep 2 failed: ECONNREFUSED 127.0.0.1:5432" });
 * assert.match(kb.search(["ECONNREFUSED"])[0]?.hits[0]?.snippet ?? "", /5432/);
 * ```
 *
 * @module
 */

export {
  /** Chunks text of a known kind. */
  chunkContent,
  /** Splits JSON into chunks titled with their JSON path. */
  chunkJson,
  /** Splits Markdown into chunks titled with their heading path. */
  chunkMarkdown,
  /** Splits plain text and logs into sections or line windows. */
  chunkText,
  /** Walks a folder for indexable files, honouring .gitignore. */
  collectFiles,
  /** Tells Markdown, JSON, text and binary apart by name and content. */
  detectKind,
  /** Indexes files from disk, one source each. */
  indexFiles,
  /** A project's knowledge base. */
  KnowledgeBase,
  /** A knowledge base that moves a damaged file aside and starts over. */
  KnowledgeBaseKeeper,
  /** The largest chunk body in bytes. */
  MAX_CHUNK_BYTES,
  /** Scrubs an environment's secret values and well-known token shapes from text. */
  secretScrubber,
  /** Splits any string into pieces under a UTF-8 byte cap. */
  splitOversize,
} from "./src/store/mod.ts";
export type {
  Chunk,
  ChunkOptions,
  CollectedFile,
  CollectOptions,
  CollectResult,
  ContentKind,
  Correction,
  FetchCacheEntry,
  FileToIndex,
  IndexFilesSummary,
  IndexInput,
  IndexReceipt,
  IndexStreamInput,
  IndexStreamOptions,
  KeeperOptions,
  KnowledgeBaseOptions,
  KnowledgeBaseStats,
  QueryResult,
  Scrubbed,
  ScrubberOptions,
  SearchHit,
  SearchOptions,
  SearchPlace,
  SecretScrubber,
  SkippedFile,
  SkippedPath,
  SourceInfo,
} from "./src/store/mod.ts";
export {
  /** The data home: `$CTX_MODE_HOME`, else `~/.ctx-mode`. */
  dataHome,
  /** The policy used when no settings are read. */
  DEFAULT_NETWORK_POLICY,
  /** The `--deny-net` entries of every JavaScript run: the cloud-metadata addresses. */
  METADATA_DENY_NET,
  /** The network policy in force for fetches (loopback, private ranges). */
  networkPolicy,
  /** The database file of a project. */
  projectDatabasePath,
  /** The project directory. */
  projectDir,
  /** A short stable hash of a project path. */
  projectHash,
} from "./src/config/mod.ts";
export type {
  Env,
  NetAccess,
  NetworkPolicy,
  NetworkPolicyOptions,
  NetworkSetting,
  PolicySource,
} from "./src/config/mod.ts";
export type {
  ByteTotals,
  FetchCache,
  FetchCacheRecord,
  ToolCallDetail,
  ToolCallLog,
  ToolCallRecord,
} from "./src/store/mod.ts";
export {
  /** Detects the languages the sandbox can run here. */
  detectLanguages,
  /** How much of a run's stdout is indexed, from `CTX_MODE_MAX_INDEX_MB`. */
  maxIndexBytesFromEnv,
  /** A run's whole stdout, up to a cap, in a private file, for indexing. */
  OutputSpool,
  /** Runs code in the sandbox; only what it prints comes back. */
  runCode,
  /** Sandbox settings from `CTX_MODE_*` environment variables. */
  runOptionsFromEnv,
  /** Sandbox hosts started ahead of the next run (one pool per server). */
  WarmHosts,
} from "./src/sandbox/mod.ts";
export type {
  Env as SandboxEnv,
  LanguageId,
  LanguageInfo,
  OutputSink,
  OutputSpoolOptions,
  RunConfinement,
  RunOptions,
  RunRequest,
  RunResult,
  Runtime,
} from "./src/sandbox/mod.ts";
export {
  /** Fetches a URL, converts it and indexes it; answers with a receipt and an outline. */
  fetchAndIndex,
  /** Fetches several URLs at once. */
  fetchAndIndexMany,
  /** One fetch result as the text an agent sees. */
  formatFetchResult,
} from "./src/fetch/mod.ts";
export type {
  FetchFailure,
  FetchManyOptions,
  FetchOptions,
  FetchReceipt,
  FetchRequest,
  FetchResult,
  Lookup,
} from "./src/fetch/mod.ts";
export {
  /** The routing decision for a tool call. */
  routeToolCall,
  /** The text that teaches an agent the tool hierarchy. */
  ROUTING_BLOCK,
} from "./src/routing/mod.ts";
export type {
  AllowDecision,
  AskDecision,
  ContextDecision,
  Decision,
  DenyDecision,
  ModifyDecision,
  NoteKind,
  RouteOptions,
  ToolCallEvent,
  ToolInput,
  ToolKind,
} from "./src/routing/mod.ts";
export {
  /** The safety guard's verdict on a shell command. */
  checkCommand,
  /** The safety guard's verdict on reading a file. */
  checkReadPath,
  /** The bounded POSIX shell parser behind the guard. */
  parseShell,
} from "./src/safety/mod.ts";
export {
  /** Builds the guard policy (level, switched-off rules, permission rules) from its files. */
  buildPolicy,
  /** Checks a request against Claude Code-style permission rules alone. */
  checkPermissions,
  /** The guard's rules, then the permission rules, under one policy. */
  checkWithPolicy,
  /** The policy when no file sets anything. */
  DEFAULT_POLICY,
  /** Reads one `Tool(pattern)` permission rule. */
  parsePermissionRule,
} from "./src/safety/mod.ts";
export type {
  CheckCommandOptions,
  CheckReadPathOptions,
  Heredoc,
  Level,
  ParseOptions,
  ParseResult,
  PathBases,
  PermissionRequest,
  PermissionRule,
  PermissionVerdict,
  PermissionWhere,
  Policy,
  PolicyFileReport,
  PolicyVerdict,
  PolicyWhere,
  Redirect,
  RedirectOperator,
  RuleList,
  RuleScope,
  RuleTarget,
  SimpleCommand,
  SourcedRule,
  Verdict,
  Word,
} from "./src/safety/mod.ts";
export {
  /** Cuts a session's state to the snapshot budget, by priority tiers. */
  buildSnapshot,
  /** Session events from a user's prompt: the request, decisions, role, intent, pasted data. */
  capturePrompt,
  /** Session events from a tool call that ran. */
  captureToolCall,
  /** The session guide given back after compaction. */
  renderGuide,
  /** Gives a session back: the guide, with its timeline indexed for search. */
  restoreSession,
  /** The working state of a session, from its events. */
  sessionState,
  /** A project's session events and snapshots. */
  SessionStore,
  /** Builds and stores a session's snapshot before compaction. */
  takeSnapshot,
} from "./src/session/mod.ts";
export type {
  CapturedCall,
  Category,
  EventDraft,
  GuideOptions,
  Omission,
  PastedData,
  PromptCapture,
  Restored,
  RestoreOptions,
  SessionEvent,
  SessionKey,
  SessionRecord,
  SessionState,
  SessionSummary,
  Snapshot,
  SnapshotOptions,
  SnapshotSection,
  StoredSnapshot,
  TakeSnapshotOptions,
  TaskItem,
  ToolCapture,
} from "./src/session/mod.ts";
