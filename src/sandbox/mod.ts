/**
 * Running code for ctx-mode: JavaScript and TypeScript in a permission-scoped
 * Deno process, shell, Python, Ruby, Go, Rust, PHP, Perl, R and Elixir as
 * subprocesses; every run under a timeout that kills its process group and
 * with bounded output; confined to the project by bubblewrap where it works.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runCode } from "./mod.ts";
 * const result = await runCode({ language: "js", code: "console.log(PROJECT_DIR.length > 0)", projectDir: "." });
 * assert.equal(result.stdout, "true\n");
 * ```
 *
 * @module
 */

export {
  detectLanguages,
  type Env,
  type LanguageId,
  type LanguageInfo,
  resolveLanguage,
} from "./languages.ts";
export {
  DEFAULT_MAX_CONCURRENT_RUNS,
  DEFAULT_MAX_HEAP_MB,
  DEFAULT_MAX_MEMORY_MB,
  DEFAULT_MAX_OUTPUT_BYTES,
  DEFAULT_MAX_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  runCode,
  type RunOptions,
  type RunRequest,
  type RunResult,
} from "./run_code.ts";
export type { RunConfinement } from "./_host_types.ts";
export {
  type Confinement,
  type ConfinementReport,
  confinementReport,
  detectConfinement,
} from "./confine.ts";
export { WarmHosts, type WarmHostsOptions } from "./warm_hosts.ts";
export { hideFromSameUser } from "./process_privacy.ts";
export type { Runtime } from "./js_launch.ts";
export { INJECTION_PREFIXES, INJECTION_VARIABLES } from "./env.ts";
export { maxIndexBytesFromEnv, runOptionsFromEnv } from "./options_from_env.ts";
export {
  DEFAULT_MAX_SPOOL_BYTES,
  type OutputSink,
  OutputSpool,
  type OutputSpoolOptions,
} from "./output_spool.ts";
