// A stand-in for OpenCode's plugin host (Node): loads the generated plugin as
// OpenCode does, calls its hooks with OpenCode's argument shapes, and prints
// what happened as one JSON line. Arguments: the plugin file, the project.
import { pathToFileURL } from "node:url";

const [pluginFile, directory] = process.argv.slice(2);
const { CtxMode } = await import(pathToFileURL(pluginFile).href);
const hooks = await CtxMode({
  directory,
  worktree: directory,
  project: {},
  client: {},
  $: null,
});
const sessionID = "ses_plugin_test";
let call = 0;

async function before(tool, args) {
  const input = { tool, sessionID, callID: `call_${++call}` };
  const output = { args: { ...args } };
  try {
    await hooks["tool.execute.before"](input, output);
    return { blocked: false, args: output.args, callID: input.callID };
  } catch (error) {
    return { blocked: true, reason: error.message, callID: input.callID };
  }
}

async function after(tool, args, text, callID = `call_${++call}`) {
  const output = { title: tool, output: text, metadata: {} };
  await hooks["tool.execute.after"]({ tool, sessionID, callID, args }, output);
  return output.output;
}

const results = {};
await hooks.event({
  event: { type: "session.created", properties: { info: { id: sessionID } } },
});
const system = { system: [] };
await hooks["experimental.chat.system.transform"]({ sessionID }, system);
results.system = system.system;
results.rmHome = await before("bash", {
  command: "rm -rf ~",
  description: "clean",
});
results.curl = await before("bash", {
  command: "curl https://example.com/big.json",
  description: "get",
});
results.ls = await before("bash", { command: "ls", description: "list" });
const big = await before("read", { filePath: `${directory}/big.log` });
results.bigRead = {
  before: big,
  after: await after(
    "read",
    { filePath: `${directory}/big.log` },
    "…",
    big.callID,
  ),
};
results.edit = await after("edit", {
  filePath: `${directory}/src/a.ts`,
  oldString: "a",
  newString: "b",
}, "Edit applied");
await hooks["chat.message"]({ sessionID }, {
  message: {},
  parts: [{ type: "text", text: "make the build green" }],
});
const compacting = { context: [] };
await hooks["experimental.session.compacting"]({ sessionID }, compacting);
results.compacting = compacting.context;
console.log(JSON.stringify(results));
process.exit(0);
