/**
 * The bulky worlds of the native-tool scenarios, each with the facts a
 * model needs from it: a test run of 3,000 lines with 3 failures, a git
 * repository of 2,000 commits (written with `git fast-import`), a 600 KB
 * page, 80 KB of JSON from another MCP server, and a 5 MB log. Everything is
 * generated, deterministic, and written into the scenario's own project.
 *
 * @module
 */

/** The failing tests of the test run: their names are the facts. */
export const FAILING_TESTS = [
  "Checkout › applies the loyalty discount only once",
  "Auth › rejects an expired refresh token",
  "Orders › rounds partial refunds to the cent",
] as const;

const TEST_LINES = 3000;

/**
 * A test runner (a Node script) that prints 3,000 lines in jest's shape
 * with 3 failures among them, their assertion diffs, and the summary; it
 * exits 1.
 *
 * @returns The script's source.
 */
export function testRunnerScript(): string {
  return `const failing = new Map(${
    JSON.stringify(FAILING_TESTS.map((name, i) => [700 + i * 900, name]))
  });
const out = [];
for (let i = 0; i < ${TEST_LINES - 12}; i++) {
  const name = failing.get(i);
  if (name) {
    out.push("  ✕ " + name.split(" › ")[1] + " (" + (i % 40) + " ms)");
    out.push("  ● " + name, "", "    expect(received).toBe(expected)", "", "    Expected: " + i, "    Received: " + (i + 1));
    out.push("      at Object.<anonymous> (src/suite_" + i + ".test.js:" + (i % 90) + ":7)");
  } else {
    out.push("  ✓ computes invoice line " + i + " for customer " + (i * 7) + " (" + (i % 40) + " ms)");
  }
}
out.push("", "Test Suites: 3 failed, 57 passed, 60 total");
out.push("Tests:       3 failed, ${TEST_LINES - 15} passed, ${
    TEST_LINES - 12
  } total");
console.log(out.join("\\n"));
process.exitCode = 1;
`;
}

/** The one file only one commit of the history touched. */
export const LEDGER_FILE = "src/billing/refund_ledger.ts";
const COMMITS = 2000;
const LEDGER_COMMIT = 1234;

/**
 * Writes a repository of 2,000 commits into `dir` with `git fast-import`
 * (a second, not minutes); one commit alone touches {@linkcode LEDGER_FILE}.
 *
 * @param dir An empty folder.
 * @returns The full hash of the commit that touched the ledger file.
 */
export async function gitHistory(dir: string): Promise<string> {
  const env = {
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    // fast-import grows its heap in small steps; where each step is a slow
    // system call it takes seconds instead of a tenth of one.
    MALLOC_TOP_PAD_: String(64 * 1024 * 1024),
  };
  await git(dir, ["init", "-q", "-b", "main"], env);
  const parts: string[] = [];
  const data = (text: string) =>
    `data ${new TextEncoder().encode(text).length}\n${text}\n`;
  for (let i = 1; i <= COMMITS; i++) {
    const when = 1_700_000_000 + i * 3600;
    const touched = i === LEDGER_COMMIT ? [LEDGER_FILE] : [
      `src/module_${i % 47}/handler_${i % 13}.ts`,
      `docs/notes_${i % 29}.md`,
    ];
    const subject = i === LEDGER_COMMIT
      ? "Fix double refund when the ledger retries"
      : `Tune handler ${i % 13} of module ${i % 47} (step ${i})`;
    parts.push(
      "commit refs/heads/main\n",
      `mark :${i}\n`,
      `author Dev ${i % 7} <dev${i % 7}@example.com> ${when} +0000\n`,
      `committer Dev ${i % 7} <dev${i % 7}@example.com> ${when} +0000\n`,
      data(subject),
      i > 1 ? `from :${i - 1}\n` : "",
      ...touched.map((path) =>
        `M 100644 inline ${path}\n${
          data(`// revision ${i} of ${path}\n`.repeat(1 + i % 5))
        }`
      ),
      "\n",
    );
  }
  const child = new Deno.Command("git", {
    args: ["fast-import", "--quiet"],
    cwd: dir,
    env,
    stdin: "piped",
    stdout: "null",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(parts.join("")));
  await writer.close();
  const done = await child.output();
  if (!done.success) {
    throw new Error(
      `git fast-import failed: ${new TextDecoder().decode(done.stderr)}`,
    );
  }
  await git(dir, ["checkout", "-q", "main"], env);
  return (await git(dir, ["log", "--format=%H", "--", LEDGER_FILE], env))
    .trim();
}

async function git(
  dir: string,
  args: string[],
  env: Record<string, string>,
): Promise<string> {
  const output = await new Deno.Command("git", {
    args,
    cwd: dir,
    env,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!output.success) {
    throw new Error(
      `git ${args[0]} failed: ${new TextDecoder().decode(output.stderr)}`,
    );
  }
  return new TextDecoder().decode(output.stdout);
}

/** The page's title and its root cause, deep in the page: the facts. */
export const PAGE_FACTS = [
  "Incident 4711 postmortem",
  "an expired TLS certificate on ledger-gateway-3",
] as const;

/**
 * A postmortem page of about 600 KB: title, outline, sections of prose, and
 * the root cause two thirds of the way down.
 *
 * @returns The HTML.
 */
export function postmortemPage(): string {
  const sections: string[] = [];
  for (let s = 0; s < 120; s++) {
    const paragraphs = Array.from(
      { length: 21 },
      (_, p) =>
        `<p>At minute ${s * 10 + p} the on-call engineer reviewed dashboard ${
          s * 31 + p
        } and noted that queue depth, p99 latency and error budgets stayed within their usual bands for shard ${
          (s + p) % 17
        }; nothing here explains the outage, and the timeline continues below.</p>`,
    );
    if (s === 80) {
      paragraphs.splice(
        4,
        0,
        `<p>Root cause: checkout calls failed because of ${
          PAGE_FACTS[1]
        }, which had not been rotated.</p>`,
      );
    }
    sections.push(
      `<h2>${s === 80 ? "Root cause" : `Timeline, part ${s + 1}`}</h2>\n${
        paragraphs.join("\n")
      }`,
    );
  }
  return `<!doctype html>
<html><head><title>${PAGE_FACTS[0]}: checkout outage</title>
<meta name="description" content="What broke checkout on 3 March and what we changed."></head>
<body><h1>${PAGE_FACTS[0]}</h1>
<p>Checkout failed for 47 minutes. This page records the timeline and the cause.</p>
${sections.join("\n")}
</body></html>
`;
}

/** The one failed record among 310: its id and its error are the facts. */
export const RECORD_FACTS = [
  "rec-0217",
  "card processor timeout after 30s (acct-7781)",
] as const;

/**
 * About 80 KB of billing records as another vendor's MCP tool returns them.
 *
 * @returns The records.
 */
export function bulkRecords(): unknown {
  const records = Array.from({ length: 310 }, (_, i) => {
    const id = `rec-${String(i).padStart(4, "0")}`;
    const failed = id === RECORD_FACTS[0];
    return {
      id,
      customer: `customer-${(i * 37) % 1000}`,
      amountCents: 1000 + (i * 7919) % 90000,
      currency: "EUR",
      status: failed ? "failed" : "settled",
      ...(failed ? { error: RECORD_FACTS[1] } : {}),
      createdAt: new Date(Date.UTC(2026, 2, 1) + i * 60_000).toISOString(),
      tags: ["billing", `region-${i % 5}`],
    };
  });
  return { workspace: "acme", total: records.length, records };
}

/** The log's error message: the fact. */
export const LOG_ERROR =
  "gateway rejected charge: insufficient_funds_e2e for merchant m-2291";

/**
 * A log of about 5 MB, INFO lines with the same error seven times among them.
 *
 * @returns The log's text.
 */
export function appLog(): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < 5 * 1024 * 1024; i++) {
    const stamp = new Date(Date.UTC(2026, 2, 1) + i * 37).toISOString();
    const line = i % 10_007 === 5_000
      ? `${stamp} ERROR [payments] ${LOG_ERROR} (req=${i.toString(16)})`
      : `${stamp} INFO  [http] GET /api/items/${i} 200 ${i % 90}ms req=${
        (i * 2654435761 >>> 0).toString(16)
      }`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines.join("\n") + "\n";
}
