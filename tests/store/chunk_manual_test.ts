import assert from "node:assert/strict";
import { chunkManual } from "../../src/store/chunk_manual.ts";
import { chunkText } from "../../src/store/chunk_text.ts";

const fixture = (name: string) =>
  Deno.readTextFile(new URL(`../fixtures/manuals/${name}`, import.meta.url));

Deno.test("chunkManual() titles man page sections and options with their path", async () => {
  const chunks = chunkManual(await fixture("fetcher.1.txt"), 4096, "x.txt");
  assert.ok(chunks);
  assert.deepEqual(chunks.map((chunk) => chunk.title), [
    "fetcher > NAME",
    "fetcher > SYNOPSIS",
    "fetcher > DESCRIPTION",
    "fetcher > OPTIONS > Transfer options > -L, --location",
    "fetcher > OPTIONS > Transfer options > -c, --continue",
    "fetcher > OPTIONS > Transfer options > -m, --max-time <seconds>",
    "fetcher > OPTIONS > Output options > -o, --output <file>",
    "fetcher > EXIT STATUS",
  ]);
  const location = chunks[3]!;
  assert.match(location.body, /Follow redirects/);
  assert.doesNotMatch(location.body, /Resume/, "one option per chunk");
  assert.ok(
    chunks.every((chunk) => !chunk.body.includes("FETCHER(1)")),
    "page header and footer are no content",
  );
  assert.equal(
    location.context,
    "fetcher fetcher - transfer a file from a server",
  );
});

Deno.test("chunkManual() keeps --help options as siblings and text after them in the page", async () => {
  const chunks = chunkManual(await fixture("counter-help.txt"), 4096, "x.txt");
  assert.ok(chunks);
  assert.deepEqual(chunks.map((chunk) => chunk.title), [
    "counter",
    "counter > -c, --bytes",
    "counter > -l, --lines",
    "counter > --files0-from=F",
    "counter > --total=WHEN",
    "counter > --help",
    "counter",
  ]);
  assert.match(chunks[4]!.body, /WHEN can be: auto/);
  assert.match(chunks[6]!.body, /^A word is/);
  assert.equal(
    chunks[1]!.context,
    "counter Print newline, word, and byte counts for each FILE.",
  );
});

Deno.test("chunkManual() nests numbered and underlined headings", () => {
  const text = [
    "Guide",
    "=====",
    "",
    "Intro words here.",
    "",
    "1. Install",
    "Run the installer.",
    "",
    "1.1 From source",
    "Build it yourself.",
    "",
    "2. Usage",
    "Start it.",
  ].join("\n");
  assert.deepEqual(chunkManual(text, 4096, "g.txt")?.map((c) => c.title), [
    "g.txt > Guide",
    "g.txt > Guide > 1. Install",
    "g.txt > Guide > 1. Install > 1.1 From source",
    "g.txt > Guide > 2. Usage",
  ]);
});

Deno.test("chunkManual() takes no bullet, numbered item or sentence for a term", () => {
  const text = [
    "PACK(1)                  User Commands                  PACK(1)",
    "",
    "DESCRIPTION",
    "       •  When unpacking, the .pk suffix  is  removed  from",
    "          the  file name to get the target name.",
    "",
    "       2. Entries may repeat fields within the same",
    "          record, and readers keep the last one.",
    "",
    "       merges two archives into one output file and then",
    "             pack -m a.pk b.pk",
    "",
    "OPTIONS",
    "       -k, --keep",
    "              Keep the input files.",
    "",
    "       short-iso",
    "              Dates in ISO 8601 form.",
    "",
    "pack 1.0                         2024                         PACK(1)",
  ].join("\n");
  const titles = chunkManual(text, 4096, "pack.txt")?.map((c) => c.title);
  assert.deepEqual(titles, [
    "pack > DESCRIPTION",
    "pack > OPTIONS > -k, --keep",
    "pack > OPTIONS > short-iso",
  ]);
});

Deno.test("chunkManual() leaves logs, prose and code to the other chunkers", () => {
  const cases = [
    "2024-01-01 INFO started\n2024-01-01 WARN slow\nERROR: disk full\n",
    "Just a paragraph of prose.\n\nAnd another one, with no structure at all.\n",
    "function main() {\n  return 1;\n}\n\nfunction other() {\n  return 2;\n}\n",
    "OK\n",
  ];
  for (const text of cases) {
    assert.equal(chunkManual(text, 4096, "t"), undefined, text);
  }
});

Deno.test("chunkText() sends manuals to chunkManual and splits a long option into parts", async () => {
  const long = (await fixture("fetcher.1.txt")).replace(
    "Follow redirects when the server answers with a new address.",
    Array.from({ length: 40 }, (_, i) => `Paragraph ${i} about redirects.`)
      .join("\n\n              "),
  );
  const chunks = chunkText(long, { maxBytes: 400 });
  const parts = chunks.filter((chunk) =>
    chunk.title.startsWith("fetcher > OPTIONS > Transfer options > -L")
  );
  assert.ok(parts.length > 1);
  assert.match(parts[0]!.title, /\(part 1\/\d+\)$/);
  for (const chunk of chunks) {
    assert.ok(new TextEncoder().encode(chunk.body).length <= 400);
  }
});

Deno.test("chunkManual() keeps an option spelled several ways over two lines, and one ending in an ellipsis", () => {
  const page = [
    "GIT-PUSH(1)                Git Manual                GIT-PUSH(1)",
    "",
    "NAME",
    "       git-push - Update remote refs along with associated objects",
    "",
    "OPTIONS",
    "       --all",
    "           Push all branches.",
    "",
    "       --force-with-lease, --no-force-with-lease,",
    "       --force-with-lease=<refname>, --force-with-lease=<refname>:<expect>",
    '           Usually, "git push" refuses to update a remote ref that is not',
    "           an ancestor of the local ref used to overwrite it.",
    "",
    "       -S, --search filename-search-pattern...",
    "           Search for a filename from installed packages.",
    "",
    "       A sentence that ends the section, not an option...",
    "           indented below it.",
    "",
    "Git 2.39.5                 11/24/2024                GIT-PUSH(1)",
    "",
  ].join("\n");
  assert.deepEqual(
    chunkManual(page, 4096, "git-push.txt")?.map((c) => c.title),
    [
      "git-push > NAME",
      "git-push > OPTIONS > --all",
      "git-push > OPTIONS > --force-with-lease, --no-force-with-lease, --force-with-lease=<refname>, --force-with-lease=<refname>:<expect>",
      "git-push > OPTIONS > -S, --search filename-search-pattern...",
    ],
  );
});

Deno.test("chunkManual() titles a bulleted option that ends in a colon, and one whose alias line carries the description", () => {
  const page = [
    "JQ(1)                        User Manual                        JQ(1)",
    "",
    "NAME",
    "       jq - Command-line JSON processor",
    "",
    "INVOKING JQ",
    "       ○   --sort-keys / -S:",
    "",
    "           Output the fields of each object with the keys in sorted order.",
    "",
    "       ○   --raw-output / -r:",
    "",
    "           With this option, a string result is written without quotes.",
    "",
    "       ○   --indent n:",
    "",
    "           Use the given number of spaces for indentation.",
    "",
    "       ○   Note the following:",
    "",
    "           a bullet of prose stays in its section.",
    "",
    "COMMANDS",
    "       --clear-sign",
    "              Make a cleartext signature.",
    "",
    "       --detach-sign",
    "       -b     Make a detached signature.",
    "",
    "       --encrypt",
    "       -e     Encrypt data to one or more public keys.  This  command  may  be",
    "              combined with --sign.",
    "",
    "jq 1.6                          2024                           JQ(1)",
  ].join("\n");
  const chunks = chunkManual(page, 4096, "jq.txt");
  assert.deepEqual(chunks?.map((c) => c.title), [
    "jq > NAME",
    "jq > INVOKING JQ > --sort-keys / -S",
    "jq > INVOKING JQ > --raw-output / -r",
    "jq > INVOKING JQ > --indent n",
    "jq > COMMANDS > --clear-sign",
    "jq > COMMANDS > --detach-sign, -b",
    "jq > COMMANDS > --encrypt, -e",
  ]);
  assert.match(chunks![3]!.body, /a bullet of prose stays/);
  assert.match(chunks![5]!.body, /Make a detached signature/);
});

Deno.test("chunkManual() takes no colon-ended sentence or run of option lines without text for one term", () => {
  const page = [
    "ZAP(1)                       User Manual                       ZAP(1)",
    "",
    "NAME",
    "       zap - remove things",
    "",
    "OPTIONS",
    "       -a",
    "       -b",
    "       -c",
    "",
    "       -f, --force",
    "              Never prompt.",
    "",
    "       -- the following applies to every option below:",
    "              text that is no option.",
    "",
    "zap 1.0                          2024                          ZAP(1)",
  ].join("\n");
  assert.deepEqual(chunkManual(page, 4096, "zap.txt")?.map((c) => c.title), [
    "zap > NAME",
    "zap > OPTIONS",
    "zap > OPTIONS > -f, --force",
  ]);
});

Deno.test("chunkManual() starts an option right under the last line of the option above it", () => {
  const help = [
    "Usage: pr [OPTION]... [FILE]...",
    "Paginate or columnate FILE(s) for printing.",
    "",
    "  -m, --merge       print all files in parallel, one in each column,",
    "                    truncate lines, but join lines of full length with -J",
    "  -n[SEP[DIGITS]], --number-lines[=SEP[DIGITS]]",
    "                    number lines, use DIGITS (5) digits, then SEP (TAB),",
    "                    -s[CHAR] turns off line truncation of all 3 column",
    "  -o, --indent=MARGIN",
    "                    offset each line with MARGIN (zero) spaces",
    "      --help        display this help and exit",
  ].join("\n");
  const chunks = chunkManual(help, 4096, "pr.txt");
  assert.deepEqual(chunks?.map((c) => c.title), [
    "pr",
    "pr > -m, --merge",
    "pr > -n[SEP[DIGITS]], --number-lines[=SEP[DIGITS]]",
    "pr > -o, --indent=MARGIN",
    "pr > --help",
  ]);
  assert.match(
    chunks![2]!.body,
    /-s\[CHAR\] turns off/,
    "text stays with its option",
  );
});

Deno.test("chunkManual() joins the words a man page broke at the end of a line", () => {
  const page = [
    "PACKER(1)             General Commands Manual             PACKER(1)",
    "",
    "NAME",
    "       packer - pack files into archives",
    "",
    "OPTIONS",
    "       -d, --decompress",
    "              Undo the packing; fails when the input needs dictio‐",
    "              naries that are missing, or when its compres‐",
    "              sion",
    "              level is unknown.",
    "",
    "packer 1.0                  2024-01-01                  PACKER(1)",
  ].join("\n");
  const option = chunkManual(page, 4096, "packer.txt")?.find((c) =>
    c.title === "packer > OPTIONS > -d, --decompress"
  );
  assert.ok(option);
  assert.equal(
    option.body,
    [
      "       -d, --decompress",
      "              Undo the packing; fails when the input needs dictionaries",
      "              that are missing, or when its",
      "              compression",
      "              level is unknown.",
    ].join("\n"),
    "the second half moves up, or the first half down when the second is alone",
  );
});
