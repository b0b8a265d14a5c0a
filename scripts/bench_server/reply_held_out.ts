/**
 * The held-out outputs of the reply benchmark: one of each kind in a shape
 * the digests were not tuned on (an application log, a training loop,
 * `git log --numstat`, pytest, `git ls-files`, a Kubernetes pod list, a plain
 * documentation page), reported apart from the tuned ones.
 *
 * @module
 */

import { docsPage } from "./docs_page.ts";
import { pad2 } from "./dataset.ts";
import { createRandom } from "./random.ts";
import { commits, literal, number, type ReplyOutput } from "./reply_outputs.ts";

/** A Java service's logback log: 12,000 lines, two kinds of errors. */
function applicationLog(seed = 21): ReplyOutput {
  const random = createRandom(seed);
  let time = Date.UTC(2026, 5, 3, 8, 0, 0);
  const stamp = () => {
    const d = new Date(time);
    return `${d.toISOString().slice(0, 10)} ${pad2(d.getUTCHours())}:${
      pad2(d.getUTCMinutes())
    }:${pad2(d.getUTCSeconds())}.${
      String(d.getUTCMilliseconds()).padStart(3, "0")
    }`;
  };
  const lines: string[] = [];
  let timeouts = 0;
  for (let i = 0; i < 12_000; i++) {
    time += random.int(5, 900);
    const thread = `[http-nio-8080-exec-${random.int(1, 12)}]`;
    if (random.chance(0.012)) {
      timeouts++;
      lines.push(
        `${stamp()} ERROR ${thread} c.a.payment.GatewayClient - Payment gateway timed out after 3000 ms (order ${
          random.int(10000, 99999)
        })`,
      );
    } else if (i === 7_777) {
      lines.push(
        `${stamp()} ERROR ${thread} c.a.db.Pool - Connection pool exhausted: 50 of 50 in use`,
      );
    } else if (random.chance(0.05)) {
      lines.push(
        `${stamp()} WARN  ${thread} c.a.cache.Redis - slow reply: ${
          random.int(200, 900)
        } ms for GET cart:${random.int(1, 9999)}`,
      );
    } else {
      lines.push(
        `${stamp()} INFO  ${thread} c.a.web.RequestLog - ${
          random.pick(["GET", "POST"])
        } /api/${random.pick(["cart", "orders", "users"])} 200 ${
          random.int(2, 80)
        } ms`,
      );
    }
  }
  return {
    name: "application log (logback), 12,000 lines",
    intent: "errors",
    text: lines.join("\n") + "\n",
    facts: {
      "first timestamp": literal(lines[0]!.slice(0, 16)),
      "last timestamp": literal(lines.at(-1)!.slice(0, 16)),
      "timeout error": /Payment gateway timed out/,
      "timeout count": number(timeouts),
      "pool exhausted": /Connection pool exhausted/,
    },
  };
}

/** A training loop's progress: 2 MB of steps, one NaN warning, the best epoch. */
function trainingOutput(seed = 22): ReplyOutput {
  const random = createRandom(seed);
  const lines = [
    "Training resnet50 on imagenet-subset: 40 epochs, 600 steps each",
  ];
  for (let epoch = 1; epoch <= 40; epoch++) {
    for (let step = 50; step <= 600; step += 1) {
      lines.push(
        `epoch ${epoch}/40 step ${step}/600 loss=${
          (3 / epoch + random.next() * 0.2).toFixed(4)
        } lr=${(0.1 / epoch).toFixed(5)}`,
      );
      if (epoch === 17 && step === 333) {
        lines.push("warning: loss is nan at epoch 17 step 333, skipping batch");
      }
    }
    lines.push(`epoch ${epoch} val_acc=${(0.5 + epoch / 90).toFixed(4)}`);
  }
  lines.push(
    "best val_acc=0.9444 at epoch 40; checkpoint saved to runs/best.pt",
  );
  return {
    name: "program output (training loop), 2 MB",
    intent: "warnings and the best epoch",
    text: lines.join("\n") + "\n",
    facts: {
      "what ran": /Training resnet50/,
      "nan warning": /loss is nan at epoch 17/,
      "best epoch": /best val_acc=0\.9444/,
    },
  };
}

/** `git log --numstat` of 120 commits. */
function gitLogNumstat(seed = 23): ReplyOutput {
  const random = createRandom(seed);
  const list = commits(random, 120, Date.UTC(2026, 9, 2, 9, 30, 0));
  const out: string[] = [];
  for (const c of list) {
    out.push(
      `commit ${c.hash}`,
      `Author: ${c.author}`,
      `Date:   ${new Date(c.time).toUTCString()}`,
      "",
      `    ${c.subject}`,
      "",
      ...c.files.map((f) => `${f.added}\t${f.removed}\t${f.path}`),
      "",
    );
  }
  return {
    name: `git log --numstat, ${out.length} lines`,
    intent: "changes to the websocket client",
    text: out.join("\n"),
    facts: {
      "newest commit": literal(list[0]!.hash.slice(0, 7)),
      "newest subject": literal(list[0]!.subject),
      "commit count": /\b120\b/,
      "top author": /Dana Whitfield/,
      "most changed file": /src\/ws\/client\.ts/,
    },
  };
}

/** `pytest -v`: 300 passed, 3 failed. */
function pytestRun(seed = 24): ReplyOutput {
  const random = createRandom(seed);
  const failing = [
    ["tests/test_billing.py::test_invoice_rounding", "assert 10.01 == 10.0"],
    [
      "tests/test_api.py::test_rate_limit_headers",
      "KeyError: 'X-RateLimit-Remaining'",
    ],
    [
      "tests/test_jobs.py::TestQueue::test_retry_backoff",
      "AssertionError: expected 3 retries, got 5",
    ],
  ] as const;
  const lines = [
    "============================= test session starts ==============================",
    "platform linux -- Python 3.12.4, pytest-8.3.2, pluggy-1.5.0 -- /usr/bin/python3",
    "rootdir: /srv/app",
    "collected 303 items",
    "",
  ];
  let n = 0;
  for (let i = 0; i < 303; i++) {
    const fail = failing[[57, 160, 251].indexOf(i)];
    const id = fail?.[0] ??
      `tests/test_${
        random.pick(["models", "views", "utils", "forms"])
      }.py::test_case_${i}`;
    n++;
    lines.push(
      `${id} ${fail ? "FAILED" : "PASSED"}${" ".repeat(8)}[${
        String(Math.floor((n / 303) * 100)).padStart(3)
      }%]`,
    );
  }
  lines.push(
    "",
    "=================================== FAILURES ===================================",
  );
  for (const [id, error] of failing) {
    const name = id.split("::").at(-1)!;
    lines.push(
      `_________________________________ ${name} _________________________________`,
      "",
      `    def ${name}():`,
      "        result = compute()",
      `>       ${error.startsWith("assert ") ? error : "assert check(result)"}`,
      `E       ${error}`,
      "",
      `${id.split("::")[0]}:${random.int(10, 90)}: ${error.split(":")[0]}`,
    );
  }
  lines.push(
    "=========================== short test summary info ============================",
    ...failing.map(([id, error]) => `FAILED ${id} - ${error}`),
    "======================== 3 failed, 300 passed in 41.27s ========================",
  );
  return {
    name: "test run (pytest -v), 300 passed and 3 failed",
    intent: "failing tests",
    text: lines.join("\n") + "\n",
    facts: {
      ...Object.fromEntries(failing.flatMap(([id, error], i) => [
        [`failure ${i + 1} name`, literal(id.split("::").at(-1)!)],
        [`failure ${i + 1} error`, literal(error)],
      ])),
      "summary": /3 failed, 300 passed/,
    },
  };
}

/** `git ls-files` of a Python monorepo: 6,200 files. */
function gitLsFiles(seed = 25): ReplyOutput {
  const random = createRandom(seed);
  const paths: string[] = [];
  for (const service of ["billing", "search", "gateway", "notifier"]) {
    for (let f = 0; f < 1_300; f++) {
      const dir = random.pick(["", "models/", "api/", "tests/", "migrations/"]);
      paths.push(
        `services/${service}/${dir}file_${f}${
          random.pick([".py", ".py", ".sql", ".yaml"])
        }`,
      );
    }
  }
  for (let f = 0; f < 996; f++) paths.push(`vendor/lib_${f % 40}/mod_${f}.py`);
  paths.push(...Array.from({ length: 200 }, (_, i) => `docs/page_${i}.rst`));
  paths.push(
    "pyproject.toml",
    "README.rst",
    "Makefile",
    ".github/workflows/ci.yml",
  );
  return {
    name: `file listing (git ls-files), ${
      paths.length.toLocaleString("en-US")
    } files`,
    intent: "database migrations",
    text: paths.join("\n") + "\n",
    facts: {
      "file count": number(paths.length),
      "services": /services/,
      "vendor": /vendor/,
      "service names": /services\/(?:billing|search|gateway|notifier)/,
    },
  };
}

/** `kubectl get pods -o json`: 40 pods, one crash-looping. */
function podsJson(seed = 26): ReplyOutput {
  const random = createRandom(seed);
  const items = Array.from({ length: 40 }, (_, i) => {
    const name = `${random.pick(["api", "worker", "web", "cron"])}-${
      random.hex(9)
    }-${random.hex(5)}`;
    const crash = i === 23;
    return {
      apiVersion: "v1",
      kind: "Pod",
      metadata: {
        name,
        namespace: "shop",
        uid: `${random.hex(8)}-${random.hex(4)}-${random.hex(4)}-${
          random.hex(12)
        }`,
        labels: { app: name.split("-")[0], "pod-template-hash": random.hex(9) },
        creationTimestamp: "2026-11-30T10:12:44Z",
      },
      spec: {
        containers: [{
          name: name.split("-")[0],
          image: `registry.example.com/shop/${name.split("-")[0]}:1.${
            random.int(0, 40)
          }.0`,
          resources: { limits: { cpu: "500m", memory: "512Mi" } },
        }],
        nodeName: `node-${random.int(1, 6)}`,
      },
      status: {
        phase: crash ? "Running" : "Running",
        containerStatuses: [{
          name: name.split("-")[0],
          ready: !crash,
          restartCount: crash ? 37 : 0,
          state: crash
            ? {
              waiting: {
                reason: "CrashLoopBackOff",
                message: "back-off 5m0s restarting failed container",
              },
            }
            : { running: { startedAt: "2026-11-30T10:13:02Z" } },
        }],
        podIP: `10.42.${random.int(0, 9)}.${random.int(2, 250)}`,
      },
    };
  });
  const crashing = items[23]!.metadata.name;
  return {
    name: "JSON (kubectl get pods), 40 pods",
    intent: "pods that are not ready",
    text: JSON.stringify(
      {
        apiVersion: "v1",
        kind: "List",
        items,
        metadata: { resourceVersion: "" },
      },
      null,
      4,
    ),
    facts: {
      "pod count": /\b40\b/,
      "crashing pod": literal(crashing),
      "CrashLoopBackOff": /CrashLoopBackOff/,
      "fields": /metadata/,
    },
  };
}

/** The configuration reference as a plain HTML page (no navigation chrome). */
function plainHtmlPage(): ReplyOutput {
  const markdown = docsPage().text;
  const escape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
  const body: string[] = [];
  let code = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) {
      body.push(code ? "</code></pre>" : "<pre><code>");
      code = !code;
    } else if (code) body.push(escape(line));
    else if (/^#{1,3} /.test(line)) {
      const level = line.indexOf(" ");
      body.push(
        `<h${level}>${
          escape(line.slice(level + 1)).replace(/`([^`]+)`/g, "<code>$1</code>")
        }</h${level}>`,
      );
    } else if (line.startsWith("- ")) {
      body.push(`<li>${escape(line.slice(2))}</li>`);
    } else if (line !== "") body.push(`<p>${escape(line)}</p>`);
  }
  return {
    name: "HTML page (plain reference)",
    intent: "cache directory",
    served: true,
    text:
      `<!DOCTYPE html>\n<html><head><title>Configuration reference · Widget</title></head><body>\n${
        body.join("\n")
      }\n</body></html>\n`,
    facts: {
      title: /Configuration reference/,
      "outline: Precedence": /Precedence/,
      "outline: Troubleshooting": /Troubleshooting/,
    },
    intentFacts: { "cache directory variable": /WIDGET_CACHE_DIR/ },
  };
}

/** The held-out outputs, one per kind. */
export function heldOutOutputs(): ReplyOutput[] {
  return [
    trainingOutput(),
    applicationLog(),
    gitLogNumstat(),
    pytestRun(),
    gitLsFiles(),
    podsJson(),
    plainHtmlPage(),
  ];
}
