/**
 * The server-side request forgery guard: which URLs and addresses a fetch may
 * reach.
 *
 * Only http and https; never link-local, cloud-metadata, unspecified
 * (0.0.0.0/8, ::), multicast or reserved addresses, whether written in the URL
 * or reached through DNS. Loopback and private ranges follow the user's
 * network policy (`src/config/network_policy.ts`). Addresses embedded in
 * IPv6 (mapped, compatible, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4,
 * Teredo) are judged as the IPv4 address they carry.
 *
 * A pass carries the addresses that were checked: the request must connect
 * to one of them and to nothing else (`_pinned_fetch.ts`), so a DNS server
 * that answers differently a moment later (rebinding) changes nothing.
 *
 * This module never opens a connection; its only I/O is the DNS lookup it is
 * given.
 *
 * @module
 */

import { isIP } from "node:net";
import { lookup as dnsLookup } from "node:dns/promises";
import type { NetworkPolicy } from "../config/network_policy.ts";

/** What an address is, as far as fetching goes. */
export type AddressClass =
  | "public"
  | "loopback"
  | "private"
  | "link-local"
  | "metadata"
  | "unspecified"
  | "multicast"
  | "reserved";

/** Resolves a host name to every address it has. */
export type Lookup = (hostname: string) => Promise<string[]>;

/**
 * A pass with the checked addresses (the only ones a request may connect
 * to), or a refusal; `transient` marks a DNS failure worth one retry.
 */
export type TargetVerdict =
  | { ok: true; addresses: string[] }
  | { ok: false; transient: boolean; reason: string };

const ALWAYS_BLOCKED: ReadonlySet<AddressClass> = new Set([
  "link-local",
  "metadata",
  "unspecified",
  "multicast",
  "reserved",
]);

const DESCRIPTIONS: Record<AddressClass, string> = {
  "public": "a public address",
  "loopback": "a loopback address",
  "private": "a private-network address",
  "link-local": "a link-local address",
  "metadata": "a cloud metadata address",
  "unspecified": "an unspecified (0.0.0.0/8 or ::) address",
  "multicast": "a multicast address",
  "reserved": "a reserved or broadcast address",
};

/**
 * Resolves with node's resolver (`getaddrinfo`), which honours /etc/hosts as
 * `fetch` does; Deno.resolveDns would not.
 */
export const systemLookup: Lookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) =>
    entry.address
  );

/**
 * Classifies an IPv4 or IPv6 address.
 *
 * @param address An address without brackets; an IPv6 zone (`%eth0`) is ignored.
 * @returns Its class; `reserved` for text that is not an address.
 */
export function classifyAddress(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const version = isIP(bare);
  if (version === 4) return classifyIpv4(parseIpv4(bare));
  if (version === 6) return classifyIpv6(parseIpv6(bare));
  return "reserved";
}

/**
 * Whether a URL may be fetched: its scheme, and the address its host names
 * (resolved through `lookup` unless it is an address already).
 *
 * @param url The URL to check (every redirect hop is checked again).
 * @param options `network` says whether loopback and private ranges may be fetched; `lookup` resolves names.
 * @returns A pass with the addresses to connect to, or a refusal with a one-line reason (`transient` when DNS failed).
 */
export async function checkTarget(
  url: URL,
  options: { network: NetworkPolicy; lookup: Lookup },
): Promise<TargetVerdict> {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return {
      ok: false,
      transient: false,
      reason: `the scheme "${url.protocol}" is not http or https`,
    };
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    const refusal = refusalFor(host, options.network);
    return refusal
      ? { ok: false, transient: false, reason: `${host} is ${refusal}` }
      : { ok: true, addresses: [host] };
  }
  let addresses: string[];
  try {
    addresses = await options.lookup(host);
  } catch (error) {
    return { ok: false, transient: true, reason: dnsReason(host, error) };
  }
  if (addresses.length === 0) {
    return {
      ok: false,
      transient: true,
      reason: `DNS lookup of "${host}" found no address`,
    };
  }
  for (const address of addresses) {
    const refusal = refusalFor(address, options.network);
    if (refusal) {
      return {
        ok: false,
        transient: false,
        reason: `"${host}" resolves to ${address}, ${refusal}`,
      };
    }
  }
  return { ok: true, addresses };
}

function refusalFor(
  address: string,
  network: NetworkPolicy,
): string | undefined {
  const kind = classifyAddress(address);
  if (ALWAYS_BLOCKED.has(kind)) {
    return `${DESCRIPTIONS[kind]}, which ctx-mode never fetches`;
  }
  if (kind === "loopback" || kind === "private") {
    const setting = network[kind];
    if (setting.access === "deny") {
      return `${
        DESCRIPTIONS[kind]
      }, refused by the network policy (${setting.from})`;
    }
  }
  return undefined;
}

function dnsReason(host: string, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === "ENOTFOUND" || code === "EAI_NONAME") {
    return `DNS lookup of "${host}" failed: no such host`;
  }
  const message = error instanceof Error ? error.message : String(error);
  return `DNS lookup of "${host}" failed: ${message.split("\n")[0]}`;
}

function parseIpv4(text: string): number[] {
  return text.split(".").map(Number);
}

function classifyIpv4(octets: readonly number[]): AddressClass {
  const [a = 0, b = 0, c = 0, d = 0] = octets;
  if (a === 0) return "unspecified";
  if (a === 127) return "loopback";
  if (a === 169 && b === 254) {
    return c === 169 && d === 254 ? "metadata" : "link-local";
  }
  // Alibaba Cloud's metadata service sits inside the carrier-grade NAT range.
  if (a === 100 && b === 100 && c === 100 && d === 200) return "metadata";
  if (
    a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)
  ) {
    return "private";
  }
  if (a === 100 && b >= 64 && b <= 127) return "private";
  // IETF protocol assignments (RFC 6890), never a web server; Oracle Cloud's 192.0.0.192 is one.
  if (a === 192 && b === 0 && c === 0) return "reserved";
  if (a >= 224 && a <= 239) return "multicast";
  if (a >= 240) return "reserved";
  return "public";
}

/** Eight 16-bit groups; the input is already known to be valid IPv6. */
function parseIpv6(text: string): number[] {
  let body = text.toLowerCase();
  const tail: number[] = [];
  const dotted = body.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted?.[1]) {
    const [a = 0, b = 0, c = 0, d = 0] = parseIpv4(dotted[1]);
    tail.push((a << 8) | b, (c << 8) | d);
    body = body.slice(0, -dotted[1].length);
    if (body.endsWith(":") && !body.endsWith("::")) body = body.slice(0, -1);
  }
  const groups = (part: string): number[] =>
    part ? part.split(":").map((group) => parseInt(group, 16)) : [];
  const [head = "", rest] = body.split("::");
  const left = groups(head);
  const right = [...groups(rest ?? ""), ...tail];
  if (rest === undefined) return [...left, ...tail];
  const zeros = new Array<number>(8 - left.length - right.length).fill(0);
  return [...left, ...zeros, ...right];
}

function classifyIpv6(groups: readonly number[]): AddressClass {
  const g = (index: number): number => groups[index] ?? 0;
  const embeddedIpv4 = (high: number, low: number): AddressClass =>
    classifyIpv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zeroUpTo = (end: number): boolean =>
    groups.slice(0, end).every((group) => group === 0);
  if (zeroUpTo(8)) return "unspecified";
  if (zeroUpTo(7) && g(7) === 1) return "loopback";
  // ::ffff:a.b.c.d (mapped), ::ffff:0:a.b.c.d (translated), ::a.b.c.d (compatible).
  if (zeroUpTo(5) && g(5) === 0xffff) return embeddedIpv4(g(6), g(7));
  if (zeroUpTo(4) && g(4) === 0xffff && g(5) === 0) {
    return embeddedIpv4(g(6), g(7));
  }
  if (zeroUpTo(6)) return embeddedIpv4(g(6), g(7));
  // NAT64 (64:ff9b::/96, local-use 64:ff9b:1::/48) and 6to4 2002::/16 carry an IPv4 address too.
  if (g(0) === 0x64 && g(1) === 0xff9b && (g(2) === 0 || g(2) === 1)) {
    return embeddedIpv4(g(6), g(7));
  }
  if (g(0) === 0x2002) return embeddedIpv4(g(1), g(2));
  // Teredo 2001::/32 carries the client's IPv4 address, inverted, in its last 32 bits.
  if (g(0) === 0x2001 && g(1) === 0) {
    return embeddedIpv4(g(6) ^ 0xffff, g(7) ^ 0xffff);
  }
  // AWS's IPv6 metadata service, fd00:ec2::254, inside the unique-local range.
  if (
    g(0) === 0xfd00 && g(1) === 0x0ec2 &&
    groups.slice(2, 7).every((group) => group === 0) && g(7) === 0x254
  ) {
    return "metadata";
  }
  if ((g(0) & 0xffc0) === 0xfe80) return "link-local";
  if ((g(0) & 0xffc0) === 0xfec0) return "private";
  if ((g(0) & 0xfe00) === 0xfc00) return "private";
  if ((g(0) & 0xff00) === 0xff00) return "multicast";
  return "public";
}
