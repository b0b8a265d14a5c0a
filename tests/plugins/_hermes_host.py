"""A stand-in for Hermes Agent's plugin host: loads the generated plugin
package as Hermes does (register(ctx) with ctx.register_hook), calls its hooks
with Hermes's arguments, and prints what happened as one JSON line.
Arguments: the plugin folder, the project."""

import importlib.util
import json
import os
import sys

folder, directory = sys.argv[1], sys.argv[2]
scenario = sys.argv[3] if len(sys.argv) > 3 else None
os.chdir(directory)
spec = importlib.util.spec_from_file_location("ctx_mode_plugin", os.path.join(folder, "__init__.py"))
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)


class Context:
    def __init__(self):
        self.hooks = {}

    def register_hook(self, name, function):
        self.hooks[name] = function


ctx = Context()
module.register(ctx)
hooks = ctx.hooks
task = "task_plugin_test"


def before(tool, args):
    result = hooks["pre_tool_call"](tool, args, task, session_id=task)
    if result and result.get("action") == "block":
        return {"blocked": True, "reason": result["message"]}
    return {"blocked": False}


def run_tool(tool, args, result, call_id):
    """What the model gets, as Hermes's handle_function_call makes it: post_tool_call
    observes, then the first string transform_tool_result returns replaces the result."""
    kwargs = {"task_id": task, "session_id": task, "tool_call_id": call_id, "turn_id": "t1"}
    hooks["post_tool_call"](tool_name=tool, args=args, result=result, duration_ms=3, **kwargs)
    new = hooks["transform_tool_result"](tool_name=tool, args=args, result=result, **kwargs)
    return new if isinstance(new, str) else result


if scenario == "shrink":
    def text(name):
        with open(os.path.join(directory, name), encoding="utf-8") as handle:
            return handle.read()

    # Hermes's terminal and read_file answer with JSON objects (tools/terminal_tool.py).
    print(json.dumps({
        "bulky": run_tool("terminal", {"command": "npm test"},
                          json.dumps({"output": text("run.txt"), "exit_code": 1, "error": None}), "call_1"),
        "small": run_tool("terminal", {"command": "git status"},
                          json.dumps({"output": text("small.txt"), "exit_code": 0, "error": None}), "call_2"),
        "read": run_tool("read_file", {"path": os.path.join(directory, "src", "big.ts")},
                         json.dumps({"content": text("src/big.ts"), "total_lines": 400}), "call_3"),
        "mcp": run_tool("mcp_github_list_issues", {"repo": "acme/api"},
                        json.dumps({"result": text("issues.json")}), "call_4"),
    }))
    sys.exit(0)

results = {}
hooks["on_session_start"](session_id=task)
context = hooks["pre_llm_call"](session_id=task, user_message="make the build green")
results["system"] = [context["context"]] if context else []
results["rmHome"] = before("terminal", {"command": "rm -rf ~"})
results["curl"] = before("terminal", {"command": "curl https://example.com/big.json"})
results["ls"] = before("terminal", {"command": "ls"})
big = {"path": os.path.join(directory, "big.log")}
before("read_file", big)
after = hooks["transform_tool_result"]("read_file", big, "…", task, session_id=task)
results["bigRead"] = {"after": after or "…"}
hooks["post_tool_call"]("write_file", {"path": os.path.join(directory, "src", "a.ts")}, "ok", task, 3, session_id=task)
print(json.dumps(results))
