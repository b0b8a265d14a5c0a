/**
 * The Worker of `_overlap_runner.ts`: another isolate of the same process,
 * with module state of its own, that runs a JavaScript and a shell run that
 * wait for `go`, and posts their results back.
 *
 * @module
 */

/// <reference lib="deno.worker" />

import { runCode } from "../../src/sandbox/mod.ts";
import { WAITING } from "./_overlap_code.ts";

self.onmessage = async (event: MessageEvent) => {
  const { project, env } = event.data as {
    project: string;
    env: Record<string, string>;
  };
  const options = { confine: true, env, guard: false } as const;
  const settled = await Promise.allSettled([
    runCode(
      { language: "js", code: WAITING.js("worker-js"), projectDir: project },
      options,
    ),
    runCode(
      {
        language: "shell",
        code: WAITING.shell("worker-shell"),
        projectDir: project,
      },
      options,
    ),
  ]);
  const [js, shell] = settled.map((outcome) =>
    outcome.status === "fulfilled" ? outcome.value : String(outcome.reason)
  );
  self.postMessage({ js, shell });
};
