/**
 * The environment and the extra readable folders of a confined host: where
 * Deno's cache is, which PATH folders a run may call, and where tools that
 * write under HOME or a build cache write instead.
 *
 * Never mounts or starts anything; it may create the cache folders it names.
 *
 * @module
 */

import { delimiter, isAbsolute, join } from "node:path";
import { isInside, isSystemPath } from "./_bwrap.ts";
import { guardedFolders, whyGuarded } from "./project_guard.ts";

/**
 * Deno's cache folder as the parent environment names it.
 *
 * @param parent The parent environment.
 * @param scratch The host's temp dir (HOME's stand-in when there is none).
 * @returns The folder.
 */
export function denoDir(
  parent: Readonly<Record<string, string>>,
  scratch: string,
): string {
  return parent.DENO_DIR ??
    join(
      parent.XDG_CACHE_HOME ?? join(parent.HOME ?? scratch, ".cache"),
      "deno",
    );
}

/**
 * PATH entries a confined program may call, outside the system dirs; never a
 * home folder, a folder above one, or the data home, judged by real path
 * (`$HOME/`, `$HOME/.`, `/root/../root` and links to them included).
 *
 * @param parent The parent environment.
 * @param project The project (real path).
 * @param scratch The host's temp dir.
 * @returns The folders, in PATH order.
 */
export function pathDirs(
  parent: Readonly<Record<string, string>>,
  project: string,
  scratch: string,
): string[] {
  const guarded = guardedFolders(parent);
  return (parent.PATH ?? "").split(delimiter).filter((dir) =>
    isAbsolute(dir) && dir !== "/" && whyGuarded(dir, guarded) === undefined &&
    !isSystemPath(dir) && !isInside(dir, project) && !isInside(dir, scratch)
  );
}

/**
 * Points HOME at the temp dir (HOME is not mounted) and keeps the toolchain
 * homes that live under the real one.
 *
 * @param env The run's environment, changed in place.
 * @param scratch The host's temp dir.
 * @param parent The parent environment.
 */
export function confinedEnv(
  env: Record<string, string>,
  scratch: string,
  parent: Readonly<Record<string, string>>,
): void {
  // HOME is not mounted; tools that write under it get the temp dir instead.
  const home = parent.HOME;
  env.HOME = scratch;
  if (home) {
    env.RUSTUP_HOME ??= join(home, ".rustup");
    env.CARGO_HOME ??= join(home, ".cargo");
  }
  env.GOPATH ??= join(scratch, "go");
  env.GOTOOLCHAIN = "local";
}

/**
 * A Go build cache kept for confined runs only: the user's own cache is not
 * mounted, because code could plant build results there that later builds
 * outside the sandbox would trust.
 *
 * @param parent The parent environment.
 * @param scratch The host's temp dir (the cache's place when there is no HOME).
 * @returns The cache folder, created.
 */
export function confinedGoCache(
  parent: Readonly<Record<string, string>>,
  scratch: string,
): string {
  const base = parent.XDG_CACHE_HOME ??
    (parent.HOME ? join(parent.HOME, ".cache") : undefined);
  const cache = base
    ? join(base, "ctx-mode", "go-build")
    : join(scratch, "go-build");
  Deno.mkdirSync(cache, { recursive: true });
  return cache;
}
