/**
 * The server heartbeat: while an MCP server runs for a project it refreshes a
 * small file in the data home, so hooks redirect calls to ctx-mode tools only
 * when those tools are really there (a redirect to a tool the agent does not
 * have breaks the agent).
 *
 * Deno APIs only, no `node:` modules: the hook path reads this and must stay light.
 *
 * @module
 */

import { joinPath } from "./path_lite.ts";
import { projectHash } from "./paths.ts";
import { makePrivateDir, PRIVATE_FILE_MODE, tighten } from "./private_files.ts";

/** How often a running server refreshes its heartbeat, in milliseconds. */
export const HEARTBEAT_INTERVAL_MS = 10_000;

/** A heartbeat older than this is a server that is gone (it crashed or was killed). */
export const HEARTBEAT_MAX_AGE_MS = 3 * HEARTBEAT_INTERVAL_MS;

/** What a heartbeat file holds. */
export interface Heartbeat {
  /** The server's process id. */
  pid: number;
  /** The ctx-mode version of the server. */
  version: string;
  /** The project it serves. */
  projectDir: string;
  /** When it started, in milliseconds since the epoch. */
  startedAt: number;
  /** When it last refreshed the file. */
  updatedAt: number;
}

/** The heartbeat file of a project. */
export function heartbeatPath(home: string, project: string): string {
  return joinPath(home, "heartbeats", `${projectHash(project)}.json`);
}

/**
 * Writes (or refreshes) a heartbeat, atomically: readers see the old file or
 * the new one, never half of one.
 */
export function writeHeartbeat(home: string, beat: Heartbeat): void {
  const path = heartbeatPath(home, beat.projectDir);
  makePrivateDir(joinPath(home, "heartbeats"));
  const temporary = `${path}.${beat.pid}.tmp`;
  Deno.writeTextFileSync(temporary, JSON.stringify(beat), {
    mode: PRIVATE_FILE_MODE,
  });
  // A temporary file left by an earlier process with this pid keeps its old mode.
  tighten(temporary, PRIVATE_FILE_MODE);
  Deno.renameSync(temporary, path);
}

/** Removes a project's heartbeat if it is this process's own. */
export function removeHeartbeat(
  home: string,
  project: string,
  pid: number,
): void {
  const beat = readHeartbeat(home, project);
  if (beat?.pid !== pid) return;
  try {
    Deno.removeSync(heartbeatPath(home, project));
  } catch {
    // Already gone.
  }
}

/** A project's heartbeat as written, or undefined when there is none or it is unreadable. */
export function readHeartbeat(
  home: string,
  project: string,
): Heartbeat | undefined {
  try {
    const beat = JSON.parse(
      Deno.readTextFileSync(heartbeatPath(home, project)),
    );
    return typeof beat?.updatedAt === "number" && typeof beat?.pid === "number"
      ? beat as Heartbeat
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether an MCP server is running for the project now.
 *
 * @param home The data home.
 * @param project The project's real path.
 * @param now The clock reading to compare with.
 * @returns True when a heartbeat exists and is fresh.
 */
export function serverIsAlive(
  home: string,
  project: string,
  now: number = Date.now(),
): boolean {
  const beat = readHeartbeat(home, project);
  return beat !== undefined && now - beat.updatedAt <= HEARTBEAT_MAX_AGE_MS;
}

/**
 * Keeps a heartbeat fresh until stopped; stopping removes it.
 *
 * @param home The data home.
 * @param beat The server's identity (its `updatedAt` is refreshed).
 * @param options The refresh interval and the clock.
 * @returns A function that stops the heartbeat and removes the file.
 */
export function startHeartbeat(
  home: string,
  beat: Omit<Heartbeat, "updatedAt">,
  options: {
    /** Milliseconds between refreshes. @default {10000} */
    intervalMs?: number;
    /** The clock. @default {Date.now} */
    now?: () => number;
  } = {},
): () => void {
  const now = options.now ?? Date.now;
  const beatNow = () => {
    try {
      writeHeartbeat(home, { ...beat, updatedAt: now() });
    } catch {
      // A data home that cannot be written only means hooks will not redirect to this server.
    }
  };
  beatNow();
  const timer = setInterval(
    beatNow,
    options.intervalMs ?? HEARTBEAT_INTERVAL_MS,
  );
  Deno.unrefTimer(timer);
  return () => {
    clearInterval(timer);
    try {
      removeHeartbeat(home, beat.projectDir, beat.pid);
    } catch {
      // Nothing to remove.
    }
  };
}
