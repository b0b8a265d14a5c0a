/**
 * A fourth held-out set of the reply benchmark, part two: `kubectl get pods
 * -o json` with one pod in CrashLoopBackOff, a PostgreSQL server log with a
 * deadlock and a failed authentication, and `git diff --stat` of a large
 * change. Written, facts included, before the views were run on them.
 *
 * @module
 */

import { pad2 } from "./dataset.ts";
import { createRandom } from "./random.ts";
import { literal, number, type ReplyOutput } from "./reply_outputs.ts";

/** `kubectl get pods -o json`: 40 pods, one in CrashLoopBackOff with 17 restarts, one Pending. */
export function kubectlPods(seed = 64): ReplyOutput {
  const random = createRandom(seed);
  const apps = ["api", "web", "worker", "cron", "search"];
  const items = [];
  for (let i = 0; i < 40; i++) {
    const app = i === 23 ? "payments" : random.pick(apps);
    const name = `${app}-${random.hex(10)}-${random.hex(5)}`;
    const crash = i === 23;
    const pending = i === 31;
    items.push({
      apiVersion: "v1",
      kind: "Pod",
      metadata: {
        name,
        namespace: "shop",
        labels: { app, "pod-template-hash": random.hex(10) },
        creationTimestamp: `2026-12-01T0${random.int(0, 9)}:${
          pad2(random.int(0, 59))
        }:00Z`,
      },
      spec: {
        nodeName: pending ? undefined : `node-${random.int(1, 6)}`,
        containers: [{
          name: app,
          image: `registry.example.com/shop/${app}:1.${random.int(0, 40)}.0`,
          resources: { limits: { memory: "512Mi", cpu: "500m" } },
        }],
      },
      status: {
        phase: pending ? "Pending" : "Running",
        ...(pending
          ? {
            conditions: [{
              type: "PodScheduled",
              status: "False",
              reason: "Unschedulable",
              message:
                "0/6 nodes are available: 6 Insufficient memory. preemption: 0/6 nodes are available",
            }],
          }
          : {}),
        podIP: pending ? undefined : `10.42.${random.int(0, 9)}.${i + 10}`,
        containerStatuses: pending ? undefined : [{
          name: app,
          ready: !crash,
          restartCount: crash ? 17 : random.int(0, 1),
          state: crash
            ? {
              waiting: {
                reason: "CrashLoopBackOff",
                message:
                  `back-off 5m0s restarting failed container=${app} pod=${name}`,
              },
            }
            : { running: { startedAt: "2026-12-01T10:00:00Z" } },
          ...(crash
            ? {
              lastState: {
                terminated: {
                  exitCode: 137,
                  reason: "OOMKilled",
                  finishedAt: "2026-12-01T11:52:10Z",
                },
              },
            }
            : {}),
        }],
      },
    });
  }
  const text = JSON.stringify(
    {
      apiVersion: "v1",
      kind: "List",
      items,
      metadata: { resourceVersion: "" },
    },
    null,
    4,
  );
  const crashing = items[23]!.metadata.name;
  return {
    name: `JSON (kubectl get pods), ${Math.round(text.length / 1024)} KB`,
    intent: "pods that are not healthy",
    text: text + "\n",
    facts: {
      "pod count": /\b40\b/,
      "crashing pod": literal(crashing),
      "crash reason": literal("CrashLoopBackOff"),
      "pending pod": literal(items[31]!.metadata.name),
    },
    intentFacts: { "last exit": /OOMKilled|137/ },
  };
}

/** PostgreSQL's server log: 6,000 lines of statements and checkpoints, a deadlock, a failed login, a FATAL. */
export function postgresLog(seed = 65): ReplyOutput {
  const random = createRandom(seed);
  let time = Date.UTC(2026, 11, 1, 6, 0, 0);
  const stamp = () => {
    const d = new Date(time);
    return `2026-12-01 ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())}:${
      pad2(d.getUTCSeconds())
    }.${String(d.getUTCMilliseconds()).padStart(3, "0")} UTC`;
  };
  const lines: string[] = [];
  let slow = 0;
  for (let i = 0; i < 6_000; i++) {
    time += random.int(50, 9_000);
    const pid = 3000 + random.int(0, 60);
    const head = `${stamp()} [${pid}] app@shop`;
    if (i === 2_150) {
      lines.push(
        `${head} ERROR:  deadlock detected`,
        `${head} DETAIL:  Process ${pid} waits for ShareLock on transaction 8812231; blocked by process 3117.`,
        `\tProcess 3117 waits for ShareLock on transaction 8812229; blocked by process ${pid}.`,
        `${head} HINT:  See server log for query details.`,
        `${head} STATEMENT:  UPDATE stock SET qty = qty - 1 WHERE sku = 'B-2231'`,
      );
    } else if (i === 4_020) {
      lines.push(
        `${stamp()} [${pid}] report@shop FATAL:  password authentication failed for user "report"`,
        `${stamp()} [${pid}] report@shop DETAIL:  Connection matched file "/etc/postgresql/16/main/pg_hba.conf" line 98: "host all all 10.0.0.0/8 scram-sha-256"`,
      );
    } else if (i === 5_500) {
      lines.push(
        `${stamp()} [${pid}] app@shop ERROR:  duplicate key value violates unique constraint "orders_pkey"`,
        `${stamp()} [${pid}] app@shop DETAIL:  Key (id)=(771204) already exists.`,
      );
    } else if (i % 300 === 0) {
      lines.push(
        `${stamp()} [27] LOG:  checkpoint complete: wrote ${
          random.int(100, 4000)
        } buffers (${random.int(1, 20)}.${
          random.int(0, 9)
        }%); 0 WAL file(s) added, 0 removed, 1 recycled`,
      );
    } else if (random.next() < 0.04) {
      slow++;
      lines.push(
        `${head} LOG:  duration: ${random.int(1000, 9000)}.${
          random.int(100, 999)
        } ms  statement: SELECT * FROM orders WHERE customer_id = ${
          random.int(1, 99999)
        } ORDER BY created_at DESC`,
      );
    } else {
      lines.push(
        `${head} LOG:  connection authorized: user=app database=shop application_name=api-${
          random.int(1, 9)
        }`,
      );
    }
  }
  return {
    name: "PostgreSQL log, 6,000 lines",
    intent: "database errors",
    text: lines.join("\n") + "\n",
    facts: {
      "first timestamp": literal(lines[0]!.slice(0, 23)),
      "last timestamp": literal(lines.at(-1)!.slice(0, 23)),
      "deadlock": literal("deadlock detected"),
      "auth failure": literal(
        'password authentication failed for user "report"',
      ),
      "duplicate key": literal("orders_pkey"),
    },
    intentFacts: { "slow statement count": number(slow) },
  };
}

/** `git diff --stat main...feature` of a large change: 1,400 files, a summary line. */
export function gitDiffStat(seed = 66): ReplyOutput {
  const random = createRandom(seed);
  const lines: string[] = [];
  let insertions = 0;
  let deletions = 0;
  const top = ["packages/ui", "packages/api", "packages/core", "docs", "tools"];
  for (let i = 0; i < 1_400; i++) {
    const big = i === 777;
    const add = big ? 12_480 : random.int(0, 60);
    const del = big ? 0 : random.int(0, 40);
    insertions += add;
    deletions += del;
    const path = big
      ? "packages/api/src/generated/schema.graphql.ts"
      : `${random.pick(top)}/src/${
        random.pick(["lib", "components", "hooks"])
      }/${random.hex(6)}_${i}.ts`;
    const bar = "+".repeat(Math.min(40, Math.ceil(add / 4))) +
      "-".repeat(Math.min(30, Math.ceil(del / 4)));
    lines.push(` ${path.padEnd(68)} | ${String(add + del).padStart(5)} ${bar}`);
  }
  lines.push(
    ` 1400 files changed, ${insertions} insertions(+), ${deletions} deletions(-)`,
  );
  return {
    name: `git diff --stat, ${lines.length} lines`,
    intent: "the largest changes",
    text: lines.join("\n") + "\n",
    facts: {
      "summary": literal(`1400 files changed, ${insertions} insertions(+)`),
      "deletions": literal(`${deletions} deletions(-)`),
      "largest file": literal("packages/api/src/generated/schema.graphql.ts"),
    },
  };
}
