/**
 * Real hook processes for the agent tests, a few at a time: `ctx-mode hook
 * <agent> <event>` fed a payload, optionally under a `timeout` parent of its
 * own (for agents whose payloads carry no session id, the agent's process
 * is the session), plus `ctx-mode session` queries.
 *
 * @module
 */

import { childEnv, type CliRun, MAIN } from "../_helpers/run_cli.ts";

/** How many processes run at once. */
const PARALLEL = 6;

let running = 0;
const waiting: Array<() => void> = [];

async function slot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= PARALLEL) {
    await new Promise<void>((resolve) => waiting.push(resolve));
  }
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/** Where a run happens. */
export interface RunPlace {
  /** The private HOME and data home. */
  home: string;
  /** Extra environment. @default {} */
  env?: Record<string, string>;
  /** Start the hook under its own parent process (a new agent process). @default {false} */
  ownParent?: boolean;
  /** Runs when the process is about to start (to refresh a heartbeat). @default {undefined} */
  before?: () => unknown;
}

/**
 * Runs `ctx-mode args…` with stdin, waiting for a free slot.
 *
 * @param args The CLI arguments.
 * @param stdin The payload (an object is sent as its JSON).
 * @param place Home, environment, parent.
 * @returns What it printed and its exit code.
 */
export function run(
  args: string[],
  stdin: string | Uint8Array | Record<string, unknown>,
  place: RunPlace,
): Promise<CliRun> {
  return slot(async () => {
    await place.before?.();
    const deno = [Deno.execPath(), "run", "-A", MAIN, ...args];
    const [command, ...rest] = place.ownParent
      ? ["timeout", "120", ...deno]
      : deno;
    const child = new Deno.Command(command as string, {
      args: rest,
      cwd: place.home,
      clearEnv: true,
      env: childEnv(place.home, place.env),
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    try {
      await writer.write(
        typeof stdin === "string"
          ? new TextEncoder().encode(stdin)
          : stdin instanceof Uint8Array
          ? stdin
          : new TextEncoder().encode(JSON.stringify(stdin)),
      );
      await writer.close();
    } catch (error) {
      // A hook may stop reading (its stdin timeout) and answer anyway.
      if (!(error instanceof Deno.errors.BrokenPipe)) throw error;
    }
    const output = await child.output();
    const decoder = new TextDecoder();
    return {
      code: output.code,
      stdout: decoder.decode(output.stdout),
      stderr: decoder.decode(output.stderr),
    };
  });
}

/** The files a session's guide lists as modified. */
export async function sessionGuide(
  home: string,
  project: string,
  session?: string,
): Promise<string> {
  const result = await run(
    [
      "session",
      "show",
      "--json",
      "--project",
      project,
      ...(session === undefined ? [] : ["--session", session]),
    ],
    "",
    { home },
  );
  if (result.code !== 0) throw new Error(result.stderr);
  return String(JSON.parse(result.stdout).guide ?? "");
}

/** The ids of the sessions recorded for a project. */
export async function sessionIds(
  home: string,
  project: string,
): Promise<string[]> {
  const result = await run(
    ["session", "list", "--json", "--project", project],
    "",
    { home },
  );
  if (result.code !== 0) throw new Error(result.stderr);
  return JSON.parse(result.stdout).sessions.map((s: { sessionId: string }) =>
    s.sessionId
  );
}
