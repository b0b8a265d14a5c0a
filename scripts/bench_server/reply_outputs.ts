/**
 * The large outputs of the reply benchmark that the digests are tuned on, one
 * of each kind an agent's run prints (a program's progress, `git log --stat`,
 * a test run, a file listing, a JSON response), each with the key facts a
 * reply must keep, computed from the generated text and written down before
 * the digests were changed.
 *
 * @module
 */

import { MONTHS, pad2, WEEKDAYS } from "./dataset.ts";
import { createRandom, type Random } from "./random.ts";

/** One large output and what a reply to it must say. */
export interface ReplyOutput {
  /** What the output is (the row's name). */
  name: string;
  /** What the agent asks of it, when it passes an intent. */
  intent: string;
  /** The output, as the program prints it. */
  text: string;
  /** The facts a reply must hold, each a pattern. */
  facts: Record<string, RegExp>;
  /** Facts a reply to the intent must hold besides the others. @default {none} */
  intentFacts?: Record<string, RegExp>;
  /** Served on a loopback server and read with curl, not cat. @default {false} */
  served?: boolean;
}

/** A pattern that matches `text` literally. */
export function literal(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
}

/** A number as a pattern that matches it with or without thousands separators. */
export function number(n: number): RegExp {
  const plain = String(n);
  const grouped = n.toLocaleString("en-US");
  return new RegExp(`\\b(?:${plain}|${grouped.replace(/,/g, "[,  ]")})\\b`);
}

/** 5 MB of a migration script's progress: one line per row, four rows skipped, a summary. */
export function programOutput(seed = 11): ReplyOutput {
  const random = createRandom(seed);
  const rows = 84_000;
  const skipped = new Set([9_913, 31_407, 58_212, 77_650]);
  const lines = ["migrating table orders (84000 rows) to schema v7"];
  for (let id = 1; id <= rows; id++) {
    if (skipped.has(id)) {
      lines.push(
        `WARNING: row ${id} skipped: invalid shipped_at '2025-13-0${
          random.int(1, 9)
        }'`,
      );
      continue;
    }
    lines.push(
      `row ${id}: ok customer=${random.int(1000, 99999)} total=${
        random.int(1, 99999) / 100
      } checksum=${random.hex(12)}`,
    );
  }
  lines.push(
    `done: ${
      rows - skipped.size
    } rows migrated, ${skipped.size} skipped in 312.4 s`,
  );
  return {
    name: "program output, 5 MB",
    intent: "skipped rows",
    text: lines.join("\n") + "\n",
    facts: {
      "what ran": /migrating table orders/,
      "summary": /83996 rows migrated, 4 skipped/,
      ...Object.fromEntries(
        [...skipped].map((id) => [`skipped row ${id}`, number(id)]),
      ),
    },
  };
}

const AUTHORS = [
  "Dana Whitfield <dana@acme.dev>",
  "Marek Kowalski <marek@acme.dev>",
  "Priya Shah <priya@acme.dev>",
  "Takeshi Kato <tkato@acme.dev>",
  "Ada Oyelaran <ada@acme.dev>",
];
const FILES = [
  "src/ws/client.ts",
  "src/ws/reconnect.ts",
  "src/api/router.ts",
  "src/api/orders.ts",
  "src/auth/session.ts",
  "src/upload/chunker.ts",
  "docs/api.md",
  "tests/ws/client_test.ts",
  "tests/api/router_test.ts",
  "package.json",
  "CHANGELOG.md",
];
const SUBJECTS = [
  "fix(ws): retry once on ECONNRESET",
  "feat(api): add a --since flag to the export",
  "refactor(upload): move the retry policy into its own module",
  "docs: document the rate limits of the public API",
  "test(ws): cover the timeout path of the reconnect",
  "chore: update the lockfile",
  "perf(api): cache compiled routes between requests",
];

function gitDate(time: number): string {
  const d = new Date(time);
  return `${WEEKDAYS[d.getUTCDay()]} ${
    MONTHS[d.getUTCMonth()]
  } ${d.getUTCDate()} ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${
    pad2(d.getUTCSeconds())
  } ${d.getUTCFullYear()} +0000`;
}

/** The commits of a made-up history, newest first. */
export function commits(random: Random, count: number, newest: number): Array<{
  hash: string;
  author: string;
  time: number;
  subject: string;
  files: Array<{ path: string; added: number; removed: number }>;
}> {
  let time = newest;
  return Array.from({ length: count }, () => {
    time -= random.int(600, 30 * 3600) * 1000;
    // The first author writes about half the commits; src/ws/client.ts is in most of them.
    const author = random.chance(0.45) ? AUTHORS[0]! : random.pick(AUTHORS);
    const paths = new Set(
      Array.from({ length: random.int(1, 7) }, () => random.pick(FILES)),
    );
    if (random.chance(0.5)) paths.add(FILES[0]!);
    return {
      hash: random.hex(40),
      author,
      time,
      subject: random.pick(SUBJECTS),
      files: [...paths].map((path) => ({
        path,
        added: random.int(0, 120),
        removed: random.int(0, 60),
      })),
    };
  });
}

/** `git log --stat` of 150 commits, about 2,000 lines. */
export function gitLogStat(seed = 12): ReplyOutput {
  const random = createRandom(seed);
  const list = commits(random, 150, Date.UTC(2026, 10, 28, 17, 2, 9));
  const out: string[] = [];
  for (const c of list) {
    out.push(
      `commit ${c.hash}`,
      `Author: ${c.author}`,
      `Date:   ${gitDate(c.time)}`,
      "",
      `    ${c.subject}`,
      "",
      "    The previous code assumed every response carried a body, which is",
      "    not true for 204 answers from some proxies.",
      "",
    );
    const width = Math.max(...c.files.map((f) => f.path.length));
    for (const f of c.files) {
      const n = f.added + f.removed;
      out.push(
        ` ${f.path.padEnd(width)} | ${String(n).padStart(3)} ${
          "+".repeat(Math.ceil(f.added / 4))
        }${"-".repeat(Math.ceil(f.removed / 4))}`,
      );
    }
    const added = c.files.reduce((s, f) => s + f.added, 0);
    const removed = c.files.reduce((s, f) => s + f.removed, 0);
    out.push(
      ` ${c.files.length} file${
        c.files.length === 1 ? "" : "s"
      } changed, ${added} insertions(+), ${removed} deletions(-)`,
      "",
    );
  }
  const newest = list[0]!;
  const oldest = list.at(-1)!;
  const oldestDate = new Date(oldest.time);
  return {
    name: `git log --stat, ${out.length} lines`,
    intent: "changes to the websocket client",
    text: out.join("\n"),
    facts: {
      "newest commit": literal(newest.hash.slice(0, 7)),
      "newest subject": literal(newest.subject),
      "commit count": /\b150\b/,
      "oldest date": new RegExp(
        `${MONTHS[oldestDate.getUTCMonth()]} ${oldestDate.getUTCDate()}|${
          oldestDate.toISOString().slice(0, 10)
        }`,
      ),
      "top author": /Dana Whitfield/,
      "most changed file": /src\/ws\/client\.ts/,
    },
  };
}

const FAILURES = [
  {
    file: "upload/retry",
    name: "retry › gives up once the deadline has passed",
    error: "AssertionError: Values are not strictly equal.",
    detail: ["    [Diff] Actual / Expected", "", "-   3", "+   2"],
  },
  {
    file: "ws/client",
    name: "client › reconnects after the server closes",
    error: "Error: Timed out after 5000ms waiting for the open event",
    detail: [],
  },
  {
    file: "api/router",
    name: "router › returns 404 for an unknown route",
    error: "TypeError: Cannot read properties of undefined (reading 'handler')",
    detail: [],
  },
];

/** `deno test` of 30 files: 300 tests pass, 3 fail (their errors, then the summary). */
export function testRun(seed = 13): ReplyOutput {
  const random = createRandom(seed);
  const areas = [
    ...new Set([
      ...FAILURES.map((f) => f.file),
      ...FILES.filter((p) => p.startsWith("src/")).map((p) => p.slice(4, -3)),
    ]),
  ];
  while (areas.length < 30) areas.push(`lib/module_${areas.length}`);
  const lines: string[] = [];
  let passed = 0;
  for (const [index, area] of areas.entries()) {
    const file = `./tests/${area}_test.ts`;
    const failing = FAILURES.find((f) => f.file === area);
    const count = 10 + (failing ? 1 : 0);
    lines.push(`running ${count} tests from ${file}`);
    for (let t = 0; t < count; t++) {
      const ms = random.int(0, 40);
      if (failing && t === 4) {
        lines.push(`${failing.name} ... FAILED (${ms}ms)`);
        continue;
      }
      lines.push(
        `${area.split("/").at(-1)} › case ${index}.${t} ... ok (${ms}ms)`,
      );
      passed++;
    }
  }
  lines.push("", " ERRORS ", "");
  for (const f of FAILURES) {
    lines.push(
      `${f.name} => ./tests/${f.file}_test.ts:${random.int(20, 200)}:6`,
      `error: ${f.error}`,
      ...f.detail,
      "    at file:///src/app/tests/" + f.file + "_test.ts:97:5",
      "",
    );
  }
  lines.push(" FAILURES ", "");
  for (const f of FAILURES) {
    lines.push(`${f.name} => ./tests/${f.file}_test.ts`);
  }
  lines.push(
    "",
    `FAILED | ${passed} passed | ${FAILURES.length} failed (14s)`,
    "",
    "error: Test failed",
  );
  return {
    name: `test run, ${passed} passed and ${FAILURES.length} failed`,
    intent: "failing tests",
    text: lines.join("\n") + "\n",
    facts: {
      ...Object.fromEntries(FAILURES.flatMap((f, i) => [
        [`failure ${i + 1} name`, literal(f.name)],
        [`failure ${i + 1} error`, literal(f.error.slice(0, 40))],
      ])),
      "summary": new RegExp(`${passed} passed.*${FAILURES.length} failed`),
    },
  };
}

/** `find . -type f` of a JavaScript monorepo with its node_modules: 10,649 files. */
export function fileListing(seed = 14): ReplyOutput {
  const random = createRandom(seed);
  const paths: string[] = [];
  const extensions = [".js", ".js", ".js", ".d.ts", ".json", ".md", ".map"];
  for (let p = 0; paths.length < 9_800; p++) {
    const pkg = `${random.pick(["", "@babel/", "@types/", "@esbuild/"])}pkg-${
      p.toString(36)
    }`;
    const files = random.int(3, 40);
    for (let f = 0; f < files && paths.length < 9_800; f++) {
      const dir = random.pick(["", "lib/", "dist/", "src/"]);
      paths.push(
        `./node_modules/${pkg}/${dir}file_${f}${random.pick(extensions)}`,
      );
    }
  }
  for (const pkg of ["api", "web", "shared", "cli"]) {
    for (let f = 0; f < 180; f++) {
      const dir = random.pick(["src", "src/lib", "tests", "src/routes"]);
      paths.push(`./packages/${pkg}/${dir}/module_${f}.ts`);
    }
  }
  for (let f = 0; f < 120; f++) paths.push(`./docs/guide/page_${f}.md`);
  paths.push(
    ...Array.from(
      { length: 10_649 - paths.length - 4 },
      (_, i) => `./scripts/task_${i}.sh`,
    ),
    "./package.json",
    "./README.md",
    "./tsconfig.json",
    "./.gitignore",
  );
  const top = (prefix: string) =>
    paths.filter((path) => path.startsWith(prefix)).length;
  return {
    name: `file listing, ${paths.length.toLocaleString("en-US")} files`,
    intent: "typescript sources of the packages",
    text: paths.join("\n") + "\n",
    facts: {
      "file count": number(paths.length),
      "node_modules": /node_modules/,
      "packages count": new RegExp(
        `packages\\S*\\D{0,40}${top("./packages/")}\\b|\\b${
          top("./packages/")
        }\\D{0,20}packages`,
      ),
      "docs": /docs/,
      "package names": /packages\/(?:api|web|shared|cli)/,
    },
  };
}
