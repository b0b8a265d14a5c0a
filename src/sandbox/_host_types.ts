/**
 * The shape of a planned sandbox host: what starts it, its environment, how
 * it runs code, and what the planner is given. Types only.
 *
 * @module
 */

import type { Confinement } from "./confine.ts";
import type { Runtime } from "./js_launch.ts";
import type { LanguageId } from "./_languages.ts";
import type { HostConfig } from "./worker_host.ts";
import type { ProcessLimit } from "./_process_limit.ts";
import type { Spec } from "./_control_spec.ts";
import type { EtcTree } from "./_etc_tree.ts";

/** How a run ends up confined (reported with every result). */
export type RunConfinement = "bwrap" | "landlock" | "permissions" | "none";

/** Everything needed to start a host and give it runs of one language. */
export interface HostPlan {
  language: LanguageId;
  project: string;
  scratch: string;
  argv: string[];
  env: Record<string, string>;
  confinement: RunConfinement;
  /** The environment of the programs the host spawns. */
  runEnv: Record<string, string>;
  /** The file the code is written to (in the scratch dir). */
  codePath: string;
  /**
   * How JavaScript runs: `"direct"` the host is the sandbox process itself
   * (Deno's permission flags); `"worker"` a Worker inside the host (a
   * compiled binary, or no way to end the process with the server); under
   * Landlock a child of the host, `"forward"` started ahead with permission
   * flags or `"child-worker"` with a Worker of its own (a compiled binary).
   */
  js?: "direct" | "worker" | "forward" | "child-worker";
  /** What the JavaScript sandbox is told. */
  config?: HostConfig;
  /** For other languages: the build step and the run. */
  steps?: { argv: string[]; cwd: string }[];
  /** The host is the shell itself (inside bubblewrap): its request is raw text. */
  shellHost?: boolean;
  /** The host is the Python interpreter itself (inside bubblewrap): its request is raw text. */
  pythonHost?: boolean;
  /** The host is `bash` that becomes the program (inside bubblewrap): its request is a shell host's. */
  execHost?: boolean;
  /** The run's process limit (a cgroup to remove once the host ended), for hosts that start programs. */
  processLimit?: ProcessLimit;
  /** The prepared `/etc` a bubblewrap host binds, given back when it ends. */
  etcTree?: EtcTree;
  /** The control-file mounts (bubblewrap) the host was started with. */
  controlArgs?: string[];
  /** The control spec the mounts or deny list were made from, for the next run's baseline (taken once). */
  controlSpec?: Spec;
  runtime: Runtime;
}

/** What the planner needs besides the language and the paths. */
export interface PlanOptions {
  confinement: Confinement;
  runtime: Runtime;
  parent: Readonly<Record<string, string>>;
  denyEnv: readonly string[];
  heapMb: number;
  memoryMb: number;
  idleMs: number;
}
