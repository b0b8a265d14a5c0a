/**
 * The Python host inside bubblewrap: the interpreter itself waits for the
 * run, started ahead with `-c` and a short boot script, so a Python call
 * pays neither the interpreter's start nor a version manager's shim. Its
 * request is the exec-file target as hex on the first line (empty when
 * none; hex, so that no byte of a file name can end the line), then the
 * code until end of input. The boot writes the code to the run's temp dir
 * and runs it as `python3 code.py` would: a fresh `__main__` module with
 * `__file__`, `sys.argv` and `sys.path[0]` of the code file, stdin at end of
 * file, tracebacks without the boot's frame, exit code 1 on an uncaught
 * error, and `sys.exit` as usual. The host ends with the run; there is no
 * done mark (its end is the process's).
 *
 * Pure: builds text and argument lists; never starts a process.
 *
 * @module
 */

import {
  HOST_IDLE,
  HOST_SETUP_FAILED,
  HOST_SETUP_MARK,
} from "./_host_protocol.ts";

/** A Python string literal of `text` (JSON's escapes are Python's). */
function pyString(text: string): string {
  return JSON.stringify(text);
}

/**
 * The command line of a Python host.
 *
 * @param python The run's interpreter (as found on PATH, shim or not).
 * @param codePath Where the code goes (in the run's temp dir).
 * @param idleMs How long to wait for the request.
 * @returns The argv, executable first.
 */
export function pythonHostArgv(
  python: string,
  codePath: string,
  idleMs: number,
): string[] {
  const folder = codePath.slice(0, codePath.lastIndexOf("/")) || "/";
  const idleLine = `${HOST_SETUP_MARK} ${HOST_IDLE}\n`;
  const script = [
    // Before any import: `-c` would put the project (the cwd) first on the path.
    "import sys",
    'if sys.path and sys.path[0] == "":',
    `    sys.path[0] = ${pyString(folder)}`,
    "import os, select",
    `if not select.select([0], [], [], ${Math.max(1, idleMs / 1000)})[0]:`,
    `    os.write(2, ${pyString(idleLine)}.encode())`,
    `    os._exit(${HOST_SETUP_FAILED})`,
    "_ctx_parts = []",
    "while True:",
    "    _ctx_chunk = os.read(0, 1 << 20)",
    "    if not _ctx_chunk:",
    "        break",
    "    _ctx_parts.append(_ctx_chunk)",
    '_ctx_head, _, _ctx_code = b"".join(_ctx_parts).partition(b"\\n")',
    "del _ctx_parts, _ctx_chunk",
    `_ctx_path = ${pyString(codePath)}`,
    'with open(_ctx_path, "wb") as _ctx_file:',
    "    _ctx_file.write(_ctx_code)",
    "if _ctx_head:",
    '    os.environ["FILE_PATH"] = os.fsdecode(bytes.fromhex(_ctx_head.decode()))',
    "sys.argv[:] = [_ctx_path]",
    '_ctx_main = type(sys)("__main__")',
    "_ctx_main.__file__ = _ctx_path",
    "_ctx_main.__cached__ = None",
    "_ctx_main.__builtins__ = __builtins__",
    'sys.modules["__main__"] = _ctx_main',
    "try:",
    '    exec(compile(_ctx_code, _ctx_path, "exec"), _ctx_main.__dict__)',
    "except SystemExit:",
    "    raise",
    "except BaseException as _ctx_error:",
    // The first frame is this boot's: the traceback starts at the code.
    "    _ctx_tb = _ctx_error.__traceback__",
    "    _ctx_error.__traceback__ = _ctx_tb and _ctx_tb.tb_next",
    "    sys.excepthook(type(_ctx_error), _ctx_error, _ctx_error.__traceback__)",
    "    sys.exit(1)",
  ].join("\n");
  return [python, "-c", script];
}

/**
 * The request of a Python host.
 *
 * @param code The Python code (its preamble included).
 * @param file For exec-file: the target's real path.
 * @returns The bytes to send, after which input ends.
 */
export function pythonHostRequest(code: string, file?: string): string {
  const hex = file === undefined
    ? ""
    : [...new TextEncoder().encode(file)].map((byte) =>
      byte.toString(16).padStart(2, "0")
    ).join("");
  return `${hex}\n${code}`;
}
