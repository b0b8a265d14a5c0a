import assert from "node:assert/strict";
import {
  clip,
  isSecretKey,
  REDACTED,
  redactText,
  redactValue,
} from "../../src/session/redact.ts";

Deno.test("redactValue() replaces every value under a secret key, at any depth", () => {
  const input = {
    url: "https://api.example.com",
    headers: {
      Authorization: "Bearer abc",
      Cookie: "sid=1",
      "X-Api-Key": "k1",
    },
    body: {
      password: "hunter2",
      "client_secret": { nested: true },
      "private_key": "-----BEGIN",
      tokens: 12,
      user: "ada",
    },
    list: [{ "access_token": "t" }],
    empty: { password: "" },
    flag: { "secret_enabled": true },
  };
  assert.deepEqual(redactValue(input), {
    url: "https://api.example.com",
    headers: {
      Authorization: REDACTED,
      Cookie: REDACTED,
      "X-Api-Key": REDACTED,
    },
    body: {
      password: REDACTED,
      "client_secret": REDACTED,
      "private_key": REDACTED,
      tokens: REDACTED,
      user: "ada",
    },
    list: [{ "access_token": REDACTED }],
    empty: { password: "" },
    flag: { "secret_enabled": true },
  });
});

Deno.test("redactText() masks secrets inside commands, headers, URLs and prose", async (t) => {
  const cases: Array<[string, string]> = [
    [
      'curl -H "Authorization: Bearer eyJhbGciOi.abc.def" https://x.test',
      'curl -H "Authorization: [REDACTED]" https://x.test',
    ],
    ["Cookie: session=abc; theme=dark", "Cookie: [REDACTED]"],
    [
      "export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz012345",
      "export GITHUB_TOKEN=[REDACTED]",
    ],
    [
      "mysql --password hunter22 -u root",
      "mysql --password [REDACTED] -u root",
    ],
    [
      "psql postgres://admin:s3cret@db:5432/app",
      "psql postgres://admin:[REDACTED]@db:5432/app",
    ],
    [
      "curl -u admin:s3cret https://x.test",
      "curl -u admin:[REDACTED] https://x.test",
    ],
    [
      "curl --user='ci:p@ss' https://x.test",
      "curl --user='ci:[REDACTED]' https://x.test",
    ],
    ['{"api_key": "abc123"}', '{"api_key": "[REDACTED]"}'],
    ["key sk-proj-abcdefghijklmnopqrstu in prose", "key [REDACTED] in prose"],
    ["aws AKIAABCDEFGHIJKLMNOP", "aws [REDACTED]"],
    [
      "-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----",
      "[REDACTED] private key",
    ],
    [
      "git commit -m 'fix the token refresh'",
      "git commit -m 'fix the token refresh'",
    ],
    ["src/auth/password_reset.ts", "src/auth/password_reset.ts"],
  ];
  for (const [input, expected] of cases) {
    await t.step(input, () => assert.equal(redactText(input), expected));
  }
});

Deno.test("redactText() stays bounded on huge input and clips with a mark", () => {
  const huge = `password=hunter2 ${"x".repeat(20_000_000)}`;
  const result = redactText(huge, 100);
  assert.equal(result.length, 100);
  assert.ok(result.endsWith("…"));
  assert.match(result, /^password=\[REDACTED\] x+/);
  assert.equal(clip("short", 10), "short");
});

Deno.test("isSecretKey() matches secret names however they are spelled", () => {
  for (
    const key of [
      "AUTHORIZATION",
      "apiKey",
      "api-key",
      "DB_PASSWORD",
      "set-cookie",
      "privateKey",
      "aws_access_key_id",
    ]
  ) {
    assert.equal(isSecretKey(key), true, key);
  }
  for (const key of ["file_path", "command", "author", "description"]) {
    assert.equal(isSecretKey(key), false, key);
  }
});

Deno.test("redactText() masks passwords given to database, ssh, registry, openssl and aws commands and in prose, and leaves near misses alone", async (t) => {
  const cases: Array<[string, string]> = [
    ["mysql -u root -phunter22 app", `mysql -u root -p${REDACTED} app`],
    [
      "mysqldump -pS3cr3t! shop > dump.sql",
      `mysqldump -p${REDACTED} shop > dump.sql`,
    ],
    ["sshpass -p 'pa ss' ssh ci@host", `sshpass -p ${REDACTED} ssh ci@host`],
    ["sshpass -psecretpw scp a b", `sshpass -p${REDACTED} scp a b`],
    [
      "docker login -u ci -p dckr_pat_x1 registry.test",
      `docker login -u ci -p ${REDACTED} registry.test`,
    ],
    [
      "openssl enc -aes-256-cbc -k sesame -in a -out b",
      `openssl enc -aes-256-cbc -k ${REDACTED} -in a -out b`,
    ],
    [
      "openssl pkcs12 -export -passout pass:hunter2 -out c.p12",
      `openssl pkcs12 -export -passout pass:${REDACTED} -out c.p12`,
    ],
    [
      "openssl rsa -in k.pem -passin pass:abc123",
      `openssl rsa -in k.pem -passin pass:${REDACTED}`,
    ],
    [
      "aws configure set aws_secret_access_key wJalrXUtnFEMIK7MDENGbPxRfiCY",
      `aws configure set aws_secret_access_key ${REDACTED}`,
    ],
    [
      "aws configure set default.aws_session_token FQoGZXIvYXdz",
      `aws configure set default.aws_session_token ${REDACTED}`,
    ],
    [
      "my password is hunter2, log in for me",
      `my password is ${REDACTED}, log in for me`,
    ],
    [
      'The password for prod was: "tr0ub4dor"',
      `The password for prod was: "${REDACTED}"`,
    ],
  ];
  const nearMisses = [
    "mysql -u root -p app",
    "mysql -h db -P 3306 app",
    "docker run -p 8080:80 nginx",
    "docker login registry.test",
    "sshpass -f ~/.pw ssh ci@host",
    "curl -k https://self-signed.test",
    "openssl enc -aes-256-cbc -kfile key.txt -in a",
    "openssl rsa -in k.pem -passin env:KEY_PASS",
    "aws configure set region eu-west-1",
    "the password is stored in the vault",
    "my password is wrong, reset it",
    "grep -p pattern file",
  ];
  for (const [input, expected] of cases) {
    await t.step(input, () => assert.equal(redactText(input), expected));
  }
  for (const input of nearMisses) {
    await t.step(
      `near miss: ${input}`,
      () => assert.equal(redactText(input), input),
    );
  }
});
