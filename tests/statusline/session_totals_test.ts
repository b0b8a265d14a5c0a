import assert from "node:assert/strict";
import { join } from "node:path";
import {
  readSessionTotals,
  sessionTotalsPath,
  writeSessionTotals,
} from "../../src/statusline/session_totals.ts";
import { tempDir } from "../_helpers/temp_dir.ts";

Deno.test("a session's totals file is private, read back whole, and refused when it is not totals", async () => {
  await using dir = await tempDir();
  const path = sessionTotalsPath(dir.path, "/srv/app", "a/../../session id");
  assert.equal(path.startsWith(join(dir.path, "status") + "/"), true, path);
  assert.equal(readSessionTotals(path), undefined);
  writeSessionTotals(path, { handled: 5000, returned: 200, keptOut: 4800 });
  assert.deepEqual(readSessionTotals(path), {
    handled: 5000,
    returned: 200,
    keptOut: 4800,
  });
  if (Deno.build.os !== "windows") {
    assert.equal((await Deno.stat(path)).mode! & 0o777, 0o600);
  }
  for (
    const text of ["{}", "not json", '{"handled":-1,"returned":0,"keptOut":0}']
  ) {
    await Deno.writeTextFile(path, text);
    assert.equal(readSessionTotals(path), undefined, text);
  }
  assert.notEqual(
    sessionTotalsPath(dir.path, "/srv/app", "s1"),
    sessionTotalsPath(dir.path, "/srv/other", "s1"),
  );
});
