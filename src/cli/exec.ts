/**
 * `ctx-mode exec` and `ctx-mode exec-file`: run code in the sandbox from the
 * terminal, printing what `ctx_execute` would return to an agent. Shell code
 * and the analysed file are checked against the project's guard policy first,
 * as `ctx_execute` and `ctx_execute_file` check them.
 *
 * @module
 */

import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseCommandArgs, STORE_OPTIONS, UsageError } from "./_args.ts";
import type { CliContext, Command } from "./_context.ts";
import { keepStoreFor, projectFor } from "./_store.ts";
import { runCode, type RunResult } from "../sandbox/mod.ts";
import { isLanguageName, resolveLanguage } from "../sandbox/languages.ts";
import { cliRefusal } from "./_policy_check.ts";
import { shapeOutput, shapeSpooledOutput } from "../sandbox/shape_output.ts";
import { scrubbedNote } from "../store/scrub_secrets.ts";
import {
  maxIndexBytesFromEnv,
  runOptionsFromEnv,
  scrubberFromEnv,
} from "../sandbox/options_from_env.ts";
import { OutputSpool } from "../sandbox/output_spool.ts";
import { formatCount } from "../store/format_count.ts";

const EXEC_USAGE =
  `Usage: ctx-mode exec [--lang L] [--intent TEXT] [--timeout S] (CODE | --file F)

Run code in the sandbox and print only what it prints. JavaScript and
TypeScript run in a Deno sandbox limited to the project directory and the
network; other languages run as subprocesses in the project directory. Output
over 5 KB is indexed into the knowledge base (all of it, up to
CTX_MODE_MAX_INDEX_MB, 64 MiB by default); with --intent only the matching
sections are printed, without it the head and tail.

Options:
  --lang L        javascript (default), typescript, shell, python, ruby, go,
                  rust, php, perl, r, elixir; aliases js, ts, sh, bash, py, rb, pl
  --intent TEXT   What you are looking for in large output
  --timeout S     Seconds before the run is killed (default 30)
  --file F        Read the code from file F ("-" for stdin)
  --project DIR   The project (default: the agent's project variable, else cwd)
  --db PATH       Use this database file instead of the project's
  -h, --help      Show this help

Shell code is checked first against the project's and the user's guard
policy (level, switched-off rules, permission rules), as the agents' hooks
check it; a refusal names the rule, goes to the audit log and exits 1.
Otherwise the exit code is the code's own.

Examples:
  ctx-mode exec --lang shell 'git log --oneline | wc -l'
  ctx-mode exec --lang py --intent "failing tests" --file analyse.py
`;

const EXEC_FILE_USAGE =
  `Usage: ctx-mode exec-file PATH [--lang L] [--intent TEXT] [--timeout S] CODE

Analyse a file in the sandbox without printing it: the code gets FILE_PATH and
FILE_CONTENT (and PROJECT_DIR) and only what it prints comes back. Reading
the file (and shell code) must pass the project's guard policy; a refusal
names the rule and exits 1.

Options:
  --lang L        javascript (default), typescript, shell, python, ruby, go,
                  rust, php, perl, r, elixir; aliases js, ts, sh, bash, py, rb, pl
  --intent TEXT   What you are looking for in large output
  --timeout S     Seconds before the run is killed (default 30)
  --project DIR   The project (default: the agent's project variable, else cwd)
  --db PATH       Use this database file instead of the project's
  -h, --help      Show this help

Example:
  ctx-mode exec-file logs/app.log --lang js 'console.log(FILE_CONTENT.split("\\n").filter(l => l.includes("ERROR")).length)'
`;

const RUN_OPTIONS = {
  ...STORE_OPTIONS,
  lang: { type: "string" },
  intent: { type: "string" },
  timeout: { type: "string" },
} as const;

/** The `exec` command. */
export const command: Command = {
  usage: EXEC_USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs("exec", args, {
      ...RUN_OPTIONS,
      file: { type: "string" },
    });
    if (values.file !== undefined && positionals.length > 0) {
      throw new UsageError("Give the code or --file, not both", "exec");
    }
    if (values.file === undefined && positionals.length !== 1) {
      throw new UsageError(
        positionals.length === 0
          ? "Missing the code (or --file)"
          : "Quote the code as one argument",
        "exec",
      );
    }
    const code = values.file === undefined
      ? positionals[0]!
      : values.file === "-"
      ? await new Response(context.stdin).text()
      : await readFile(resolve(context.cwd, values.file), "utf8").catch(() => {
        throw new Error(`Cannot read "${values.file}": no such file`);
      });
    return await execute("exec", { code, values }, context);
  },
};

/** The `exec-file` command. */
export const execFileCommand: Command = {
  usage: EXEC_FILE_USAGE,
  async run(args, context) {
    const { values, positionals } = parseCommandArgs(
      "exec-file",
      args,
      RUN_OPTIONS,
    );
    if (positionals.length !== 2) {
      throw new UsageError(
        "Expected a file PATH and the CODE (quoted as one argument)",
        "exec-file",
      );
    }
    const [path, code] = positionals as [string, string];
    const absolute = resolve(context.cwd, path);
    const info = await Deno.stat(absolute).catch(() => undefined);
    if (!info?.isFile) {
      throw new Error(`Cannot analyse "${path}": no such file`);
    }
    return await execute(
      "exec-file",
      { code, values, file: absolute },
      context,
    );
  },
};

interface RunValues {
  lang?: string | undefined;
  intent?: string | undefined;
  timeout?: string | undefined;
  project?: string | undefined;
  db?: string | undefined;
}

async function execute(
  name: string,
  run: { code: string; values: RunValues; file?: string },
  context: CliContext,
): Promise<number> {
  const { values } = run;
  const timeoutMs = values.timeout === undefined
    ? undefined
    : Number(values.timeout) * 1000;
  if (timeoutMs !== undefined && !(timeoutMs > 0)) {
    throw new UsageError(
      `Cannot use --timeout "${values.timeout}": expected seconds above 0`,
      name,
    );
  }
  const project = projectFor(values, context, name);
  if (values.lang !== undefined && !isLanguageName(values.lang)) {
    throw new UsageError(
      `Cannot run language "${values.lang}": unknown`,
      name,
    );
  }
  const language = resolveLanguage(values.lang ?? "javascript", {
    env: context.env,
  });
  const refuse = await cliRefusal(project, context);
  const refused =
    (run.file !== undefined && refuse({ kind: "read", path: run.file })) ||
    refuse(
      language === "shell"
        ? { kind: "shell", command: run.code }
        : { kind: "code", language, code: run.code },
    );
  if (refused) throw new Error(refused);
  await using spool = new OutputSpool({
    maxBytes: maxIndexBytesFromEnv(context.env),
  });
  const result = await runCode(
    {
      language,
      code: run.code,
      projectDir: project,
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      ...(run.file === undefined ? {} : { file: { path: run.file } }),
    },
    // Checked above with the policy (level, switched-off rules, permission rules).
    { ...runOptionsFromEnv(context.env), guard: false, stdoutSink: spool },
  );
  const scrubber = scrubberFromEnv(context.env);
  const stdout = scrubber.scrub(result.stdout);
  const stderr = scrubber.scrub(result.stderr);
  const source = scrubber.scrub(
    run.file
      ? `analysis: ${run.file}`
      : `exec: ${run.code.split("\n")[0]?.slice(0, 60)}`,
  ).text;
  const keeper = keepStoreFor(values, context);
  let shaped;
  let notIndexed: string | undefined;
  try {
    // The whole stdout is indexed from the spool (scrubbed on the way in).
    shaped = await shapeSpooledOutput(stdout.text, spool, {
      intent: values.intent,
      kb: keeper.get(),
      source,
    });
  } catch (error) {
    // A broken knowledge base never costs a run its output.
    keeper.recover(error);
    notIndexed = (error instanceof Error ? error.message : String(error))
      .split("\n")[0];
    shaped = shapeOutput(stdout.text, { intent: values.intent, source });
  } finally {
    keeper.close();
  }
  if (shaped.text) {
    await context.out(
      shaped.text.endsWith("\n") ? shaped.text : `${shaped.text}\n`,
    );
  }
  if (stderr.text) {
    await context.err(
      stderr.text.endsWith("\n") ? stderr.text : `${stderr.text}\n`,
    );
  }
  if (stdout.count + stderr.count > 0) {
    await context.err(
      `ctx-mode: ${scrubbedNote(stdout.count + stderr.count)}\n`,
    );
  }
  if (notIndexed && shaped.mode !== "whole") {
    await context.err(`ctx-mode: not indexed: ${notIndexed}\n`);
  }
  await context.err(footer(result, shaped.spooled === true));
  return result.exitCode ?? 1;
}

function footer(result: RunResult, spooled: boolean): string {
  const notes: string[] = [];
  if (result.timedOut) {
    notes.push(
      `timed out after ${
        (result.durationMs / 1000).toFixed(1)
      } s, process group killed`,
    );
  }
  if (result.outOfMemory) notes.push("out of memory (JavaScript heap limit)");
  // Spooled stdout is indexed whole: the shaped text says what it left out.
  if (result.truncated && !spooled) {
    notes.push(
      `${result.droppedBytes} bytes (${
        formatCount(result.droppedLines, "line")
      }) dropped from the middle`,
    );
  }
  return notes.length > 0 ? `ctx-mode: ${notes.join("; ")}\n` : "";
}
