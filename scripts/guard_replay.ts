// deno-lint-ignore-file no-console -- a script: it prints its figures on stdout
/**
 * Replays another guard's test commands through ctx-mode's guard and prints
 * two agreement figures: the share of the commands that guard denies which
 * ctx-mode also blocks, and the share of those it allows which ctx-mode also
 * allows — raw, and after the differences docs/safety.md lists as deliberate.
 *
 * Not run in CI, and nothing of the other suite is kept in this repository:
 * the suite is read from the path given on the command line.
 *
 *   deno run -A scripts/guard_replay.ts <suite tests dir> [--verbose]
 *     reads `assertBlocked('cmd', …)` / `assertAllowed('cmd')` calls (CC Safety
 *     Net's test helpers) whose command, and working directory if any, are
 *     plain string literals: the replayable part of the suite.
 *   deno run -A scripts/guard_replay.ts --commands <file> --oracle <api.js> [--verbose]
 *     asks that guard's published `checkCommand` (its npm package's
 *     `dist/api.js`) about each line of the file instead.
 *
 * @module
 */

import { checkCommand } from "../src/safety/mod.ts";

/** A command and what the other guard says of it. */
interface Replayed {
  command: string;
  cwd: string;
  deny: boolean;
  source: string;
}

/**
 * Differences kept on purpose (docs/safety.md, "Where we differ on purpose").
 * Commands the other guard denies and ctx-mode allows, by pattern:
 */
const WE_ALLOW: { pattern: RegExp; why: string }[] = [
  {
    pattern: /<<-?\s*'?EOF'?[\s\S]*EOF|git commit -m/,
    why: "here-doc bodies and messages that only name a command are data",
  },
  {
    pattern: /(?:^|[;&|]\s*)(?:test|\[\[?) !?\s*-[a-zA-Z] /,
    why: "testing whether a secret exists reads nothing",
  },
  { pattern: /\.pub\b/, why: "public keys are not secrets" },
  {
    pattern:
      /^(?:bash|sh|zsh) -c '[^']*\$[0-9@*{][^']*'(?: \S+)+$|base64 -d|BASH_ENV=|--rcfile|^ENV=/,
    why:
      "code whose text is in the line (positional parameters, base64 literals, start-up files written there) is judged by that text",
  },
  {
    pattern: /^(?:bash|sh|source|\.) "\$\w+\/[\w./-]+"$/,
    why:
      "a script named by a folder variable and a literal file is a script run, not code from a variable",
  },
  {
    pattern: /xargs (?:-\S+ )*-I\s?(\S+) find \1 (?!.*-(?:delete|exec|ok))/,
    why: "xargs -I{} find {} … puts each input line in the starting point only",
  },
  {
    pattern: /\bparallel (?!.*-[a-zA-Z]*[rR])(?:-\S+ )*rm\b/,
    why:
      "parallel passes each input line as one argument, so input cannot add rm's flags",
  },
  {
    pattern: /--no-hard|--no-force/,
    why: "git's own --no- negation switches the option off",
  },
  {
    pattern: /\$TMPDIR|of=\/dev\/null|^sudo -D \/tmp /,
    why: "temporary folders and /dev/null",
  },
  {
    pattern: /\b(?:cd|pushd) [^;&|]+&& rm -rf /,
    why:
      "the directory an earlier cd of the line moves to is followed, so the delete is judged where it happens",
  },
];

/** Rules by which ctx-mode blocks, on purpose, what the other guard lets run. */
const WE_BLOCK = [
  /^rm\.git$/,
  /^policy\.write$/,
  /^shell\.startup-file$/,
  /^git\.(?:reflog-expire|gc-prune|update-ref-delete|filter-branch|config-env|ssh-command)$/,
  /^disk\./,
  /^ch(?:mod|own)\.recursive-root$/,
  /^fork-bomb$/,
  /^remote\./,
  /^shell\.(?:pipe-unverified|generated|dynamic|from-input)$/,
  /^secret\.(?:environment|credentials-file)$/,
  /^awk\./,
  /^guard\./,
  /^interpreter\./,
];

/** Reads a JavaScript string literal starting at `at`; null when there is none or it has `${…}`. */
function stringAt(
  text: string,
  at: number,
): { value: string; end: number } | null {
  const q = text[at];
  if (q !== "'" && q !== '"' && q !== "`") return null;
  let value = "";
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i] as string;
    if (c === q) return { value, end: i + 1 };
    if (c === "$" && q === "`" && text[i + 1] === "{") return null;
    if (c !== "\\") {
      value += c;
      continue;
    }
    const e = text[++i] ?? "";
    const escapes: Record<string, string> = { n: "\n", t: "\t", r: "\r" };
    if (e === "u") {
      value += String.fromCharCode(parseInt(text.slice(i + 1, i + 5), 16));
      i += 4;
    } else if (e === "x") {
      value += String.fromCharCode(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (e !== "\n") value += escapes[e] ?? e;
  }
  return null;
}

function skipBlanks(text: string, at: number): number {
  while (/\s/.test(text[at] ?? "")) at++;
  return at;
}

/** The replayable assertions of one test file. */
function assertionsIn(text: string, source: string, cwd: string): Replayed[] {
  const out: Replayed[] = [];
  for (const m of text.matchAll(/\bassert(Blocked|Allowed)\s*\(/g)) {
    const deny = m[1] === "Blocked";
    let at = skipBlanks(text, (m.index ?? 0) + m[0].length);
    const command = stringAt(text, at);
    if (command === null) continue;
    const args: (string | null)[] = [];
    at = skipBlanks(text, command.end);
    while (text[at] === ",") {
      at = skipBlanks(text, at + 1);
      if (text[at] === ")") break;
      const arg = stringAt(text, at);
      args.push(arg?.value ?? null);
      if (arg === null) break;
      at = skipBlanks(text, arg.end);
    }
    if (args.includes(null)) continue;
    const cwdArg = deny ? args[1] : args[0];
    out.push({
      command: command.value,
      cwd: cwdArg ?? cwd,
      deny,
      source,
    });
  }
  return out;
}

async function* testFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(dir)) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* testFiles(path);
    else if (/\.(?:test\.)?ts$/.test(entry.name)) yield path;
  }
}

function share(part: number, whole: number): string {
  return whole === 0 ? "n/a" : `${(100 * part / whole).toFixed(1)}%`;
}

/** Runs the replay and prints the figures. */
async function main(args: string[]): Promise<number> {
  const verbose = args.includes("--verbose");
  const flag = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i === -1 ? undefined : args[i + 1];
  };
  const project = await Deno.makeTempDir({ prefix: "guard-replay-" });
  const home = Deno.env.get("HOME") ?? "/root";
  let cases: Replayed[] = [];
  const commandsFile = flag("--commands");
  if (commandsFile !== undefined) {
    const oracle = flag("--oracle");
    if (oracle === undefined) {
      console.error("Cannot replay commands: --oracle <api.js> is missing");
      return 2;
    }
    const api = await import(new URL(oracle, `file://${Deno.cwd()}/`).href);
    const lines = (await Deno.readTextFile(commandsFile)).split("\n")
      .filter((l) => l.trim() !== "");
    cases = lines.map((command) => ({
      command: command.replaceAll("\\n", "\n"),
      cwd: project,
      deny: api.checkCommand({ command, cwd: project }).kind === "deny",
      source: commandsFile,
    }));
  } else {
    const dir = args.find((a) => !a.startsWith("--"));
    if (dir === undefined) {
      console.error(
        "Cannot replay: give the other suite's tests folder, or --commands <file> --oracle <api.js>",
      );
      return 2;
    }
    for await (const path of testFiles(dir)) {
      cases.push(
        ...assertionsIn(await Deno.readTextFile(path), path, project),
      );
    }
  }
  let theirDeny = 0, bothDeny = 0, theirAllow = 0, bothAllow = 0;
  let excusedDeny = 0, excusedAllow = 0;
  const differences: string[] = [];
  for (const c of cases) {
    const v = checkCommand(c.command, { cwd: c.cwd, home });
    const ours = v.verdict !== "allow";
    const excused = ours !== c.deny &&
      (c.deny
        ? WE_ALLOW.some((d) => d.pattern.test(c.command))
        : WE_BLOCK.some((r) => r.test(v.rule ?? "")));
    if (c.deny) {
      theirDeny++;
      if (ours) bothDeny++;
      else if (excused) excusedDeny++;
    } else {
      theirAllow++;
      if (!ours) bothAllow++;
      else if (excused) excusedAllow++;
    }
    if (ours !== c.deny && !excused) {
      differences.push(
        `${
          c.deny
            ? "they deny, we allow"
            : `they allow, we ${v.verdict} (${v.rule})`
        }: ${JSON.stringify(c.command)}`,
      );
    }
  }
  await Deno.remove(project, { recursive: true });
  console.log(`replayed ${cases.length} commands`);
  console.log(
    `denies what it denies: ${
      share(bothDeny, theirDeny)
    } (${bothDeny}/${theirDeny}); with deliberate differences: ${
      share(bothDeny + excusedDeny, theirDeny)
    }`,
  );
  console.log(
    `allows what it allows: ${
      share(bothAllow, theirAllow)
    } (${bothAllow}/${theirAllow}); with deliberate differences: ${
      share(bothAllow + excusedAllow, theirAllow)
    }`,
  );
  if (verbose) differences.forEach((d) => console.log(d));
  return 0;
}

if (import.meta.main) Deno.exit(await main(Deno.args));
