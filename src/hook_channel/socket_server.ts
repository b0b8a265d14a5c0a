/**
 * The MCP server's hook socket: answers the hook command's fast path with the
 * same engine as the command hook. It runs in its own Worker, so a slow tool
 * call on the server's thread never delays a hook answer, and it listens
 * only in a folder private to the user, with the socket itself `0600`.
 *
 * A socket file left by a server that died is removed at the next start; a
 * live server already answering for the project keeps its socket.
 *
 * @module
 */

import { dirnameOf } from "../config/path_lite.ts";
import { isPrivateFolder, keyPath, socketPath } from "./socket_path.ts";

/** A listening hook socket. */
export interface HookSocket {
  /** The socket's path. */
  path: string;
  /** Stops listening and removes the socket file. */
  close(): Promise<void>;
  /**
   * Settles once the work answers left to do after they went out (indexing
   * shrunk results, with `deferIndexing`) is done: at once when there is
   * none, at the latest after {@linkcode INDEXED_DEADLINE_MS}.
   */
  indexed(): Promise<void>;
}

/** The longest a tool call waits for the indexing the socket's answers left. */
export const INDEXED_DEADLINE_MS = 30_000;

/** The Worker's module, relative to this one (`scripts/compile.ts` embeds it). */
export const HOOK_SOCKET_WORKER_MODULE = "./socket_worker.ts";

/** How long the Worker has to stop listening before it is ended anyway. */
const CLOSE_DEADLINE_MS = 2_000;

/** How long the Worker has to start listening. */
const START_DEADLINE_MS = 60_000;

/**
 * Listens for hook requests for a project, unless another live server does.
 *
 * @param options The data home, the project's real path, and where notes go.
 * @returns The socket, or a one-line reason there is none.
 */
export async function startHookSocket(options: {
  dataHome: string;
  projectDir: string;
  /**
   * Whether answers may leave their indexing until after they are sent: only
   * for a process whose tool calls wait for {@linkcode HookSocket.indexed}
   * (the MCP server); elsewhere a tool call in another process could come
   * first. @default {false}
   */
  deferIndexing?: boolean;
}): Promise<HookSocket | { reason: string }> {
  const path = socketPath(options.dataHome, options.projectDir);
  if (path === undefined) {
    return { reason: "no hook socket on this OS or for so long a path" };
  }
  const folder = dirnameOf(path);
  const unfit = prepareFolder(folder);
  if (unfit) return { reason: unfit };
  if (existsLink(path)) {
    if (await isListening(path)) {
      return {
        reason: "another ctx-mode process answers hooks for this project",
      };
    }
    // Left by a server that died.
    await Deno.remove(path);
  }
  const key = writeKey(keyPath(path));
  if (typeof key !== "string") return key;
  const worker = new Worker(
    new URL(HOOK_SOCKET_WORKER_MODULE, import.meta.url).href,
    { type: "module" },
  );
  const started = await new Promise<
    { ok: true; ino: number | null } | { reason: string }
  >(
    (resolve) => {
      const timer = setTimeout(
        () => resolve({ reason: "the hook socket did not start in time" }),
        START_DEADLINE_MS,
      );
      worker.onmessage = (
        event: MessageEvent<{ ok?: boolean; error?: string }>,
      ) => {
        clearTimeout(timer);
        if (event.data.ok) {
          resolve({ ok: true, ino: inodeOf(path) });
        } else {resolve({
            reason: event.data.error ?? "the hook socket failed",
          });}
      };
      worker.onerror = (event) => {
        event.preventDefault();
        clearTimeout(timer);
        resolve({ reason: `the hook socket failed: ${event.message}` });
      };
      worker.postMessage({
        path,
        key,
        deferIndexing: options.deferIndexing === true,
      });
    },
  );
  if ("reason" in started) {
    worker.terminate();
    return started;
  }
  const pending = pendingWork();
  worker.onmessage = (event: MessageEvent<{ indexing?: string }>) => {
    if (event.data.indexing === "started") pending.start();
    else if (event.data.indexing === "done") pending.done();
  };
  return {
    path,
    indexed: pending.settled,
    async close() {
      const closed = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, CLOSE_DEADLINE_MS);
        worker.onmessage = (event: MessageEvent<{ closed?: boolean }>) => {
          if (!event.data.closed) return;
          clearTimeout(timer);
          resolve();
        };
      });
      worker.postMessage({ close: true });
      await closed;
      worker.terminate();
      pending.clear();
      removeIfSame(path, started.ino);
      removeKey(keyPath(path), key);
    },
  };
}

/** Makes the socket folder private; the reason when it cannot be. */
/** A count of work under way, and the waiters for it to reach zero. */
function pendingWork() {
  let count = 0;
  let waiters: Array<() => void> = [];
  const release = () => {
    const woken = waiters;
    waiters = [];
    for (const wake of woken) wake();
  };
  return {
    start() {
      count++;
    },
    done() {
      count = Math.max(0, count - 1);
      if (count === 0) release();
    },
    clear() {
      count = 0;
      release();
    },
    settled(): Promise<void> {
      if (count === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, INDEXED_DEADLINE_MS);
        Deno.unrefTimer(timer);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
  };
}

function prepareFolder(folder: string): string | undefined {
  try {
    Deno.mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (Deno.lstatSync(folder).uid === Deno.uid()) {
      Deno.chmodSync(folder, 0o700);
    }
  } catch (error) {
    return `Cannot make "${folder}": ${firstLine(error)}`;
  }
  return isPrivateFolder(folder)
    ? undefined
    : `"${folder}" is not private to this user`;
}

/** Writes a fresh random key, readable by this user only. */
function writeKey(path: string): string | { reason: string } {
  const key = Array.from(
    crypto.getRandomValues(new Uint8Array(32)),
    (byte) => byte.toString(16).padStart(2, "0"),
  ).join("");
  try {
    const temp = `${path}.${Deno.pid}.tmp`;
    Deno.writeTextFileSync(temp, key, { mode: 0o600 });
    Deno.chmodSync(temp, 0o600);
    Deno.renameSync(temp, path);
  } catch (error) {
    return { reason: `Cannot write "${path}": ${firstLine(error)}` };
  }
  return key;
}

/** Removes the key file if it is still ours. */
function removeKey(path: string, key: string): void {
  try {
    if (Deno.readTextFileSync(path) === key) Deno.removeSync(path);
  } catch {
    // already gone
  }
}

/** Removes our own socket only: a later server may have replaced it. */
function removeIfSame(path: string, ino: number | null): void {
  try {
    if (Deno.lstatSync(path).ino === ino) Deno.removeSync(path);
  } catch {
    // already gone
  }
}

function inodeOf(path: string): number | null {
  try {
    return Deno.lstatSync(path).ino;
  } catch {
    return null;
  }
}

function existsLink(path: string): boolean {
  try {
    Deno.lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

async function isListening(path: string): Promise<boolean> {
  try {
    const connection = await Deno.connect({ transport: "unix", path });
    connection.close();
    return true;
  } catch {
    return false;
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split(
    "\n",
  )[0] ?? "";
}
