/**
 * Where ctx-mode keeps its data, and which project it serves.
 *
 * @module
 */

export * from "./paths.ts";
export * from "./heartbeat.ts";
export type { PolicySource } from "./policy_files.ts";
export * from "./network_policy.ts";
