import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import {
  resultText,
  startServerInTempProject,
} from "../_helpers/mcp_client.ts";
import { runCli } from "../_helpers/run_cli.ts";
import { tempDir } from "../_helpers/temp_dir.ts";
import { dataHome, projectDatabasePath } from "../../src/config/paths.ts";

const PLANTED = "plantedvalue-7fq2kz91mxw3";
const DENIED = "denied-but-readable-4411";
const GHP = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
const AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";

function assertClean(text: string, where: string): void {
  for (const secret of [PLANTED, DENIED, GHP, AWS_SECRET]) {
    assert.ok(!text.includes(secret), `${where} holds ${secret}:\n${text}`);
  }
}

/** Every text column of the project's database, to prove nothing was stored. */
function databaseText(project: string, home: string): string {
  const path = projectDatabasePath(
    project,
    dataHome({ CTX_MODE_HOME: home }),
  );
  const db = new DatabaseSync(path, { readOnly: true });
  try {
    const rows = [
      ...db.prepare("SELECT label, origin FROM sources").all(),
      ...db.prepare("SELECT title, body FROM chunks").all(),
    ];
    return JSON.stringify(rows);
  } finally {
    db.close();
  }
}

Deno.test("the server scrubs its environment's secrets and token shapes from run output, the index and search", async (t) => {
  await using session = await startServerInTempProject({
    env: {
      DEPLOY_TOKEN: PLANTED,
      INTERNAL_THING: DENIED,
      CTX_MODE_DENY_ENV: "INTERNAL_THING",
      // Short values of secret-looking names are left alone: "1" would be replaced everywhere.
      FEATURE_AUTH: "1",
    },
  });
  const code = [
    `echo "token=$DEPLOY_TOKEN"`,
    `echo "gh ${GHP}"`,
    `echo "aws_secret_access_key = ${AWS_SECRET}"`,
    `echo "auth flag $FEATURE_AUTH"`,
  ].join("\n");

  await t.step("small output comes back scrubbed, with the count", async () => {
    const text = await session.callText("ctx_execute", {
      language: "shell",
      code,
    });
    assertClean(text, "ctx_execute result");
    assert.match(text, /token=\[REDACTED:DEPLOY_TOKEN\]/);
    assert.match(text, /gh \[REDACTED\]/);
    assert.match(text, /auth flag 1/);
    assert.match(text, /3 secrets scrubbed/);
  });

  await t.step(
    "large output is indexed scrubbed, and search never returns the secrets",
    async () => {
      const text = await session.callText("ctx_execute", {
        language: "shell",
        code:
          `for i in $(seq 1 400); do echo "line $i filler words"; done\n${code}`,
        intent: "token aws_secret_access_key",
      });
      assertClean(text, "large ctx_execute result");
      const found = await session.callText("ctx_search", {
        queries: ["token", "aws_secret_access_key", "ghp", PLANTED, GHP],
      });
      assertClean(found, "ctx_search result");
      assert.match(found, /REDACTED/);
    },
  );

  await t.step(
    "a run that reads a denied variable from elsewhere gets it scrubbed",
    async () => {
      // Without a mount namespace a run can read the server's environment; the value is scrubbed either way.
      const text = await session.callText("ctx_execute", {
        language: "shell",
        code:
          `echo "${"${INTERNAL_THING:-unset}"}"; printf '%s\\n' '${DENIED}'`,
      });
      assertClean(text, "denied variable output");
      assert.match(text, /\[REDACTED:INTERNAL_THING\]/);
    },
  );

  await t.step(
    "ctx_index content and ctx_batch_execute are scrubbed before indexing",
    async () => {
      const indexed = await session.callText("ctx_index", {
        content: `# Keys\n\nThe deploy key is ${GHP} and the token ${PLANTED}.`,
        source: "notes",
      });
      assert.match(indexed, /2 secrets scrubbed/);
      const batch = resultText(
        await session.call("ctx_batch_execute", {
          commands: [{ label: "env", command: "env | grep DEPLOY_TOKEN" }],
          queries: ["DEPLOY_TOKEN"],
        }),
      );
      assertClean(batch, "ctx_batch_execute result");
      assert.match(batch, /1 secret scrubbed/);
      assertClean(databaseText(session.project, session.home), "the database");
    },
  );
});

Deno.test("ctx-mode exec scrubs its environment's secrets from what it prints and says how many", async () => {
  await using dir = await tempDir();
  // HOME apart from the project: runs refuse a project that is the home folder.
  await using home = await tempDir();
  const run = await runCli(
    ["exec", "--lang", "shell", `echo "$DEPLOY_TOKEN ${GHP}"`],
    { home: home.path, cwd: dir.path, env: { DEPLOY_TOKEN: PLANTED } },
  );
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout, "[REDACTED:DEPLOY_TOKEN] [REDACTED]\n");
  assert.match(run.stderr, /2 secrets scrubbed/);
});
