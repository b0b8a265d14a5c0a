import assert from "node:assert/strict";
import { joinHyphenated } from "../../src/store/_dehyphenate.ts";

Deno.test("joinHyphenated() keeps the line count and leaves real hyphens and options alone", () => {
  const lines = [
    "  a long word that was hyphen‐",
    "  ated here, and a real non-",
    "  interactive one, an option --no-",
    "  Capitalised‐",
    "  Text after a capital stays.",
    "  trailing‐",
  ];
  assert.deepEqual(joinHyphenated(lines), [
    "  a long word that was hyphenated",
    "  here, and a real non-",
    "  interactive one, an option --no-",
    "  Capitalised‐",
    "  Text after a capital stays.",
    "  trailing‐",
  ]);
});

Deno.test("joinHyphenated() moves the second half up with its punctuation", () => {
  assert.deepEqual(
    joinHyphenated([
      "      bar.xz even if decompres‐",
      "      sion, then more",
    ]),
    ["      bar.xz even if decompression,", "      then more"],
  );
});
