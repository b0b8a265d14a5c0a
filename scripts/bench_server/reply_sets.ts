/**
 * The sets of outputs of the reply benchmark (`deno task bench replies`):
 * the outputs the digests were tuned on, the held-out ones (other formats of
 * each kind), a fresh held-out set (other tools again), a third one (tools
 * none of the others holds), a fourth, a fifth and a sixth one, each a table. The outputs live
 * in the `reply_*.ts` modules; this one gathers them.
 *
 * @module
 */

import { accessLog } from "./access_log.ts";
import { htmlPage } from "./html_page.ts";
import { issuesJson } from "./issues_json.ts";
import {
  diskUsage,
  jiraSearch,
  journal,
  npmAudit,
  sphinxPage,
} from "./reply_fresh_data.ts";
import {
  dockerBuild,
  eslintRun,
  goTestRun,
  mavenRun,
  terraformPlan,
} from "./reply_fresh_runs.ts";
import { heldOutOutputs } from "./reply_held_out.ts";
import {
  ec2Instances,
  releaseNotesPage,
  rsyncListing,
} from "./reply_unseen_data.ts";
import {
  gitDiffStat,
  kubectlPods,
  postgresLog,
} from "./reply_holdout4_data.ts";
import {
  cppMake,
  pipResolver,
  systemctlStatus,
} from "./reply_holdout4_runs.ts";
import { cargoBuild, dotnetTest, nginxErrorLog } from "./reply_unseen_runs.ts";
import {
  docsSitePage,
  elasticSearch,
  jsonLinesLog,
  markdownChangelog,
  tarListing,
} from "./reply_holdout5_data.ts";
import { gradleBuild, npmEresolve, rspecRun } from "./reply_holdout5_runs.ts";
import {
  graphqlIssues,
  kubectlDescribe,
  mongoExport,
  phpunitRun,
  rcloneCopy,
  readmePage,
  tscRun,
  unzipListing,
} from "./reply_holdout6.ts";
import {
  fileListing,
  gitLogStat,
  literal,
  number,
  programOutput,
  type ReplyOutput,
  testRun,
} from "./reply_outputs.ts";

function accessLogCase(): ReplyOutput {
  const text = accessLog(1, 10_000).text;
  const lines = text.trimEnd().split("\n");
  const stamp = (line: string) => line.match(/\[([^\]]+)\]/)![1]!.slice(0, 20);
  const count = (status: string) =>
    lines.filter((line) => line.includes(`" ${status} `)).length;
  return {
    name: "access log, 10,000 lines",
    intent: "server errors",
    text,
    facts: {
      "first timestamp": literal(stamp(lines[0]!)),
      "last timestamp": literal(stamp(lines.at(-1)!)),
      "5xx count": number(count("500") + count("502")),
      "checkout errors": /\/api\/checkout/,
    },
  };
}

function issuesCase(): ReplyOutput {
  const text = issuesJson().text;
  const issues = JSON.parse(text) as Array<{ number: number; title: string }>;
  return {
    name: `JSON (GitHub issues), ${Math.round(text.length / 1024)} KB`,
    intent: "open bugs",
    text,
    facts: {
      "item count": /\b20\b/,
      "first title": literal(issues[0]!.title),
      "last title": literal(issues.at(-1)!.title),
      "fields": /\btitle\b[\s\S]*\bstate\b|\bstate\b[\s\S]*\btitle\b/,
    },
  };
}

function tunedCases(): ReplyOutput[] {
  return [
    programOutput(),
    accessLogCase(),
    gitLogStat(),
    testRun(),
    fileListing(),
    issuesCase(),
    {
      name: "HTML page, 60 KB, curl",
      intent: "retry options",
      text: htmlPage().text,
      served: true,
      facts: {
        title: /Client options/,
        "outline: Connection": /Connection/,
        "outline: Retries": /Retr/,
      },
      intentFacts: { "retry.maxDelay default": /27500/ },
    },
  ];
}

/**
 * The second held-out set: tools and formats neither other set holds,
 * written after the first held-out set was reported and before the views
 * were changed for it (the honest figure of the latest change).
 */
function freshCases(): ReplyOutput[] {
  return [
    goTestRun(),
    mavenRun(),
    eslintRun(),
    terraformPlan(),
    dockerBuild(),
    journal(),
    npmAudit(),
    jiraSearch(),
    sphinxPage(),
    diskUsage(),
  ];
}

/**
 * The third held-out set: one output of each kind (a build, a test run, a
 * log, a listing, JSON, HTML with curl) from tools no other set holds,
 * written with its facts before the views were run on it.
 */
function unseenCases(): ReplyOutput[] {
  return [
    cargoBuild(),
    dotnetTest(),
    nginxErrorLog(),
    rsyncListing(),
    ec2Instances(),
    releaseNotesPage(),
  ];
}

/**
 * The fourth held-out set: six outputs of tools no other set holds (a C++
 * build, a resolver failure, a unit's status, pods as JSON, a database log,
 * a large diff's stat), written with their facts before the views ran on it.
 */
function holdout4Cases(): ReplyOutput[] {
  return [
    cppMake(),
    pipResolver(),
    systemctlStatus(),
    kubectlPods(),
    postgresLog(),
    gitDiffStat(),
  ];
}

/**
 * The fifth held-out set: eight outputs of tools no other set holds (an
 * RSpec run, an npm peer conflict, a Gradle build, a JSON-lines log, a tar
 * listing, an Elasticsearch response, a Markdown changelog, a docs site's
 * page), written with their facts before the views ran on it and committed
 * before the views were changed for the weak classes of the others.
 */
function holdout5Cases(): ReplyOutput[] {
  return [
    rspecRun(),
    npmEresolve(),
    gradleBuild(),
    jsonLinesLog(),
    tarListing(),
    elasticSearch(),
    markdownChangelog(),
    docsSitePage(),
  ];
}

/**
 * The sixth held-out set: eight outputs of tools no other set holds (a
 * PHPUnit run, TypeScript's compiler, an rclone copy, an unzip listing, a
 * GraphQL response, a MongoDB export, a pod's description, a README),
 * written with their facts after the views were changed for the fifth set's
 * misses and committed before any view ran on them.
 */
function holdout6Cases(): ReplyOutput[] {
  return [
    phpunitRun(),
    tscRun(),
    rcloneCopy(),
    unzipListing(),
    graphqlIssues(),
    mongoExport(),
    kubectlDescribe(),
    readmePage(),
  ];
}

/** A table of the reply benchmark: a title and its outputs. */
export interface ReplySet {
  /** The table's title. */
  title: string;
  /** Its outputs. */
  cases: ReplyOutput[];
}

/** Every set of the reply benchmark, the tuned one first, in the order they were written. */
export function replySets(): ReplySet[] {
  return [
    {
      title: "ctx_execute replies, outputs the digests are tuned on",
      cases: tunedCases(),
    },
    {
      title: "ctx_execute replies, held-out outputs (not tuned on)",
      cases: heldOutOutputs(),
    },
    {
      title: "ctx_execute replies, fresh held-out outputs (not tuned on)",
      cases: freshCases(),
    },
    {
      title:
        "ctx_execute replies, third held-out set (facts written before the views ran on it)",
      cases: unseenCases(),
    },
    {
      title:
        "ctx_execute replies, fourth held-out set (facts written before the views ran on it)",
      cases: holdout4Cases(),
    },
    {
      title:
        "ctx_execute replies, fifth held-out set (facts written before the views ran on it)",
      cases: holdout5Cases(),
    },
    {
      title:
        "ctx_execute replies, sixth held-out set (facts written before the views ran on it)",
      cases: holdout6Cases(),
    },
  ];
}
