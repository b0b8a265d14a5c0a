// deno-lint-ignore-file no-console -- a script: it prints its figures on stdout
/**
 * Replays CC Safety Net's test commands through ctx-mode's guard and prints
 * two agreement figures: the share of the commands that guard's suite expects
 * blocked which ctx-mode also blocks, and the share of those it expects
 * allowed which ctx-mode also allows — raw, and after the differences
 * docs/safety.md lists as deliberate. Not run in CI.
 *
 *   deno run -A scripts/guard_replay.ts [--verbose]
 *     replays tests/fixtures/cc_safety_net/cases.json, the replayable part of
 *     that suite (MIT; its notice is in the same folder).
 *   deno run -A scripts/guard_replay.ts --extract <suite tests dir>
 *     rewrites that file from a checkout of the suite: `assertBlocked(cmd, reason, cwd?)`
 *     and `assertAllowed(cmd, cwd?)` calls whose command and cwd have literal
 *     values (strings, or templates and joins of file constants), outside
 *     `withEnv(…)` (modes and variables), plus the contract table's cases at
 *     default options; duplicates once.
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
  {
    pattern: /; "\$\w+"$/,
    why:
      "a quoted variable is one word: it names a program called `rm -rf ~`, which does not exist",
  },
  {
    pattern: /:\+refs\//,
    why:
      "a + forces only at the start of a refspec; `main:+main` pushes a new branch named +main (checked with git)",
  },
  {
    pattern: /^command -[a-zA-Z]*v/,
    why: "`command -v` prints where a command is; it runs nothing",
  },
  {
    pattern: /\$\(printf \/tmp\//,
    why: "the printf literal is read: the folder is a temporary one",
  },
  {
    pattern: /alias\.\w+=!echo\b/,
    why: "a shell alias is judged by its body (here echo)",
  },
  {
    pattern: /restore --(?:conflict|unified|inter-hunk-context) --staged/,
    why:
      "git rejects these (a bad conflict style, unknown options) and restores nothing (checked with git)",
  },
  {
    pattern: /^git restore (?:--no-patch )?(?:-p|--patch)$/,
    why: "interactive: git asks about each hunk before it discards it",
  },
  {
    pattern: /^(\w+)\(\) \{ \1; \}; \1$/,
    why:
      "plain recursion forks nothing: one shell ends on a stack error (a fork bomb is denied)",
  },
  {
    pattern: /\bfind \. -name (["'])\*\.\w+\1 (?:-delete|-exec rm )/,
    why:
      "a find clean-up inside the project whose name test picks specific files (`-name '*.pyc' -delete`) only reaches those files",
  },
  {
    pattern: /^rm -rf \d+ ?>/,
    why:
      "the guard always knows the working directory, so a relative target inside it is an ordinary delete",
  },
];

/**
 * Commands the other guard allows and ctx-mode blocks on purpose, by pattern,
 * when the rule id alone does not tell (see WE_BLOCK for rules).
 */
const WE_BLOCK_COMMANDS: { pattern: RegExp; why: string }[] = [
  {
    pattern: /^\(? ?\w+\(\) \{ rm -rf \.\.\//,
    why:
      "a function whose body deletes outside the project is judged wherever its name is used, even in forms the shell would not run (redefined, defined in a subshell, after `X=1 time`, in `sh -c`)",
  },
  {
    pattern: /\brm -[rR] \//,
    why:
      "a recursive delete outside the project is denied without -f too: an agent has no terminal, so rm never prompts",
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

/** The folder of the extracted suite, its notice and its cases. */
const FIXTURE = new URL("../tests/fixtures/cc_safety_net/", import.meta.url);

/** A file-level `const NAME = …` whose value may be needed by a later literal. */
interface Constant {
  name: string;
  at: number;
  expr: number;
}

/**
 * Reads the string value of the expression at `at`: a string literal, a
 * template whose `${…}` are constants, `[…].join('…')` of those, or a constant's
 * name. Null when the value depends on anything else (a temp folder, a loop).
 */
function valueAt(
  text: string,
  at: number,
  consts: Constant[],
  depth = 0,
): { value: string; end: number } | null {
  if (depth > 8) return null;
  const q = text[at];
  if (q === "[") {
    const items: string[] = [];
    let i = skipBlanks(text, at + 1);
    while (text[i] !== "]") {
      const item = valueAt(text, i, consts, depth + 1);
      if (item === null) return null;
      items.push(item.value);
      i = skipBlanks(text, item.end);
      if (text[i] === ",") i = skipBlanks(text, i + 1);
    }
    const join = /^\]\.join\(/.exec(text.slice(i, i + 7));
    if (join === null) return null;
    const sep = valueAt(text, i + 7, consts, depth + 1);
    if (sep === null || text[sep.end] !== ")") return null;
    return { value: items.join(sep.value), end: sep.end + 1 };
  }
  const ident = /^[A-Za-z_]\w*/.exec(text.slice(at, at + 80));
  if (ident !== null && q !== undefined && !/['"`]/.test(q)) {
    const value = constant(text, ident[0], at, consts, depth);
    return value === null ? null : { value, end: at + ident[0].length };
  }
  if (q !== "'" && q !== '"' && q !== "`") return null;
  let value = "";
  for (let i = at + 1; i < text.length; i++) {
    const c = text[i] as string;
    if (c === q) return { value, end: i + 1 };
    if (c === "$" && q === "`" && text[i + 1] === "{") {
      const close = text.indexOf("}", i);
      const name = text.slice(i + 2, close);
      if (!/^[A-Za-z_]\w*$/.test(name)) return null;
      const inner = constant(text, name, i, consts, depth);
      if (inner === null) return null;
      value += inner;
      i = close;
      continue;
    }
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

/** The value of the nearest `const name` defined before `at`. */
function constant(
  text: string,
  name: string,
  at: number,
  consts: Constant[],
  depth: number,
): string | null {
  const def = consts.findLast((c) => c.name === name && c.at < at);
  if (def === undefined) return null;
  return valueAt(text, def.expr, consts, depth + 1)?.value ?? null;
}

function skipBlanks(text: string, at: number): number {
  while (/\s/.test(text[at] ?? "")) at++;
  return at;
}

/** Where the call argument starting at `at` ends (at its `,` or `)`). */
function argumentEnd(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i] as string;
    if (/['"`]/.test(c)) {
      for (i++; i < text.length && text[i] !== c; i++) {
        if (text[i] === "\\") i++;
      }
    } else if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) {
      if (depth === 0) return i;
      depth--;
    } else if (c === "," && depth === 0) return i;
  }
  return text.length;
}

/** The arguments of the call whose `(` is just before `at`, as source spans. */
function callArguments(text: string, at: number): [number, number][] {
  const spans: [number, number][] = [];
  let i = skipBlanks(text, at);
  while (i < text.length && text[i] !== ")") {
    const end = argumentEnd(text, i);
    if (text.slice(i, end).trim() !== "") spans.push([i, end]);
    i = text[end] === "," ? skipBlanks(text, end + 1) : end;
  }
  return spans;
}

/** A case the replay can run: its command, and working directory if one is named. */
interface Extracted {
  file: string;
  command: string;
  cwd: string | null;
  deny: boolean;
}

/**
 * The replayable assertions of one test file: `assertBlocked(cmd, reason, cwd?)`
 * and `assertAllowed(cmd, cwd?)` whose command (and cwd) have literal values
 * and that pass no environment of their own, plus the contract table's cases
 * at default options.
 */
function assertionsIn(text: string, file: string): Extracted[] {
  const consts: Constant[] = [...text.matchAll(/\bconst ([A-Za-z_]\w*) = /g)]
    .map((m) => ({
      name: m[1] as string,
      at: m.index ?? 0,
      expr: (m.index ?? 0) + m[0].length,
    }));
  const literal = ([from, to]: [number, number]): string | null => {
    const v = valueAt(text, from, consts);
    return v !== null && text.slice(v.end, to).trim() === "" ? v.value : null;
  };
  // Inside `withEnv(…)` the suite switches on modes (paranoid, worktree) or
  // variables: not the default behaviour, so not replayed.
  const modal = [...text.matchAll(/\bwithEnv\s*\(/g)].map((m) => {
    const from = (m.index ?? 0) + m[0].length;
    return [from, callArguments(text, from).at(-1)?.[1] ?? from];
  });
  const out: Extracted[] = [];
  for (const m of text.matchAll(/\bassert(Blocked|Allowed)\s*\(/g)) {
    const at = m.index ?? 0;
    if (modal.some(([from, to]) => at > (from ?? 0) && at < (to ?? 0))) {
      continue;
    }
    const deny = m[1] === "Blocked";
    const args = callArguments(text, (m.index ?? 0) + m[0].length);
    const first = args[0];
    if (first === undefined || args.length > (deny ? 3 : 2)) continue;
    const command = literal(first);
    const cwdSpan = args[deny ? 2 : 1];
    const cwd = cwdSpan === undefined ? null : literal(cwdSpan);
    if (command === null || (cwdSpan !== undefined && cwd === null)) continue;
    out.push({ file, command, cwd, deny });
  }
  const contract =
    /command: ((?:'[^'\n]*'|"[^"\n]*")),\s*options: options\(\{ cwd: paths\.cwd \}\),\s*expected: \{\s*kind: '(allow|block)'/g;
  for (const m of text.matchAll(contract)) {
    const command = valueAt(m[1] as string, 0, [])?.value;
    if (command !== undefined) {
      out.push({ file, command, cwd: null, deny: m[2] === "block" });
    }
  }
  const everyday = /const everydayCommands = \[([\s\S]*?)\];/.exec(text);
  for (const item of (everyday?.[1] ?? "").matchAll(/'[^'\n]*'|"[^"\n]*"/g)) {
    const command = valueAt(item[0], 0, [])?.value;
    if (command !== undefined) {
      out.push({ file, command, cwd: null, deny: false });
    }
  }
  return out;
}

async function* testFiles(dir: string, under = ""): AsyncGenerator<string> {
  const entries = [];
  for await (const entry of Deno.readDir(`${dir}/${under}`)) {
    entries.push(entry);
  }
  entries.sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    const path = under === "" ? entry.name : `${under}/${entry.name}`;
    if (entry.isDirectory) yield* testFiles(dir, path);
    else if (/\.ts$/.test(entry.name)) yield path;
  }
}

/** Rewrites the fixture from a checkout of the suite's tests folder. */
async function extract(dir: string): Promise<number> {
  const seen = new Set<string>();
  const cases: Extracted[] = [];
  for await (const file of testFiles(dir)) {
    for (
      const c of assertionsIn(await Deno.readTextFile(`${dir}/${file}`), file)
    ) {
      const key = JSON.stringify([c.command, c.cwd, c.deny]);
      if (!seen.has(key)) cases.push(c);
      seen.add(key);
    }
  }
  const out = new URL("cases.json", FIXTURE);
  await Deno.writeTextFile(out, JSON.stringify(cases, null, 1) + "\n");
  console.log(
    `extracted ${cases.length} replayable cases into ${out.pathname}`,
  );
  return 0;
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
  const suite = flag("--extract");
  if (suite !== undefined) return await extract(suite);
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
    cases = lines.map((line) => {
      const command = line.replaceAll("\\n", "\n");
      return {
        command,
        cwd: project,
        deny: api.checkCommand({ command, cwd: project }).kind === "deny",
        source: commandsFile,
      };
    });
  } else {
    const text = await Deno.readTextFile(new URL("cases.json", FIXTURE));
    cases = (JSON.parse(text) as Extracted[]).map((c) => ({
      command: c.command,
      cwd: c.cwd ?? project,
      deny: c.deny,
      source: c.file,
    }));
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
        : WE_BLOCK.some((r) => r.test(v.rule ?? "")) ||
          WE_BLOCK_COMMANDS.some((d) => d.pattern.test(c.command)));
    if (c.deny) {
      theirDeny++;
      if (ours) bothDeny++;
      else if (excused) excusedDeny++;
    } else {
      theirAllow++;
      if (!ours) bothAllow++;
      else if (excused) excusedAllow++;
    }
    if (ours !== c.deny) {
      differences.push(
        `${excused ? "deliberate" : "difference"}, ` +
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
