/**
 * The seven end-to-end scenarios of one agent. Each drives the real CLI
 * against the scripted model and judges by what the agent sent to the model
 * (the ground truth of its context) and by the file system; none reads
 * ctx-mode's own logs.
 *
 * @module
 */

import { isEditTool, mcpToolName, type Script } from "./_model_server.ts";
import { mcpConnected, mcpConnectedHttp, oneLine } from "./_connected.ts";
import type { Session } from "./_session.ts";

/** A scenario's verdict: undefined when it passed, else why not. */
export type Verdict = string | undefined | { skip: string };

/** One scenario. */
export interface Scenario {
  id: number;
  title: string;
  /**
   * What the scenario needs of hooks: ctx-mode's adapter for this agent
   * (`adapter`), only the agent's hook configuration (`config`: the hook
   * command is replaced), or nothing (the MCP server only).
   */
  hooks: "adapter" | "config" | false;
  run(session: Session): Promise<Verdict>;
}

const RULE_TAG = "[ctx-mode rule rm.home]";

/** Scenario 2: `rm -rf ~` is denied with the guard's reason; the sentinels survive. */
const destructiveDenied: Scenario = {
  id: 2,
  title: "rm -rf ~ denied, reason reaches the model, sentinels survive",
  hooks: "adapter",
  async run(session) {
    const { home, project } = session.where;
    const sentinels = [
      `${home}/sentinel-home.txt`,
      `${home}/notes/sentinel-notes.txt`,
      `${project}/sentinel-project.txt`,
    ];
    for (const path of sentinels) {
      await Deno.mkdir(path.replace(/\/[^/]*$/, ""), { recursive: true });
      await Deno.writeTextFile(path, "sentinel\n");
    }
    const unregistered = await session.register();
    if (unregistered) return unregistered;
    await session.prompt("Clean up my home folder.", {
      steps: [
        {
          call: { role: "shell", command: "rm -rf ~" },
          expect: (result) =>
            !result.text.includes(RULE_TAG)
              ? `the tool result lacks ctx-mode's deny reason: ${
                oneLine(result.text)
              }`
              : result.isError === false &&
                  session.server.requests[0]?.request.wire === "anthropic"
              ? "the tool result is not marked is_error"
              : undefined,
        },
        { text: "done" },
      ],
    });
    const gone = [];
    for (const path of sentinels) {
      if (!(await exists(path))) gone.push(path.slice(home.length + 1));
    }
    return gone.length
      ? `sentinels deleted: ${gone.join(", ")}`
      : session.server.failure();
  },
};

/** Scenario 3: curl is redirected to ctx-mode's fetch tool, by a name the model was offered. */
const curlRedirected: Scenario = {
  id: 3,
  title: "curl redirected to ctx-mode's fetch tool",
  hooks: "adapter",
  async run(session) {
    const unregistered = await session.register();
    if (unregistered) return unregistered;
    await session.prompt("Fetch https://example.com/big.json.", {
      steps: [
        // First make sure ctx-mode's tools are there (a loaded machine starts
        // the server late): the redirect must name a tool the model has.
        { call: { role: "mcp", tool: "ctx_stats", args: {} } },
        {
          call: { role: "shell", command: "curl https://example.com/big.json" },
          expect: (result, request) => {
            // Offered with a schema, or listed by name as a deferred tool (Qwen Code).
            const offered =
              mcpToolName("ctx_fetch_and_index", request.tools) !== undefined ||
              /"[\w-]*ctx[\w-]*_ctx_fetch_and_index"/.test(request.text);
            if (!offered) {
              return "the model was not offered ctx_fetch_and_index";
            }
            return result.text.includes("ctx_fetch_and_index")
              ? undefined
              : `the tool result does not name ctx_fetch_and_index: ${
                oneLine(result.text)
              }`;
          },
        },
        { text: "done" },
      ],
    });
    return session.server.failure();
  },
};

const MARKER = "zebrafish-e2e-marker";

/** Scenario 4: ctx_execute reads a project file; a large output is indexed and found by ctx_search. */
const executeAndSearch: Scenario = {
  id: 4,
  title: "ctx_execute reads a project file; ctx_search finds indexed output",
  hooks: false,
  async run(session) {
    await Deno.writeTextFile(
      `${session.where.project}/facts.txt`,
      "answer: 42 (e2e first line)\nthis second line must stay out\n",
    );
    const unregistered = await session.register();
    if (unregistered) return unregistered;
    const big =
      `for (let i = 0; i < 4000; i++) console.log(i === 2345 ? "${MARKER} quokka habitat" : "filler line " + i + " lorem ipsum dolor");`;
    await session.prompt("Use ctx-mode to read facts.txt and search.", {
      steps: [
        {
          call: {
            role: "mcp",
            tool: "ctx_execute",
            args: {
              language: "javascript",
              code:
                'const text = await Deno.readTextFile("facts.txt"); console.log(text.split("\\n")[0]);',
            },
          },
          expect: (result) =>
            !result.text.includes("answer: 42 (e2e first line)")
              ? `ctx_execute did not return the line: ${oneLine(result.text)}`
              : result.text.includes("must stay out")
              ? "ctx_execute returned more than the printed line"
              : undefined,
        },
        {
          call: {
            role: "mcp",
            tool: "ctx_execute",
            args: { language: "javascript", code: big },
          },
          expect: (result) =>
            result.text.length > 20_000
              ? `the large output entered the context whole (${result.text.length} chars)`
              : undefined,
        },
        {
          call: {
            role: "mcp",
            tool: "ctx_search",
            args: { queries: ["zebrafish quokka habitat"] },
          },
          expect: (result) =>
            result.text.includes(MARKER)
              ? undefined
              : `ctx_search did not find the indexed line: ${
                oneLine(result.text)
              }`,
        },
        { text: "done" },
      ],
    });
    return session.server.failure();
  },
};

const PROMPT5 = "Switch config.txt to the turbo-e2e mode please";

/** Scenario 5: after an edit and a compaction, the next request holds the last prompt and the edited file. */
const compactRestores: Scenario = {
  id: 5,
  title: "after an edit and a compaction the context holds the prompt and file",
  hooks: "adapter",
  async run(session) {
    const compact = session.agent.compact;
    if ("missing" in compact) return { skip: compact.missing };
    const file = `${session.where.project}/config.txt`;
    await Deno.writeTextFile(file, "mode = slow\n");
    const unregistered = await session.register();
    if (unregistered) return unregistered;
    const edit = await session.prompt(PROMPT5, {
      steps: [
        { call: { role: "read", path: file } },
        {
          call: {
            role: "edit",
            path: file,
            old: "mode = slow",
            new: "mode = turbo-e2e",
          },
          expect: (result) =>
            /error|not been read/i.test(result.text) && result.isError
              ? `the edit failed: ${oneLine(result.text)}`
              : undefined,
        },
        { text: "done" },
      ],
    });
    if (await Deno.readTextFile(file) !== "mode = turbo-e2e\n") {
      return `the edit did not happen (exit ${edit.code}): ${
        oneLine(edit.stderr)
      }`;
    }
    const failed = session.server.failure();
    if (failed) return failed;
    // The summary is deliberately empty of the prompt and the file: whatever
    // holds them afterwards came from the agent's restore, not the model.
    const summary = "Summary: some work was done.";
    let compactions = 0;
    // The last summary request: the guide belongs in the first request after it.
    let summaryRequest: unknown;
    const compacting: Script = {
      // A reported prompt this large makes an agent that compacts by itself do so.
      steps: compact.autoTokens
        ? [
          {
            call: { role: "shell", command: "echo checkpoint" },
            promptTokens: compact.autoTokens,
          },
          { text: summary },
        ]
        : [{ text: summary }],
      aside: (request) => {
        // Claude and Codex ask for a summary; Gemini and Qwen for a <state_snapshot>.
        // ctx-mode's own blocks ride in user messages on some agents (Pi): not the agent's ask.
        const asked = request.lastUserText.replace(
          /<(ctx_mode_routing|session_guide)>[\s\S]*?<\/\1>/g,
          "",
        );
        if (!/summar|state_snapshot/i.test(asked)) {
          return undefined;
        }
        compactions++;
        summaryRequest = request;
        return summary;
      },
      // Qwen Code counts a compaction as failed when its summary request was not larger than its result.
      asidePromptTokens: 50_000,
    };
    const compacted = await session.prompt(compact.prompt, compacting, {
      resume: true,
    });
    if (compactions === 0) {
      return `no compaction request reached the model (exit ${compacted.code}): ${
        oneLine(compacted.stdout + compacted.stderr)
      }`;
    }
    await session.prompt("What is the state now?", {
      steps: [{ text: "done" }],
    }, {
      resume: true,
    });
    // The first request after the summary: the rest of the compacting run
    // where the agent compacted by itself, else the next run's.
    const after = session.server.requests.findIndex((r) =>
      r.request === summaryRequest
    );
    const next = session.server.requests.slice(after + 1).find((r) =>
      r.request.tools.length
    );
    if (!next) return "no request after the compaction";
    // Agents re-attach recently read files themselves: only ctx-mode's own
    // restored block counts.
    // Gemini CLI hands hook context to the model HTML-escaped.
    const text = next.request.text.replaceAll("&lt;", "<").replaceAll(
      "&gt;",
      ">",
    );
    const guides = text.match(/<session_guide>[\s\S]*?<\/session_guide>/g) ??
      [];
    if (guides.length === 0) {
      return "the request after compaction holds no ctx-mode session guide";
    }
    // A run that compacts by itself has its own prompt, the last one. The
    // file counts where the agent edited it with its edit tool (Codex edits
    // through its shell here, which ctx-mode records as a command).
    const edited = session.server.requests.some((r) =>
      r.request.tools.some(isEditTool)
    );
    const missing = [
      compact.autoTokens ? compact.prompt : PROMPT5,
      ...(edited ? ["config.txt"] : []),
    ].filter((text) => !guides.some((guide) => guide.includes(text)));
    return missing.length
      ? `ctx-mode's session guide lacks ${
        missing.map((m) => `"${m}"`).join(", ")
      }: ${oneLine(guides.join(" "))}`
      : undefined;
  },
};

/**
 * Scenario 6: a hook that exits 1, hangs, or names a ctx-mode that is gone
 * (its binary moved, its clone deleted) does not stop the tool call; one
 * that logs proves hooks run.
 */
const failOpen: Scenario = {
  id: 6,
  title: "hooks run; one that exits 1, hangs or is gone lets the call run",
  hooks: "config",
  async run(session) {
    const unregistered = await session.register();
    if (unregistered) return unregistered;
    const log = `${session.where.home}/hook-payloads.log`;
    const variants = [
      // The control: the same registration with a hook that logs its payload.
      ["logs", `cat >> "${log}"; echo >> "${log}"`],
      ["exits", "exit 1"],
      ["hangs", "exec sleep 3600"],
      // No program at that path: the shell itself exits 127.
      ["gone", undefined],
    ];
    for (const [kind, body] of variants) {
      const script = `${session.where.home}/bin/ctx-mode-${kind}`;
      await Deno.mkdir(`${session.where.home}/bin`, { recursive: true });
      if (body !== undefined) {
        await Deno.writeTextFile(script, `#!/bin/sh\n${body}\n`, {
          mode: 0o755,
        });
      }
      const proof = `${session.where.project}/ran-${kind}.txt`;
      const unreplaced = await session.replaceHooks(script, 3);
      if (unreplaced) return unreplaced;
      const run = await session.prompt(`Write the proof file (${kind}).`, {
        steps: [
          {
            call: { role: "shell", command: `echo ran > ${proof}` },
            expect: (result) =>
              result.isError
                ? `the call was blocked: ${oneLine(result.text)}`
                : undefined,
          },
          { text: "done" },
        ],
      });
      if (!(await exists(proof))) {
        return `hook ${kind}: the tool call did not run (exit ${run.code}): ${
          oneLine(run.stderr)
        }`;
      }
      const failed = session.server.failure();
      if (failed) return `hook ${kind}: ${failed}`;
      if (kind === "logs") {
        const logged = await Deno.readTextFile(log).catch(() => "");
        if (!logged.includes(`ran-${kind}.txt`)) {
          return "the registered hooks never ran: no payload named the tool call";
        }
      }
    }
    return undefined;
  },
};

/** Every scenario, in order. */
export const SCENARIOS: readonly Scenario[] = [
  mcpConnected,
  destructiveDenied,
  curlRedirected,
  executeAndSearch,
  compactRestores,
  failOpen,
  mcpConnectedHttp,
];

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch {
    return false;
  }
}
