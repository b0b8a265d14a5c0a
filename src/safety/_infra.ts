/**
 * The ask-first tier: commands that wipe infrastructure or data outside the
 * machine, or publish a release, which an agent should run only once the user
 * has said yes — `terraform destroy`, `kubectl delete namespace`,
 * `docker system prune`, `DROP DATABASE` through a database client,
 * `redis-cli FLUSHALL`, `aws s3 rm --recursive`, `gcloud … delete`,
 * `gh repo delete`, `npm publish`, `git push --tags`. Each is an ask with its
 * own rule id (switchable off like any rule); where the agent cannot ask,
 * the reason says how the user runs it by hand.
 *
 * Pure: looks at the words and the literal text piped in; never runs anything.
 *
 * @module
 */

import { ask, type Invocation, type Verdict } from "./_context.ts";

/** Database clients whose code comes from `-c`/`-e`, an operand or stdin. */
const SQL_CLIENTS = new Set([
  "psql",
  "mysql",
  "mariadb",
  "sqlite3",
  "duckdb",
  "clickhouse-client",
  "cockroach",
]);

/** SQL that throws data away: a drop, a truncate, a delete without WHERE. */
const DESTRUCTIVE_SQL =
  /\b(?:drop\s+(?:database|schema|table|keyspace)|truncate\s+(?:table\s+)?\w|delete\s+from\s+[\w."`]+\s*(?:;|$))/i;

/** Package publishers: program, the words before the publish, and the flags that make it a rehearsal. */
const PUBLISHERS: [string, string[]][] = [
  ["npm", ["publish"]],
  ["pnpm", ["publish"]],
  ["yarn", ["publish"]],
  ["yarn", ["npm", "publish"]],
  ["bun", ["publish"]],
  ["cargo", ["publish"]],
  ["deno", ["publish"]],
  ["gem", ["push"]],
  ["poetry", ["publish"]],
  ["uv", ["publish"]],
  ["twine", ["upload"]],
  ["flit", ["publish"]],
  ["hatch", ["publish"]],
  ["dotnet", ["nuget", "push"]],
];

const KUBE_WIDE = new Set([
  "namespace",
  "namespaces",
  "ns",
  "node",
  "nodes",
  "pv",
  "persistentvolume",
  "persistentvolumes",
  "pvc",
  "persistentvolumeclaim",
  "persistentvolumeclaims",
  "crd",
  "crds",
  "customresourcedefinition",
  "customresourcedefinitions",
]);

function askFirst(rule: string, what: string, command: string): Verdict {
  return ask(
    rule,
    `${what}, outside this machine and beyond undo, so the user confirms it first. Where the agent cannot ask, the user runs it by hand: \`${command}\``,
  );
}

function operands(inv: Invocation): string[] {
  return inv.args.filter((w) => !w.value.startsWith("-")).map((w) =>
    w.value.toLowerCase()
  );
}

function has(inv: Invocation, ...flags: string[]): boolean {
  return inv.args.some((w) =>
    flags.some((f) => w.value === f || w.value.startsWith(`${f}=`))
  );
}

function shown(inv: Invocation): string {
  const text = [inv.name, ...inv.args.map((w) => w.raw)].join(" ");
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/** The SQL a client runs: its `-c`/`-e`/`--command` values, its operands, and what is piped in. */
function sqlText(inv: Invocation, stdin: string | null): string {
  const parts = stdin === null ? [] : [stdin];
  inv.args.forEach((w, i) => {
    const next = inv.args[i + 1]?.value ?? "";
    if (/^(?:-c|-e|--command|--execute|--query|-q)$/.test(w.value)) {
      parts.push(next);
    } else if (/^--(?:command|execute|query)=/.test(w.value)) {
      parts.push(w.value.slice(w.value.indexOf("=") + 1));
    } else if (/^-[ce]./.test(w.value)) parts.push(w.value.slice(2));
    else if (!w.value.startsWith("-")) parts.push(w.value);
  });
  return parts.join("\n");
}

function checkPublish(inv: Invocation): Verdict | null {
  if (has(inv, "--dry-run", "-n", "--help", "-h")) return null;
  const words = operands(inv);
  for (const [program, sub] of PUBLISHERS) {
    if (inv.name !== program) continue;
    if (sub.every((s, i) => words[i] === s)) {
      return askFirst(
        "publish.package",
        "Publishing a release is public and permanent",
        shown(inv),
      );
    }
  }
  return null;
}

/**
 * The ask-first verdict for a `git` invocation that pushes tags
 * (`--tags`, `--follow-tags`, `refs/tags/…`, a version such as `v1.2.0`),
 * or null.
 *
 * @param inv The git invocation.
 * @returns An ask verdict (`publish.git-tags`), or null.
 */
export function checkTagPush(inv: Invocation): Verdict | null {
  const words = operands(inv);
  const at = words.indexOf("push");
  if (at === -1 || has(inv, "--dry-run", "-n")) return null;
  const refs = words.slice(at + 2);
  if (
    has(inv, "--tags", "--follow-tags") ||
    refs.some((r) => /^(?:refs\/tags\/|v?\d+\.\d+)/.test(r.replace(/^\+/, "")))
  ) {
    return askFirst(
      "publish.git-tags",
      "Pushing release tags publishes a release",
      shown(inv),
    );
  }
  return null;
}

/**
 * The ask-first verdict for one program run, or null when it is not in the tier.
 *
 * @param inv The invocation.
 * @param stdin The literal text piped or here-doc'ed into it, or null.
 * @returns An ask verdict naming the rule, or null.
 */
export function checkInfra(
  inv: Invocation,
  stdin: string | null,
): Verdict | null {
  const { name } = inv;
  const words = operands(inv);
  const help = has(inv, "-help", "--help", "-h");
  if (["terraform", "tofu", "terragrunt"].includes(name) && !help) {
    const destroy = words[0] === "destroy" ||
      (words[0] === "apply" && has(inv, "-destroy", "--destroy"));
    if (destroy) {
      return askFirst(
        "infra.terraform-destroy",
        "This destroys the infrastructure the configuration manages",
        shown(inv),
      );
    }
  }
  if (name === "kubectl" || name === "oc") {
    const at = words.indexOf("delete");
    const kind = words[at + 1] ?? "";
    if (
      at !== -1 && !help &&
      (KUBE_WIDE.has(kind.split("/")[0] ?? "") ||
        has(inv, "--all", "-A", "--all-namespaces"))
    ) {
      return askFirst(
        "infra.kubectl-delete",
        "This deletes a whole namespace, node, volume or every resource of a kind",
        shown(inv),
      );
    }
  }
  if (name === "helm" && /^(?:uninstall|delete|del|un)$/.test(words[0] ?? "")) {
    return askFirst(
      "infra.helm-uninstall",
      "This removes a deployed release",
      shown(inv),
    );
  }
  if (name === "docker" || name === "podman") {
    const wipes = (words[0] === "system" && words[1] === "prune") ||
      (words[0] === "volume" && /^(?:prune|rm)$/.test(words[1] ?? "")) ||
      (words[0] === "compose" && words.includes("down") &&
        has(inv, "-v", "--volumes"));
    if (wipes) {
      return askFirst(
        "infra.docker-prune",
        "This deletes containers, images or volumes and the data in them",
        shown(inv),
      );
    }
  }
  if (SQL_CLIENTS.has(name) && DESTRUCTIVE_SQL.test(sqlText(inv, stdin))) {
    return askFirst(
      "infra.sql-drop",
      "This drops or empties a database, schema or table",
      shown(inv),
    );
  }
  if (name === "dropdb") {
    return askFirst("infra.sql-drop", "This drops a database", shown(inv));
  }
  const piped = (stdin ?? "").toLowerCase().split(/\s+/);
  if (
    name === "redis-cli" &&
    [...words, ...piped].some((w) => w === "flushall" || w === "flushdb")
  ) {
    return askFirst(
      "infra.redis-flush",
      "This wipes every key of the Redis database",
      shown(inv),
    );
  }
  if (name === "aws" && words[0] === "s3") {
    if ((words[1] === "rm" && has(inv, "--recursive")) || words[1] === "rb") {
      return askFirst(
        "infra.cloud-storage",
        "This deletes a bucket or everything under a prefix",
        shown(inv),
      );
    }
  }
  if (
    (name === "gsutil" && words[0] === "rm" ||
      name === "gsutil" && words[0] === "rb") ||
    (name === "gcloud" && words[0] === "storage" &&
      /^(?:rm|buckets)$/.test(words[1] ?? "") &&
      (has(inv, "-r", "--recursive") || words.includes("delete")))
  ) {
    return askFirst(
      "infra.cloud-storage",
      "This deletes a bucket or its objects",
      shown(inv),
    );
  }
  if (
    !help && (
      (name === "gcloud" && words.includes("delete")) ||
      (name === "az" && words.includes("delete")) ||
      (name === "aws" &&
        words.slice(1, 2).some((w) => /^(?:delete-|terminate-)/.test(w)))
    )
  ) {
    return askFirst(
      "infra.cloud-delete",
      "This deletes cloud resources",
      shown(inv),
    );
  }
  if (
    name === "gh" && ["repo", "release"].includes(words[0] ?? "") &&
    words[1] === "delete"
  ) {
    return askFirst(
      "infra.repo-delete",
      "This deletes a hosted repository or release",
      shown(inv),
    );
  }
  return checkPublish(inv);
}
