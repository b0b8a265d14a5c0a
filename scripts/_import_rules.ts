/**
 * The rules an import graph is held to: the rooms table of
 * `docs/architecture.md` (each room, top floor first, with the rooms it may
 * import, all of them further down the table), and the two ways a graph
 * breaks it: an import circle, and an import of a room the importer's row
 * does not list. The architecture test runs them over the real tree.
 *
 * Pure: takes text and graphs, never reads or prints.
 *
 * @module
 */

/** One row of the rooms table. */
export interface Room {
  /** A folder (`src/cli`) or a file (`main.ts`), relative to the repository. */
  name: string;
  /** The rooms its modules may import, besides their own. */
  mayImport: readonly string[];
}

/** An import graph: each module (a path relative to the repository) with the modules it imports. */
export type ImportGraph = ReadonlyMap<string, ReadonlySet<string>>;

/** An import that breaks the rooms table. */
export interface UpImport {
  /** The importing module. */
  from: string;
  /** The imported module. */
  to: string;
  /** The importer's room. */
  fromRoom: string;
  /** The imported module's room; null when it is in none. */
  toRoom: string | null;
}

/** An import circle: its modules, and one way round it. */
export interface Circle {
  /** The modules on it, sorted. */
  modules: string[];
  /** One cycle through them, its first module repeated at the end. */
  path: string[];
}

const ROOMS_HEADING = /^##\s+Rooms\s*$/m;

/**
 * Reads the rooms table: the first Markdown table after the `## Rooms`
 * heading, whose first column names the room and whose last column lists the
 * rooms it may import, each in backticks (`—` for none).
 *
 * @param markdown The page.
 * @returns The rooms, in table order.
 * @throws {SyntaxError} When the table is missing, a room is unknown or
 * listed twice, or a row lists a room that is not further down.
 */
export function readRoomsTable(markdown: string): Room[] {
  const heading = ROOMS_HEADING.exec(markdown);
  if (heading === null) {
    throw new SyntaxError('Cannot read the rooms table: no "## Rooms" heading');
  }
  const lines = markdown.slice(heading.index).split("\n");
  const start = lines.findIndex((line) => line.startsWith("|"));
  const rows = [];
  for (let i = start + 2; start !== -1 && i < lines.length; i++) {
    const line = lines[i] ?? "";
    if (!line.startsWith("|")) break;
    rows.push(line.split("|").slice(1, -1).map((cell) => cell.trim()));
  }
  if (rows.length === 0) {
    throw new SyntaxError("Cannot read the rooms table: it has no rows");
  }
  const rooms = rows.map((cells) => ({
    name: /^`([^`]+)`$/.exec(cells[0] ?? "")?.[1] ?? "",
    mayImport: [...(cells.at(-1) ?? "").matchAll(/`([^`]+)`/g)].map((m) =>
      m[1] ?? ""
    ),
  }));
  rooms.forEach((room, i) => {
    if (room.name === "") {
      throw new SyntaxError(
        `Cannot read row ${
          i + 1
        } of the rooms table: its room is not one name in backticks`,
      );
    }
    if (rooms.findIndex((other) => other.name === room.name) !== i) {
      throw new SyntaxError(
        `Cannot read the rooms table: "${room.name}" has two rows`,
      );
    }
    const below = new Set(rooms.slice(i + 1).map((other) => other.name));
    for (const name of room.mayImport) {
      if (!below.has(name)) {
        throw new SyntaxError(
          `Cannot read the rooms table: "${room.name}" may import "${name}", which is not a room further down`,
        );
      }
    }
  });
  return rooms;
}

/**
 * The room a module is in: the longest room name that is the module's path
 * or a folder holding it.
 *
 * @param path The module, relative to the repository.
 * @param rooms The rooms table.
 * @returns The room's name, or null when no room holds it.
 */
export function roomOf(path: string, rooms: readonly Room[]): string | null {
  let found: string | null = null;
  for (const { name } of rooms) {
    const holds = path === name || path.startsWith(`${name}/`);
    if (holds && (found === null || name.length > found.length)) found = name;
  }
  return found;
}

/**
 * The imports that the importer's room may not make: into a room its row
 * does not list, or into a module no room holds.
 *
 * @param graph The import graph.
 * @param rooms The rooms table.
 * @returns The imports, sorted by importer then imported module.
 */
export function findUpImports(
  graph: ImportGraph,
  rooms: readonly Room[],
): UpImport[] {
  const allowed = new Map(rooms.map((room) => [room.name, room.mayImport]));
  const found: UpImport[] = [];
  for (const [from, imports] of graph) {
    const fromRoom = roomOf(from, rooms);
    if (fromRoom === null) continue;
    for (const to of imports) {
      const toRoom = roomOf(to, rooms);
      if (toRoom === fromRoom) continue;
      if (toRoom !== null && allowed.get(fromRoom)?.includes(toRoom)) continue;
      found.push({ from, to, fromRoom, toRoom });
    }
  }
  return found.sort((a, b) =>
    a.from.localeCompare(b.from) || a.to.localeCompare(b.to)
  );
}

/**
 * The import circles of a graph: each set of modules that reach one another
 * (a module that imports itself counts), with one shortest way round.
 *
 * @param graph The import graph.
 * @returns The circles, sorted by their first module.
 */
export function findCircles(graph: ImportGraph): Circle[] {
  const circles: Circle[] = [];
  for (const modules of stronglyConnected(graph)) {
    const first = modules[0] as string;
    if (modules.length === 1 && !graph.get(first)?.has(first)) continue;
    circles.push({ modules, path: shortestCycle(graph, first, modules) });
  }
  return circles.sort((a, b) =>
    (a.modules[0] ?? "").localeCompare(b.modules[0] ?? "")
  );
}

/** Tarjan's components, each sorted, without recursion (graphs are a few hundred modules deep). */
function stronglyConnected(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { node: string; next: Iterator<string> }[] = [];
    const open = (node: string): void => {
      index.set(node, index.size);
      low.set(node, index.get(node) as number);
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: (graph.get(node) ?? new Set()).values() });
    };
    open(root);
    while (work.length > 0) {
      const top = work[work.length - 1] as (typeof work)[number];
      const step = top.next.next();
      if (!step.done) {
        const to = step.value;
        if (!index.has(to)) open(to);
        else if (onStack.has(to)) {
          low.set(
            top.node,
            Math.min(low.get(top.node) as number, index.get(to) as number),
          );
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) {
        low.set(
          parent.node,
          Math.min(low.get(parent.node) as number, low.get(top.node) as number),
        );
      }
      if (low.get(top.node) !== index.get(top.node)) continue;
      const component: string[] = [];
      for (;;) {
        const node = stack.pop() as string;
        onStack.delete(node);
        component.push(node);
        if (node === top.node) break;
      }
      components.push(component.sort());
    }
  }
  return components;
}

/** A shortest way from `start` back to itself within `members`. */
function shortestCycle(
  graph: ImportGraph,
  start: string,
  members: readonly string[],
): string[] {
  const inside = new Set(members);
  const cameFrom = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i] as string;
    for (const to of graph.get(node) ?? []) {
      if (!inside.has(to)) continue;
      if (to === start) {
        const path = [start];
        for (let at = node; at !== start; at = cameFrom.get(at) as string) {
          path.splice(1, 0, at);
        }
        return [...path, start];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}
