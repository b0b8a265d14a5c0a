/**
 * The doctor's checklist: runtime, SQLite features, data home, languages,
 * project and client. Shared by `ctx-mode doctor` and the `ctx_doctor` tool.
 *
 * Reads and probes only; the one write is a temporary file in the data home,
 * removed at once.
 *
 * @module
 */

import { rmSync, statSync, writeFileSync } from "node:fs";
import { makePrivateDir } from "../config/private_files.ts";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileIdentity, quickCheck } from "../store/move_aside.ts";
import type { Policy } from "../safety/policy.ts";
import type { NetworkPolicy } from "../config/network_policy.ts";

/** The outcome of one check. */
export interface DoctorCheck {
  /** What was checked. */
  name: string;
  /** `ok`, `warn` (works, with a caveat) or `fail`. */
  status: "ok" | "warn" | "fail";
  /** What was found. */
  detail: string;
}

/** A language as the doctor reports it. */
export interface DoctorLanguage {
  /** The language name. */
  id: string;
  /** Whether it can run here. */
  available: boolean;
  /** Its version line, when known. */
  version?: string | undefined;
  /** Why its version command failed (found, but does not run). */
  versionError?: string | undefined;
}

/** What the checklist looks at. */
export interface DoctorInput {
  /** The ctx-mode version. */
  version: string;
  /** The data home. */
  dataHome: string;
  /** The project directory. */
  projectDir: string;
  /** The project database file. */
  databasePath: string;
  /** The languages the sandbox can run. */
  languages: readonly DoctorLanguage[];
  /** The MCP client, when the doctor runs inside the server. */
  client?: { name: string; version: string } | undefined;
  /** Checks of the platform's own set-up (hooks and MCP registration). @default {[]} */
  platformChecks?: readonly DoctorCheck[] | undefined;
  /** The detected agent platform, with confidence and evidence. */
  platform?:
    | { platform: string; confidence: string; evidence: string }
    | undefined;
  /** The guard policy in force: level, switched-off rules, rule files. @default {undefined} */
  policy?: Policy | undefined;
  /** How runs are confined here. @default {undefined} */
  sandbox?: { status: "ok" | "warn"; detail: string } | undefined;
  /** The fetcher's network policy in force. @default {undefined} */
  network?: NetworkPolicy | undefined;
}

/**
 * Runs every check.
 *
 * @param input The facts to check.
 * @returns One entry per check, in a stable order.
 */
export function runDoctor(input: DoctorInput): DoctorCheck[] {
  const checks: DoctorCheck[] = [
    { name: "ctx-mode", status: "ok", detail: input.version },
    {
      name: "Deno runtime",
      status: "ok",
      detail:
        `${Deno.version.deno} (V8 ${Deno.version.v8}, ${Deno.build.target})`,
    },
    checkSqlite(),
    checkDataHome(input.dataHome),
    checkProject(input.projectDir, input.databasePath),
    checkDatabase(input.databasePath),
  ];
  const broken = input.languages.filter((language) =>
    language.versionError !== undefined
  );
  const available = input.languages.filter((language) =>
    language.available && language.versionError === undefined
  );
  const missing = input.languages.filter((language) =>
    !language.available && language.versionError === undefined
  );
  for (const language of broken) {
    checks.push({
      name: `language ${language.id}`,
      status: "warn",
      detail:
        `found, but its version command fails (${language.versionError}): ${language.id} code will not run`,
    });
  }
  checks.push({
    name: "languages",
    status: available.length > 0 ? "ok" : "fail",
    detail: `${available.length} available: ${
      available.map((l) => (l.version ? `${l.id} (${l.version})` : l.id)).join(
        ", ",
      ) || "none"
    }${
      missing.length > 0
        ? `; not found: ${missing.map((l) => l.id).join(", ")}`
        : ""
    }`,
  });
  if (input.sandbox) checks.push({ name: "sandbox", ...input.sandbox });
  if (input.network) {
    const { loopback, private: lan } = input.network;
    checks.push({
      name: "network",
      status: "ok",
      detail:
        `fetches: loopback ${loopback.access} (${loopback.from}), private ranges ${lan.access} (${lan.from}); link-local and cloud-metadata addresses always refused, in JavaScript runs too`,
    });
  }
  if (input.platform) {
    const { platform, confidence, evidence } = input.platform;
    checks.push({
      name: "platform",
      status: confidence === "low" ? "warn" : "ok",
      detail: `${platform} (${confidence} confidence: ${evidence})`,
    });
  }
  checks.push(...(input.platformChecks ?? []));
  if (input.policy) checks.push(...policyChecks(input.policy));
  if (input.client) {
    checks.push({
      name: "MCP client",
      status: "ok",
      detail: `${input.client.name} ${input.client.version}`,
    });
  }
  return checks;
}

/** The guard's level and switched-off rules, then one line per rule file found. */
function policyChecks(policy: Policy): DoctorCheck[] {
  const checks: DoctorCheck[] = [{
    name: "guard",
    status: "ok",
    detail: `level ${policy.level} (${
      policy.levelFrom ? `from ${policy.levelFrom}` : "default"
    }); rules switched off: ${policy.disabledRules.join(", ") || "none"}${
      policy.tmpDirs.length > 0
        ? `; trusted temp dirs: ${policy.tmpDirs.join(", ")}`
        : ""
    }`,
  }];
  for (const file of policy.files) {
    if (file.trust === undefined || file.status !== "loaded") continue;
    const ignored = file.problems.some((p) => p.includes("ignored: "));
    checks.push({
      name: "guard trust",
      status: ignored ? "warn" : "ok",
      detail: file.trust === "trusted"
        ? `${file.path} is trusted (sha256 ${
          file.sha256?.slice(0, 12)
        }…): its switched-off rules and temp dirs count; \`ctx-mode trust --revoke\` stops that`
        : `${file.path} is ${
          file.trust === "changed"
            ? "changed since the user trusted it"
            : "not trusted"
        }: it may only tighten the policy${
          ignored
            ? "; its switched-off rules and temp dirs are ignored (`ctx-mode trust` to trust this version)"
            : ""
        }`,
    });
  }
  const found = policy.files.filter((file) => file.status !== "missing");
  for (const file of found) {
    const { deny, ask, allow } = file.counts;
    const problems = file.problems.length > 0
      ? `; ${file.problems.join("; ")}`
      : "";
    checks.push({
      name: "permission rules",
      status: file.problems.length > 0 ? "warn" : "ok",
      detail: file.status === "ignored"
        ? `${file.path}: ${file.problems.join("; ")}`
        : `${file.path} (${file.scope}): ${deny} deny, ${ask} ask, ${allow} allow${problems}`,
    });
  }
  if (found.length === 0) {
    checks.push({
      name: "permission rules",
      status: "ok",
      detail: `none (looked in ${
        policy.files.map((file) => file.path).join(", ")
      })`,
    });
  }
  return checks;
}

function checkSqlite(): DoctorCheck {
  const db = new DatabaseSync(":memory:");
  try {
    const version = String(db.prepare("SELECT sqlite_version() AS v").get()?.v);
    db.exec(
      "CREATE VIRTUAL TABLE words USING fts5(body, tokenize='porter unicode61')",
    );
    db.exec("CREATE VIRTUAL TABLE grams USING fts5(body, tokenize='trigram')");
    db.prepare("INSERT INTO grams (body) VALUES (?)").run("useEffect");
    const found = db.prepare(
      "SELECT count(*) AS n FROM grams WHERE body LIKE '%seEff%'",
    ).get();
    return Number(found?.n) === 1
      ? {
        name: "SQLite",
        status: "ok",
        detail: `${version} with FTS5 (porter, trigram)`,
      }
      : {
        name: "SQLite",
        status: "fail",
        detail: `${version}: trigram substring search returned nothing`,
      };
  } catch (error) {
    return {
      name: "SQLite",
      status: "fail",
      detail: error instanceof Error ? error.message : String(error),
    };
  } finally {
    db.close();
  }
}

/** SQLite's `quick_check` of the project database: damaged pages fail here, not as empty searches. */
function checkDatabase(path: string): DoctorCheck {
  const name = "knowledge base";
  if (path === ":memory:" || fileIdentity(path) === undefined) {
    return { name, status: "ok", detail: "not created yet" };
  }
  const verdict = quickCheck(path);
  return verdict === "ok"
    ? { name, status: "ok", detail: `${path} (integrity check passed)` }
    : {
      name,
      status: "fail",
      detail:
        `${path} is damaged (${verdict}); ctx-mode moves it aside to "<file>.corrupt-<timestamp>" and starts a new one when a tool next meets the damage`,
    };
}

function checkProject(dir: string, database: string): DoctorCheck {
  try {
    if (!statSync(dir).isDirectory()) {
      return {
        name: "project",
        status: "fail",
        detail: `${dir} is not a folder`,
      };
    }
  } catch {
    return { name: "project", status: "fail", detail: `${dir} does not exist` };
  }
  return { name: "project", status: "ok", detail: `${dir} → ${database}` };
}

function checkDataHome(home: string): DoctorCheck {
  const probe = join(home, `.doctor-${crypto.randomUUID()}`);
  try {
    makePrivateDir(home);
    writeFileSync(probe, "ok");
    rmSync(probe);
    return { name: "data home", status: "ok", detail: `${home} (writable)` };
  } catch (error) {
    const reason = error instanceof Error
      ? error.message.split("\n")[0]
      : String(error);
    return {
      name: "data home",
      status: "fail",
      detail: `${home} is not writable: ${reason}`,
    };
  }
}

/** The checklist as text, one line per check. */
export function formatDoctor(checks: readonly DoctorCheck[]): string {
  const mark = { ok: "✓", warn: "!", fail: "✗" } as const;
  const failed = checks.filter((check) => check.status === "fail").length;
  const warned = checks.filter((check) => check.status === "warn").length;
  const counts = [
    failed > 0 ? `${failed} check${failed === 1 ? "" : "s"} failed` : "",
    warned > 0 ? `${warned} warning${warned === 1 ? "" : "s"}` : "",
  ].filter(Boolean).join(", ");
  return [
    ...checks.map((check) =>
      `${mark[check.status]} ${check.name}: ${check.detail}`
    ),
    counts === "" ? "All checks passed." : `${counts}.`,
  ].join("\n") + "\n";
}
