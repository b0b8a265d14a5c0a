import assert from "node:assert/strict";
import {
  assertMaxBytes,
  splitOversize,
  utf8ByteLength,
} from "../../src/store/split_oversize.ts";

const encoder = new TextEncoder();

/** Checks the contract every split must keep, whatever the input. */
function assertPieces(text: string, maxBytes: number, pieces: string[]): void {
  assert.equal(pieces.join(""), text, "pieces must reproduce the input");
  for (const piece of pieces) {
    assert.notEqual(piece, "", "no piece may be empty");
    assert.ok(
      encoder.encode(piece).length <= maxBytes,
      `piece of ${encoder.encode(piece).length} bytes exceeds ${maxBytes}`,
    );
    assert.ok(piece.isWellFormed(), "a piece must not cut a surrogate pair");
  }
}

Deno.test("splitOversize() cuts where the table says", async (t) => {
  const cases: {
    name: string;
    text: string;
    maxBytes: number;
    want: string[];
  }[] = [
    {
      name: "an empty string gives no pieces",
      text: "",
      maxBytes: 8,
      want: [],
    },
    {
      name: "a string that fits is one piece",
      text: "fits",
      maxBytes: 8,
      want: ["fits"],
    },
    {
      name: "a string of exactly the cap is one piece",
      text: "12345678",
      maxBytes: 8,
      want: ["12345678"],
    },
    {
      name: "a cut breaks after a newline in the last quarter",
      text: "abcdefgh\nijklmnop",
      maxBytes: 10,
      want: ["abcdefgh\n", "ijklmnop"],
    },
    {
      name: "a newline beats a later space",
      text: "abcdefg\nh ijklmnopq",
      maxBytes: 10,
      want: ["abcdefg\n", "h ijklmnop", "q"],
    },
    {
      name: "a cut breaks after a space when there is no newline",
      text: "alpha beta gamma delta",
      maxBytes: 12,
      want: ["alpha beta ", "gamma delta"],
    },
    {
      name: "a tab counts as whitespace",
      text: "alpha\tbeta\tgamma",
      maxBytes: 12,
      want: ["alpha\tbeta\t", "gamma"],
    },
    {
      name: "a break before the last quarter is ignored for a hard cut",
      text: "a bcdefghijklmno",
      maxBytes: 8,
      want: ["a bcdefg", "hijklmno"],
    },
    {
      name: "text without breaks is cut hard",
      text: "abcdefghij",
      maxBytes: 4,
      want: ["abcd", "efgh", "ij"],
    },
    {
      name: "an emoji is never split across pieces",
      text: "😀😀😀",
      maxBytes: 5,
      want: ["😀", "😀", "😀"],
    },
    {
      name: "emoji pack up to the cap",
      text: "😀😀😀",
      maxBytes: 8,
      want: ["😀😀", "😀"],
    },
    {
      name: "CJK characters stay whole",
      text: "日本語テキスト",
      maxBytes: 7,
      want: ["日本", "語テ", "キス", "ト"],
    },
    {
      name: "a 4-byte code point moves whole to the next piece",
      text: "a😀b",
      maxBytes: 4,
      want: ["a", "😀", "b"],
    },
    {
      name: "two-byte characters are counted as two",
      text: "éééé",
      maxBytes: 5,
      want: ["éé", "éé"],
    },
  ];
  for (const { name, text, maxBytes, want } of cases) {
    await t.step(name, () => {
      const pieces = splitOversize(text, maxBytes);
      assert.deepEqual(pieces, want);
      assertPieces(text, maxBytes, pieces);
    });
  }
});

Deno.test("splitOversize() keeps its contract on mixed scripts at every cap", () => {
  const text = "Grüße 😀 日本語のテキスト — emoji 👩‍👩‍👧 and 𝔘𝔫𝔦𝔠𝔬𝔡𝔢\nnext line "
    .repeat(
      40,
    );
  for (let maxBytes = 4; maxBytes <= 97; maxBytes++) {
    assertPieces(text, maxBytes, splitOversize(text, maxBytes));
  }
});

Deno.test("splitOversize() splits a 1 MB minified line safely", () => {
  const text = "var a=1;function f(){return'é😀'};".repeat(30_000);
  assert.ok(utf8ByteLength(text) > 1_000_000);
  const pieces = splitOversize(text, 4096);
  assert.ok(pieces.length >= Math.ceil(utf8ByteLength(text) / 4096));
  assertPieces(text, 4096, pieces);
});

Deno.test("splitOversize() breaks seq output only at newlines", () => {
  const text = Array.from({ length: 30_000 }, (_, i) => `${i + 1}\n`).join("");
  const pieces = splitOversize(text, 4096);
  assertPieces(text, 4096, pieces);
  for (const piece of pieces) assert.match(piece, /^\d+\n(?:\d+\n)*$/);
  assert.ok(pieces.length < 50, `${pieces.length} pieces is too many`);
});

Deno.test("splitOversize() keeps whitespace-only pieces rather than losing bytes", () => {
  const text = `a${" ".repeat(20)}b`;
  const pieces = splitOversize(text, 8);
  assertPieces(text, 8, pieces);
  assert.ok(pieces.some((piece) => piece.trim() === ""));
});

Deno.test("splitOversize() keeps lone surrogates and counts them as U+FFFD", () => {
  const text = "ab\ud800cd\udc00ef".repeat(20);
  for (const maxBytes of [4, 5, 9, 13]) {
    const pieces = splitOversize(text, maxBytes);
    assert.equal(pieces.join(""), text);
    for (const piece of pieces) {
      assert.ok(encoder.encode(piece).length <= maxBytes);
    }
  }
});

Deno.test("splitOversize() accepts a cap far larger than the text", () => {
  assert.deepEqual(splitOversize("small", Number.MAX_SAFE_INTEGER), ["small"]);
});

Deno.test("splitOversize() rejects caps that cannot hold a code point", async (t) => {
  for (
    const maxBytes of [3, 0, -1, 4.5, Number.NaN, Number.POSITIVE_INFINITY]
  ) {
    await t.step(`maxBytes ${maxBytes}`, () => {
      assert.throws(() => splitOversize("text", maxBytes), RangeError);
    });
  }
  assert.equal(assertMaxBytes(4), 4);
});

Deno.test("utf8ByteLength() agrees with TextEncoder", async (t) => {
  const cases = [
    "",
    "ascii",
    "é",
    "日本語",
    "😀",
    "👩‍👩‍👧",
    "\ud800",
    "a\udc00b",
    "\ud83d",
    "mixed é 日 😀 end",
  ];
  for (const text of cases) {
    await t.step(JSON.stringify(text), () => {
      assert.equal(utf8ByteLength(text), encoder.encode(text).length);
    });
  }
});

Deno.test("utf8ByteLength() agrees with TextEncoder on random mixes of ASCII, multi-byte and lone or paired surrogates", () => {
  const alphabet = [
    "a",
    "\n",
    "é",
    "ß",
    "日",
    "\uffff",
    "😀",
    "\ud800",
    "\udc00",
    "\u0800",
    "\u07ff",
    "\x7f",
  ];
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  for (let round = 0; round < 500; round++) {
    let text = "";
    const length = next() % 40;
    for (let i = 0; i < length; i++) text += alphabet[next() % alphabet.length];
    assert.equal(
      utf8ByteLength(text),
      encoder.encode(text).length,
      JSON.stringify(text),
    );
  }
});
