/**
 * The fresh held-out outputs of the reply benchmark, part two: a journal,
 * JSON of nested records (`npm audit --json`, a Jira search), a Sphinx page
 * and a `du -a` listing, each with the facts an agent needs next (the
 * failure and its time, the critical package, the blocked issue, the
 * biggest folder). Written before the views were changed for them, and never
 * tuned on.
 *
 * @module
 */

import { pad2 } from "./dataset.ts";
import { createRandom } from "./random.ts";
import { literal, number, type ReplyOutput } from "./reply_outputs.ts";

/** `journalctl -u api` over a day: 9,000 lines, the service killed for memory three times. */
export function journal(seed = 41): ReplyOutput {
  const random = createRandom(seed);
  let time = Date.UTC(2026, 11, 1, 6, 0, 1);
  const stamp = () => {
    const d = new Date(time);
    return `Dec ${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${
      pad2(d.getUTCMinutes())
    }:${pad2(d.getUTCSeconds())}`;
  };
  const lines = [
    `${stamp()} web-3 systemd[1]: Starting api.service - Shop API...`,
  ];
  let pid = 2211;
  let restarts = 0;
  for (let i = 0; i < 9_000; i++) {
    time += random.int(1, 9) * 1000;
    if (i === 2_400 || i === 5_100 || i === 7_900) {
      restarts++;
      lines.push(
        `${stamp()} web-3 kernel: Out of memory: Killed process ${pid} (node) total-vm:4012332kB, anon-rss:1948120kB, file-rss:0kB`,
        `${stamp()} web-3 systemd[1]: api.service: Main process exited, code=killed, status=9/KILL`,
        `${stamp()} web-3 systemd[1]: api.service: Failed with result 'oom-kill'.`,
        `${stamp()} web-3 systemd[1]: api.service: Scheduled restart job, restart counter is at ${restarts}.`,
        `${stamp()} web-3 systemd[1]: Started api.service - Shop API.`,
      );
      pid += random.int(100, 900);
      continue;
    }
    lines.push(
      `${stamp()} web-3 api[${pid}]: ${
        random.pick([
          `GET /api/cart 200 ${random.int(2, 90)}ms`,
          `POST /api/orders 201 ${random.int(20, 300)}ms`,
          `GET /api/products?page=${random.int(1, 40)} 200 ${
            random.int(5, 120)
          }ms`,
          `heap used ${random.int(300, 1900)} MB`,
        ])
      }`,
    );
  }
  return {
    name: "journal (journalctl -u api), 9,000 lines",
    intent: "why the service restarted",
    text: lines.join("\n") + "\n",
    facts: {
      "first timestamp": literal(lines[0]!.slice(0, 15)),
      "last timestamp": literal(lines.at(-1)!.slice(0, 15)),
      "oom kill": /Out of memory: Killed process/,
      "result": /oom-kill/,
      "restarts":
        /restart counter is at 3\b|\b3 (?:times|restarts)|×3\b|\(×3\)/,
    },
  };
}

/** `npm audit --json` (report version 2): 23 vulnerable packages, one critical. */
export function npmAudit(seed = 42): ReplyOutput {
  const random = createRandom(seed);
  const severities = { info: 0, low: 6, moderate: 11, high: 5, critical: 1 };
  const vulnerabilities: Record<string, unknown> = {};
  const order = [
    ...Array(6).fill("low"),
    ...Array(11).fill("moderate"),
    ...Array(5).fill("high"),
  ] as string[];
  order.splice(9, 0, "critical");
  for (const [i, severity] of order.entries()) {
    const name = severity === "critical"
      ? "vm2"
      : `${random.pick(["semver", "tough", "word", "json", "path", "glob"])}-${
        random.pick(["cookie", "wrap", "parse", "to-regexp", "match"])
      }-${i}`;
    const title = severity === "critical"
      ? "vm2 Sandbox Escape vulnerability"
      : random.pick([
        "Regular Expression Denial of Service",
        "Prototype Pollution",
        "Inefficient Regular Expression Complexity",
      ]);
    vulnerabilities[name] = {
      name,
      severity,
      isDirect: i % 4 === 0,
      via: [{
        source: 1_090_000 + i,
        name,
        dependency: name,
        title,
        url: `https://github.com/advisories/GHSA-${random.hex(4)}-${
          random.hex(4)
        }-${random.hex(4)}`,
        severity,
        cwe: [`CWE-${random.int(20, 1400)}`],
        cvss: {
          score: severity === "critical" ? 9.8 : random.int(30, 75) / 10,
          vectorString: "CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H",
        },
        range: `<${random.int(1, 9)}.${random.int(0, 20)}.${random.int(0, 9)}`,
      }],
      effects: Array.from(
        { length: random.int(0, 3) },
        (_, e) => `dependent-${i}-${e}`,
      ),
      range: `<${random.int(1, 9)}.${random.int(0, 20)}.0`,
      nodes: [`node_modules/${name}`],
      fixAvailable: severity === "critical"
        ? false
        : { name, version: `${random.int(1, 9)}.0.0`, isSemVerMajor: false },
    };
  }
  const total = order.length;
  const text = JSON.stringify(
    {
      auditReportVersion: 2,
      vulnerabilities,
      metadata: {
        vulnerabilities: { ...severities, total },
        dependencies: {
          prod: 412,
          dev: 1_104,
          optional: 31,
          peer: 4,
          peerOptional: 0,
          total: 1_520,
        },
      },
    },
    null,
    2,
  );
  return {
    name: `JSON (npm audit), ${total} vulnerable packages`,
    intent: "critical vulnerabilities",
    text,
    facts: {
      "total": number(total),
      "critical package": /\bvm2\b/,
      "critical title": /Sandbox Escape/,
      "high count": /high\W{1,4}5\b/,
    },
  };
}

/** A Jira search response: 50 issues with nested status and priority objects, one blocked. */
export function jiraSearch(seed = 43): ReplyOutput {
  const random = createRandom(seed);
  const person = () => {
    const name = random.pick([
      "Ana Ruiz",
      "Kofi Mensah",
      "Li Wei",
      "Sam Ortiz",
    ]);
    return {
      self: `https://acme.atlassian.net/rest/api/2/user?accountId=${
        random.hex(24)
      }`,
      accountId: random.hex(24),
      displayName: name,
      active: true,
      timeZone: "Europe/Berlin",
      avatarUrls: {
        "48x48": `https://avatar.example.com/${random.hex(16)}.png`,
      },
    };
  };
  const status = (name: string, key: string, color: string) => ({
    self: `https://acme.atlassian.net/rest/api/2/status/${random.int(1, 9)}`,
    description: "",
    iconUrl: "https://acme.atlassian.net/images/icons/statuses/generic.png",
    name,
    id: String(random.int(1, 9)),
    statusCategory: { id: random.int(2, 4), key, colorName: color, name },
  });
  const issues = Array.from({ length: 50 }, (_, i) => {
    const id = 10_400 + i;
    const blocked = i === 31;
    return {
      expand: "operations,versionedRepresentations,editmeta,changelog",
      id: String(id),
      self: `https://acme.atlassian.net/rest/api/2/issue/${id}`,
      key: `SHOP-${1_200 + i}`,
      fields: {
        summary: blocked
          ? "Checkout fails for saved cards after the 3-D Secure change"
          : `${random.pick(["Cart", "Search", "Invoice", "Login"])} ${
            random.pick([
              "shows stale totals",
              "slow on mobile",
              "copy update",
              "adds tracking",
            ])
          } (${i})`,
        issuetype: {
          name: random.pick(["Bug", "Story", "Task"]),
          subtask: false,
        },
        status: blocked
          ? status("Blocked", "indeterminate", "yellow")
          : random.chance(0.5)
          ? status("Done", "done", "green")
          : status("In Progress", "indeterminate", "yellow"),
        priority: {
          name: blocked ? "Blocker" : random.pick(["Major", "Minor"]),
        },
        assignee: person(),
        reporter: person(),
        labels: [random.pick(["web", "api", "payments"])],
        created: `2026-11-${pad2(random.int(1, 28))}T09:12:44.000+0100`,
        updated: `2026-12-01T${pad2(random.int(8, 17))}:00:00.000+0100`,
        description: `As a customer I want ${
          "the page to behave as described in the attached notes. ".repeat(
            random.int(2, 6),
          )
        }`,
      },
    };
  });
  const text = JSON.stringify({
    expand: "schema,names",
    startAt: 0,
    maxResults: 50,
    total: 50,
    issues,
  });
  return {
    name: `JSON (Jira search), 50 issues, ${Math.round(text.length / 1024)} KB`,
    intent: "blocked issues",
    text,
    facts: {
      "issue count": /\b50\b/,
      "first issue": literal(issues[0]!.key),
      "blocked issue": literal(issues[31]!.key),
      "Blocked status": /\bBlocked\b/,
      "blocked summary": /Checkout fails for saved cards/,
    },
  };
}

/** A Sphinx (Read the Docs theme) API page: a long toctree sidebar, headerlinks, `dl.py` signatures. */
export function sphinxPage(seed = 44): ReplyOutput {
  const random = createRandom(seed);
  const nav = Array.from(
    { length: 160 },
    (_, i) =>
      `<li class="toctree-l${
        1 + (i % 3)
      }"><a class="reference internal" href="../${
        ["user", "api", "dev"][i % 3]
      }/page${i}.html">${
        random.pick(["Quickstart", "Advanced", "Adapters", "Hooks", "Auth"])
      } ${i}</a></li>`,
  ).join("\n");
  const fn = (name: string, params: string, text: string) =>
    `<dl class="py function">\n<dt class="sig sig-object py" id="pkgfetch.${name}"><span class="sig-prename descclassname"><span class="pre">pkgfetch.</span></span><span class="sig-name descname"><span class="pre">${name}</span></span><span class="sig-paren">(</span>${params}<span class="sig-paren">)</span><a class="headerlink" href="#pkgfetch.${name}" title="Link to this definition">¶</a></dt>\n<dd><p>${text}</p>\n</dd></dl>`;
  const sections: string[] = [];
  for (
    const [title, fns] of [
      ["Main interface", ["request", "get", "post", "head"]],
      ["Sessions", ["Session", "session_from_env"]],
      ["Timeouts and retries", ["Timeout", "Retry"]],
      ["Exceptions", ["FetchError", "TooManyRedirects"]],
    ] as const
  ) {
    const id = title.toLowerCase().replace(/\W+/g, "-");
    sections.push(
      `<section id="${id}">\n<h2>${title}<a class="headerlink" href="#${id}" title="Link to this heading">¶</a></h2>`,
    );
    for (const name of fns) {
      const text = name === "Timeout"
        ? "How long to wait. <em>connect</em> defaults to <code>3.05</code> seconds and <em>read</em> to <code>27</code> seconds; pass <code>None</code> to wait forever."
        : `${name} does what its name says. ${
          "It accepts the same keyword arguments as the main interface. "
            .repeat(
              random.int(3, 8),
            )
        }`;
      sections.push(
        fn(
          name,
          `<em class="sig-param"><span class="n"><span class="pre">url</span></span></em>, <em class="sig-param"><span class="o"><span class="pre">**</span></span><span class="n"><span class="pre">kwargs</span></span></em>`,
          text,
        ),
      );
    }
    sections.push("</section>");
  }
  const text = `<!DOCTYPE html>
<html class="writer-html5" lang="en">
<head>
<meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1.0" />
<title>Developer Interface &mdash; pkgfetch 3.4.1 documentation</title>
<link rel="stylesheet" href="../_static/css/theme.css" type="text/css" />
<script src="../_static/documentation_options.js?v=5929fcd5"></script>
<script src="../_static/doctools.js?v=888ff710"></script>
<script>${
    "var DOCUMENTATION_OPTIONS={URL_ROOT:'../',VERSION:'3.4.1'};".repeat(40)
  }</script>
</head>
<body class="wy-body-for-nav">
<div class="wy-grid-for-nav">
<nav data-toggle="wy-nav-shift" class="wy-nav-side"><div class="wy-side-scroll">
<div role="search"><form id="rtd-search-form" action="../search.html" method="get"><input type="text" name="q" placeholder="Search docs" /></form></div>
<div class="wy-menu wy-menu-vertical" role="navigation" aria-label="Navigation menu"><ul class="current">
${nav}
</ul></div></div></nav>
<section data-toggle="wy-nav-shift" class="wy-nav-content-wrap">
<div class="wy-nav-content"><div class="rst-content">
<div role="navigation" aria-label="Page navigation"><ul class="wy-breadcrumbs"><li><a href="../index.html">Docs</a> &raquo;</li><li>Developer Interface</li></ul></div>
<div role="main" class="document"><div itemprop="articleBody">
<section id="developer-interface">
<h1>Developer Interface<a class="headerlink" href="#developer-interface" title="Link to this heading">¶</a></h1>
<p>This part of the documentation covers all the interfaces of pkgfetch.</p>
${sections.join("\n")}
</section>
</div></div>
<footer><p>&#169; Copyright 2026, the pkgfetch authors.</p>Built with <a href="https://www.sphinx-doc.org/">Sphinx</a> using a theme provided by Read the Docs.</footer>
</div></div></section></div>
</body></html>
`;
  return {
    name: `HTML page (Sphinx), ${Math.round(text.length / 1024)} KB, curl`,
    intent: "read timeout default",
    served: true,
    text,
    facts: {
      title: /Developer Interface/,
      "outline: Sessions": /Sessions/,
      "outline: Exceptions": /Exceptions/,
      "function": /pkgfetch\.request|\brequest\(/,
    },
    intentFacts: { "read timeout": /\b27\b/ },
  };
}

/** `du -a .` of a web project (KiB, children before their folder): node_modules holds most of it. */
export function diskUsage(seed = 45): ReplyOutput {
  const random = createRandom(seed);
  const out: string[] = [];
  const folder = (path: string, files: number, size: () => number) => {
    let sum = 0;
    for (let f = 0; f < files; f++) {
      const kib = size();
      sum += kib;
      out.push(
        `${kib}\t${path}/${
          random.pick(["index", "util", "types", "main"])
        }${f}.${random.pick(["js", "ts", "json", "map"])}`,
      );
    }
    out.push(`${sum}\t${path}`);
    return sum;
  };
  let nodeModules = 0;
  for (let p = 0; p < 180; p++) {
    nodeModules += folder(
      `./node_modules/pkg-${p}`,
      random.int(3, 30),
      () => random.int(4, 60),
    );
  }
  const bigFile = 48_212;
  out.push(
    `${bigFile}\t./node_modules/@next/swc-linux-x64-gnu/next-swc.linux-x64-gnu.node`,
  );
  nodeModules += bigFile;
  out.push(`${nodeModules}\t./node_modules`);
  const src = folder("./src", 140, () => random.int(4, 24));
  const dist = folder("./dist", 60, () => random.int(8, 400));
  const docs = folder("./docs", 40, () => random.int(4, 16));
  out.push("8\t./package.json", "620\t./package-lock.json");
  const total = nodeModules + src + dist + docs + 628;
  out.push(`${total}\t.`);
  return {
    name: `disk usage (du -a), ${out.length.toLocaleString("en-US")} lines`,
    intent: "what takes the space",
    text: out.join("\n") + "\n",
    facts: {
      "total": number(total),
      "node_modules size": new RegExp(
        `${
          number(nodeModules).source
        }[^\\n]{0,40}node_modules|node_modules[^\\n]{0,40}${
          number(nodeModules).source
        }`,
      ),
      "biggest file": /next-swc\.linux-x64-gnu\.node/,
      "dist": /\bdist\b/,
    },
  };
}
