/**
 * The layout stays as `docs/architecture.md` draws it: every module under
 * `main.ts`, `mod.ts`, `src/`, `adapters/` and `hooks/` is in a room of its
 * rooms table, imports (type-only ones included) only the rooms its row
 * lists, and no modules import one another in a circle.
 *
 * @module
 */

import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { importGraph } from "../scripts/_code_graph.ts";
import {
  findCircles,
  findUpImports,
  type ImportGraph,
  readRoomsTable,
  type Room,
  roomOf,
  type UpImport,
} from "../scripts/_import_rules.ts";

const ROOT = new URL("../", import.meta.url);
const ROOT_FILES = ["main.ts", "mod.ts"];
const ROOT_FOLDERS = ["src", "adapters", "hooks"];
/** TypeScript and JavaScript modules; generated bundles enter the graph where they are imported. */
const MODULE = /\.(?:ts|js)$/;
const BUNDLE = /\.bundle\.js$/;

async function modulesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(new URL(folder, ROOT), { recursive: true });
  return entries
    .filter((path) => MODULE.test(path) && !BUNDLE.test(path))
    .map((path) => join(folder, path));
}

/** The tree's import graph, by path relative to the repository; modules outside it keep their URL. */
async function treeGraph(): Promise<ImportGraph> {
  const paths = [
    ...ROOT_FILES,
    ...(await Promise.all(ROOT_FOLDERS.map(modulesUnder))).flat(),
  ];
  const byUrl = await importGraph(
    paths.map((path) => new URL(path, ROOT)),
    new URL("deno.json", ROOT),
  );
  const local = (url: string): string | null => {
    if (url.startsWith(ROOT.href)) return url.slice(ROOT.href.length);
    return url.startsWith("file:") ? url : null;
  };
  const graph = new Map<string, Set<string>>();
  for (const [url, imports] of byUrl) {
    const from = local(url);
    if (from === null) continue;
    const targets = imports.map((i) => local(i.to)).filter((to) => to !== null);
    graph.set(from, new Set(targets));
  }
  return graph;
}

async function roomsTable(): Promise<Room[]> {
  return readRoomsTable(
    await Deno.readTextFile(new URL("docs/architecture.md", ROOT)),
  );
}

function showUp(up: UpImport): string {
  return `${up.from} (${up.fromRoom}) imports ${up.to} (${
    up.toRoom ?? "in no room"
  })`;
}

let cached: Promise<ImportGraph> | undefined;
/** The tree's graph, read once for all the tests of this file. */
function tree(): Promise<ImportGraph> {
  return cached ??= treeGraph();
}

Deno.test("every module of the tree is in a room of docs/architecture.md's rooms table", async () => {
  const rooms = await roomsTable();
  const homeless = [...(await tree()).keys()]
    .filter((path) =>
      [...ROOT_FILES, ...ROOT_FOLDERS].some((root) =>
        path === root || path.startsWith(`${root}/`)
      ) && roomOf(path, rooms) === null
    );
  assert.ok((await tree()).size > 300, "the graph holds the whole tree");
  assert.deepEqual(homeless, [], "add a row for their room");
});

Deno.test("no module imports a room its row does not list", async () => {
  const found = findUpImports(await tree(), await roomsTable());
  assert.deepEqual(found.map(showUp), []);
});

Deno.test("no modules import one another in a circle", async () => {
  const found = findCircles(await tree());
  assert.deepEqual(found.map((circle) => circle.path.join(" → ")), []);
});

const MADE_UP_TABLE = `# Layout

## Rooms

| room | owns | may import |
| --- | --- | --- |
| \`cli\` | the edge | \`core\`, \`base\` |
| \`core/deep\` | a sub-room | \`base\` |
| \`core\` | the core | \`base\` |
| \`base\` | the floor | — |
`;

Deno.test("the checker reports an upward import, an import into no room and a circle in a made-up graph", () => {
  const rooms = readRoomsTable(MADE_UP_TABLE);
  assert.deepEqual(rooms.map((room) => room.name), [
    "cli",
    "core/deep",
    "core",
    "base",
  ]);
  assert.equal(roomOf("core/deep/x.ts", rooms), "core/deep");
  assert.equal(roomOf("core/x.ts", rooms), "core");
  assert.equal(roomOf("corex.ts", rooms), null);
  const made: ImportGraph = new Map([
    ["cli/main.ts", new Set(["core/a.ts"])],
    ["core/a.ts", new Set(["core/b.ts", "base/x.ts"])],
    ["core/b.ts", new Set(["core/c.ts", "cli/main.ts"])],
    ["core/c.ts", new Set(["core/a.ts", "vendor/util.ts"])],
    ["core/deep/d.ts", new Set(["core/a.ts"])],
    ["base/x.ts", new Set(["base/x.ts"])],
  ]);
  assert.deepEqual(findUpImports(made, rooms), [
    {
      from: "core/b.ts",
      to: "cli/main.ts",
      fromRoom: "core",
      toRoom: "cli",
    },
    {
      from: "core/c.ts",
      to: "vendor/util.ts",
      fromRoom: "core",
      toRoom: null,
    },
    {
      from: "core/deep/d.ts",
      to: "core/a.ts",
      fromRoom: "core/deep",
      toRoom: "core",
    },
  ]);
  assert.deepEqual(findCircles(made), [
    { modules: ["base/x.ts"], path: ["base/x.ts", "base/x.ts"] },
    {
      modules: ["cli/main.ts", "core/a.ts", "core/b.ts", "core/c.ts"],
      path: ["cli/main.ts", "core/a.ts", "core/b.ts", "cli/main.ts"],
    },
  ]);
  assert.deepEqual(findCircles(new Map([["a.ts", new Set(["b.ts"])]])), []);
});

Deno.test("the rooms table refuses a room that may import a room above it, or an unknown one", () => {
  assert.throws(
    () => readRoomsTable(MADE_UP_TABLE.replace("| — |", "| `core` |")),
    /"base" may import "core", which is not a room further down/,
  );
  assert.throws(
    () => readRoomsTable(MADE_UP_TABLE.replace("`base` |\n", "`nowhere` |\n")),
    /"cli" may import "nowhere"/,
  );
  assert.throws(
    () => readRoomsTable("# Layout\n\nNo table here.\n"),
    /no "## Rooms" heading/,
  );
});
