/**
 * A temporary directory removed when the test's `await using` scope ends.
 *
 * @module
 */

/** A temporary directory and its disposal. */
export interface TempDir extends AsyncDisposable {
  /** The directory's absolute path. */
  path: string;
}

/** Makes a temporary directory that removes itself when disposed. */
export async function tempDir(prefix = "ctx-test-"): Promise<TempDir> {
  const path = await Deno.makeTempDir({ prefix });
  return {
    path,
    async [Symbol.asyncDispose]() {
      await Deno.remove(path, { recursive: true }).catch(() => {});
    },
  };
}
