/**
 * Sandbox settings the user gives through the environment, for the server
 * and the CLI alike:
 *
 * - `CTX_MODE_CONFINE=off` (or `0`, `false`, `no`): run other languages
 *   unconfined, so CLIs that keep credentials under the home directory
 *   (`gh`, `aws`, `gcloud`, `kubectl`, `docker`) work; `landlock`: use
 *   Landlock even where bubblewrap works.
 * - `CTX_MODE_MAX_MEMORY_MB`: the resident memory a run may use.
 * - `CTX_MODE_MAX_RUNS`: how many runs go at once.
 * - `CTX_MODE_DENY_ENV=NAME,NAME…`: more variables to strip from every run.
 * - `CTX_MODE_MAX_TIMEOUT_S`: the longest timeout a call may ask for.
 * - `CTX_MODE_MAX_INDEX_MB`: how much of a run's stdout is indexed (MiB, at
 *   least 1; 64 by default).
 *
 * @module
 */

import { type SecretScrubber, secretScrubber } from "../store/scrub_secrets.ts";
import type { RunOptions } from "./run_code.ts";
import { DEFAULT_MAX_SPOOL_BYTES } from "./output_spool.ts";

/**
 * The run options the environment asks for, passing the environment itself on.
 *
 * @param env The process environment.
 * @returns Options for `runCode`.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { runOptionsFromEnv } from "./options_from_env.ts";
 * const options = runOptionsFromEnv({ CTX_MODE_CONFINE: "off", CTX_MODE_DENY_ENV: "AWS_PROFILE, TOKEN" });
 * assert.equal(options.confine, false);
 * assert.deepEqual(options.denyEnv, ["AWS_PROFILE", "TOKEN"]);
 * ```
 */
export function runOptionsFromEnv(
  env: Readonly<Record<string, string>>,
): RunOptions {
  const options: RunOptions = { env };
  const confine = env.CTX_MODE_CONFINE?.trim().toLowerCase();
  if (confine !== undefined && ["off", "0", "false", "no"].includes(confine)) {
    options.confine = false;
  } else if (confine === "landlock") options.confine = "landlock";
  const memory = Number(env.CTX_MODE_MAX_MEMORY_MB);
  if (Number.isFinite(memory) && memory >= 64) {
    options.maxMemoryMb = Math.round(memory);
  }
  const runs = Number(env.CTX_MODE_MAX_RUNS);
  if (Number.isInteger(runs) && runs >= 1) options.maxConcurrentRuns = runs;
  const deny = env.CTX_MODE_DENY_ENV?.split(",").map((name) => name.trim())
    .filter((name) => name !== "");
  if (deny && deny.length > 0) options.denyEnv = deny;
  const maxSeconds = Number(env.CTX_MODE_MAX_TIMEOUT_S);
  if (Number.isFinite(maxSeconds) && maxSeconds > 0) {
    options.maxTimeoutMs = Math.round(maxSeconds * 1000);
  }
  return options;
}

/**
 * The scrubber for what runs print and what is indexed: the values of the
 * environment's secret-looking variables and of those `CTX_MODE_DENY_ENV`
 * names (a run can still read them, for example from its parent process),
 * and the well-known token shapes.
 *
 * @param env The process environment.
 * @returns The scrubber.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { scrubberFromEnv } from "./options_from_env.ts";
 * const scrubber = scrubberFromEnv({ CTX_MODE_DENY_ENV: "INTERNAL", INTERNAL: "hush-hush-value" });
 * assert.equal(scrubber.scrub("hush-hush-value").text, "[REDACTED:INTERNAL]");
 * ```
 */
export function scrubberFromEnv(
  env: Readonly<Record<string, string>>,
): SecretScrubber {
  return secretScrubber(env, {
    alsoNames: runOptionsFromEnv(env).denyEnv ?? [],
  });
}

/**
 * How many bytes of a run's stdout are spooled and indexed: `CTX_MODE_MAX_INDEX_MB`
 * (MiB, a number of at least 1), else 64 MiB.
 *
 * @param env The process environment.
 * @returns The cap in bytes.
 * @throws {RangeError} When the variable is set to anything but a number of at least 1.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { maxIndexBytesFromEnv } from "./options_from_env.ts";
 * assert.equal(maxIndexBytesFromEnv({ CTX_MODE_MAX_INDEX_MB: "2" }), 2 * 1024 * 1024);
 * assert.equal(maxIndexBytesFromEnv({}), 64 * 1024 * 1024);
 * ```
 */
export function maxIndexBytesFromEnv(
  env: Readonly<Record<string, string>>,
): number {
  const text = env.CTX_MODE_MAX_INDEX_MB?.trim();
  if (text === undefined || text === "") return DEFAULT_MAX_SPOOL_BYTES;
  const mb = Number(text);
  if (!Number.isFinite(mb) || mb < 1) {
    throw new RangeError(
      `Cannot use CTX_MODE_MAX_INDEX_MB "${text}": expected a number of MiB, at least 1`,
    );
  }
  return Math.floor(mb * 1024 * 1024);
}
