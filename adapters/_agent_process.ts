/**
 * The agent's process id, the session id of last resort for platforms whose
 * payloads carry none: the hook's parent, or, when the parent is a shell the
 * agent started the hook through, the shell's parent.
 *
 * Reads `/proc/<pid>/stat` (Linux); elsewhere the parent id is the answer.
 * Never throws.
 *
 * @module
 */

const SHELLS = new Set(["sh", "bash", "dash", "zsh", "ksh", "fish", "busybox"]);

/**
 * The id of the process that runs the agent.
 *
 * @param parentPid The hook process's parent id.
 * @returns The first ancestor (at most two steps up) that is not a shell.
 */
export function agentProcessId(parentPid: number): number {
  let pid = parentPid;
  for (let step = 0; step < 2; step++) {
    const stat = readStat(pid);
    if (!stat || !SHELLS.has(stat.name)) return pid;
    if (stat.parent <= 1) return pid;
    pid = stat.parent;
  }
  return pid;
}

function readStat(pid: number): { name: string; parent: number } | undefined {
  try {
    const text = Deno.readTextFileSync(`/proc/${pid}/stat`);
    // The name is in parentheses and may itself hold spaces or parentheses.
    const close = text.lastIndexOf(")");
    const name = text.slice(text.indexOf("(") + 1, close);
    const parent = Number(text.slice(close + 2).split(" ")[1]);
    return Number.isInteger(parent) ? { name, parent } : undefined;
  } catch {
    return undefined;
  }
}
