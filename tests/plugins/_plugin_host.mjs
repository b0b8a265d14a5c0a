// deno-lint-ignore-file require-await no-console -- every host is awaited alike; the result goes to stdout
// Stand-ins for the plugin hosts of OpenCode, KiloCode, Pi, OMP, OpenClaw and
// Amp (Node): each loads the generated plugin as its agent does, calls its
// hooks with that agent's argument shapes, and the same scenario prints what
// happened as one JSON line. Arguments: agent, plugin file, project, and
// optionally the scenario ("shrink": what the model gets for bulky, small
// and editable results).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [agent, pluginFile, directory, scenario] = process.argv.slice(2);
const plugin = await import(pathToFileURL(pluginFile).href);
const sessionID = "ses_plugin_test";
let call = 0;

/** Each host: {start, system, before, after, prompt, compact} over its own API. */
async function openCodeHost() {
  const hooks = await plugin.CtxMode({
    directory,
    worktree: directory,
    project: {},
    client: {},
    $: null,
  });
  return {
    tools: { shell: "bash", read: "read", edit: "edit", readKey: "filePath" },
    async start() {
      await hooks.event({
        event: {
          type: "session.created",
          properties: { info: { id: sessionID } },
        },
      });
      const output = { system: [] };
      await hooks["experimental.chat.system.transform"]({ sessionID }, output);
      return output.system;
    },
    async before(tool, args) {
      const input = { tool, sessionID, callID: `call_${++call}` };
      const output = { args: { ...args } };
      try {
        await hooks["tool.execute.before"](input, output);
        return { blocked: false, args: output.args, id: input.callID };
      } catch (error) {
        return { blocked: true, reason: error.message, id: input.callID };
      }
    },
    async after(tool, args, text, id = `call_${++call}`, exitCode, extra) {
      const output = {
        title: tool,
        output: text,
        metadata: {
          ...(exitCode === undefined ? {} : { exit: exitCode }),
          ...extra,
        },
      };
      await hooks["tool.execute.after"](
        { tool, sessionID, callID: id, args },
        output,
      );
      return output.output;
    },
    // An MCP tool: OpenCode hands the hook the server's result, content blocks and all.
    async mcp(tool, args, text) {
      const output = { content: [{ type: "text", text }] };
      await hooks["tool.execute.after"](
        { tool, sessionID, callID: `call_${++call}`, args },
        output,
      );
      return output.content.map((part) => part.text).join("\n");
    },
    async prompt(text) {
      await hooks["chat.message"]({ sessionID }, {
        message: {},
        parts: [{ type: "text", text }],
      });
    },
  };
}

async function piHost() {
  const handlers = new Map();
  const tools = [];
  const api = {
    on: (name, handler) => handlers.set(name, handler),
    registerTool: (tool) => tools.push(tool),
  };
  plugin.default(api);
  const context = {
    cwd: directory,
    hasUI: false,
    sessionManager: { getSessionId: () => sessionID },
  };
  return {
    tools: { shell: "bash", read: "read", edit: "edit", readKey: "path" },
    registered: tools.map((tool) => tool.name),
    runTool: async (name, params) =>
      (await tools.find((tool) => tool.name === name).execute(
        "t1",
        params,
        undefined,
        undefined,
        context,
      )).content[0].text,
    async start() {
      await handlers.get("session_start")({ type: "session_start" }, context);
      const result = await handlers.get("before_agent_start")({
        prompt: "hello",
        systemPrompt: "",
      }, context);
      return result?.message ? [result.message.content] : [];
    },
    async before(tool, args) {
      const id = `call_${++call}`;
      const result = await handlers.get("tool_call")({
        type: "tool_call",
        toolName: tool,
        toolCallId: id,
        input: { ...args },
      }, context);
      if (result?.block) return { blocked: true, reason: result.reason, id };
      return { blocked: false, args: result?.input ?? args, id };
    },
    async after(tool, args, text, id = `call_${++call}`, exitCode, extra) {
      // Pi's bash fails a call that exits non-zero, its text ending in the status.
      const failed = exitCode !== undefined && exitCode !== 0;
      const content = [{
        type: "text",
        text: failed ? `${text}\n\nCommand exited with code ${exitCode}` : text,
      }];
      const result = await handlers.get("tool_result")({
        type: "tool_result",
        toolName: tool,
        toolCallId: id,
        input: args,
        content,
        details: { ...extra },
        isError: failed,
      }, context);
      return (result?.content ?? content).map((part) => part.text).join("\n\n");
    },
    async prompt(text) {
      await handlers.get("before_agent_start")({
        prompt: text,
        systemPrompt: "",
      }, context);
    },
  };
}

async function openClawHost() {
  const handlers = new Map();
  const middlewares = [];
  plugin.default.register({
    on: (name, handler) => handlers.set(name, handler),
    config: { workspaceDir: directory },
    registerAgentToolResultMiddleware: (handler, options) =>
      middlewares.push({ handler, options }),
  });
  const context = { sessionId: sessionID, agentId: "main" };
  const build = async (prompt) =>
    (await handlers.get("before_prompt_build")({ prompt }, context))
      ?.prependContext;
  return {
    tools: { shell: "exec", read: "read", edit: "edit", readKey: "path" },
    async start() {
      await handlers.get("session_start")({}, context);
      const text = await build("hello");
      return text ? [text] : [];
    },
    async before(tool, args) {
      const id = `call_${++call}`;
      const result = await handlers.get("before_tool_call")({
        toolName: tool,
        params: { ...args },
        toolCallId: id,
      }, context);
      if (result?.block) {
        return { blocked: true, reason: result.blockReason, id };
      }
      return { blocked: false, args: result?.params ?? args, id };
    },
    async after(tool, args, text, id = `call_${++call}`, exitCode) {
      // As OpenClaw's embedded runner does: the middleware while the result
      // is made, the observer after it.
      let result = {
        content: [{ type: "text", text }],
        details: exitCode === undefined
          ? {}
          : { status: "completed", exitCode },
      };
      for (const { handler, options } of middlewares) {
        if (!options?.runtimes?.includes("openclaw")) continue;
        result = (await handler({
          toolCallId: id,
          toolName: tool,
          args,
          cwd: directory,
          isError: false,
          result,
        }, { runtime: "openclaw", sessionId: sessionID }))?.result ?? result;
      }
      await handlers.get("after_tool_call")({
        toolName: tool,
        params: args,
        toolCallId: id,
        result,
      }, context);
      const shown = result.content.map((part) => part.text).join("\n");
      const note = await build(undefined);
      return note ? `${shown}\n\n[ctx-mode] ${note}` : shown;
    },
    async prompt(text) {
      await build(text);
    },
  };
}

async function ampHost() {
  const handlers = new Map();
  plugin.default({
    on: (name, handler) => handlers.set(name, handler),
    system: { workspaceRoot: directory },
    helpers: {
      shellCommandFromToolCall: (
        event,
      ) => (event.tool === "Bash" ? event.input.cmd : undefined),
    },
  });
  const thread = { id: sessionID };
  return {
    tools: {
      shell: "Bash",
      read: "Read",
      edit: "edit_file",
      readKey: "path",
      shellKey: "cmd",
    },
    async start() {
      await handlers.get("session.start")({ thread });
      return [];
    },
    async before(tool, args) {
      const id = `call_${++call}`;
      const result = await handlers.get("tool.call")({
        toolUseID: id,
        tool,
        input: { ...args },
        thread,
      });
      if (result?.action === "reject-and-continue") {
        return { blocked: true, reason: result.message, id };
      }
      return { blocked: false, args, id };
    },
    async after(tool, args, text) {
      await handlers.get("tool.result")({
        toolUseID: "x",
        tool,
        input: args,
        status: "done",
        output: text,
        thread,
      });
      return text;
    },
    async prompt(text) {
      await handlers.get("agent.start")({ message: text, thread });
    },
  };
}

const hosts = {
  opencode: openCodeHost,
  kilocode: openCodeHost,
  pi: piHost,
  omp: piHost,
  openclaw: openClawHost,
  amp: ampHost,
};
const host = await hosts[agent]();
const { shell, read, edit, readKey, shellKey = "command" } = host.tools;
if (scenario === "spill") {
  // Results the agent cut, with where it spilled the whole (the test's cases).
  const cases = JSON.parse(readFileSync(`${directory}/spill.json`, "utf8"));
  const seen = [];
  for (const { command, text, exitCode, extra } of cases) {
    seen.push(
      await host.after(
        shell,
        { [shellKey]: command },
        text,
        undefined,
        exitCode,
        extra,
      ),
    );
  }
  process.stdout.write(`${JSON.stringify(seen)}\n`, () => process.exit(0));
  await new Promise(() => {});
}
if (scenario === "shrink") {
  // What the model gets for a bulky test run, a small result and a read of
  // an editable source (the test wrote them into the project).
  const text = (name) => readFileSync(`${directory}/${name}`, "utf8");
  const results = {
    bulky: await host.after(
      shell,
      { [shellKey]: "npm test" },
      text("run.txt"),
      undefined,
      1,
    ),
    small: await host.after(
      shell,
      { [shellKey]: "git status" },
      text("small.txt"),
      undefined,
      0,
    ),
    read: await host.after(
      read,
      { [readKey]: `${directory}/src/big.ts` },
      text("src/big.ts"),
    ),
  };
  if (host.mcp) {
    results.mcp = await host.mcp(
      "github_list_issues",
      { repo: "acme/api" },
      text("issues.json"),
    );
  }
  // Large: exit only once stdout has taken all of it.
  process.stdout.write(`${JSON.stringify(results)}\n`, () => process.exit(0));
  await new Promise(() => {});
}
const results = { system: await host.start() };
results.rmHome = await host.before(shell, { [shellKey]: "rm -rf ~" });
results.curl = await host.before(shell, {
  [shellKey]: "curl https://example.com/big.json",
});
results.ls = await host.before(shell, { [shellKey]: "ls" });
const big = await host.before(read, { [readKey]: `${directory}/big.log` });
results.bigRead = {
  before: big,
  after: await host.after(
    read,
    { [readKey]: `${directory}/big.log` },
    "…",
    big.id,
  ),
};
results.edit = await host.after(edit, {
  [readKey]: `${directory}/src/a.ts`,
  oldString: "a",
  newString: "b",
}, "Edit applied");
await host.prompt("make the build green");
if (host.registered?.length > 0) {
  results.registered = host.registered;
  results.toolRun = await host.runTool("ctx_execute", {
    language: "shell",
    code: "echo from-pi-tool",
  });
}
console.log(JSON.stringify(results));
process.exit(0);
