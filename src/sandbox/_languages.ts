/**
 * The language table (id, aliases, file extension, the commands to look for
 * on PATH, how to build and run a file) and the PATH lookup.
 *
 * The lookup only stats files; it never starts a process. This module must
 * never decide policy (confinement, limits): it only says how to run a file.
 *
 * @module
 */

import { delimiter, join } from "node:path";

/** The languages ctx-mode can run. */
export type LanguageId =
  | "javascript"
  | "typescript"
  | "shell"
  | "python"
  | "ruby"
  | "go"
  | "rust"
  | "php"
  | "perl"
  | "r"
  | "elixir";

/** How to turn a code file into processes: an optional build step, then the run. */
export interface RunPlan {
  /** Runs in the private temp dir before `run`; a failure ends the run with its output. */
  build?: string[];
  /** Runs in the project dir. */
  run: string[];
}

/** One row of the language table. */
export interface LanguageSpec {
  id: LanguageId;
  /** Lower-case names accepted for this language besides the id. */
  aliases: readonly string[];
  /** The code file's extension, with the dot. */
  extension: string;
  /** Executables to look for on PATH, best first; empty for the built-in Deno sandbox. */
  commands: readonly string[];
  /** Arguments that print the version. */
  versionArgs: readonly string[];
  /** Picks the version out of the version command's output. */
  versionPattern: RegExp;
  /** The processes that run `file`, given the command found and a scratch dir. */
  plan(command: string, file: string, scratch: string): RunPlan;
}

const DOTTED = /(\d+\.\d+(?:\.\d+)?)/;

const direct = (command: string, file: string): RunPlan => ({
  run: [command, file],
});

function shellSpec(os: typeof Deno.build.os): LanguageSpec {
  if (os === "windows") {
    return {
      id: "shell",
      aliases: ["sh", "bash", "powershell", "pwsh", "ps1"],
      extension: ".ps1",
      commands: ["pwsh", "powershell"],
      versionArgs: [
        "-NoProfile",
        "-Command",
        "$PSVersionTable.PSVersion.ToString()",
      ],
      versionPattern: DOTTED,
      plan: (command, file) => ({
        run: [
          command,
          "-NoProfile",
          "-NonInteractive",
          "-ExecutionPolicy",
          "Bypass",
          "-File",
          file,
        ],
      }),
    };
  }
  return {
    id: "shell",
    aliases: ["sh", "bash"],
    extension: ".sh",
    commands: ["bash", "sh"],
    versionArgs: ["--version"],
    versionPattern: DOTTED,
    plan: direct,
  };
}

/**
 * The language table for an OS.
 *
 * @param os The OS; shell means PowerShell on Windows.
 * @returns One spec per language, JavaScript and TypeScript first.
 */
export function languageTable(
  os: typeof Deno.build.os = Deno.build.os,
): readonly LanguageSpec[] {
  const exe = os === "windows" ? ".exe" : "";
  return [
    {
      id: "javascript",
      aliases: ["js"],
      extension: ".js",
      commands: [],
      versionArgs: [],
      versionPattern: DOTTED,
      plan: direct,
    },
    {
      id: "typescript",
      aliases: ["ts"],
      extension: ".ts",
      commands: [],
      versionArgs: [],
      versionPattern: DOTTED,
      plan: direct,
    },
    shellSpec(os),
    {
      id: "python",
      aliases: ["py", "python3"],
      extension: ".py",
      commands: ["python3", "python"],
      versionArgs: ["--version"],
      versionPattern: DOTTED,
      plan: direct,
    },
    {
      id: "ruby",
      aliases: ["rb"],
      extension: ".rb",
      commands: ["ruby"],
      versionArgs: ["--version"],
      versionPattern: DOTTED,
      plan: direct,
    },
    {
      id: "go",
      aliases: ["golang"],
      extension: ".go",
      commands: ["go"],
      versionArgs: ["version"],
      versionPattern: /go(\d+\.\d+(?:\.\d+)?)/,
      // `go run` refuses files outside the project's module, so build in the scratch dir.
      plan: (command, file, scratch) => {
        const binary = join(scratch, `main${exe}`);
        return { build: [command, "build", "-o", binary, file], run: [binary] };
      },
    },
    {
      id: "rust",
      aliases: ["rs"],
      extension: ".rs",
      commands: ["rustc"],
      versionArgs: ["--version"],
      versionPattern: DOTTED,
      plan: (command, file, scratch) => {
        const binary = join(scratch, `main${exe}`);
        return {
          build: [command, "--edition", "2021", "-o", binary, file],
          run: [binary],
        };
      },
    },
    {
      id: "php",
      aliases: [],
      extension: ".php",
      commands: ["php"],
      versionArgs: ["--version"],
      versionPattern: DOTTED,
      plan: direct,
    },
    {
      id: "perl",
      aliases: ["pl"],
      extension: ".pl",
      commands: ["perl"],
      versionArgs: ["-e", "print $^V"],
      versionPattern: DOTTED,
      plan: direct,
    },
    {
      id: "r",
      aliases: ["rscript"],
      extension: ".R",
      commands: ["Rscript"],
      versionArgs: ["--version"],
      versionPattern: DOTTED,
      plan: direct,
    },
    {
      id: "elixir",
      aliases: ["ex", "exs"],
      extension: ".exs",
      commands: ["elixir"],
      versionArgs: ["--version"],
      versionPattern: /Elixir (\d+\.\d+(?:\.\d+)?)/,
      plan: direct,
    },
  ];
}

/**
 * Finds an executable on PATH the way a shell would: the first directory that
 * holds an executable file of that name (with `PATHEXT` suffixes on Windows).
 *
 * @param name The command name.
 * @param env The environment whose `PATH` (and `PATHEXT`) to search.
 * @param os The OS.
 * @returns The absolute path, or `undefined`.
 */
export function findOnPath(
  name: string,
  env: Readonly<Record<string, string | undefined>>,
  os: typeof Deno.build.os = Deno.build.os,
): string | undefined {
  const path = env.PATH ?? env.Path ?? "";
  const suffixes = os === "windows"
    ? ["", ...(env.PATHEXT ?? ".COM;.EXE;.BAT;.CMD").split(";").filter(Boolean)]
    : [""];
  for (const dir of path.split(os === "windows" ? ";" : delimiter)) {
    if (!dir) continue;
    for (const suffix of suffixes) {
      const candidate = join(dir, name + suffix);
      try {
        const info = Deno.statSync(candidate);
        if (!info.isFile) continue;
        if (os !== "windows" && ((info.mode ?? 0o111) & 0o111) === 0) continue;
        return candidate;
      } catch {
        // not here; keep looking
      }
    }
  }
  return undefined;
}
