/**
 * Runs attacks through `runCode` in a process of its own, so that a test can
 * run them as another user (`setpriv`): reads `{project, confine, env,
 * attacks: [{setup?, language, code}]}` on stdin, runs each attack's setup
 * (a plain shell command, not sandboxed) and then the attack, and prints one
 * JSON array of results. Like the server, it hides itself from processes of
 * the same user first.
 *
 * @module
 */

import { hideFromSameUser, runCode, WarmHosts } from "../../src/sandbox/mod.ts";

/** One attack: the project's state it needs, then the code that tries to get out. */
export interface Attack {
  setup?: string;
  language: string;
  code: string;
  /** The run's memory cap. @default {2048} */
  memoryMb?: number;
  /** The run's timeout. @default {60_000} */
  timeoutMs?: number;
  /** Right after the run returns, list the processes whose command line or environment holds this. */
  mark?: string;
  /** Run on a host of a warm pool (as the server does), started ahead. @default {false} */
  warm?: boolean;
  /** After the run returns, close the warm pool, wait (up to 10 s) for this process to have no child, and report what is left. */
  childrenLeft?: boolean;
}

/** What an attack got. */
export interface AttackResult {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  confinement: string;
  outOfMemory?: boolean;
  timedOut?: boolean;
  /** `runCode` refused the run. */
  refused?: string;
  /** With `mark`: the pids of the marked processes alive right after the run returned. */
  leftAlive?: number[];
  /** With `mark`, for each process left alive: its state, parent, namespace pids and session, to tell how it got out. */
  leftAliveStatus?: string[];
  /** With `childrenLeft`: every process still below this one (zombies too), as `pid state name`. */
  childrenLeft?: string[];
}

/** Every process below `root`, zombies included, as `pid state name`. */
export function below(root: number): string[] {
  const found: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const pid = stack.pop()!;
    let tasks: string[] = [];
    try {
      tasks = [...Deno.readDirSync(`/proc/${pid}/task`)].map((t) => t.name);
    } catch {
      continue;
    }
    for (const task of tasks) {
      let text = "";
      try {
        text = Deno.readTextFileSync(`/proc/${pid}/task/${task}/children`);
      } catch {
        continue;
      }
      for (const word of text.split(" ")) {
        if (!word.trim()) continue;
        const child = Number(word);
        try {
          const stat = Deno.readTextFileSync(`/proc/${child}/stat`);
          const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
          found.push(
            `${child} ${stat.charAt(stat.lastIndexOf(")") + 2)} ${name}`,
          );
        } catch {
          found.push(`${child} ? gone`);
        }
        stack.push(child);
      }
    }
  }
  return found;
}

/** Waits up to 10 s for this process to have no child left; returns what is left. */
async function childrenLeft(): Promise<string[]> {
  const end = performance.now() + 10_000;
  let left = below(Deno.pid);
  while (left.length > 0 && performance.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = below(Deno.pid);
  }
  return left;
}

/** The processes, host-wide, whose command line or environment holds `mark` (zombies are gone). */
export function marked(mark: string): number[] {
  const found: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    for (const file of ["cmdline", "environ"]) {
      try {
        const stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
        if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z")) break;
        if (
          Deno.readTextFileSync(`/proc/${entry.name}/${file}`).includes(mark)
        ) {
          found.push(Number(entry.name));
          break;
        }
      } catch {
        // gone, or not ours to read
      }
    }
  }
  return found;
}

/** A process's state, parent, pids in each PID namespace and session, from its status. */
function describe(pid: number): string {
  try {
    const status = Deno.readTextFileSync(`/proc/${pid}/status`);
    const field = (name: string) =>
      new RegExp(`^${name}:\\s*(.*)$`, "m").exec(status)?.[1]?.trim() ?? "?";
    return `${pid} ${field("State")} ppid ${field("PPid")} nspid ${
      field("NSpid")
    } nssid ${field("NSsid")} sigq ${field("SigQ")} shdpnd ${field("ShdPnd")}`;
  } catch {
    return `${pid} gone`;
  }
}

if (import.meta.main) await main();

async function main(): Promise<void> {
  // As `ctx-mode serve` does at start.
  hideFromSameUser();
  const warm = new WarmHosts();
  const input = JSON.parse(await new Response(Deno.stdin.readable).text()) as {
    project: string;
    confine: boolean | "landlock";
    env: Record<string, string>;
    attacks: Attack[];
  };
  const env = { ...Deno.env.toObject(), ...input.env };
  const results: AttackResult[] = [];
  for (const attack of input.attacks) {
    if (attack.setup) {
      await new Deno.Command("sh", {
        args: ["-c", attack.setup],
        cwd: input.project,
        env,
        stdout: "null",
      }).output();
    }
    try {
      const run = await runCode(
        {
          language: attack.language,
          code: attack.code,
          projectDir: input.project,
          timeoutMs: attack.timeoutMs ?? 60_000,
        },
        // The guard would refuse the literal attacks; the sandbox must hold without it (code the guard cannot read).
        // PLANTED_TOKEN_VALUE stands for a secret the user denied to runs.
        {
          confine: input.confine,
          env,
          guard: false,
          denyEnv: ["PLANTED_TOKEN_VALUE"],
          ...(attack.memoryMb ? { maxMemoryMb: attack.memoryMb } : {}),
          ...(attack.warm ? { warm } : {}),
        },
      );
      const leftAlive = attack.mark === undefined
        ? undefined
        : marked(attack.mark);
      const leftAliveStatus = leftAlive?.map(describe);
      if (attack.childrenLeft) warm.close();
      const left = attack.childrenLeft ? await childrenLeft() : undefined;
      results.push({
        stdout: run.stdout,
        stderr: run.stderr,
        exitCode: run.exitCode,
        confinement: run.confinement,
        outOfMemory: run.outOfMemory,
        timedOut: run.timedOut,
        ...(leftAlive ? { leftAlive } : {}),
        ...(leftAliveStatus?.length ? { leftAliveStatus } : {}),
        ...(left ? { childrenLeft: left } : {}),
      });
    } catch (error) {
      results.push({
        stdout: "",
        stderr: "",
        exitCode: null,
        confinement: "",
        refused: error instanceof Error ? error.message : String(error),
      });
    }
  }
  await Deno.stdout.write(new TextEncoder().encode(JSON.stringify(results)));
  warm.close();
}
