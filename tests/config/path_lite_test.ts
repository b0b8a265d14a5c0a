import assert from "node:assert/strict";
import * as nodePath from "node:path";
import {
  basenameOf,
  dirnameOf,
  isAbsolutePath,
  joinPath,
  resolvePath,
} from "../../src/config/path_lite.ts";

const CASES = [
  "/a/b/c",
  "/a//b/./c/",
  "a/b/../c",
  "../x/y",
  "/",
  "/a/..",
  "/a/../../b",
  "rel",
  "./rel/",
  "/tmp/../etc/passwd",
];

Deno.test({
  name: "the light path helpers agree with node:path on POSIX paths",
  ignore: Deno.build.os === "windows",
  fn: () => {
    for (const path of CASES) {
      assert.equal(isAbsolutePath(path), nodePath.isAbsolute(path), path);
      assert.equal(resolvePath(path), nodePath.resolve(path), path);
      assert.equal(
        resolvePath("/base/dir", path),
        nodePath.resolve("/base/dir", path),
        path,
      );
      assert.equal(
        joinPath("/base", path),
        nodePath.join("/base", path).replace(/\/$/, "") || "/",
        path,
      );
      assert.equal(basenameOf(path), nodePath.basename(path), path);
      assert.equal(
        dirnameOf(path),
        nodePath.dirname(nodePath.normalize(path).replace(/(.)\/$/, "$1")),
        path,
      );
    }
  },
});
