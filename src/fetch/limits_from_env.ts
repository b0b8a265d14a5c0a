/**
 * Fetch limits the user sets through the environment, for the server and the
 * CLI alike.
 *
 * @module
 */

/**
 * Limits the user set in the environment: `CTX_MODE_FETCH_TIMEOUT_MS` (per
 * attempt) and `CTX_MODE_FETCH_MAX_BYTES` (body size cap). Values that are
 * not positive whole numbers are ignored.
 */
export function fetchLimits(
  env: Readonly<Record<string, string>>,
): { timeoutMs?: number; maxBytes?: number } {
  const positive = (value: string | undefined) => {
    const number = Number(value);
    return value !== undefined && Number.isInteger(number) && number > 0
      ? number
      : undefined;
  };
  const timeoutMs = positive(env.CTX_MODE_FETCH_TIMEOUT_MS);
  const maxBytes = positive(env.CTX_MODE_FETCH_MAX_BYTES);
  return {
    ...(timeoutMs ? { timeoutMs } : {}),
    ...(maxBytes ? { maxBytes } : {}),
  };
}
