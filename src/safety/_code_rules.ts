/**
 * The guard's rules for program code (Python, JavaScript/TypeScript, Ruby,
 * Perl, PHP), call by call: recursive deletes (`shutil.rmtree`,
 * `Deno.remove(…, {recursive: true})`, `fs.rmSync`, `FileUtils.rm_rf`,
 * `rmtree`/`remove_tree`) judged like `rm -rf` on the same target; file
 * deletes (`os.remove`, `unlink`, `File.delete`) of `.git`, secrets or
 * control files; shell commands (`os.system`, `subprocess.run([...])`,
 * `Deno.Command`, `child_process.execSync`, backticks, `qx{}`) judged by the
 * shell guard; secret files opened; writes, moves and links of control files
 * (`open(".git/config", "w")`, `Deno.writeTextFile(".ctx-mode.json", …)`)
 * asked of the user; literal `eval`/`exec` code read again.
 *
 * A tripwire, not a wall: code that builds names or paths at run time
 * (`getattr(shutil, "rm" + "tree")`) is not followed; confinement is the
 * sandbox's. Pure: reads code as text; never runs it.
 *
 * @module
 */

import {
  deny,
  dynamicWord,
  type Env,
  literalWord,
  type Verdict,
} from "./_context.ts";
import {
  type Call,
  type CodeLanguage,
  type Literal,
  scanCode,
  type Scanned,
} from "./_code_scan.ts";
import {
  type ArgValue,
  argValue,
  findCalls,
  splitArgs,
} from "./_code_calls.ts";
import {
  CHANGES,
  COPIES,
  EVALS,
  EXECS,
  FILE_DELETES,
  OPENS,
  OPTION_DELETES,
  READS,
  TREE_DELETES,
  WRITES,
} from "./_code_apis.ts";
import { controlTarget, controlWriteVerdict } from "./_control_writes.ts";
import { classifyTarget } from "./_rm.ts";
import { secretVerdict } from "./_secret_access.ts";
import { classifySecretPath } from "./_secrets.ts";

/** Whether a call's name is one in the set: whole, or its last one or two segments. */
function named(name: string, set: ReadonlySet<string>): boolean {
  const bare = name.replace(/^new /, "");
  if (set.has(bare) || set.has(name)) return true;
  const parts = bare.split(".");
  return set.has(parts.slice(-2).join(".")) ||
    set.has(parts[parts.length - 1] ?? "");
}

function literalOf(value: ArgValue | undefined): Literal | null {
  return value?.kind === "literal" ? value.literal : null;
}

/** A path literal as the guard's word: the prefix before any interpolation. */
function pathWord(lit: Literal): { value: string; dynamic: boolean } {
  return { value: lit.dynamic ? lit.prefix : lit.text, dynamic: lit.dynamic };
}

function quote(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

/** The words of a list or of an object's `args`/`cmd` list. */
function listItems(
  arg: ArgValue | undefined,
  text: string,
  scanned: Scanned,
  start: number,
): ArgValue[] | null {
  if (arg?.kind === "list") return arg.items;
  const m = /\b(?:args|cmd)\s*:\s*\[/.exec(text);
  if (!m) return null;
  const open = start + m.index + m[0].length - 1;
  const inner = splitArgs(
    scanned.masked,
    open + 1,
    scanned.masked.indexOf("]", open),
  );
  return inner.map((a) => argValue(a, scanned));
}

function commandText(items: ArgValue[]): string {
  return items.map((item) =>
    item.kind === "literal" && !item.literal.dynamic
      ? quote(item.literal.text)
      : '"$DYNAMIC"'
  ).join(" ");
}

/** The shell text a call runs, or null when it is not known. */
function execText(call: Call, scanned: Scanned): string | null {
  const positional = call.args.filter((a) => a.keyword === null);
  const values = positional.map((a) => argValue(a, scanned));
  const first = values[0];
  const firstList = listItems(
    first,
    positional[0]?.text ?? "",
    scanned,
    positional[0]?.start ?? 0,
  );
  if (firstList) return commandText(firstList);
  const program = literalOf(first);
  if (program === null) return null;
  const second = positional[1];
  const rest = second
    ? listItems(values[1], second.text, scanned, second.start)
    : null;
  if (rest) return commandText([first!, ...rest]);
  const literals = values.filter((v) => v.kind === "literal");
  if (literals.length > 1 && literals.length === values.length) {
    return commandText(values);
  }
  return program.dynamic ? program.prefix : program.text;
}

/** A path a call touches and how. */
interface Touch {
  lit: Literal;
  how:
    | "deletes"
    | "deletes a tree at"
    | "writes"
    | "changes"
    | "copies to"
    | "reads";
}

function openWrites(call: Call, scanned: Scanned, pathAt: number): boolean {
  const others = call.args.filter((_, i) => i !== pathAt);
  for (const arg of others) {
    const lit = literalOf(argValue(arg, scanned));
    if (lit && /^[rwxabtU+]+$/.test(lit.text) && /[wax+]/.test(lit.text)) {
      return true;
    }
    if (lit && /^\s*(?:\+?>|>>|\+<|\|-)\s*$/.test(lit.text)) return true;
    if (
      /\b(?:write|append|create|truncate|createNew)\s*:\s*true\b|O_(?:WRONLY|RDWR|CREAT|APPEND|TRUNC)|File::(?:WRONLY|RDWR|CREAT|APPEND|TRUNC)/
        .test(arg.text)
    ) {
      return true;
    }
  }
  return false;
}

/** The paths a call touches: deleted, written, changed, copied to or read. */
function touches(
  call: Call,
  scanned: Scanned,
  language: CodeLanguage,
): Touch[] {
  const args = call.args.filter((a) => a.keyword === null);
  const lit = (
    i: number,
  ) => (args[i] ? literalOf(argValue(args[i]!, scanned)) : null);
  // Path objects: `Path(".git/config").write_text(…)`, `Pathname.new(".envrc").write(…)`.
  const pathObject = call.receiver !== null &&
    /(?:^|\.)(?:Path|PurePath|PosixPath|Pathname\.new|Pathname|path)$/.test(
      call.receiver.name.replace(/^new /, ""),
    );
  const receiver = pathObject && call.receiver?.args[0]
    ? literalOf(argValue(call.receiver.args[0], scanned))
    : null;
  const first = receiver ?? lit(0);
  const all = [receiver, ...args.map((_, i) => lit(i))].filter((
    l,
  ): l is Literal => l !== null);
  const name = call.name;
  const out: Touch[] = [];
  if (named(name, TREE_DELETES)) {
    if (first) out.push({ lit: first, how: "deletes a tree at" });
  } else if (named(name, OPTION_DELETES) && !name.startsWith("os.")) {
    const recursive = call.args.some((a) => /\brecursive\b/.test(a.text));
    if (first) {
      out.push({
        lit: first,
        how: recursive ? "deletes a tree at" : "deletes",
      });
    }
  } else if (
    named(name, FILE_DELETES) || name === "unlink" ||
    (name.endsWith(".unlink") && receiver)
  ) {
    for (const l of language === "perl" ? all : first ? [first] : []) {
      out.push({ lit: l, how: "deletes" });
    }
  } else if (named(name, OPENS)) {
    const perl = language === "perl" && args.length > 1;
    const at = perl ? args.length - 1 : receiver ? -1 : 0;
    const path = perl ? lit(at) : first;
    if (path) {
      const prefixed = /^\s*(?:\+?[<>]|>>)/.test(path.text);
      const cleaned = {
        ...path,
        text: path.text.replace(/^\s*(?:\+?[<>]+|\|)\s*/, ""),
        prefix: path.prefix.replace(/^\s*(?:\+?[<>]+|\|)\s*/, ""),
      };
      const writes =
        (language === "perl" && prefixed && !/^\s*</.test(path.text)) ||
        openWrites(call, scanned, receiver ? -1 : at);
      out.push({ lit: cleaned, how: writes ? "writes" : "reads" });
    }
  } else if (named(name, WRITES)) {
    if (first) out.push({ lit: first, how: "writes" });
  } else if (named(name, CHANGES)) {
    for (const l of all) out.push({ lit: l, how: "changes" });
  } else if (named(name, COPIES)) {
    const src = lit(0);
    const dest = lit(1);
    if (src) out.push({ lit: src, how: "reads" });
    if (dest) {
      out.push({ lit: dest, how: "copies to" });
      const base = src?.text.split("/").filter((s) => s !== "").pop();
      if (base && !dest.dynamic) {
        out.push({
          lit: {
            ...dest,
            text: `${dest.text}/${base}`,
            prefix: `${dest.text}/${base}`,
          },
          how: "copies to",
        });
      }
    }
  } else if (named(name, READS)) {
    if (first) out.push({ lit: first, how: "reads" });
  }
  return out;
}

function judgeTouch(t: Touch, cwd: string | null, env: Env): Verdict | null {
  const { value, dynamic } = pathWord(t.lit);
  if (value === "" && dynamic) return null;
  const expanded = value.replace(/^~(?=\/|$)/, env.home);
  if (t.how === "deletes a tree at" || t.how === "deletes") {
    const word = dynamic
      ? dynamicWord(`${expanded}$X`, expanded)
      : literalWord(expanded);
    const v = classifyTarget(word, cwd, env, t.how === "deletes a tree at");
    // One file deleted outside the project is judged by the secret and
    // control-file rules below; only trees are held to the rm target rules.
    const single = t.how === "deletes" && v?.rule === "rm.outside";
    if (
      v && !single && !(v.rule === "rm.dynamic" && env.level === "standard")
    ) {
      return v;
    }
  }
  if (!dynamic) {
    const secret = classifySecretPath(expanded, { cwd, home: env.home });
    if (secret) return secretVerdict(secret, value);
  }
  if (t.how === "reads") return null;
  const whole = t.how !== "writes" && t.how !== "copies to";
  const target = dynamic
    ? (expanded.includes("/")
      ? controlTarget(
        `${expanded.slice(0, expanded.lastIndexOf("/") + 1)}x`,
        cwd,
        env,
      )
      : null)
    : controlTarget(expanded, cwd, env, whole);
  return target ? controlWriteVerdict(target, t.how) : null;
}

/** Maximum code size read, so a huge program cannot stall the guard. */
const MAX_CODE = 1_000_000;

/**
 * Checks program code call by call.
 *
 * @param language The code's language.
 * @param code The code.
 * @param cwd The directory it runs in.
 * @param env The analysis environment.
 * @returns The strictest verdict: a deny at once, else the first ask, else allow.
 */
export function checkCalls(
  language: CodeLanguage,
  code: string,
  cwd: string | null,
  env: Env,
): Verdict {
  if (code.length > MAX_CODE) {
    return deny(
      "guard.too-complex",
      `The code is longer than ${MAX_CODE} characters, too long to check. Split it into smaller files`,
    );
  }
  const scanned = scanCode(code, language);
  let held: Verdict | null = null;
  const consider = (v: Verdict | null): Verdict | null => {
    if (v === null || v.verdict === "allow") return null;
    if (v.rule && env.disabled.has(v.rule)) return null;
    if (v.verdict === "deny") return v;
    held ??= v;
    return null;
  };
  const shell = (text: string): Verdict | null => {
    const v = env.nested(text, cwd, env);
    return v.rule?.startsWith("guard.") && v.rule !== "guard.too-complex"
      ? null
      : v;
  };
  for (const lit of scanned.list) {
    if (!lit.exec) continue;
    const stop = consider(shell(lit.dynamic ? lit.prefix : lit.text));
    if (stop) return stop;
  }
  for (const call of findCalls(scanned, language)) {
    if (named(call.name, EVALS[language]) && !call.name.includes(".")) {
      const code = literalOf(
        call.args[0] ? argValue(call.args[0], scanned) : undefined,
      );
      if (code && !code.dynamic) {
        if (env.depth >= 9) {
          return deny(
            "guard.too-complex",
            "Code nested more than 9 levels deep in eval cannot be checked. Run the inner code directly",
          );
        }
        const stop = consider(
          checkCalls(language, code.text, cwd, {
            ...env,
            depth: env.depth + 1,
          }),
        );
        if (stop) return stop;
      }
      continue;
    }
    if (
      named(call.name, EXECS) &&
      !(language === "python" && call.name === "exec")
    ) {
      const text = execText(call, scanned);
      if (text !== null) {
        const stop = consider(shell(text));
        if (stop) return stop;
      }
    }
    for (const t of touches(call, scanned, language)) {
      const stop = consider(judgeTouch(t, cwd, env));
      if (stop) return stop;
    }
  }
  return held ?? { verdict: "allow" };
}

/** The language an interpreter's name runs, or null. */
export function languageOf(name: string): CodeLanguage | null {
  if (/^python[0-9.]*$|^pypy3?$|^py$/.test(name)) return "python";
  if (/^(?:node|nodejs|bun|deno|javascript|typescript|js|ts)$/.test(name)) {
    return "javascript";
  }
  if (name === "ruby" || name === "rb") return "ruby";
  if (name === "perl" || name === "pl") return "perl";
  if (name === "php") return "php";
  return null;
}
