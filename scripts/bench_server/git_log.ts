/**
 * `git log` output of 150 commits (the default format: hash, author, date,
 * indented message with body and trailers), one of which fixed a memory leak
 * in the WebSocket reconnect logic.
 *
 * @module
 */

import { type Dataset, MONTHS, pad2, WEEKDAYS } from "./dataset.ts";
import { createRandom, type Random } from "./random.ts";

const AUTHORS = [
  "Dana Whitfield <dana@acme.dev>",
  "Marek Kowalski <marek.kowalski@acme.dev>",
  "Priya Shah <priya@acme.dev>",
  "Jonas Brenner <jonas.brenner@acme.dev>",
  "Lucía Fernández <lucia.f@acme.dev>",
  "Takeshi Kato <tkato@acme.dev>",
  "Ada Oyelaran <ada.oyelaran@acme.dev>",
  "Sven Halvorsen <sven@acme.dev>",
  "dependabot[bot] <49699333+dependabot[bot]@users.noreply.github.com>",
];

const SCOPES = [
  "api",
  "cli",
  "ws",
  "upload",
  "auth",
  "scheduler",
  "ui",
  "db",
  "config",
  "docs",
];
const VERBS: Record<string, string[]> = {
  fix: [
    "handle empty responses from the token endpoint",
    "keep the cursor position after a resize",
    "stop double-encoding query parameters",
    "close the file handle when the parse fails",
    "respect NO_COLOR in the progress output",
    "avoid a crash when the config has a BOM",
    "retry once on ECONNRESET",
  ],
  feat: [
    "add a --since flag to the export command",
    "support reconnecting with exponential backoff",
    "show the queue length in the status bar",
    "allow per-project overrides of the cache directory",
    "stream large downloads instead of buffering them",
  ],
  refactor: [
    "split the router into one module per resource",
    "move the retry policy into its own module",
    "replace the hand-written parser with the shared tokenizer",
  ],
  docs: [
    "document the rate limits of the public API",
    "fix broken links in the contributing guide",
  ],
  test: [
    "cover the timeout path of the uploader",
    "make the scheduler tests deterministic",
  ],
  chore: [
    "bump typescript to 5.4",
    "update the lockfile",
    "tidy the CI matrix",
  ],
  perf: [
    "cache compiled templates between requests",
    "avoid re-reading the manifest on every build",
  ],
};

const BODY = [
  "The previous implementation assumed the response always carried a body,",
  "which is not true for 204 answers from some proxies.",
  "This keeps the behaviour behind the existing flag so nothing changes",
  "for users who did not opt in.",
  "Measured on the benchmark fixture this saves about a third of the time",
  "spent in the hot path.",
  "No user-facing change; the public API stays the same.",
  "The old code path is kept for one release and logs a deprecation",
  "warning when it is taken.",
];

function date(random: Random, time: number): string {
  const offset = random.pick([0, 60, 120, -300]);
  const local = new Date(time + offset * 60_000);
  const sign = offset < 0 ? "-" : "+";
  const zone = `${sign}${pad2(Math.floor(Math.abs(offset) / 60))}${
    pad2(Math.abs(offset) % 60)
  }`;
  return `${WEEKDAYS[local.getUTCDay()]} ${
    MONTHS[local.getUTCMonth()]
  } ${local.getUTCDate()} ${pad2(local.getUTCHours())}:${
    pad2(local.getUTCMinutes())
  }:${pad2(local.getUTCSeconds())} ${local.getUTCFullYear()} ${zone}`;
}

function indent(lines: readonly string[]): string {
  return lines.map((line) => (line === "" ? "" : `    ${line}`)).join("\n");
}

/**
 * The log, newest first, and the hash and author of the commit that fixed the
 * reconnect memory leak.
 *
 * @param seed The random seed.
 * @returns The log text and the answer: the short hash and the author's name.
 */
export function gitLog(seed = 4): Dataset {
  const random = createRandom(seed);
  const needleIndex = 97;
  let time = Date.UTC(2025, 2, 14, 16, 40, 12);
  const commits: string[] = [];
  let answer: string[] = [];
  let summary = "";
  for (let i = 0; i < 150; i++) {
    time -= random.int(600, 60 * 3600) * 1000;
    const hash = random.hex(40);
    const merge = i % 9 === 4;
    let author = random.pick(AUTHORS);
    let message: string[];
    if (i === needleIndex) {
      author = AUTHORS[5]!;
      message = [
        "fix(ws): release listeners on reconnect to stop a memory leak",
        "",
        "Every reconnect registered a new set of message and close listeners",
        "on the shared emitter without removing the old ones, so long-lived",
        "sessions grew by a few hundred KB per reconnect. Keep one listener set",
        "per socket and drop it in the close handler.",
        "",
        "Fixes #731",
      ];
      answer = [hash.slice(0, 7), author.split(" <")[0]!];
      summary = `${hash.slice(0, 7)} by ${author.split(" <")[0]}`;
    } else if (merge) {
      const pr = 600 + i * 3;
      message = [
        `Merge pull request #${pr} from acme/${random.pick(SCOPES)}-${
          random.hex(4)
        }`,
        "",
        random.pick(VERBS.feat!),
      ];
    } else if (author.startsWith("dependabot")) {
      const pkg = random.pick(["undici", "esbuild", "zod", "vitest", "ws"]);
      message = [
        `chore(deps): bump ${pkg} from 1.${random.int(1, 9)}.${
          random.int(0, 9)
        } to 1.${random.int(10, 19)}.0`,
        "",
        `Bumps [${pkg}](https://github.com/example/${pkg}) from 1.x to 1.${
          random.int(10, 19)
        }.0.`,
        `- [Release notes](https://github.com/example/${pkg}/releases)`,
        `- [Commits](https://github.com/example/${pkg}/compare/v1.0.0...v1.${
          random.int(10, 19)
        }.0)`,
        "",
        "Signed-off-by: dependabot[bot] <support@github.com>",
      ];
    } else {
      const type = random.pick(Object.keys(VERBS));
      const subject = `${type}(${random.pick(SCOPES)}): ${
        random.pick(VERBS[type]!)
      }`;
      const start = random.int(0, BODY.length - 4);
      const body = random.chance(0.7)
        ? ["", ...BODY.slice(start, start + random.int(2, 4))]
        : [];
      const trailer = [
        ...(random.chance(0.4) ? [`Refs #${random.int(300, 720)}`] : []),
        ...(random.chance(0.15)
          ? [`Co-authored-by: ${random.pick(AUTHORS.slice(0, 8))}`]
          : []),
      ];
      if (trailer.length > 0) trailer.unshift("");
      message = [subject, ...body, ...trailer];
    }
    const header = [
      `commit ${hash}`,
      ...(merge && i !== needleIndex
        ? [`Merge: ${random.hex(7)} ${random.hex(7)}`]
        : []),
      `Author: ${author}`,
      `Date:   ${date(random, time)}`,
    ];
    commits.push(`${header.join("\n")}\n\n${indent(message)}\n`);
  }
  return { text: commits.join("\n"), answer, summary };
}
