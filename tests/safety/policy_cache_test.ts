import assert from "node:assert/strict";
import { join } from "node:path";
import { PolicyCache } from "../../src/safety/policy_cache.ts";

/** Waits until the files' last changes are older than `ms` (the cache's racy window). */
async function settled(paths: string[], ms: number) {
  const changedAt = Math.max(
    ...paths.flatMap((path) => {
      const info = Deno.statSync(path);
      return [info.mtime?.getTime() ?? 0, info.ctime?.getTime() ?? 0];
    }),
  );
  while (Date.now() <= changedAt + ms) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

function tempPlace() {
  const root = Deno.makeTempDirSync();
  const projectDir = join(root, "project");
  const home = join(root, "home");
  Deno.mkdirSync(projectDir);
  Deno.mkdirSync(home);
  return {
    root,
    place: { projectDir, home, dataHome: join(home, ".ctx-mode") },
  };
}

Deno.test("a cached policy is reused while no policy file changes", () => {
  const { root, place } = tempPlace();
  const cache = new PolicyCache({ racyMs: -60_000 });
  try {
    const first = cache.load(place);
    assert.equal(cache.load(place), first);
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});

Deno.test("a policy file made in a folder that did not exist counts at the next call", () => {
  const { root, place } = tempPlace();
  const cache = new PolicyCache({ racyMs: -60_000 });
  try {
    assert.equal(cache.load(place).level, "standard");
    Deno.mkdirSync(place.dataHome);
    Deno.writeTextFileSync(
      join(place.dataHome, "config.json"),
      '{"guard":{"level":"paranoid"}}',
    );
    assert.equal(cache.load(place).level, "paranoid");
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});

Deno.test("an edit that keeps the size counts at the next call", async () => {
  const { root, place } = tempPlace();
  const file = join(place.projectDir, ".ctx-mode.json");
  await Deno.writeTextFile(file, '{"guard":{"level":"standard"}}');
  const cache = new PolicyCache({ racyMs: 20 });
  try {
    await settled([file, place.projectDir, place.home], 20);
    const first = cache.load(place);
    assert.equal(first.level, "standard");
    assert.equal(cache.load(place), first, "settled files are cached");
    // Same length: only the times tell, and a fresh change is never trusted.
    await Deno.writeTextFile(file, '{"guard":{"level":"strict"  }}');
    assert.equal(cache.load(place).level, "strict");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a file changed within the racy window is read again every call", () => {
  const { root, place } = tempPlace();
  const file = join(place.projectDir, ".ctx-mode.json");
  Deno.writeTextFileSync(file, '{"guard":{"level":"strict"}}');
  const cache = new PolicyCache();
  try {
    const first = cache.load(place);
    assert.equal(first.level, "strict");
    assert.notEqual(cache.load(place), first);
  } finally {
    Deno.removeSync(root, { recursive: true });
  }
});
