/**
 * The network policy: whether fetches may reach loopback and private-network
 * addresses, and the addresses no code ctx-mode starts may ever reach.
 *
 * The user sets the policy in `<data home>/config.json`
 * (`{"network": {"loopback": "deny", "private": "allow"}}`) or in the
 * environment (`CTX_MODE_NET_LOOPBACK`, `CTX_MODE_NET_PRIVATE`), the
 * environment winning. A project's `.ctx-mode.json` may only tighten it (its
 * `"deny"` counts, its `"allow"` is ignored): the project's files are within
 * reach of the agent, the user's are not. A value that is not `allow` or
 * `deny`, or a config file that is not valid JSON, reads as `deny`, and the
 * refusal says so: a typo never opens the network.
 *
 * Reads files synchronously, never writes, never opens a connection.
 *
 * @module
 */

import { joinPath } from "./path_lite.ts";
import { readTextOrUndefined } from "./quiet_fs.ts";

/** Whether a class of addresses may be fetched. */
export type NetAccess = "allow" | "deny";

/** One setting and where it came from, in words a refusal can quote. */
export interface NetworkSetting {
  /** Whether the addresses may be fetched. */
  access: NetAccess;
  /** Where the value came from, e.g. `CTX_MODE_NET_PRIVATE=deny`. */
  from: string;
}

/** The loopback and private-network settings of the fetcher. */
export interface NetworkPolicy {
  /** 127.0.0.0/8 and ::1: local development servers. */
  loopback: NetworkSetting;
  /** 10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7, fec0::/10. */
  private: NetworkSetting;
}

/** The two settings' names, as in the config file and after `CTX_MODE_NET_`. */
export type NetworkClass = keyof NetworkPolicy;

/** Defaults: local dev servers are a main use; the rest of the LAN is not. */
export const DEFAULT_NET_ACCESS: Readonly<Record<NetworkClass, NetAccess>> = {
  loopback: "allow",
  private: "deny",
};

/** The default policy, for callers that read no settings (library use, tests). */
export const DEFAULT_NETWORK_POLICY: NetworkPolicy = {
  loopback: { access: DEFAULT_NET_ACCESS.loopback, from: "the default" },
  private: { access: DEFAULT_NET_ACCESS.private, from: "the default" },
};

/**
 * The `--deny-net` entries for every JavaScript run (and the compiled
 * binary): the whole IPv4 link-local range, where the cloud metadata services
 * live (169.254.169.254, ECS's 169.254.170.2), Alibaba's 100.100.100.200,
 * AWS's IPv6 fd00:ec2::254, those addresses in NAT64 and 6to4 form, and the
 * metadata host names. Deno matches IPv4 ranges, checks the addresses a name
 * resolves to, and reads an IPv4-mapped IPv6 address as its IPv4 address; it
 * takes no IPv6 ranges, so fe80::/10 is not listed (a link-local IPv6
 * address without an interface cannot be connected to anyway).
 */
export const METADATA_DENY_NET: readonly string[] = [
  "169.254.0.0/16",
  "100.100.100.200",
  "[fd00:ec2::254]",
  "[64:ff9b::a9fe:a9fe]",
  "[64:ff9b::6464:64c8]",
  "[2002:a9fe:a9fe::]",
  "[2002:6464:64c8::]",
  "metadata.google.internal",
  "metadata.goog",
];

const CLASSES: readonly NetworkClass[] = ["loopback", "private"];

/** Where {@linkcode networkPolicy} looks. */
export interface NetworkPolicyOptions {
  /** The data home, whose `config.json` is the user's file. */
  dataHome: string;
  /** The project, whose `.ctx-mode.json` may tighten the policy. @default {undefined} */
  projectDir?: string | undefined;
  /** Reads a file; `undefined` when it is missing. @default {readTextOrUndefined} */
  readText?: (path: string) => string | undefined;
}

/**
 * The network policy in force: the environment, else the user's config file,
 * else the default; then tightened by the project's file.
 *
 * @param env The environment.
 * @param options The data home and the project.
 * @returns Each setting with where it came from.
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { networkPolicy } from "./network_policy.ts";
 * const files: Record<string, string> = {
 *   "/h/config.json": '{"network": {"private": "allow"}}',
 *   "/p/.ctx-mode.json": '{"network": {"loopback": "deny", "private": "allow"}}',
 * };
 * const policy = networkPolicy({}, {
 *   dataHome: "/h",
 *   projectDir: "/p",
 *   readText: (path) => files[path],
 * });
 * assert.equal(policy.private.access, "allow");
 * assert.equal(policy.loopback.access, "deny");
 * assert.equal(networkPolicy({ CTX_MODE_NET_PRIVATE: "deny" }, {
 *   dataHome: "/h",
 *   readText: (path) => files[path],
 * }).private.from, "CTX_MODE_NET_PRIVATE=deny");
 * ```
 */
export function networkPolicy(
  env: Readonly<Record<string, string>>,
  options: NetworkPolicyOptions,
): NetworkPolicy {
  const read = options.readText ?? readTextOrUndefined;
  const userFile = joinPath(options.dataHome, "config.json");
  const user = readNetwork(userFile, read);
  const project = options.projectDir === undefined
    ? {}
    : readNetwork(joinPath(options.projectDir, ".ctx-mode.json"), read, {
      explicitOnly: true,
    });
  const policy = {} as NetworkPolicy;
  for (const name of CLASSES) {
    const variable = `CTX_MODE_NET_${name.toUpperCase()}`;
    const fromEnv = env[variable]?.trim();
    let setting: NetworkSetting;
    if (fromEnv) {
      setting = judged(fromEnv, `${variable}=${fromEnv}`);
    } else if (user[name] !== undefined) {
      setting = user[name];
    } else {
      const access = DEFAULT_NET_ACCESS[name];
      const other: NetAccess = access === "allow" ? "deny" : "allow";
      setting = {
        access,
        from:
          `the default; ${variable}=${other} or "network": {"${name}": "${other}"} in ${userFile} changes it`,
      };
    }
    const tighter = project[name];
    if (tighter?.access === "deny") setting = tighter;
    policy[name] = setting;
  }
  return policy;
}

/** A value as a setting: anything but `allow` or `deny` reads as `deny`. */
function judged(value: unknown, from: string): NetworkSetting {
  if (value === "allow" || value === "deny") return { access: value, from };
  return {
    access: "deny",
    from: `${from}, not "allow" or "deny", read as deny`,
  };
}

/**
 * The settings of one file. `explicitOnly` (the project's file) keeps only
 * values spelled right and ignores a broken file: there a typo must not
 * change anything, while in the user's file it must not open anything.
 */
function readNetwork(
  path: string,
  read: (path: string) => string | undefined,
  options: { explicitOnly?: boolean } = {},
): Partial<Record<NetworkClass, NetworkSetting>> {
  const text = read(path);
  if (text === undefined) return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    if (options.explicitOnly) return {};
    const from = `${path} is not valid JSON, read as deny`;
    return {
      loopback: { access: "deny", from },
      private: { access: "deny", from },
    };
  }
  const network = (data as { network?: unknown } | null)?.network;
  if (network === undefined) return {};
  if (typeof network !== "object" || network === null) {
    if (options.explicitOnly) return {};
    const from = `"network" in ${path} is not an object, read as deny`;
    return {
      loopback: { access: "deny", from },
      private: { access: "deny", from },
    };
  }
  const out: Partial<Record<NetworkClass, NetworkSetting>> = {};
  for (const name of CLASSES) {
    const value = (network as Record<string, unknown>)[name];
    if (value === undefined) continue;
    if (options.explicitOnly && value !== "allow" && value !== "deny") continue;
    out[name] = judged(
      value,
      `"network": {"${name}": ${JSON.stringify(value)}} in ${path}`,
    );
  }
  return out;
}
