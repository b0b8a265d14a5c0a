/**
 * What every sandbox host and the server agree on besides the done mark: how
 * a host says it could not set up or ended unused, and how it reads its one
 * request line.
 *
 * Imports nothing: the JavaScript sandbox process loads it with the run's
 * permissions alone.
 *
 * @module
 */

/** The exit code of a host that could not confine itself, or ended unused; the server refuses the run or starts another. */
export const HOST_SETUP_FAILED = 125;
/** The start of the line a host prints before it exits with {@link HOST_SETUP_FAILED}. */
export const HOST_SETUP_MARK = "ctx-mode sandbox host:";
/** The reason a host gives when it ended unused. */
export const HOST_IDLE = "idle, ended unused";

/**
 * Reads stdin up to the first newline. When nothing arrives within
 * `idleMs`, says {@link HOST_IDLE} on stderr and exits.
 *
 * @param idleMs How long to wait.
 * @returns The line without its newline, or `undefined` at end of input.
 */
export async function readRequestLine(
  idleMs: number,
): Promise<string | undefined> {
  const idle = setTimeout(() => {
    // Said on stderr, so that a run that took this host just now starts another.
    Deno.stderr.writeSync(
      new TextEncoder().encode(`${HOST_SETUP_MARK} ${HOST_IDLE}\n`),
    );
    Deno.exit(HOST_SETUP_FAILED);
  }, idleMs);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const buffer = new Uint8Array(64 * 1024);
  try {
    while (true) {
      const count = await Deno.stdin.read(buffer);
      if (count === null) break;
      const chunk = buffer.subarray(0, count);
      const newline = chunk.indexOf(0x0a);
      const kept = newline === -1 ? chunk : chunk.subarray(0, newline);
      chunks.push(kept.slice());
      size += kept.length;
      if (newline !== -1) break;
    }
  } finally {
    clearTimeout(idle);
  }
  if (chunks.length === 0) return undefined;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return new TextDecoder().decode(bytes);
}
