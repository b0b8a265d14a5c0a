/**
 * The fresh held-out outputs of the reply benchmark, part one: test runs and
 * builds of tools no other set holds (`go test -v`, Maven surefire, eslint,
 * `terraform plan`, a failing `docker build`), each with the facts an agent
 * needs next (the failing tests and their messages, the counts, the failing
 * step or resource). Written before the views were changed for them, and
 * never tuned on.
 *
 * @module
 */

import { createRandom } from "./random.ts";
import { literal, type ReplyOutput } from "./reply_outputs.ts";

/** `go test -v ./...` of 14 packages: two failing tests, a failing subtest, a package that does not build. */
export function goTestRun(seed = 31): ReplyOutput {
  const random = createRandom(seed);
  const packages = [
    "api",
    "auth",
    "billing",
    "cart",
    "catalog",
    "config",
    "httpx",
    "legacy",
    "money",
    "orders",
    "queue",
    "search",
    "store",
    "users",
  ];
  const out: string[] = [];
  for (const pkg of packages) {
    const path = `github.com/acme/shop/internal/${pkg}`;
    if (pkg === "legacy") {
      out.push(
        `# ${path}`,
        "internal/legacy/conv.go:14:9: undefined: strconv.ParseUnit",
        "internal/legacy/conv.go:31:2: declared and not used: rest",
        `FAIL\t${path} [build failed]`,
      );
      continue;
    }
    let failed = false;
    for (let t = 0; t < 30; t++) {
      const name = `Test${pkg[0]!.toUpperCase()}${pkg.slice(1)}Case${t}`;
      if (pkg === "queue" && t === 11) {
        failed = true;
        out.push(
          "=== RUN   TestRetryBackoff",
          "    retry_test.go:57: attempt 3: got delay 400ms, want 800ms",
          "    retry_test.go:61: total retries = 5, want 3",
          "--- FAIL: TestRetryBackoff (0.01s)",
        );
        continue;
      }
      if (pkg === "queue" && t === 19) {
        failed = true;
        out.push(
          "=== RUN   TestDeadLetterAfterMaxAttempts",
          "    dlq_test.go:102: message msg-7 not moved to the dead-letter queue after 5 attempts",
          "--- FAIL: TestDeadLetterAfterMaxAttempts (0.30s)",
        );
        continue;
      }
      if (pkg === "money" && t === 4) {
        failed = true;
        out.push(
          "=== RUN   TestParseAmount",
          "=== RUN   TestParseAmount/positive",
          "=== RUN   TestParseAmount/negative_cents",
          '    parse_test.go:88: ParseAmount("-0.05") = 5, want -5',
          "=== RUN   TestParseAmount/thousands",
          "--- FAIL: TestParseAmount (0.00s)",
          "    --- PASS: TestParseAmount/positive (0.00s)",
          "    --- FAIL: TestParseAmount/negative_cents (0.00s)",
          "    --- PASS: TestParseAmount/thousands (0.00s)",
        );
        continue;
      }
      out.push(`=== RUN   ${name}`);
      if (random.chance(0.15)) {
        out.push(
          `    ${pkg}_test.go:${
            random.int(20, 300)
          }: using fixture testdata/${pkg}_${t}.json`,
        );
      }
      out.push(
        `--- PASS: ${name} (0.${String(random.int(0, 99)).padStart(2, "0")}s)`,
      );
    }
    const time = `${random.int(0, 3)}.${random.int(100, 999)}s`;
    out.push(
      failed ? "FAIL" : "PASS",
      `${failed ? "FAIL" : "ok  "}\t${path}\t${time}`,
    );
  }
  out.push("FAIL");
  return {
    name: `test run (go test -v), ${out.length} lines, 3 failing`,
    intent: "failing tests",
    text: out.join("\n") + "\n",
    facts: {
      "failing test 1": /TestRetryBackoff/,
      "failure 1 message": literal("got delay 400ms, want 800ms"),
      "failing test 2": /TestDeadLetterAfterMaxAttempts/,
      "failing subtest": literal("TestParseAmount/negative_cents"),
      "subtest message": literal('ParseAmount("-0.05") = 5, want -5'),
      "build failure": literal("undefined: strconv.ParseUnit"),
    },
  };
}

/** `mvn test` of a Spring service: 842 tests, one failure, one error whose root cause is a `Caused by:` deep in its trace. */
export function mavenRun(seed = 32): ReplyOutput {
  const random = createRandom(seed);
  const out = [
    "[INFO] Scanning for projects...",
    "[INFO] ",
    "[INFO] --------------------------< com.acme:shop-core >--------------------------",
    "[INFO] Building shop-core 4.2.0-SNAPSHOT",
    "[INFO] --------------------------------[ jar ]---------------------------------",
    "[INFO] --- maven-surefire-plugin:3.2.5:test (default-test) @ shop-core ---",
    "[INFO] ",
    "[INFO] -------------------------------------------------------",
    "[INFO]  T E S T S",
    "[INFO] -------------------------------------------------------",
  ];
  const springLine = () =>
    `2026-12-01 10:${String(random.int(10, 59)).padStart(2, "0")}:${
      String(random.int(10, 59)).padStart(2, "0")
    }.${random.int(100, 999)}  INFO 4242 --- [           main] ${
      random.pick([
        "o.s.b.t.c.SpringBootTestContextBootstrapper",
        "o.s.t.c.s.DefaultTestContextManager",
        "com.zaxxer.hikari.HikariDataSource",
        "o.h.e.t.j.p.i.JtaPlatformInitiator",
      ])
    } : ${
      random.pick([
        "Loaded default TestExecutionListener class names",
        "HikariPool-1 - Start completed.",
        "Started test context in 0.412 seconds",
        "HHH000490: Using JtaPlatform implementation",
      ])
    }`;
  const frames = (n: number, base: string) =>
    Array.from(
      { length: n },
      (_, i) =>
        `\tat ${base}.${
          random.pick(["invoke", "proceed", "call", "doFilter"])
        }(${base.split(".").at(-1)}.java:${random.int(40, 900)})${
          i === 0 ? "" : ""
        }`,
    );
  for (let c = 0; c < 70; c++) {
    const cls = `com.acme.shop.${
      random.pick(["cart", "orders", "payment", "users"])
    }.Service${c}Test`;
    out.push(`[INFO] Running ${cls}`);
    for (let l = 0; l < random.int(4, 14); l++) out.push(springLine());
    out.push(
      `[INFO] Tests run: 12, Failures: 0, Errors: 0, Skipped: ${
        c % 20 === 3 ? 1 : 0
      }, Time elapsed: ${random.int(1, 4)}.${
        random.int(100, 999)
      } s - in ${cls}`,
    );
    if (c !== 41) continue;
    const test = "com.acme.shop.payment.PaymentServiceTest";
    out.push(`[INFO] Running ${test}`);
    for (let l = 0; l < 8; l++) out.push(springLine());
    out.push(
      `[ERROR] Tests run: 2, Failures: 1, Errors: 1, Skipped: 0, Time elapsed: 1.02 s <<< FAILURE! - in ${test}`,
      `[ERROR] refundIsIdempotent  Time elapsed: 0.031 s  <<< FAILURE!`,
      "org.opentest4j.AssertionFailedError: expected: <200> but was: <409>",
      "\tat org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)",
      "\tat org.junit.jupiter.api.AssertEquals.assertEquals(AssertEquals.java:150)",
      `\tat ${test}.refundIsIdempotent(PaymentServiceTest.java:88)`,
      ...frames(
        30,
        "org.junit.platform.engine.support.hierarchical.NodeTestTask",
      ),
      "",
      `[ERROR] chargeTimesOut  Time elapsed: 0.52 s  <<< ERROR!`,
      "org.springframework.dao.QueryTimeoutException: PreparedStatementCallback; SQL [select * from payment where order_id = ? for update]",
      ...frames(34, "org.springframework.jdbc.core.JdbcTemplate"),
      `\tat ${test}.chargeTimesOut(PaymentServiceTest.java:131)`,
      ...frames(
        22,
        "org.junit.platform.engine.support.hierarchical.NodeTestTask",
      ),
      "Caused by: java.sql.SQLTimeoutException: ORA-01013: user requested cancel of current operation",
      "\tat oracle.jdbc.driver.T4CTTIoer11.processError(T4CTTIoer11.java:498)",
      "\t... 62 more",
      "",
    );
  }
  out.push(
    "[INFO] ",
    "[INFO] Results:",
    "[INFO] ",
    "[ERROR] Failures: ",
    "[ERROR]   PaymentServiceTest.refundIsIdempotent:88 expected: <200> but was: <409>",
    "[ERROR] Errors: ",
    "[ERROR]   PaymentServiceTest.chargeTimesOut:131 » QueryTimeout PreparedStatementCallback; SQL [select * from payment where order_id = ? for update]",
    "[INFO] ",
    "[ERROR] Tests run: 842, Failures: 1, Errors: 1, Skipped: 4",
    "[INFO] ",
    "[INFO] ------------------------------------------------------------------------",
    "[INFO] BUILD FAILURE",
    "[INFO] ------------------------------------------------------------------------",
    "[INFO] Total time:  01:12 min",
    "[INFO] Finished at: 2026-12-01T10:59:02Z",
    "[INFO] ------------------------------------------------------------------------",
    "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.2.5:test (default-test) on project shop-core: There are test failures.",
  );
  return {
    name: `test run (mvn test), ${out.length} lines, 1 failure and 1 error`,
    intent: "why the tests fail",
    text: out.join("\n") + "\n",
    facts: {
      "failure name": /refundIsIdempotent/,
      "failure message": literal("expected: <200> but was: <409>"),
      "error name": /chargeTimesOut/,
      "root cause": /ORA-01013/,
      "summary": literal("Tests run: 842, Failures: 1, Errors: 1, Skipped: 4"),
    },
  };
}

/** `eslint .` (stylish): 408 warnings over 140 files, 4 errors in two of them. */
export function eslintRun(seed = 33): ReplyOutput {
  const random = createRandom(seed);
  const warnings = [
    ["'%' is defined but never used", "@typescript-eslint/no-unused-vars"],
    [
      "Unexpected any. Specify a different type",
      "@typescript-eslint/no-explicit-any",
    ],
    [
      "React Hook useEffect has a missing dependency: '%'",
      "react-hooks/exhaustive-deps",
    ],
    ["Unexpected console statement", "no-console"],
  ] as const;
  const out: string[] = [];
  let count = 0;
  for (let f = 0; f < 140; f++) {
    const file = `/builds/acme/web/src/${
      random.pick(["components", "pages", "hooks", "lib"])
    }/Module${f}.tsx`;
    const lines: string[] = [];
    const n = f === 139 ? 408 - count : Math.min(408 - count, random.int(1, 5));
    for (let w = 0; w < n; w++) {
      const [message, rule] = random.pick(warnings);
      lines.push(
        `  ${random.int(1, 400)}:${random.int(1, 40)}  warning  ${
          message.replace("%", random.pick(["props", "state", "data", "idx"]))
        }  ${rule}`,
      );
    }
    count += n;
    if (f === 57) {
      lines.push(
        "  40:15  error    'fetchCart' is not defined  no-undef",
        "  88:3   error    'fetchCart' is not defined  no-undef",
      );
    }
    if (f === 102) {
      lines.push(
        '  21:5   error    React Hook "useState" is called conditionally. React Hooks must be called in the exact same order in every component render  react-hooks/rules-of-hooks',
        "  64:9   error    Parsing error: ',' expected",
      );
    }
    if (lines.length === 0) continue;
    out.push(
      f === 57 ? "/builds/acme/web/src/components/CartDrawer.tsx" : file,
    );
    out.push(...lines, "");
  }
  out.push(
    "✖ 412 problems (4 errors, 408 warnings)",
    "  0 errors and 37 warnings potentially fixable with the `--fix` option.",
    "",
  );
  return {
    name: `lint run (eslint), ${out.length} lines, 4 errors`,
    intent: "lint errors",
    text: out.join("\n"),
    facts: {
      "summary": literal("412 problems (4 errors, 408 warnings)"),
      "file with errors": /CartDrawer\.tsx/,
      "error message": literal("'fetchCart' is not defined"),
      "error rule": /rules-of-hooks/,
      "parse error": literal("Parsing error: ',' expected"),
    },
  };
}

/** `terraform plan` of 50 changes: one database replaced because its engine version forces it. */
export function terraformPlan(seed = 34): ReplyOutput {
  const random = createRandom(seed);
  const out = [
    "aws_vpc.main: Refreshing state... [id=vpc-0a1b2c3d4e5f60718]",
    ...Array.from(
      { length: 120 },
      (_, i) =>
        `aws_instance.web[${i}]: Refreshing state... [id=i-0${random.hex(16)}]`,
    ),
    "",
    "Terraform used the selected providers to generate the following execution",
    "plan. Resource actions are indicated with the following symbols:",
    "  + create",
    "  ~ update in-place",
    "-/+ destroy and then create replacement",
    "",
    "Terraform will perform the following actions:",
    "",
  ];
  for (let i = 0; i < 47; i++) {
    out.push(
      `  # aws_instance.web[${i}] will be updated in-place`,
      `  ~ resource "aws_instance" "web" {`,
      `        id                                   = "i-0${random.hex(16)}"`,
      `      ~ tags                                 = {`,
      `          ~ "Version" = "41" -> "42"`,
      "            # (2 unchanged elements hidden)",
      "        }",
      `      ~ tags_all                             = {`,
      `          ~ "Version" = "41" -> "42"`,
      "            # (2 unchanged elements hidden)",
      "        }",
      "        # (28 unchanged attributes hidden)",
      "    }",
      "",
    );
    if (i === 30) {
      out.push(
        "  # aws_db_instance.orders must be replaced",
        '-/+ resource "aws_db_instance" "orders" {',
        '      ~ arn                          = "arn:aws:rds:eu-west-1:123456789012:db:orders" -> (known after apply)',
        '      ~ engine_version               = "14.9" -> "16.3" # forces replacement',
        '      ~ id                           = "db-ORDERS7QX" -> (known after apply)',
        "        # (41 unchanged attributes hidden)",
        "    }",
        "",
      );
    }
  }
  for (const name of ["audit_logs", "exports", "backups"]) {
    out.push(
      `  # aws_s3_bucket.${name} will be created`,
      `  + resource "aws_s3_bucket" "${name}" {`,
      `      + bucket        = "acme-shop-${name}"`,
      "      + force_destroy = false",
      "      + id            = (known after apply)",
      "    }",
      "",
    );
  }
  out.push(
    "Plan: 3 to add, 47 to change, 1 to destroy.",
    "",
    "╷",
    "│ Warning: Argument is deprecated",
    "│ ",
    "│   with aws_s3_bucket.exports,",
    '│   on storage.tf line 22, in resource "aws_s3_bucket" "exports":',
    '│   22:   acl    = "private"',
    "│ ",
    "│ Use the aws_s3_bucket_acl resource instead",
    "╵",
  );
  return {
    name: `terraform plan, ${out.length} lines, 1 replacement`,
    intent: "what gets destroyed",
    text: out.join("\n") + "\n",
    facts: {
      "plan": literal("Plan: 3 to add, 47 to change, 1 to destroy."),
      "replaced resource": literal("aws_db_instance.orders must be replaced"),
      "forcing attribute": /engine_version[^\n]*forces replacement/,
      "warning": /Argument is deprecated/,
    },
  };
}

/** A BuildKit `docker build --progress=plain` log whose `npm ci` step fails on a peer conflict. */
export function dockerBuild(seed = 35): ReplyOutput {
  const random = createRandom(seed);
  const out = [
    '#0 building with "default" instance using docker driver',
    "",
    "#1 [internal] load build definition from Dockerfile",
    "#1 transferring dockerfile: 1.21kB done",
    "#1 DONE 0.0s",
    "",
    "#5 [builder 1/7] FROM docker.io/library/node:22-bookworm@sha256:" +
    random.hex(64),
    "#5 DONE 0.1s",
    "",
    "#9 [builder 4/7] RUN apt-get update && apt-get install -y build-essential python3",
  ];
  let t = 0.3;
  for (let i = 0; i < 900; i++) {
    t += random.next() * 0.05;
    const pkg = `lib${random.pick(["gcc", "ssl", "ffi", "xml2", "z", "bz2"])}-${
      random.int(1, 9)
    }`;
    out.push(
      `#9 ${t.toFixed(3)} ${
        random.pick([
          `Get:${i} http://deb.debian.org/debian bookworm/main amd64 ${pkg} amd64 [${
            random.int(20, 900)
          } kB]`,
          `Unpacking ${pkg}:amd64 (${random.int(1, 12)}.${
            random.int(0, 9)
          }) ...`,
          `Setting up ${pkg}:amd64 (${random.int(1, 12)}.${
            random.int(0, 9)
          }) ...`,
        ])
      }`,
    );
  }
  out.push(
    "#9 DONE 41.2s",
    "",
    "#10 [builder 5/7] COPY package.json package-lock.json ./",
    "#10 DONE 0.0s",
    "",
    "#11 [builder 6/7] RUN npm ci",
    "#11 1.204 npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.",
    "#11 14.31 npm error code ERESOLVE",
    "#11 14.31 npm error ERESOLVE could not resolve",
    "#11 14.31 npm error",
    "#11 14.31 npm error While resolving: react-beautiful-dnd@13.1.1",
    "#11 14.31 npm error Found: react@19.0.0",
    "#11 14.31 npm error node_modules/react",
    '#11 14.31 npm error   react@"^19.0.0" from the root project',
    "#11 14.31 npm error",
    "#11 14.31 npm error Could not resolve dependency:",
    '#11 14.31 npm error peer react@"^16.8.5 || ^17.0.0 || ^18.0.0" from react-beautiful-dnd@13.1.1',
    "#11 14.32 npm error A complete log of this run can be found in: /root/.npm/_logs/2026-12-01T10_00_14_310Z-debug-0.log",
    '#11 ERROR: process "/bin/sh -c npm ci" did not complete successfully: exit code: 1',
    "------",
    " > [builder 6/7] RUN npm ci:",
    '14.31 npm error peer react@"^16.8.5 || ^17.0.0 || ^18.0.0" from react-beautiful-dnd@13.1.1',
    "------",
    "Dockerfile:14",
    "--------------------",
    "  12 |     COPY package.json package-lock.json ./",
    "  13 |     ",
    "  14 | >>> RUN npm ci",
    "  15 |     COPY . .",
    "--------------------",
    'ERROR: failed to solve: process "/bin/sh -c npm ci" did not complete successfully: exit code: 1',
  );
  return {
    name: `docker build, ${out.length} lines, failing step`,
    intent: "why the build fails",
    text: out.join("\n") + "\n",
    facts: {
      "failing step": literal("[builder 6/7] RUN npm ci"),
      "exit code": /exit code: 1/,
      "npm error code": /ERESOLVE/,
      "conflicting package": /react-beautiful-dnd/,
      "Dockerfile line": /Dockerfile:14/,
    },
  };
}
