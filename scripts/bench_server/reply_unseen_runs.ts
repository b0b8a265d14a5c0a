/**
 * A third held-out set of the reply benchmark, part one: tools no other set
 * holds — a `cargo build` that fails on two compile errors among warnings,
 * a `dotnet test` run with two failures, and nginx's error log — each with
 * the facts an agent needs next. Written, facts included, before the views
 * were run on them, and never tuned on (`reply_unseen_data.ts` holds the
 * rest of the set).
 *
 * @module
 */

import { pad2 } from "./dataset.ts";
import { createRandom } from "./random.ts";
import { literal, number, type ReplyOutput } from "./reply_outputs.ts";

const CRATES = [
  "proc-macro2",
  "unicode-ident",
  "quote",
  "syn",
  "serde",
  "serde_derive",
  "serde_json",
  "itoa",
  "ryu",
  "memchr",
  "regex-syntax",
  "aho-corasick",
  "regex",
  "libc",
  "cfg-if",
  "once_cell",
  "smallvec",
  "bitflags",
  "log",
  "thiserror",
];

/** `cargo build` of a workspace: downloads, 260 crates compiled, 14 warnings, 2 errors. */
export function cargoBuild(seed = 51): ReplyOutput {
  const random = createRandom(seed);
  const version = () =>
    `v${random.int(0, 3)}.${random.int(0, 40)}.${random.int(0, 30)}`;
  const lines = ["    Updating crates.io index"];
  for (let i = 0; i < 150; i++) {
    lines.push(
      `  Downloaded ${random.pick(CRATES)}${
        i % 7 === 0 ? "" : `-${random.pick(["impl", "core", "macros", "sys"])}`
      } ${version()}`,
    );
  }
  lines.push(`  Downloaded 150 crates (14.2 MB) in 2.31s`);
  for (let i = 0; i < 260; i++) {
    lines.push(
      `   Compiling ${random.pick(CRATES)}${
        i % 5 === 0 ? "" : `-${random.pick(["impl", "core", "macros", "sys"])}`
      } ${version()}`,
    );
  }
  lines.push("   Compiling tidy-core v0.9.0 (/home/dev/tidy/crates/tidy-core)");
  const unused = ["span", "width", "token", "indent", "prev", "depth", "kind"];
  for (let i = 0; i < 14; i++) {
    const name = unused[i % unused.length]!;
    const file = random.pick(["lexer", "printer", "layout", "tokens"]);
    const line = random.int(20, 400);
    lines.push(
      `warning: unused variable: \`${name}\``,
      `  --> crates/tidy-core/src/${file}.rs:${line}:13`,
      "   |",
      `${line} |         let ${name} = self.pos..end;`,
      `   |             ${
        "^".repeat(name.length)
      } help: if this is intentional, prefix it with an underscore: \`_${name}\``,
      "   |",
      ...(i === 0
        ? ["   = note: `#[warn(unused_variables)]` on by default"]
        : []),
      "",
    );
  }
  lines.push(
    "error[E0308]: mismatched types",
    "   --> crates/tidy-core/src/parser.rs:142:17",
    "    |",
    "140 |     fn parse_block(&mut self) -> Result<Block, ParseError> {",
    "    |                                  ------------------------- expected `Result<Block, ParseError>` because of return type",
    "141 |         let stmts = self.parse_stmts()?;",
    "142 |                 Block { stmts, span: self.span() }",
    "    |                 ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ expected `Result<Block, ParseError>`, found `Block`",
    "    |",
    "help: try wrapping the expression in `Ok`",
    "    |",
    "142 |                 Ok(Block { stmts, span: self.span() })",
    "    |                 +++                                  +",
    "",
    "error[E0425]: cannot find value `cfg` in this scope",
    "  --> crates/tidy-core/src/config.rs:57:9",
    "   |",
    "57 |         cfg.max_width",
    "   |         ^^^ not found in this scope",
    "",
    "Some errors have detailed explanations: E0308, E0425.",
    "For more information about an error, try `rustc --explain E0308`.",
    "warning: `tidy-core` (lib) generated 14 warnings",
    "error: could not compile `tidy-core` (lib) due to 2 previous errors; 14 warnings emitted",
  );
  return {
    name: `cargo build, ${lines.length} lines, 2 errors`,
    intent: "the compile errors",
    text: lines.join("\n") + "\n",
    facts: {
      "first error": literal("mismatched types"),
      "first error place": literal("crates/tidy-core/src/parser.rs:142:17"),
      "second error": literal("cannot find value `cfg`"),
      "second error place": literal("crates/tidy-core/src/config.rs:57:9"),
      "crate that failed": literal("could not compile `tidy-core`"),
    },
  };
}

/** `dotnet test` at normal verbosity: 323 tests, 2 failed (an assertion, a null reference), 3 skipped. */
export function dotnetTest(seed = 53): ReplyOutput {
  const random = createRandom(seed);
  const lines = [
    "  Determining projects to restore...",
    "  All projects are up-to-date for restore.",
    "  Shop.Core -> /src/Shop.Core/bin/Debug/net8.0/Shop.Core.dll",
    "  Shop.Core.Tests -> /src/Shop.Core.Tests/bin/Debug/net8.0/Shop.Core.Tests.dll",
    "Test run for /src/Shop.Core.Tests/bin/Debug/net8.0/Shop.Core.Tests.dll (.NETCoreApp,Version=v8.0)",
    "VSTest version 17.11.1 (x64)",
    "",
    "Starting test execution, please wait...",
    "A total of 1 test files matched the specified pattern.",
  ];
  const classes = ["Cart", "Catalog", "Checkout", "Inventory", "Pricing"];
  const verbs = ["Adds", "Removes", "Rounds", "Keeps", "Rejects", "Merges"];
  for (let i = 0; i < 323; i++) {
    if (i === 141) {
      lines.push(
        "  Failed Shop.Core.Tests.PricingTests.AppliesBulkDiscount [12 ms]",
        "  Error Message:",
        "   Assert.Equal() Failure: Values differ",
        "Expected: 42.50",
        "Actual:   41.00",
        "  Stack Trace:",
        "     at Shop.Core.Tests.PricingTests.AppliesBulkDiscount() in /src/Shop.Core.Tests/PricingTests.cs:line 57",
        "     at System.RuntimeMethodHandle.InvokeMethod(Object target, Void** arguments, Signature sig, Boolean isConstructor)",
        "     at System.Reflection.MethodBaseInvoker.InvokeWithNoArgs(Object obj, BindingFlags invokeAttr)",
      );
      continue;
    }
    if (i === 268) {
      lines.push(
        "  Failed Shop.Core.Tests.OrderTests.ShipsToSavedAddress [4 ms]",
        "  Error Message:",
        "   System.NullReferenceException : Object reference not set to an instance of an object.",
        "  Stack Trace:",
        "     at Shop.Core.Orders.Shipping.Resolve(Order order) in /src/Shop.Core/Orders/Shipping.cs:line 31",
        "     at Shop.Core.Tests.OrderTests.ShipsToSavedAddress() in /src/Shop.Core.Tests/OrderTests.cs:line 88",
      );
      continue;
    }
    const name = `Shop.Core.Tests.${random.pick(classes)}Tests.${
      random.pick(verbs)
    }Item_${i}`;
    lines.push(
      i % 107 === 50
        ? `  Skipped ${name} [1 ms]`
        : `  Passed ${name} [${random.int(1, 40)} ms]`,
    );
  }
  lines.push(
    "",
    "Failed!  - Failed:     2, Passed:   318, Skipped:     3, Total:   323, Duration: 1 s - Shop.Core.Tests.dll (net8.0)",
  );
  return {
    name: `test run (dotnet test), ${lines.length} lines, 2 failed`,
    intent: "failing tests",
    text: lines.join("\n") + "\n",
    facts: {
      "failure 1 name": literal("PricingTests.AppliesBulkDiscount"),
      "failure 1 message": literal("Assert.Equal() Failure"),
      "failure 2 name": literal("OrderTests.ShipsToSavedAddress"),
      "failure 2 error": literal("NullReferenceException"),
      "summary": /Failed:\s+2, Passed:\s+318/,
    },
  };
}

/** nginx's error.log over a day: 8,000 lines, upstream timeouts, refused connections, 3 TLS failures. */
export function nginxErrorLog(seed = 52): ReplyOutput {
  const random = createRandom(seed);
  let time = Date.UTC(2026, 11, 1, 0, 0, 4);
  const stamp = () => {
    const d = new Date(time);
    return `2026/12/${pad2(d.getUTCDate())} ${pad2(d.getUTCHours())}:${
      pad2(d.getUTCMinutes())
    }:${pad2(d.getUTCSeconds())}`;
  };
  const lines: string[] = [];
  let timeouts = 0;
  let refused = 0;
  for (let i = 0; i < 8_000; i++) {
    time += random.int(1, 20) * 1000;
    const conn = 40_000 + i * 3 + random.int(0, 2);
    const client = `203.0.113.${random.int(2, 250)}`;
    const path = random.pick(["/api/cart", "/api/orders", "/api/search"]);
    const tail =
      `client: ${client}, server: shop.example.com, request: "GET ${path} HTTP/1.1"`;
    const roll = random.next();
    if (i === 1_200 || i === 4_410 || i === 7_003) {
      lines.push(
        `${stamp()} [crit] 2211#2211: *${conn} SSL_do_handshake() failed (SSL: error:0A00006C:SSL routines::bad key share) while SSL handshaking, client: ${client}, server: 0.0.0.0:443`,
      );
    } else if (roll < 0.06) {
      timeouts++;
      lines.push(
        `${stamp()} [error] 2211#2211: *${conn} upstream timed out (110: Connection timed out) while reading response header from upstream, ${tail}, upstream: "http://10.0.3.7:8080${path}", host: "shop.example.com"`,
      );
    } else if (roll < 0.075) {
      refused++;
      lines.push(
        `${stamp()} [error] 2211#2211: *${conn} connect() failed (111: Connection refused) while connecting to upstream, ${tail}, upstream: "http://10.0.3.9:8080${path}", host: "shop.example.com"`,
      );
    } else if (roll < 0.8) {
      lines.push(
        `${stamp()} [warn] 2211#2211: *${conn} an upstream response is buffered to a temporary file /var/cache/nginx/proxy_temp/${
          random.int(1, 9)
        }/${pad2(random.int(0, 99))}/00000${
          random.int(10000, 99999)
        } while reading upstream, ${tail}, upstream: "http://10.0.3.7:8080${path}", host: "shop.example.com"`,
      );
    } else {
      lines.push(
        `${stamp()} [info] 2211#2211: *${conn} client ${client} closed keepalive connection`,
      );
    }
  }
  return {
    name: "nginx error.log, 8,000 lines",
    intent: "upstream errors",
    text: lines.join("\n") + "\n",
    facts: {
      "first timestamp": literal(lines[0]!.slice(0, 19)),
      "last timestamp": literal(lines.at(-1)!.slice(0, 19)),
      "upstream timeout": literal("upstream timed out"),
      "timeout count": number(timeouts),
      "refused upstream":
        /Connection refused[\s\S]*10\.0\.3\.9|10\.0\.3\.9[\s\S]*Connection refused/,
      "TLS failure": literal("SSL_do_handshake() failed"),
    },
    intentFacts: { "refused count": number(refused) },
  };
}
