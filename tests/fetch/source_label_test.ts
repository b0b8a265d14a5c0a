import assert from "node:assert/strict";
import { defaultSourceLabel } from "../../src/fetch/source_label.ts";

Deno.test("defaultSourceLabel() names a page by host and path without scheme or tracking noise", () => {
  const cases: [string, string][] = [
    ["https://example.com/docs/page", "example.com/docs/page"],
    ["https://www.example.com/docs/page/", "example.com/docs/page"],
    ["http://example.com/", "example.com"],
    ["https://example.com:443/a#section", "example.com/a"],
    ["http://127.0.0.1:8080/api.json", "127.0.0.1:8080/api.json"],
    ["https://user:secret@example.com/private", "example.com/private"],
    [
      "https://example.com/search?q=deno&utm_source=news&fbclid=1",
      "example.com/search?q=deno",
    ],
    ["https://example.com/caf%C3%A9", "example.com/café"],
    ["https://example.com/a%2Fb", "example.com/a%2Fb"],
    ["https://example.com/100%25", "example.com/100%"],
  ];
  for (const [url, expected] of cases) {
    assert.equal(defaultSourceLabel(url), expected, url);
  }
  assert.throws(() => defaultSourceLabel("not a url"), TypeError);
});
