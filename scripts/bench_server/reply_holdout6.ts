/**
 * The sixth held-out set of the reply benchmark: eight outputs of tools no
 * other set holds (a PHPUnit run, TypeScript's compiler, an rclone copy, an
 * unzip listing, a GraphQL response, a MongoDB export, `kubectl describe
 * pod`, a README), written with their facts after the views were changed for
 * the fifth set's misses and before any view ran on them: the honest figure
 * of those changes.
 *
 * @module
 */

import { pad2 } from "./dataset.ts";
import { createRandom } from "./random.ts";
import { literal, number, type ReplyOutput } from "./reply_outputs.ts";

/** `vendor/bin/phpunit`: progress dots, then two failures and a summary. */
export function phpunitRun(seed = 91): ReplyOutput {
  const random = createRandom(seed);
  const lines = [
    "PHPUnit 11.4.3 by Sebastian Bergmann and contributors.",
    "",
    "Runtime:       PHP 8.3.9",
    "Configuration: /app/phpunit.xml",
    "",
  ];
  let row = "";
  for (let i = 1; i <= 1260; i++) {
    row += i === 433 || i === 1018 ? "F" : random.int(0, 90) === 0 ? "S" : ".";
    if (row.length === 63) {
      lines.push(
        `${row} ${String(i).padStart(4)} / 1260 (${
          String(Math.floor(i * 100 / 1260)).padStart(3)
        }%)`,
      );
      row = "";
    }
  }
  lines.push(
    "",
    "Time: 00:41.207, Memory: 96.50 MB",
    "",
    "There were 2 failures:",
    "",
    "1) Tests\\Billing\\InvoiceTotalsTest::testRoundsHalfUpToTheCent",
    "Failed asserting that 10.04 matches expected 10.05.",
    "",
    "/app/tests/Billing/InvoiceTotalsTest.php:88",
    "",
    "2) Tests\\Auth\\SessionTest::testExpiredSessionIsRejected",
    "Failed asserting that true is false.",
    "",
    "/app/tests/Auth/SessionTest.php:142",
    "",
    "FAILURES!",
    "Tests: 1260, Assertions: 4811, Failures: 2, Skipped: 14.",
  );
  return {
    name: `test run (phpunit), ${lines.length} lines, 2 failures`,
    intent: "failing tests",
    text: lines.join("\n") + "\n",
    facts: {
      "failure 1 name": literal("testRoundsHalfUpToTheCent"),
      "failure 1 message": literal("10.04 matches expected 10.05"),
      "failure 2 name": literal("testExpiredSessionIsRejected"),
      "failure 2 place": literal("SessionTest.php:142"),
      "summary": literal("Failures: 2"),
    },
  };
}

/** `tsc --noEmit` on a large project: three errors among many files' diagnostics. */
export function tscRun(seed = 92): ReplyOutput {
  const random = createRandom(seed);
  const lines: string[] = [];
  const folders = ["components", "pages", "lib", "hooks", "store"];
  for (let i = 0; i < 380; i++) {
    const folder = random.pick(folders);
    lines.push(
      `src/${folder}/Widget${pad2(i % 90)}.tsx(${random.int(3, 300)},${
        random.int(1, 40)
      }): message TS6133: 'props${i}' is declared but its value is never read.`,
    );
    if (i === 120) {
      lines.push(
        "src/store/cartSlice.ts(57,9): error TS2322: Type 'string | undefined' is not assignable to type 'string'.",
      );
    }
    if (i === 301) {
      lines.push(
        "src/lib/currency.ts(12,24): error TS2339: Property 'toFixedPoint' does not exist on type 'number'.",
        "src/pages/Checkout.tsx(210,15): error TS2345: Argument of type 'Order' is not assignable to parameter of type 'Draft'.",
      );
    }
  }
  lines.push("", "Found 3 errors in 3 files.", "");
  lines.push("Errors  Files");
  lines.push("     1  src/lib/currency.ts:12");
  lines.push("     1  src/pages/Checkout.tsx:210");
  lines.push("     1  src/store/cartSlice.ts:57");
  return {
    name: `tsc --noEmit, ${lines.length} lines, 3 errors`,
    intent: "type errors",
    text: lines.join("\n") + "\n",
    facts: {
      "first error": literal("TS2322"),
      "first error place": literal("cartSlice.ts(57,9)"),
      "second error": literal("toFixedPoint"),
      "third error place": literal("Checkout.tsx(210,15)"),
      "summary": literal("Found 3 errors in 3 files"),
    },
  };
}

/** `rclone copy -v`: one line per file, two failed, then the transfer stats. */
export function rcloneCopy(seed = 93): ReplyOutput {
  const random = createRandom(seed);
  const lines: string[] = [];
  const start = Date.UTC(2026, 10, 30, 22, 0, 0);
  for (let i = 0; i < 3200; i++) {
    const at = new Date(start + i * 700).toISOString().replace("T", " ")
      .slice(0, 19).replaceAll("-", "/");
    const file = `photos/${2020 + (i % 6)}/${pad2(1 + (i % 12))}/IMG_${
      String(4000 + i).padStart(5, "0")
    }.jpg`;
    if (i === 1444) {
      lines.push(
        `${at} ERROR : ${file}: Failed to copy: googleapi: Error 403: The user's Drive storage quota has been exceeded., storageQuotaExceeded`,
      );
    } else if (i === 2890) {
      lines.push(
        `${at} ERROR : ${file}: Failed to copy: read tcp 10.0.0.4:51234->142.250.1.95:443: read: connection reset by peer`,
      );
    } else {
      lines.push(`${at} INFO  : ${file}: Copied (new)`);
    }
    if (i % 800 === 799) {
      lines.push(
        `${at} INFO  : `,
        `Transferred:   \t${(i * 3.1 / 1024).toFixed(3)} GiB / 9.846 GiB, ${
          Math.floor(i * 100 / 3200)
        }%, ${random.int(20, 40)}.1 MiB/s, ETA ${random.int(1, 9)}m`,
      );
    }
  }
  lines.push(
    "Transferred:   \t    9.839 GiB / 9.839 GiB, 100%, 31.4 MiB/s, ETA 0s",
    "Errors:                 2 (retrying may help)",
    "Checks:               118 / 118, 100%",
    "Transferred:         3198 / 3200, 100%",
    "Elapsed time:      5m21.4s",
    "2026/11/30 22:37:20 Failed to copy with 2 errors: last error was: read tcp 10.0.0.4:51234->142.250.1.95:443: read: connection reset by peer",
  );
  return {
    name: `rclone copy -v, ${lines.length} lines, 2 failed files`,
    intent: "which files failed",
    text: lines.join("\n") + "\n",
    facts: {
      "error count": /Errors:\s+2\b/,
      "quota error": literal("storageQuotaExceeded"),
      "quota file": literal("IMG_05444.jpg"),
      "files transferred": literal("3198 / 3200"),
      "elapsed": literal("5m21.4s"),
    },
  };
}

/** `unzip -l`: a header, one row per entry, a total line. */
export function unzipListing(seed = 94): ReplyOutput {
  const random = createRandom(seed);
  const lines = [
    "Archive:  release-2026.12.zip",
    "  Length      Date    Time    Name",
    "---------  ---------- -----   ----",
  ];
  let total = 0;
  let biggest = { size: 0, path: "" };
  const folders = ["app/bin", "app/lib", "app/share/locale", "app/models"];
  for (let i = 0; i < 3000; i++) {
    const folder = i === 2222 ? "app/models" : random.pick(folders.slice(0, 3));
    const size = i === 2222 ? 734_003_200 : random.int(200, 900_000);
    const path = i === 2222
      ? "app/models/encoder-large.onnx"
      : `${folder}/part-${String(i).padStart(4, "0")}.${
        random.pick(["so", "js", "mo", "json"])
      }`;
    total += size;
    if (size > biggest.size) biggest = { size, path };
    lines.push(
      `${String(size).padStart(9)}  2026-12-0${1 + (i % 3)} ${pad2(i % 24)}:${
        pad2(i % 60)
      }   ${path}`,
    );
  }
  lines.push(
    "---------                     -------",
    `${String(total).padStart(9)}                     3000 files`,
  );
  return {
    name: "unzip -l listing, 3,000 entries",
    intent: "largest files",
    text: lines.join("\n") + "\n",
    facts: {
      "file count": literal("3000 files"),
      "total size": number(total),
      "biggest file": literal(biggest.path),
      "models folder": literal("app/models"),
    },
  };
}

/** A GraphQL response: a connection with its total, its page info and the nodes. */
export function graphqlIssues(seed = 95): ReplyOutput {
  const random = createRandom(seed);
  const nodes = Array.from({ length: 100 }, (_, i) => ({
    number: 5100 + i,
    title: `${random.pick(["Crash on", "Slow", "Wrong total in", "Typo in"])} ${
      random.pick(["export", "login", "search", "billing"])
    } view`,
    state: i === 63 ? "CLOSED" : "OPEN",
    stateReason: i === 63 ? "NOT_PLANNED" : null,
    author: { login: `dev${random.int(1, 40)}` },
    labels: {
      nodes: [{ name: random.pick(["bug", "ui", "perf", "docs"]) }],
    },
    createdAt: `2026-${pad2(1 + (i % 11))}-${pad2(1 + (i % 27))}T10:00:00Z`,
  }));
  const text = JSON.stringify(
    {
      data: {
        repository: {
          nameWithOwner: "acme/shop",
          issues: {
            totalCount: 1873,
            pageInfo: { hasNextPage: true, endCursor: "Y3Vyc29yOnYyOpHOAAE" },
            nodes,
          },
        },
      },
    },
    null,
    2,
  );
  return {
    name: `JSON (GraphQL issues), ${Math.round(text.length / 1024)} KB`,
    intent: "closed issues",
    text,
    facts: {
      "total count": number(1873),
      "next page": /hasNextPage[^,\n]*true|endCursor/,
      "closed issue": literal("5163"),
      "closed reason": literal("NOT_PLANNED"),
      "first title": literal(nodes[0]!.title),
    },
  };
}

/** `mongoexport --jsonArray`: documents with `$oid` ids, one failed payment. */
export function mongoExport(seed = 96): ReplyOutput {
  const random = createRandom(seed);
  const docs = Array.from({ length: 240 }, (_, i) => ({
    _id: { $oid: `6750${random.hex(20)}` },
    orderNo: `SO-${88_000 + i}`,
    status: i === 171 ? "payment_failed" : random.pick(["paid", "shipped"]),
    total: {
      $numberDecimal: `${random.int(5, 900)}.${pad2(random.int(0, 99))}`,
    },
    customer: {
      email: `buyer${i}@example.com`,
      country: random.pick(["DE", "FR", "US"]),
    },
    ...(i === 171
      ? {
        failure: {
          code: "card_expired",
          at: { $date: "2026-11-29T17:03:11Z" },
        },
      }
      : {}),
  }));
  const text = JSON.stringify(docs);
  return {
    name: `JSON (mongoexport), ${docs.length} documents`,
    intent: "failed payments",
    text,
    facts: {
      "document count": /\b240\b/,
      "failed order": literal("SO-88171"),
      "failure code": literal("card_expired"),
      "status values": /paid[\s\S]*shipped|shipped[\s\S]*paid/,
    },
  };
}

/** `kubectl describe pod`: the spec, the container's last state, and events at the end. */
export function kubectlDescribe(seed = 97): ReplyOutput {
  const random = createRandom(seed);
  const lines = [
    "Name:             ingest-7d9c6b5f4-x2k8q",
    "Namespace:        data",
    "Priority:         0",
    "Node:             pool-b-3/10.40.3.17",
    "Start Time:       Mon, 30 Nov 2026 21:14:03 +0000",
    "Labels:           app=ingest",
    "Status:           Running",
    "IP:               10.244.7.31",
    "Containers:",
    "  ingest:",
    "    Image:          registry.acme.io/ingest:4.2.1",
    "    State:          Waiting",
    "      Reason:       CrashLoopBackOff",
    "    Last State:     Terminated",
    "      Reason:       OOMKilled",
    "      Exit Code:    137",
    "      Started:      Tue, 01 Dec 2026 08:40:12 +0000",
    "      Finished:     Tue, 01 Dec 2026 08:41:55 +0000",
    "    Ready:          False",
    "    Restart Count:  23",
    "    Limits:",
    "      memory:  512Mi",
    "    Environment:",
  ];
  for (let i = 0; i < 160; i++) {
    lines.push(`      INGEST_OPT_${i}:  ${random.hex(12)}`);
  }
  lines.push("    Mounts:");
  for (let i = 0; i < 40; i++) {
    lines.push(`      /etc/ingest/conf-${i} from conf-${i} (ro)`);
  }
  lines.push(
    "Events:",
    "  Type     Reason     Age                   From     Message",
    "  ----     ------     ----                  ----     -------",
    '  Normal   Pulled     14m (x24 over 11h)    kubelet  Container image "registry.acme.io/ingest:4.2.1" already present on machine',
    "  Warning  BackOff    2m31s (x301 over 11h) kubelet  Back-off restarting failed container ingest in pod ingest-7d9c6b5f4-x2k8q_data",
  );
  return {
    name: `kubectl describe pod, ${lines.length} lines, crash loop`,
    intent: "why it restarts",
    text: lines.join("\n") + "\n",
    facts: {
      "waiting reason": literal("CrashLoopBackOff"),
      "last state": literal("OOMKilled"),
      "exit code": /Exit Code:\s+137/,
      "restarts": /Restart Count:\s+23/,
      "back-off event": literal("Back-off restarting failed container"),
    },
  };
}

/** A project's README: sections, the first with sub-sections that matter. */
export function readmePage(seed = 98): ReplyOutput {
  const random = createRandom(seed);
  const parts = [
    "# Tessellate",
    "",
    "Tessellate turns GeoJSON into vector tiles.",
    "",
    "## Getting started",
    "",
    "Install it, then point it at a file.",
    "",
    "### Requirements",
    "",
    "GDAL 3.8 or later and 4 GB of memory.",
    "",
    "### Upgrading from 1.x",
    "",
    "The `--zoom` flag is now `--max-zoom`; tiles from 1.x must be rebuilt.",
    "",
  ];
  const words = [
    "tiles",
    "layers",
    "styles",
    "caching",
    "projections",
    "clipping",
  ];
  for (let i = 0; i < 36; i++) {
    parts.push(`## ${random.pick(words)} ${i}`, "");
    for (let p = 0; p < 6; p++) {
      parts.push(
        `Paragraph ${p} about ${random.pick(words)}: ${
          Array.from({ length: 40 }, () => random.pick(words)).join(" ")
        }.`,
        "",
      );
    }
    parts.push(`### Options of ${i}`, "", "`--flag` does a thing.", "");
  }
  return {
    name: `Markdown README, ${parts.length} lines`,
    intent: "how to upgrade",
    text: parts.join("\n"),
    facts: {
      "title": literal("Tessellate"),
      "outline: Requirements": literal("Requirements"),
      "outline: Upgrading": literal("Upgrading from 1.x"),
    },
    intentFacts: { "renamed flag": literal("--max-zoom") },
  };
}
