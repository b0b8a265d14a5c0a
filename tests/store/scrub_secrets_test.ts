import assert from "node:assert/strict";
import {
  isSecretName,
  scrubTokenShapes,
  secretScrubber,
} from "../../src/store/scrub_secrets.ts";
import { KnowledgeBase } from "../../src/store/knowledge_base.ts";

Deno.test("scrubTokenShapes() replaces well-known token shapes and leaves look-alikes", async (t) => {
  const jwt =
    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U";
  const secrets: Array<[string, string]> = [
    ["GitHub classic", "ghp_" + "a".repeat(36)],
    ["GitHub fine-grained", "github_pat_11ABCDEFG0" + "x".repeat(40)],
    ["OpenAI", "sk-proj-" + "Ab1".repeat(10)],
    ["Anthropic", "sk-ant-api03-" + "Zz9_".repeat(10)],
    ["AWS access key id", "AKIAIOSFODNN7EXAMPLE"],
    ["Slack", "xoxb-1234567890-abcdefghij"],
    ["JWT", jwt],
  ];
  for (const [name, secret] of secrets) {
    await t.step(name, () => {
      const result = scrubTokenShapes(`before ${secret} after`);
      assert.equal(result.text, "before [REDACTED] after");
      assert.equal(result.count, 1);
    });
  }
  await t.step("an AWS secret key after its setting name", () => {
    const result = scrubTokenShapes(
      "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n",
    );
    assert.equal(result.text, "aws_secret_access_key = [REDACTED]\n");
  });
  await t.step("the password in a URL, not its user", () => {
    assert.deepEqual(
      scrubTokenShapes("DATABASE_URL=postgres://app:s3cr3t-pw@db:5432/shop"),
      { text: "DATABASE_URL=postgres://app:[REDACTED]@db:5432/shop", count: 1 },
    );
  });
  await t.step("a PEM private key block, also cut off", () => {
    const block =
      "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEA\n-----END OPENSSH PRIVATE KEY-----";
    assert.deepEqual(scrubTokenShapes(`x\n${block}\ny`), {
      text: "x\n[REDACTED] private key\ny",
      count: 1,
    });
    assert.equal(
      scrubTokenShapes("-----BEGIN PRIVATE KEY-----\nMIIEvQIB\nAAAB==").text,
      "[REDACTED] private key",
    );
    assert.equal(
      scrubTokenShapes(
        "A key file starts with -----BEGIN PRIVATE KEY----- and more prose follows.\nNext line stays.",
      ).text,
      "A key file starts with [REDACTED] private key and more prose follows.\nNext line stays.",
    );
  });
  const nearMisses = [
    "ghp_short",
    "task-runner-configuration-file",
    "disk-usage-monitoring-service",
    "AKIA-not-a-key",
    "eyJhbGciOiJIUzI1NiJ9 alone",
    "-----BEGIN PUBLIC KEY-----\nMFkw\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----",
    "https://user@example.com/path",
    "git@github.com:org/repo.git",
    "http://localhost:8080/api",
  ];
  for (const text of nearMisses) {
    await t.step(`near miss: ${text.split("\n")[0]}`, () => {
      assert.deepEqual(scrubTokenShapes(text), { text, count: 0 });
    });
  }
});

Deno.test("isSecretName() tells secret variables from those that point at secrets", () => {
  for (
    const name of [
      "GITHUB_TOKEN",
      "OPENAI_API_KEY",
      "DB_PASSWORD",
      "AWS_SECRET_ACCESS_KEY",
      "NPM_AUTH",
      "GH_PAT",
      "client-secret",
      "MY_CREDENTIALS",
    ]
  ) {
    assert.equal(isSecretName(name), true, name);
  }
  for (
    const name of [
      "PATH",
      "PWD",
      "OLDPWD",
      "SSH_AUTH_SOCK",
      "KEYBOARD",
      "XAUTHORITY",
      "HOME",
      "GOOGLE_APPLICATION_CREDENTIALS_FILE",
      "GIT_ASKPASS_HELPER",
      "PASSAGE",
    ]
  ) {
    assert.equal(isSecretName(name), false, name);
  }
});

Deno.test("secretScrubber() replaces secret environment values of a minimum length, longest first", () => {
  const scrubber = secretScrubber({
    API_TOKEN: "tok-123456789",
    API_TOKEN_PREFIXED: "tok-123456789-extended",
    DEBUG_AUTH: "1",
    SHORT_PASSWORD: "abc",
    EDITOR: "vim-with-plugins",
    PLAIN: "plain-but-denied",
  }, { alsoNames: ["PLAIN"] });
  const result = scrubber.scrub(
    "a tok-123456789-extended b tok-123456789 c 1 abc vim-with-plugins plain-but-denied",
  );
  assert.equal(
    result.text,
    "a [REDACTED:API_TOKEN_PREFIXED] b [REDACTED:API_TOKEN] c 1 abc vim-with-plugins [REDACTED:PLAIN]",
  );
  assert.equal(result.count, 3);
});

Deno.test("KnowledgeBase.index() stores scrubbed text and counts the secrets in its receipt", () => {
  using kb = KnowledgeBase.open(":memory:", {
    scrubber: secretScrubber({ DEPLOY_KEY: "deploy-key-value-42" }),
  });
  const receipt = kb.index({
    label: "env dump",
    content: "DEPLOY_KEY=deploy-key-value-42\nGH=ghp_" + "b".repeat(36),
  });
  assert.equal(receipt.scrubbed, 2);
  const hits = kb.search(["DEPLOY_KEY"])[0]?.hits ?? [];
  assert.ok(hits.length > 0);
  for (const hit of hits) {
    assert.ok(!hit.snippet.includes("deploy-key-value-42"), hit.snippet);
    assert.ok(!hit.snippet.includes("ghp_b"), hit.snippet);
  }
});
