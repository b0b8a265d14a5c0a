/**
 * A GitHub-style "list repository issues" response: 20 issue objects with
 * users, labels, reactions and Markdown bodies.
 *
 * @module
 */

import type { Dataset } from "./dataset.ts";
import { createRandom, type Random } from "./random.ts";

const REPO = "acme/widget";
const API = `https://api.github.com/repos/${REPO}`;

const TITLES = [
  "Dark mode toggle resets after page reload",
  "CLI crashes with ENOENT when the config file is a symlink",
  "Add --json output to `widget status`",
  "Docs: the proxy example uses a removed option",
  "Memory grows without bound when watching 10k files",
  "Upload retries hang forever when the server answers 503 with Retry-After",
  "Support HTTP/2 for the dev server",
  "Typo in the error message for invalid port numbers",
  "Windows: paths with spaces break the build step",
  "Feature request: per-project cache directory",
  "Flaky test: scheduler › runs jobs in priority order",
  "Deprecation warning from the punycode module on Node 22",
  "Locale-aware number formatting in reports",
  "Plugin hooks run twice after a hot reload",
  "Bump the minimum supported Node version to 18",
  "Incorrect exit code when a plugin throws during startup",
  "Allow disabling telemetry with an environment variable",
  "Sourcemaps point to the wrong line after minification",
  "Progress bar flickers in narrow terminals",
  "Improve the error when two plugins register the same command",
];

const LOGINS = [
  "octo-dana",
  "mkowalski",
  "priya-sh",
  "jbrenner",
  "lucia-fm",
  "tkato",
  "oyelaran",
  "sven-h",
  "renata-vz",
  "cwu-dev",
];

const LABELS = [
  { name: "bug", color: "d73a4a", description: "Something isn't working" },
  {
    name: "enhancement",
    color: "a2eeef",
    description: "New feature or request",
  },
  {
    name: "documentation",
    color: "0075ca",
    description: "Improvements or additions to documentation",
  },
  {
    name: "good first issue",
    color: "7057ff",
    description: "Good for newcomers",
  },
  { name: "needs triage", color: "ededed", description: "" },
  { name: "windows", color: "bfdadc", description: "Windows-specific" },
];

const SENTENCES = [
  "I can reproduce this on a clean checkout of the main branch.",
  "It started after upgrading from 3.8.2 to 3.9.0.",
  "The same setup works fine on macOS, only Linux CI is affected.",
  "Happy to open a PR if someone points me at the right module.",
  "Setting the log level to debug shows nothing unusual before it happens.",
  "This blocks our release, so any workaround would be appreciated.",
  "The docs do not mention this behaviour anywhere.",
  "Downgrading fixes it, so it looks like a regression.",
  "It only happens when more than one worker is configured.",
  "We run this in a container with a read-only root filesystem.",
];

function user(random: Random, login: string) {
  const id = random.int(100_000, 9_999_999);
  const url = `https://api.github.com/users/${login}`;
  return {
    login,
    id,
    "node_id": `MDQ6VXNlc${random.hex(8)}`,
    "avatar_url": `https://avatars.githubusercontent.com/u/${id}?v=4`,
    "gravatar_id": "",
    url,
    "html_url": `https://github.com/${login}`,
    "followers_url": `${url}/followers`,
    "following_url": `${url}/following{/other_user}`,
    "gists_url": `${url}/gists{/gist_id}`,
    "starred_url": `${url}/starred{/owner}{/repo}`,
    "subscriptions_url": `${url}/subscriptions`,
    "organizations_url": `${url}/orgs`,
    "repos_url": `${url}/repos`,
    "events_url": `${url}/events{/privacy}`,
    "received_events_url": `${url}/received_events`,
    type: "User",
    "user_view_type": "public",
    "site_admin": false,
  };
}

function body(random: Random, title: string): string {
  const prose = (n: number) =>
    Array.from({ length: n }, () => random.pick(SENTENCES)).join(" ");
  return [
    "### Describe the bug",
    "",
    `${title}. ${prose(random.int(2, 4))}`,
    "",
    "### Steps to reproduce",
    "",
    "1. `npm create widget@latest demo`",
    `2. Add \`"workers": ${random.int(2, 8)}\` to \`widget.config.json\``,
    "3. Run `npx widget build --watch`",
    "",
    "### Expected behaviour",
    "",
    prose(random.int(1, 2)),
    "",
    "### Environment",
    "",
    "```",
    `widget: 3.9.${random.int(0, 4)}`,
    `node: v${random.pick(["18.19.1", "20.11.1", "22.2.0"])}`,
    `os: ${random.pick(["Ubuntu 22.04", "macOS 14.3", "Windows 11"])}`,
    "```",
  ].join("\n");
}

function reactions(random: Random, url: string) {
  const plusOne = random.int(0, 12);
  const heart = random.int(0, 3);
  const eyes = random.int(0, 2);
  return {
    url: `${url}/reactions`,
    "total_count": plusOne + heart + eyes,
    "+1": plusOne,
    "-1": 0,
    laugh: 0,
    hooray: 0,
    confused: 0,
    heart,
    rocket: 0,
    eyes,
  };
}

/**
 * The response body (pretty-printed, as `gh api` shows it) and the title of
 * issue #17.
 *
 * @param seed The random seed.
 * @returns The JSON text and the answer: the title of issue #17.
 */
export function issuesJson(seed = 2): Dataset {
  const random = createRandom(seed);
  const issues = TITLES.map((title, i) => {
    const number = 24 - i;
    const author = user(random, random.pick(LOGINS));
    const created = Date.UTC(2025, 1, 1) + number * 86_400_000 * 1.7;
    const labels = [
      random.pick(LABELS),
      ...(random.chance(0.4) ? [LABELS[4]!] : []),
    ];
    const url = `${API}/issues/${number}`;
    const open = random.chance(0.75);
    return {
      url,
      "repository_url": API,
      "labels_url": `${url}/labels{/name}`,
      "comments_url": `${url}/comments`,
      "events_url": `${url}/events`,
      "html_url": `https://github.com/${REPO}/issues/${number}`,
      id: 2_100_000_000 + random.int(0, 99_999_999),
      "node_id": `I_kwDOJ${random.hex(10)}`,
      number,
      title,
      user: author,
      labels: [...new Set(labels)].map((label) => ({
        id: random.int(1_000_000_000, 9_999_999_999),
        "node_id": `LA_kwDOJ${random.hex(12)}`,
        url: `${API}/labels/${encodeURIComponent(label.name)}`,
        name: label.name,
        color: label.color,
        default: label.name === "bug" || label.name === "enhancement",
        description: label.description,
      })),
      state: open ? "open" : "closed",
      locked: false,
      assignee: null,
      assignees: [],
      milestone: null,
      comments: random.int(0, 14),
      "created_at": new Date(created).toISOString().replace(/\.\d+Z$/, "Z"),
      "updated_at": new Date(created + random.int(1, 90) * 3_600_000)
        .toISOString().replace(/\.\d+Z$/, "Z"),
      "closed_at": open ? null : new Date(created + 5 * 86_400_000)
        .toISOString().replace(/\.\d+Z$/, "Z"),
      "author_association": random.pick(["NONE", "CONTRIBUTOR", "MEMBER"]),
      "active_lock_reason": null,
      body: body(random, title),
      "closed_by": null,
      reactions: reactions(random, url),
      "timeline_url": `${url}/timeline`,
      "performed_via_github_app": null,
      "state_reason": open ? null : "completed",
    };
  });
  const wanted = issues.find((issue) => issue.number === 17)!;
  return {
    text: JSON.stringify(issues, null, 2),
    answer: [wanted.title],
    summary: `#17 "${wanted.title}"`,
  };
}
