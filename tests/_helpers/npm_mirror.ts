/**
 * A loopback npm registry that answers package documents from the test
 * runner's Deno cache, so that a run without a lock file (what a JSR user
 * has: Deno fetches the documents afresh) resolves the npm packages already
 * downloaded, with no network. Tarballs are never served: the packages of
 * the lock file are copied into the child's cache under the mirror's folder
 * name (a link would not do: Deno resolves it and then finds the module
 * outside the folder it expects).
 *
 * @module
 */

import { cpSync } from "node:fs";
import { join } from "node:path";
import { denoDir } from "./run_cli.ts";

/** A running mirror. */
export interface NpmMirror extends AsyncDisposable {
  /** `http://127.0.0.1:<port>/`, for `NPM_CONFIG_REGISTRY`. */
  registry: string;
  /** Package documents asked for and not in the cache, for diagnosis. */
  missing: string[];
}

/**
 * Starts the mirror and copies the lock file's cached packages into `cache`
 * (a child's `DENO_DIR`) under the mirror's folder name.
 *
 * @param cache The child's Deno cache folder.
 * @returns The mirror.
 */
export async function npmMirror(cache: string): Promise<NpmMirror> {
  const packages = join(denoDir(), "npm", "registry.npmjs.org");
  const lock = JSON.parse(
    await Deno.readTextFile(new URL("../../deno.lock", import.meta.url)),
  );
  // name -> version -> integrity, from the lock file's npm section.
  const locked = new Map<string, Map<string, string>>();
  for (const [key, entry] of Object.entries(lock.npm ?? {})) {
    const [, name = "", version = ""] = /^(.[^@]*)@([^_]+)/.exec(key) ?? [];
    const versions = locked.get(name) ?? new Map<string, string>();
    versions.set(version, (entry as { integrity: string }).integrity);
    locked.set(name, versions);
  }
  const missing: string[] = [];
  let registry = "";
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const name = decodeURIComponent(new URL(request.url).pathname.slice(1));
      const versions = locked.get(name);
      if (!versions) {
        missing.push(name);
        return Response.json({ error: "not found" }, { status: 404 });
      }
      return Response.json(
        await packument(name, versions, packages, registry),
      );
    },
  );
  const port = server.addr.port;
  registry = `http://127.0.0.1:${port}/`;
  // Deno names the cache folder of a registry at an IP address after its port.
  const folder = join(cache, "npm", `${port}`);
  for (const name of locked.keys()) {
    cpSync(join(packages, name), join(folder, name), { recursive: true });
  }
  return {
    registry,
    missing,
    async [Symbol.asyncDispose]() {
      await server.shutdown();
    },
  };
}

/** A package document listing only the locked versions, from their package.json. */
async function packument(
  name: string,
  versions: Map<string, string>,
  packages: string,
  registry: string,
): Promise<unknown> {
  const entries: Record<string, unknown> = {};
  for (const [version, integrity] of versions) {
    const manifest = JSON.parse(
      await Deno.readTextFile(join(packages, name, version, "package.json")),
    );
    entries[version] = {
      ...manifest,
      name,
      version,
      dist: {
        tarball: `${registry}${name}/-/${name.split("/").pop()}-${version}.tgz`,
        integrity,
      },
    };
  }
  return {
    name,
    "dist-tags": { latest: [...versions.keys()].at(-1) },
    versions: entries,
  };
}
