/**
 * Starting the MCP server for `ctx-mode serve`: the sandbox report, the
 * project's hook socket and the server on stdio. Loaded by computed
 * specifier from `serve.ts`, so its help and hint load none of this.
 *
 * @module
 */

import { existsSync } from "node:fs";
import { agentSessionId, dataHome } from "../config/paths.ts";
import type { CliContext } from "./_context.ts";
import { databasePathFor, projectFor, type StoreFlags } from "./_store.ts";

/**
 * Serves the project of `flags` on stdio until the client goes away.
 *
 * @param flags The command's `--project` and `--db`.
 * @param context The outside world.
 */
export async function runServer(
  flags: StoreFlags,
  context: CliContext,
): Promise<void> {
  const project = projectFor(flags, context, "serve");
  const home = dataHome(context.env);
  const { serveStdio } = await import("../server/server.ts");
  const { confinementReport, hideFromSameUser } = await import(
    "../sandbox/mod.ts"
  );
  // Runs are processes of the same user: keep the server's environment out of their reach.
  hideFromSameUser();
  exitOnStopSignals();
  // Which confinement runs get is said at start, so a weaker one is never silent.
  const sandbox = await confinementReport(context.env);
  await context.err(`ctx-mode: sandbox ${sandbox.detail}\n`);
  const { detectPlatform } = await import("../../adapters/detect.ts");
  const { platformDoctor } = await import(
    "../../adapters/platform_checks.ts"
  );
  // Hooks of this project answered by this process, off the tool calls'
  // thread; started beside the server, which does not wait for it.
  const { listenForHooks } = await import(
    "../hook_channel/project_socket.ts"
  );
  const socket = listenForHooks(context.env, {
    dataHome: home,
    projectDir: project,
    // Its answers index a shrunk result after they are sent; the tool calls
    // wait for that indexing (`indexed` below), so the next search finds it.
    deferIndexing: true,
  });
  let listening: { indexed(): Promise<void> } | undefined;
  void socket.then((started) => {
    if (!("reason" in started)) listening = started;
    if ("reason" in started) {
      context.err(
        `ctx-mode: this server does not answer hooks: ${started.reason}\n`,
      )
        .catch(() => {});
    }
  });
  try {
    await serveStdio({
      projectDir: project,
      dataHome: home,
      databasePath: databasePathFor(flags, context, "serve"),
      env: context.env,
      sessionId: agentSessionId(context.env),
      indexed: () => listening?.indexed() ?? Promise.resolve(),
      onNote: (line) => void context.err(`ctx-mode: ${line}\n`),
      log: (line) => {
        context.err(`ctx-mode serve: ${line}\n`).catch(() => {});
      },
      describePlatform: (clientName) =>
        detectPlatform({ env: context.env, clientName, exists: existsSync }),
      platformChecks: async (clientName) =>
        (await platformDoctor(context.env, {
          projectDir: project,
          clientName,
        }))
          .checks,
    });
  } finally {
    const started = await socket;
    if (!("reason" in started)) await started.close();
  }
}

/**
 * Makes a stop signal an orderly exit: the exit's unload handlers end the
 * runs still going and remove their temp dirs (a signal's default action
 * would end this process without them; the runs still die with it, but
 * their temp dirs stay until the next server).
 */
function exitOnStopSignals(): void {
  const signals = [["SIGTERM", 143], ["SIGHUP", 129], ["SIGINT", 130]] as const;
  for (const [signal, code] of signals) {
    try {
      Deno.addSignalListener(signal, () => Deno.exit(code));
    } catch {
      // not a signal of this system
    }
  }
}
