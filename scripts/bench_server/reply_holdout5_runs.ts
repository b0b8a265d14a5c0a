/**
 * A fifth held-out set of the reply benchmark, part one: runs of tools no
 * other set holds — an RSpec suite with two failures, an `npm install` that
 * stops on a peer dependency conflict, and a Gradle build whose Kotlin
 * compile fails — each with the facts an agent needs next. Written, facts
 * included, before the views were run on them, and never tuned on
 * (`reply_holdout5_data.ts` holds the rest).
 *
 * @module
 */

import { pad2 } from "./dataset.ts";
import { createRandom } from "./random.ts";
import { literal, type ReplyOutput } from "./reply_outputs.ts";

const SPECS = [
  "invoice",
  "customer",
  "subscription",
  "coupon",
  "ledger",
  "webhook",
  "refund",
];

/** `bundle exec rspec --format documentation`: 420 examples, 2 failures. */
export function rspecRun(seed = 71): ReplyOutput {
  const random = createRandom(seed);
  const lines = ["Randomized with seed 40213", ""];
  for (const spec of SPECS) {
    const model = spec[0]!.toUpperCase() + spec.slice(1);
    lines.push(model);
    for (let i = 0; i < 60; i++) {
      lines.push(
        `  #${random.pick(["call", "valid?", "total", "apply", "to_h"])} ${
          random.pick(["with a draft", "when archived", "for a new record"])
        } ${i}`,
        `    ${
          random.pick([
            "returns the amount",
            "raises nothing",
            "keeps the currency",
          ])
        }`,
      );
      if (spec === "refund" && i === 17) {
        lines[lines.length - 1] += " (FAILED - 1)";
      }
      if (spec === "webhook" && i === 42) {
        lines[lines.length - 1] += " (FAILED - 2)";
      }
    }
    lines.push("");
  }
  lines.push(
    "Failures:",
    "",
    "  1) Refund#apply with a partial amount credits the ledger",
    '     Failure/Error: expect(ledger.balance).to eq(Money.new(4_50, "EUR"))',
    "",
    "       expected: #<Money fractional:450 currency:EUR>",
    "            got: #<Money fractional:500 currency:EUR>",
    "",
    "       (compared using ==)",
    "     # ./spec/models/refund_spec.rb:88:in `block (3 levels) in <top (required)>'",
    "     # ./spec/support/ledger_helpers.rb:12:in `with_ledger'",
    "",
    "  2) Webhook#deliver when the endpoint times out retries three times",
    "     Failure/Error: response = http.post(endpoint.url, body: payload)",
    "",
    "     Net::ReadTimeout:",
    "       Net::ReadTimeout with #<TCPSocket:(closed)>",
    "     # ./app/services/webhook_sender.rb:31:in `deliver'",
    "     # ./spec/models/webhook_spec.rb:140:in `block (3 levels) in <top (required)>'",
    "",
    "Finished in 38.42 seconds (files took 4.18 seconds to load)",
    "420 examples, 2 failures",
    "",
    "Failed examples:",
    "",
    "rspec ./spec/models/refund_spec.rb:84 # Refund#apply with a partial amount credits the ledger",
    "rspec ./spec/models/webhook_spec.rb:131 # Webhook#deliver when the endpoint times out retries three times",
    "",
    "Randomized with seed 40213",
  );
  return {
    name: `test run (rspec), ${lines.length} lines, 2 failures`,
    intent: "failing examples",
    text: lines.join("\n") + "\n",
    facts: {
      "summary": literal("420 examples, 2 failures"),
      "failure 1 name": literal("Refund#apply with a partial amount"),
      "failure 1 got": literal("got: #<Money fractional:500"),
      "failure 2 error": literal("Net::ReadTimeout"),
      "rerun line": literal("rspec ./spec/models/webhook_spec.rb:131"),
    },
  };
}

/** `npm install` with `--loglevel http`: fetches, then ERESOLVE on a peer dependency. */
export function npmEresolve(seed = 72): ReplyOutput {
  const random = createRandom(seed);
  const packages = [
    "react",
    "react-dom",
    "@babel/core",
    "webpack",
    "eslint",
    "typescript",
    "lodash",
    "axios",
    "@testing-library/react",
    "styled-components",
  ];
  const lines: string[] = [];
  for (let i = 0; i < 240; i++) {
    const name = random.pick(packages);
    lines.push(
      `npm http fetch GET 200 https://registry.npmjs.org/${name} ${
        random.int(20, 900)
      }ms (cache ${random.pick(["revalidated", "miss", "hit"])})`,
    );
  }
  lines.push(
    "npm ERR! code ERESOLVE",
    "npm ERR! ERESOLVE unable to resolve dependency tree",
    "npm ERR! ",
    "npm ERR! While resolving: shop-web@3.4.0",
    "npm ERR! Found: react@18.3.1",
    "npm ERR! node_modules/react",
    'npm ERR!   react@"^18.3.1" from the root project',
    "npm ERR! ",
    "npm ERR! Could not resolve dependency:",
    'npm ERR! peer react@"^16.8.0 || ^17.0.0" from react-beautiful-dnd@13.1.1',
    "npm ERR! node_modules/react-beautiful-dnd",
    'npm ERR!   react-beautiful-dnd@"^13.1.1" from the root project',
    "npm ERR! ",
    "npm ERR! Fix the upstream dependency conflict, or retry",
    "npm ERR! this command with --force or --legacy-peer-deps",
    "npm ERR! to accept an incorrect (and potentially broken) dependency resolution.",
    "npm ERR! ",
    "npm ERR! A complete log of this run can be found in: /root/.npm/_logs/2026-12-02T10_11_12_345Z-debug-0.log",
  );
  return {
    name: `npm install, ${lines.length} lines, ERESOLVE`,
    intent: "why npm install failed",
    text: lines.join("\n") + "\n",
    facts: {
      "error code": literal("ERESOLVE unable to resolve dependency tree"),
      "found": literal("Found: react@18.3.1"),
      "conflicting peer": literal(
        'peer react@"^16.8.0 || ^17.0.0" from react-beautiful-dnd@13.1.1',
      ),
      "way out": literal("--legacy-peer-deps"),
    },
  };
}

/** `./gradlew build`: tasks, deprecation warnings, then a Kotlin compile failure. */
export function gradleBuild(seed = 73): ReplyOutput {
  const random = createRandom(seed);
  const modules = ["core", "api", "storage", "billing", "web"];
  const lines = ["Starting a Gradle Daemon (subsequent builds will be faster)"];
  for (let i = 0; i < 160; i++) {
    const module = random.pick(modules);
    lines.push(
      `> Task :${module}:${
        random.pick([
          "processResources",
          "compileJava",
          "classes",
          "jar",
          "compileTestKotlin",
        ])
      } ${random.pick(["UP-TO-DATE", "NO-SOURCE", "FROM-CACHE", ""])}`
        .trimEnd(),
    );
    if (i % 20 === 7) {
      lines.push(
        `w: file:///home/ci/shop/${module}/src/main/kotlin/shop/${module}/Mapper${
          pad2(i % 30)
        }.kt:${random.int(5, 200)}:${
          random.int(3, 40)
        } 'toUpperCase(): String' is deprecated. Use uppercase() instead.`,
      );
    }
  }
  lines.push(
    "> Task :billing:compileKotlin FAILED",
    "e: file:///home/ci/shop/billing/src/main/kotlin/shop/billing/InvoiceService.kt:57:23 Unresolved reference: taxRateFor",
    "e: file:///home/ci/shop/billing/src/main/kotlin/shop/billing/InvoiceService.kt:91:9 Type mismatch: inferred type is BigDecimal? but BigDecimal was expected",
    "",
    "FAILURE: Build failed with an exception.",
    "",
    "* What went wrong:",
    "Execution failed for task ':billing:compileKotlin'.",
    "> A failure occurred while executing org.jetbrains.kotlin.compilerRunner.GradleCompilerRunnerWithWorkers$GradleKotlinCompilerWorkAction",
    "   > Compilation error. See log for more details",
    "",
    "* Try:",
    "> Run with --stacktrace option to get the stack trace.",
    "> Run with --info or --debug option to get more log output.",
    "",
    "BUILD FAILED in 1m 12s",
    "87 actionable tasks: 31 executed, 56 up-to-date",
  );
  return {
    name: `gradle build, ${lines.length} lines, Kotlin compile failure`,
    intent: "compile errors",
    text: lines.join("\n") + "\n",
    facts: {
      "failed task": literal(
        "Execution failed for task ':billing:compileKotlin'",
      ),
      "first error": literal("Unresolved reference: taxRateFor"),
      "first error place": literal("InvoiceService.kt:57:23"),
      "second error": literal("inferred type is BigDecimal? but BigDecimal"),
      "result": literal("BUILD FAILED in 1m 12s"),
    },
  };
}
