/**
 * The request line that makes a started host run one piece of code, in the
 * form its kind of host reads (raw text for the shell and Python hosts, a
 * JSON line for the Deno host and the JavaScript sandbox).
 *
 * Pure: builds text, never reads or starts anything.
 *
 * @module
 */

import { sandboxArgv } from "./js_launch.ts";
import type { HostRequest } from "./sandbox_host.ts";
import type { JsHostRequest } from "./js_host.ts";
import type { HostConfig } from "./worker_host.ts";
import { shellHostRequest } from "./_shell_host.ts";
import { pythonHostRequest } from "./_python_host.ts";
import type { HostPlan } from "./_host_types.ts";

/**
 * The request line that makes a planned host run a piece of code.
 *
 * @param plan The host's plan.
 * @param code The source text (the file's, preamble included).
 * @param file For exec-file: the target (real path inside the project).
 * @returns One line of JSON, newline included.
 */
export function hostRequest(
  plan: HostPlan,
  code: string,
  file?: string,
): string {
  if (plan.shellHost || plan.execHost) return shellHostRequest(code, file);
  if (plan.pythonHost) return pythonHostRequest(code, file);
  const line = (request: HostRequest | JsHostRequest) =>
    JSON.stringify(request) + "\n";
  const codeFile = { path: plan.codePath, text: code };
  if (plan.steps) {
    const env = { ...plan.runEnv };
    if (file !== undefined) env.FILE_PATH = file;
    return line({ kind: "spawn", code: codeFile, steps: plan.steps, env });
  }
  const jsRequest: JsHostRequest = file === undefined
    ? { code }
    : { code, file };
  if (plan.js === "direct") return line(jsRequest);
  if (plan.js === "forward") {
    return line({ kind: "forward", line: JSON.stringify(jsRequest) });
  }
  const config: HostConfig = { ...plan.config!, mode: "worker" };
  if (file !== undefined) config.file = file;
  if (plan.js === "worker") {
    return line({ kind: "worker", worker: config, code: codeFile });
  }
  return line({
    kind: "spawn",
    code: codeFile,
    steps: [{ argv: sandboxArgv(plan.runtime, config), cwd: plan.project }],
    env: plan.runEnv,
  });
}
