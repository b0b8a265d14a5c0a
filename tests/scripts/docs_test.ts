import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import {
  BEGIN,
  CLI_DOCS,
  type CommandHelp,
  commandHelps,
  END,
  expectedCliDocs,
  renderReference,
  replaceReference,
} from "../../scripts/docs.ts";
import { configFiles } from "../../scripts/write_configs.ts";

const ROOT = new URL("../../", import.meta.url);
const helps = await commandHelps();
const byName = new Map(helps.map((help) => [help.name, help]));

/** The options a usage text lists under "Options:", as written (`--db`, `-h`). */
function listedOptions(usage: string): string[] {
  const block = usage.split(/^Options:\n/m)[1]?.split("\n\n")[0] ?? "";
  return [...block.matchAll(/^ {2}((?:-\w, )?--[\w-]+)/gm)].map((m) =>
    m[1]!.replace(/^-\w, /, "")
  );
}

/** Splits a command line into words, honouring quotes. */
function words(line: string): string[] {
  return [...line.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((m) =>
    m[3] ?? `<quoted>`
  );
}

/** Every `ctx-mode <command> …` written in code in a Markdown page. */
function documentedCalls(markdown: string): string[] {
  const code = [
    ...markdown.matchAll(/```[a-z]*\n([\s\S]*?)```/g),
    ...markdown.matchAll(/`([^`\n]+)`/g),
  ].flatMap((m) => m[1]!.split("\n"));
  return code.flatMap((line) =>
    [...line.matchAll(/(?:^|[\s(])ctx-mode ([a-z][\w-]*.*)$/g)].map((m) =>
      m[1]!
    )
  );
}

async function pages(): Promise<Array<[string, string]>> {
  const found: Array<[string, string]> = [
    ["README.md", await Deno.readTextFile(new URL("README.md", ROOT))],
  ];
  for await (const entry of Deno.readDir(new URL("docs/", ROOT))) {
    if (entry.name.endsWith(".md") && entry.name !== "cli.md") {
      const path = `docs/${entry.name}`;
      found.push([path, await Deno.readTextFile(new URL(path, ROOT))]);
    }
  }
  return found;
}

Deno.test("docs/cli.md holds every command's --help as it is now (deno task docs)", async () => {
  assert.ok(helps.length >= 15, helps.map((h) => h.name).join(" "));
  const expected = await expectedCliDocs();
  assert.ok(
    expected === await Deno.readTextFile(CLI_DOCS),
    "docs/cli.md is out of step with the commands' --help: run deno task docs",
  );
});

Deno.test("replaceReference() rewrites only the generated part and refuses a page without markers", () => {
  const page = `# Title\n\nprose\n\n${BEGIN}\nold\n${END}\n\nmore prose\n`;
  const reference = renderReference(
    [
      { name: "x", summary: "Does x", usage: "Usage: ctx-mode x\n" },
    ] satisfies CommandHelp[],
  );
  const out = replaceReference(page, reference);
  assert.ok(out.startsWith("# Title\n\nprose\n\n"));
  assert.ok(out.endsWith("\n\nmore prose\n"));
  assert.ok(!out.includes("old"));
  assert.match(out, /### ctx-mode x\n\n```text\nUsage: ctx-mode x\n```/);
  assert.throws(
    () => replaceReference("# no markers\n", reference),
    SyntaxError,
  );
});

Deno.test("each command's usage line names every option it lists, or says [options]", () => {
  const shared = new Set(["--project", "--db", "--help"]);
  for (const { name, usage } of helps) {
    const synopsis = usage.split("\n\n")[0] ?? "";
    if (synopsis.includes("[options]")) continue;
    for (const option of listedOptions(usage)) {
      if (shared.has(option)) continue;
      assert.ok(
        synopsis.includes(option),
        `ctx-mode ${name}: the usage line lacks ${option}\n${synopsis}`,
      );
    }
  }
});

Deno.test("every ctx-mode command line in README and docs/ names a command and options that exist", async () => {
  let checked = 0;
  let calls = 0;
  for (const [page, text] of await pages()) {
    for (const call of documentedCalls(text)) {
      const [name = "", ...rest] = words(call);
      const help = byName.get(name);
      calls++;
      assert.ok(help, `${page}: "ctx-mode ${call}" names no command`);
      for (const word of rest) {
        const option = /^(--[a-z][\w-]*)/.exec(word)?.[1];
        if (option === undefined) continue;
        assert.ok(
          help.usage.includes(option),
          `${page}: "ctx-mode ${call}": ${option} is not in ctx-mode ${name} --help`,
        );
        checked++;
      }
    }
  }
  assert.ok(calls > 10 && checked >= 3, `only ${calls} calls were checked`);
});

Deno.test("hook --help names every Claude Code event the generated settings register", async () => {
  const settings = (await configFiles("claude-code"))["settings.json"];
  assert.ok(settings);
  const events = Object.keys(JSON.parse(settings).hooks);
  assert.ok(events.length >= 5);
  const hook = byName.get("hook")!.usage.replaceAll(/\s+/g, " ");
  for (const event of events) {
    assert.match(
      hook,
      new RegExp(`\\b${event}\\b`),
      `hook --help lacks ${event}`,
    );
  }
});

Deno.test("the stats line of the overview mentions the savings report its --help describes", () => {
  const stats = byName.get("stats")!;
  assert.match(stats.usage, /savings/);
  assert.match(stats.summary, /savings/);
});

Deno.test("docs.ts finds the CLI page where it is", () => {
  assert.equal(CLI_DOCS, fileURLToPath(new URL("docs/cli.md", ROOT)));
});
