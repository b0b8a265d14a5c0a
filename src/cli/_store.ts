/**
 * Opening the knowledge base a command works on: `--db`, else the project's
 * file under the data home.
 *
 * @module
 */

import { resolve } from "node:path";
import { dataHome, projectDatabasePath, projectDir } from "../config/paths.ts";
import { KnowledgeBase } from "../store/knowledge_base.ts";
import type { CliContext } from "./_context.ts";

/** The `--project` and `--db` values of a command. */
export interface StoreFlags {
  project?: string | undefined;
  db?: string | undefined;
}

/** The database file a command should use. */
export function databasePathFor(
  flags: StoreFlags,
  context: CliContext,
): string {
  if (flags.db) return resolve(context.cwd, flags.db);
  const project = projectDir(context.cwd, {
    explicit: flags.project,
    env: context.env,
  });
  return projectDatabasePath(project, dataHome(context.env));
}

/** Opens the knowledge base a command should use. */
export function openStoreFor(
  flags: StoreFlags,
  context: CliContext,
): KnowledgeBase {
  return KnowledgeBase.open(databasePathFor(flags, context));
}
