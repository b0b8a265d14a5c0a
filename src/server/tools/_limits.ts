/**
 * The size limits the tools' input schemas publish (`maxLength`, `maxItems`),
 * so that a client learns them from `tools/list` instead of from an error.
 *
 * The big text fields stay under the transport's message limit
 * (`MAX_MESSAGE_BYTES`, 10 MiB) with room for JSON's quoting; the others are
 * far above any honest use and only stop a runaway value early.
 *
 * @module
 */

/** The most characters of `content` (ctx_index) or `code` (execute tools). */
export const MAX_TEXT_CHARS = 8_000_000;
/** The most characters of one shell command in ctx_batch_execute. */
export const MAX_COMMAND_CHARS = 1_000_000;
/** The most characters of a path. */
export const MAX_PATH_CHARS = 4_096;
/** The most characters of a URL. */
export const MAX_URL_CHARS = 8_192;
/** The most characters of a query, an intent, a label or a source name. */
export const MAX_PHRASE_CHARS = 2_000;
/** The most characters of a language name. */
export const MAX_LANGUAGE_CHARS = 40;
