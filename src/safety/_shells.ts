/**
 * Code handed to a shell: `sh -c '…'`, `eval`, scripts piped or here-doc'ed
 * into a shell, and code downloaded from the network (`curl … | sh`,
 * `eval "$(curl …)"`, `bash <(curl …)`).
 *
 * Pure: analyses the code's text through the nested analysis it is given.
 *
 * @module
 */

import {
  allow,
  commandName,
  deny,
  type Env,
  type Invocation,
  type Verdict,
} from "./_context.ts";
import { noteRead } from "./_secret_access.ts";
import { expandHeredoc, lineEnvironment, writtenScript } from "./_line.ts";
import { checkLineFile, DOWNLOADERS } from "./_line_files.ts";
import { substitutePositional } from "./_positional.ts";
import { isBase64Decoder } from "./_substitution.ts";
import { unwrap } from "./_unwrap.ts";
import { parseShell, type SimpleCommand, type Word } from "./shell_parse.ts";

/** Programs whose output is code nobody has seen: shells and interpreters running something. */
const GENERATORS =
  /^(?:sh|bash|zsh|dash|ksh|fish|python[0-9.]*|node|nodejs|deno|bun|perl|ruby|php|pwsh|powershell)$/;

/** Whether any of the commands runs a downloader (seen through wrappers). */
export function fromDownload(commands: SimpleCommand[]): boolean {
  return commands.some((c) =>
    unwrap(c.argv, {
      cwd: c.cwd,
      home: "/",
      origin: "direct",
      envNames: [],
      envValues: new Map(),
      stdin: null,
    }).some((i) => DOWNLOADERS.has(i.name))
  );
}

/** The deny verdict for running downloaded code through `name`. */
export function remoteExec(name: string): Verdict {
  return deny(
    "remote.exec",
    `Running code downloaded from the network through ${name} executes it unseen. Download it to a file, read it, then run it`,
  );
}

/**
 * An interpreter whose code is a download: piped into its stdin when it
 * names no script, code or module (`curl … | python3`), or given as a
 * process substitution (`node <(wget -qO- …)`).
 *
 * @param inv The interpreter's invocation.
 * @param cmd Its simple command.
 * @param all Every simple command of the line.
 * @returns The deny verdict, or null.
 */
export function downloadedCode(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
): Verdict | null {
  if (inv.args.some((w) => fromDownload(w.substitutions))) {
    return remoteExec(inv.name);
  }
  const readsStdin = inv.args.every((w) =>
    w.value.startsWith("-") && !/^-[a-zA-Z]*[cemMrE]$/.test(w.value) ||
    w.value === "-"
  );
  const upstream = all.filter((c) =>
    c.pipeline === cmd.pipeline && c.pipelineIndex < cmd.pipelineIndex
  );
  if (!readsStdin || !fromDownload(upstream)) return null;
  return deny(
    "remote.pipe-shell",
    `Piping a download into ${inv.name} runs unseen code. Download it to a file, read it, then run it`,
  );
}

function dynamicCode(name: string, env: Env): Verdict {
  return env.level === "standard" ? allow() : deny(
    "shell.dynamic",
    `The code given to ${name} is only known at run time. Run the commands directly`,
  );
}

/** The flags a shell is started with, and where its code starts. */
interface ShellFlags {
  hasC: boolean;
  readsStdin: boolean;
  noExec: boolean;
  rcfile: string | null;
  /** Index of the first word after the options. */
  index: number;
}

function shellFlags(args: Word[]): ShellFlags {
  const out: ShellFlags = {
    hasC: false,
    readsStdin: false,
    noExec: false,
    rcfile: null,
    index: 0,
  };
  let i = 0;
  for (; i < args.length; i++) {
    const a = args[i]?.value ?? "";
    if (a === "--") {
      i++;
      break;
    }
    if (!(a.startsWith("-") || a.startsWith("+")) || a === "-") break;
    if (a === "-o" || a === "+o" || a === "-O" || a === "+O") {
      i++;
      continue;
    }
    // zsh takes an option name glued to -o (`-onotify`), which hides
    // nothing else: its letters are not flags such as -n or -c.
    if (/^[-+][oO]./.test(a)) {
      if (/^-o(?:no_?exec|n)$/i.test(a)) out.noExec = true;
      continue;
    }
    if (a === "--rcfile" || a === "--init-file") {
      out.rcfile = args[++i]?.value ?? null;
      continue;
    }
    if (!a.startsWith("--") && a.slice(1).includes("c")) out.hasC = true;
    if (!a.startsWith("--") && a.slice(1).includes("s")) out.readsStdin = true;
    if (/^-[a-zA-Z]*n/.test(a) && !a.startsWith("--")) out.noExec = true;
    if (a === "--command") out.hasC = true;
    if (/^[-+][a-zA-Z]+[oO]$/.test(a)) i++;
  }
  out.index = i;
  return out;
}

/**
 * Code a shell reads before its own (`BASH_ENV`, `ENV`, `--rcfile`) from a
 * file an earlier command of the line wrote, judged like the code itself.
 */
function checkStartupFiles(
  inv: Invocation,
  flags: ShellFlags,
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict | null {
  const files = [
    inv.envValues.get("BASH_ENV"),
    inv.envValues.get("ENV"),
    flags.rcfile,
  ];
  for (const file of files) {
    if (file === undefined || file === null) continue;
    const text = writtenScript(all, cmd, file, inv.cwd);
    if (text === null) continue;
    const v = env.nested(text, inv.cwd, env);
    if (v.verdict !== "allow") return v;
  }
  return null;
}

/**
 * The deny verdict for code printed by a program nobody has read: a shell or
 * interpreter run for its output, or base64 text decoded at run time.
 *
 * @param w The word holding the code.
 * @param name The program the code is given to.
 * @returns The deny verdict, or null when the code comes from neither.
 */
export function generatedCode(w: Word, name: string): Verdict | null {
  for (const c of w.substitutions) {
    const generator = commandName(c.argv[0]);
    if (isBase64Decoder(c) || GENERATORS.test(generator)) {
      return deny(
        "shell.generated",
        `${name} runs code printed by ${generator} at run time, which cannot be checked. Run the generator, read its output, then run the commands directly`,
      );
    }
  }
  return null;
}

/** Denies code whose program is named only by a variable (`$COMMAND`, `"$1"` of a run-time value). */
function variableProgram(
  code: string,
  name: string,
  cwd: string | null,
  env: Env,
): Verdict | null {
  const parsed = parseShell(code, { cwd, home: env.home });
  if (!parsed.ok) return null;
  const hidden = parsed.commands.some((c) => {
    const first = c.argv[0];
    return first !== undefined && first.dynamic && isOnlyVariable(first);
  });
  return hidden
    ? deny(
      "shell.dynamic",
      `The code given to ${name} runs a program named only by a variable, which is only known at run time. Run the commands directly`,
    )
    : null;
}

/** Whether a command runs inside `>(…)`, where the outer command feeds it. */
function fedByProcessSubstitution(
  all: SimpleCommand[],
  cmd: SimpleCommand,
): boolean {
  return cmd.inSubstitution &&
    all.some((c) =>
      c.argv.some((w) =>
        w.raw.startsWith(">(") && w.substitutions.includes(cmd)
      )
    );
}

/**
 * Checks a shell invocation: its `-c` code with its positional parameters
 * filled in, a script it runs (also one written earlier in the line), its
 * start-up files, here-doc, here-string or piped code, and whether that code
 * comes from the network, from input or from a generator.
 *
 * @param inv The shell invocation.
 * @param cmd The simple command it came from.
 * @param all Every simple command of the line (to find what pipes into it).
 * @param env The analysis environment.
 * @returns The verdict.
 */
export function checkShell(
  inv: Invocation,
  cmd: SimpleCommand,
  all: SimpleCommand[],
  env: Env,
): Verdict {
  const flags = shellFlags(inv.args);
  if (flags.noExec) return allow();
  const startup = checkStartupFiles(inv, flags, cmd, all, env);
  if (startup) return startup;
  const i = flags.index;
  const script = inv.args[i];
  if (flags.hasC) {
    if (script === undefined) {
      return inv.origin === "direct" ? allow() : shellFromInput(inv.name);
    }
    if (fromDownload(script.substitutions)) return remoteExec(inv.name);
    if (inv.origin !== "direct" && script.dynamic) {
      return shellFromInput(inv.name);
    }
    if (script.dynamic) {
      const generated = generatedCode(script, `${inv.name} -c`);
      if (generated) return generated;
      if (env.level !== "standard" || isOnlyVariable(script)) {
        return deny(
          "shell.dynamic",
          `The code given to ${inv.name} -c is only known at run time. Run the commands directly`,
        );
      }
      return env.nested(script.value, inv.cwd, env);
    }
    const code = substitutePositional(script.value, inv.args.slice(i + 1));
    const v = env.nested(code, inv.cwd, env);
    if (v.verdict !== "allow") return v;
    return variableProgram(code, `${inv.name} -c`, inv.cwd, env) ?? v;
  }
  if (
    !flags.readsStdin && script !== undefined && script.value !== "-" &&
    script.value !== "/dev/stdin"
  ) {
    if (fromDownload(script.substitutions)) return remoteExec(inv.name);
    if (inv.origin !== "direct" && script.dynamic) {
      return shellFromInput(inv.name);
    }
    if (isOnlyVariable(script)) return variableScript(inv.name);
    const v = script.dynamic ? null : checkLineFile(
      inv.name,
      script.value,
      cmd,
      all,
      inv.cwd,
      env,
      (text) =>
        env.nested(
          substitutePositional(text, inv.args.slice(i)),
          inv.cwd,
          env,
        ),
    );
    if (v) return v;
    noteRead(env, script, inv.cwd, inv.name);
    return allow();
  }
  for (const r of cmd.redirects) {
    if (r.heredoc) {
      const body = r.heredoc.quoted
        ? r.heredoc.body
        : expandHeredoc(r.heredoc.body, lineEnvironment(all, cmd));
      if (body === null) {
        return deny(
          "shell.dynamic",
          `The code given to ${inv.name} through a here-doc is only known at run time. Run the commands directly`,
        );
      }
      return env.nested(body, inv.cwd, env);
    }
    if (r.op === "<<<" && r.target) {
      if (isOnlyVariable(r.target)) {
        return deny(
          "shell.dynamic",
          `The code given to ${inv.name} through <<< is only known at run time. Run the commands directly`,
        );
      }
      if (r.target.dynamic) return dynamicCode(inv.name, env);
      return env.nested(r.target.value, inv.cwd, env);
    }
    if (r.op === "<" && r.target) return unverifiedStdin(inv.name);
  }
  const upstream = all.filter((c) =>
    c.pipeline === cmd.pipeline && c.pipelineIndex < cmd.pipelineIndex
  );
  if (upstream.length === 0) {
    return fedByProcessSubstitution(all, cmd)
      ? unverifiedStdin(inv.name)
      : allow();
  }
  if (fromDownload(upstream)) {
    return deny(
      "remote.pipe-shell",
      `Piping a download into ${inv.name} runs unseen code. Download it to a file, read it, then run it`,
    );
  }
  // Code the line shows (`printf 'npm test\n' | sh`) is judged as that code.
  const shown = pipedText(all, cmd);
  if (shown !== null && !flags.readsStdin && script === undefined) {
    return env.nested(shown, inv.cwd, env);
  }
  return unverifiedStdin(inv.name);
}

function unverifiedStdin(name: string): Verdict {
  return deny(
    "shell.pipe-unverified",
    `Feeding ${name} its code through stdin runs code that cannot be checked here. Write the commands out, or run the script file by name (${name} script.sh)`,
  );
}

/** The deny verdict for running a script whose name is only a variable. */
export function variableScript(name: string): Verdict {
  return deny(
    "shell.dynamic",
    `${name} runs a script named only by a variable, which cannot be checked. Name the script file literally`,
  );
}

/** Whether a word is nothing but one variable (`"$CMD"`, `${X}`), so its code is unknowable. */
export function isOnlyVariable(w: Word): boolean {
  return /^"?\$(?:\{[^}]*\}|[A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])"?$/.test(
    w.raw,
  );
}

function shellFromInput(name: string): Verdict {
  return deny(
    "shell.from-input",
    `${name} -c fed by xargs or parallel runs code made from its input, which cannot be checked. Run the commands directly`,
  );
}

/**
 * What `printf FORMAT ARGS…` prints when the format holds only `%s` and `%%`
 * (the format repeats while arguments remain), or null for other directives.
 */
function printfText(words: string[]): string | null {
  const [format, ...args] = words;
  if (format === undefined) return "";
  if (/%(?!%|s)/.test(format)) return null;
  const slots = (format.match(/%s/g) ?? []).length;
  let out = "";
  let i = 0;
  do {
    out += format.replace(
      /%(%|s)/g,
      (_, c: string) => c === "%" ? "%" : args[i++] ?? "",
    );
  } while (slots > 0 && i < args.length);
  return args.length > 0 && slots === 0 ? null : out;
}

/**
 * The literal text an `echo`/`printf` (or `cat` of a quoted here-doc) pipes into
 * `cmd`, or null when it is unknown.
 */
export function pipedText(
  all: SimpleCommand[],
  cmd: SimpleCommand,
): string | null {
  if (cmd.pipelineIndex === 0) return null;
  const feeder = all.find((c) =>
    c.pipeline === cmd.pipeline && c.pipelineIndex === cmd.pipelineIndex - 1
  );
  const first = feeder?.argv[0];
  if (!feeder || !first || first.dynamic) return null;
  const name = first.value.slice(first.value.lastIndexOf("/") + 1);
  if (name === "echo" || name === "printf") {
    const words = feeder.argv.slice(1).filter((w) =>
      !/^-[neE]+$/.test(w.value)
    );
    if (words.some((w) => w.dynamic)) return null;
    const text = name === "printf"
      ? printfText(
        words.map((w) => w.value).slice(words[0]?.value === "--" ? 1 : 0),
      )
      : words.map((w) => w.value).join(" ");
    // Escapes other than a newline or tab (`\x72m`, `\0162`) make the text
    // that comes out differ from the text shown.
    if (text === null || /\\[^nt]/.test(text)) return null;
    return text.replaceAll("\\n", "\n").replaceAll("\\t", "\t");
  }
  if (name === "cat" && feeder.argv.length === 1) {
    return feeder.redirects.find((r) => r.heredoc)?.heredoc?.body ?? null;
  }
  return null;
}

/** Checks `eval`: literal code is analysed, downloaded code denied, dynamic code denied above standard. */
export function checkEval(inv: Invocation, env: Env): Verdict {
  if (inv.args.some((w) => fromDownload(w.substitutions))) {
    return remoteExec("eval");
  }
  if (inv.origin !== "direct" && inv.args.some((w) => w.dynamic)) {
    return deny(
      "shell.from-input",
      `eval fed by ${inv.origin} runs code made from its input, which cannot be checked. Run the commands directly`,
    );
  }
  for (const w of inv.args) {
    const generated = generatedCode(w, "eval");
    if (generated) return generated;
  }
  const variable = inv.args.some((w) =>
    w.dynamic && (w.raw.includes("`") || /\$(?![('])/.test(w.raw))
  );
  if (variable) {
    return deny(
      "eval.dynamic",
      'eval of a variable or of backtick output runs code only known at run time. Run the commands directly, or eval "$(tool)" of a known tool',
    );
  }
  if (inv.args.some((w) => w.dynamic)) {
    return env.level === "standard" ? allow() : deny(
      "eval.dynamic",
      "The code given to eval is only known at run time. Run the commands directly",
    );
  }
  return env.nested(inv.args.map((w) => w.value).join(" "), inv.cwd, env);
}
