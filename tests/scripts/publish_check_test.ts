import assert from "node:assert/strict";
import {
  isOffline,
  parseDiagnostics,
  unexpected,
} from "../../scripts/publish_check.ts";

const ROOT = "/repo/";

function dryRun(...diagnostics: Array<[string, string]>): string {
  return diagnostics.map(([head, file]) =>
    [
      head,
      `   --> ${ROOT}${file}:12:31`,
      "    | ",
      "    = hint: something",
      "",
    ].join("\n")
  ).join("\n");
}

Deno.test("publish-check lets through only the dynamic imports made on purpose", () => {
  const output = dryRun(
    [
      "warning[unanalyzable-dynamic-import]: unable to analyze dynamic import",
      "main.ts",
    ],
    [
      "warning[unanalyzable-dynamic-import]: unable to analyze dynamic import",
      "src/cli/hook.ts",
    ],
    [
      "warning[unanalyzable-dynamic-import]: unable to analyze dynamic import",
      "src/store/x.ts",
    ],
    [
      "error[missing-explicit-return-type]: missing explicit return type",
      "mod.ts",
    ],
  ) + "error: Found 1 problem\n";
  const diagnostics = parseDiagnostics(output, ROOT);
  assert.deepEqual(diagnostics.map((d) => `${d.level} ${d.code} ${d.file}`), [
    "warning unanalyzable-dynamic-import main.ts",
    "warning unanalyzable-dynamic-import src/cli/hook.ts",
    "warning unanalyzable-dynamic-import src/store/x.ts",
    "error missing-explicit-return-type mod.ts",
  ]);
  assert.deepEqual(unexpected(diagnostics).map((d) => d.file), [
    "src/store/x.ts",
    "mod.ts",
  ]);
});

Deno.test("publish-check reads a failure without a code as an error", () => {
  const diagnostics = parseDiagnostics(
    "Checking for slow types in the public API...\nerror: Failed reading deno.json\n",
    ROOT,
  );
  assert.deepEqual(unexpected(diagnostics).map((d) => d.level), ["error"]);
  assert.equal(isOffline("error: Failed reading deno.json"), false);
  assert.equal(
    isOffline(
      "error: error sending request for url (https://jsr.io/@std/path/meta.json): dns error",
    ),
    true,
  );
});
