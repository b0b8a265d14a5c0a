import assert from "node:assert/strict";
import { join } from "node:path";
import { PolicyCache } from "../../src/safety/policy_cache.ts";

const RACY_MS = 20;

/** Waits until the paths' last changes are older than the cache's racy window. */
async function settled(paths: string[]) {
  const changedAt = Math.max(
    ...paths.flatMap((path) => {
      const info = Deno.statSync(path);
      return [info.mtime?.getTime() ?? 0, info.ctime?.getTime() ?? 0];
    }),
  );
  while (Date.now() <= changedAt + RACY_MS) {
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function tempPlace() {
  const root = await Deno.makeTempDir();
  const projectDir = join(root, "project");
  const home = join(root, "home");
  await Deno.mkdir(projectDir);
  await Deno.mkdir(home);
  await settled([root, projectDir, home]);
  return {
    root,
    place: { projectDir, home, dataHome: join(home, ".ctx-mode") },
  };
}

Deno.test("a cached policy is reused while no policy file changes", async () => {
  const { root, place } = await tempPlace();
  const cache = new PolicyCache({ racyMs: RACY_MS });
  try {
    const first = cache.load(place);
    assert.equal(cache.load(place), first);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a policy file made in a folder that did not exist counts at the next call", async () => {
  const { root, place } = await tempPlace();
  const cache = new PolicyCache({ racyMs: RACY_MS });
  try {
    assert.equal(cache.load(place).level, "standard");
    assert.equal(cache.load(place).level, "standard");
    await Deno.mkdir(place.dataHome);
    await Deno.writeTextFile(
      join(place.dataHome, "config.json"),
      '{"guard":{"level":"paranoid"}}',
    );
    assert.equal(cache.load(place).level, "paranoid");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("a policy file made in an existing folder counts at the next call", async () => {
  const { root, place } = await tempPlace();
  const cache = new PolicyCache({ racyMs: RACY_MS });
  try {
    const first = cache.load(place);
    assert.equal(cache.load(place), first, "settled files are cached");
    await Deno.writeTextFile(
      join(place.projectDir, ".ctx-mode.json"),
      '{"guard":{"level":"strict"}}',
    );
    assert.equal(cache.load(place).level, "strict");
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

Deno.test("an edit that keeps the size counts at the next call", async () => {
  const { root, place } = await tempPlace();
  const file = join(place.projectDir, ".ctx-mode.json");
  await Deno.writeTextFile(file, '{"guard":{"level":"standard"}}');
  const cache = new PolicyCache({ racyMs: RACY_MS });
  try {
    await settled([file, place.projectDir]);
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

Deno.test("a file changed within the racy window is read again every call", async () => {
  const { root, place } = await tempPlace();
  const file = join(place.projectDir, ".ctx-mode.json");
  await Deno.writeTextFile(file, '{"guard":{"level":"strict"}}');
  const cache = new PolicyCache();
  try {
    const first = cache.load(place);
    assert.equal(first.level, "strict");
    assert.notEqual(cache.load(place), first);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});
