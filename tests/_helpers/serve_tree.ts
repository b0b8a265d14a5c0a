/**
 * Serves a copy of the source tree over loopback HTTP the way JSR serves a
 * published package: `.ts` as TypeScript, and every bare specifier that
 * `deno.json`'s `imports` maps rewritten to its target (what `deno publish`
 * does to each module), so that `deno run http://…/main.ts` runs with no
 * `deno.json` and no file of the clone at hand.
 *
 * @module
 */

import { extname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root. */
export const ROOT: string = fileURLToPath(new URL("../../", import.meta.url));

const TYPES: Record<string, string> = {
  ".ts": "application/typescript; charset=utf-8",
  ".js": "application/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".md": "text/markdown; charset=utf-8",
};

/** A running server and the way to stop it. */
export interface TreeServer extends AsyncDisposable {
  /** `http://127.0.0.1:<port>/`, ending in a slash. */
  base: string;
  /** The paths asked for so far, in order. */
  requests: string[];
}

/**
 * Rewrites the import specifiers of one module that an import map maps, as
 * `deno publish` does: `"zod"` and `"zod/x"` become `"npm:zod@4/x"`.
 *
 * @param source The module's text.
 * @param imports The `imports` of `deno.json`.
 * @returns The text with mapped specifiers replaced.
 */
export function rewriteSpecifiers(
  source: string,
  imports: Record<string, string>,
): string {
  return source.replace(
    /((?:\bfrom|\bimport)\s*\(?\s*|@ts-types=)(["'])([^"'\n]+)\2/g,
    (whole, lead: string, quote: string, specifier: string) => {
      for (const [key, target] of Object.entries(imports)) {
        if (specifier === key || specifier.startsWith(`${key}/`)) {
          return `${lead}${quote}${target}${
            specifier.slice(key.length)
          }${quote}`;
        }
      }
      return whole;
    },
  );
}

/**
 * Serves `root` on a free loopback port until disposed.
 *
 * @param root The folder to serve. @default the repository root
 * @returns The server.
 */
export async function serveTree(root: string = ROOT): Promise<TreeServer> {
  const config = JSON.parse(await Deno.readTextFile(join(root, "deno.json")));
  const imports: Record<string, string> = config.imports ?? {};
  const requests: string[] = [];
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const path = normalize(decodeURIComponent(new URL(request.url).pathname));
      requests.push(path);
      if (path.includes("..")) return new Response("", { status: 403 });
      const type = TYPES[extname(path)];
      let body: string;
      try {
        body = await Deno.readTextFile(join(root, path));
      } catch {
        return new Response("not found", { status: 404 });
      }
      if (path.endsWith(".ts")) body = rewriteSpecifiers(body, imports);
      return new Response(body, {
        headers: { "content-type": type ?? "application/octet-stream" },
      });
    },
  );
  return {
    base: `http://127.0.0.1:${server.addr.port}/`,
    requests,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}
