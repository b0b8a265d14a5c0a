/**
 * The source file a run executes: the code, behind a one-line preamble that
 * defines `FILE_PATH` and `FILE_CONTENT` for exec-file, with PHP's open tag.
 *
 * Pure text; this module must never touch the file system.
 *
 * @module
 */

import type { LanguageId } from "./_languages.ts";

/** One line that defines FILE_PATH and FILE_CONTENT from the FILE_PATH variable, per language. */
function filePreamble(language: LanguageId, os: typeof Deno.build.os): string {
  switch (language) {
    case "shell":
      return os === "windows"
        ? "$FILE_PATH = $env:FILE_PATH; $FILE_CONTENT = Get-Content -Raw -LiteralPath $FILE_PATH\n"
        : 'FILE_PATH="$FILE_PATH"; FILE_CONTENT="$(cat -- "$FILE_PATH")"\n';
    case "python":
      return 'import os as _ctx_os; FILE_PATH = _ctx_os.environ["FILE_PATH"]; FILE_CONTENT = open(FILE_PATH, encoding="utf-8", errors="replace").read(); del _ctx_os\n';
    case "ruby":
      return 'FILE_PATH = ENV["FILE_PATH"]; FILE_CONTENT = File.read(FILE_PATH, encoding: "UTF-8").scrub\n';
    case "perl":
      return 'our $FILE_PATH = $ENV{FILE_PATH}; our $FILE_CONTENT = do { local $/; open(my $ctx_fh, "<:encoding(UTF-8)", $FILE_PATH) or die "$FILE_PATH: $!"; <$ctx_fh> };\n';
    case "php":
      return '$FILE_PATH = getenv("FILE_PATH"); $FILE_CONTENT = file_get_contents($FILE_PATH);';
    case "r":
      return 'FILE_PATH <- Sys.getenv("FILE_PATH"); FILE_CONTENT <- paste(readLines(FILE_PATH, warn = FALSE, encoding = "UTF-8"), collapse = "\\n")\n';
    case "elixir":
      return 'file_path = System.fetch_env!("FILE_PATH"); file_content = File.read!(file_path)\n';
    default:
      return "";
  }
}

/**
 * The file to write: PHP gets its open tag (on the same line, so line numbers hold), exec-file a preamble.
 *
 * @param language The language.
 * @param code The code.
 * @param withFile Whether the run is an exec-file run.
 * @param os The OS (PowerShell on Windows).
 * @returns The text of the source file.
 */
export function sourceText(
  language: LanguageId,
  code: string,
  withFile: boolean,
  os: typeof Deno.build.os,
): string {
  const preamble = withFile ? filePreamble(language, os) : "";
  if (language === "php") {
    const body = /^\s*<\?(php|=)/.test(code) ? code : `<?php ${code}`;
    return preamble ? body.replace(/<\?php/, `<?php ${preamble}`) : body;
  }
  return preamble + code;
}
