import { lookup as dnsLookup } from "node:dns/promises";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

/**
 * The one way the server calls a URL that a user gave it (Web Push endpoints): an SSRF guard.
 *
 * Only https; the host is resolved and every address it resolves to must be a public unicast address (no
 * loopback, private, carrier-grade NAT, link-local — the cloud metadata address 169.254.169.254 included —,
 * unique-local, unspecified, multicast, reserved or documentation ranges, nor any of those wrapped in an
 * IPv6 form such as ::ffff:127.0.0.1; of IPv6 only global unicast 2000::/3 outside its special-purpose blocks and
 * the well-known NAT64 prefix 64:ff9b::/96 in front of a public IPv4 address pass). The request then connects to the address that was checked (the
 * connection's DNS lookup is pinned to it), so a name cannot resolve to a public address for the check and to
 * an internal one for the connection (DNS rebinding). Redirects are never followed.
 *
 * `allowLoopback` (PUSH_ALLOW_LOOPBACK, tests only) lets http and https reach loopback addresses; every other
 * refusal still applies.
 */

export type AddressClass = "public" | "loopback" | "private" | "link-local" | "unspecified" | "multicast" | "reserved";

export type RefusalReason = "scheme" | "unresolvable" | "address";

export class OutboundRefusal extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
    readonly addressClass?: AddressClass,
  ) {
    super(message);
    this.name = "OutboundRefusal";
  }
}

export interface OutboundGuardOptions {
  allowLoopback: boolean;
  /** Resolves a host name to all its addresses (tests replace it); defaults to the system resolver. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
}

export interface OutboundTarget {
  url: URL;
  /** The checked address the request connects to. */
  address: string;
  family: 4 | 6;
}

function blockListOf(entries: [string, number, "ipv4" | "ipv6"][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, type] of entries) list.addSubnet(network, prefix, type);
  return list;
}

const RANGES: Record<Exclude<AddressClass, "public">, BlockList> = {
  loopback: blockListOf([
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ]),
  unspecified: blockListOf([
    ["0.0.0.0", 8, "ipv4"],
    ["::", 128, "ipv6"],
  ]),
  private: blockListOf([
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["100.64.0.0", 10, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ]),
  "link-local": blockListOf([
    ["169.254.0.0", 16, "ipv4"],
    ["fe80::", 10, "ipv6"],
  ]),
  multicast: blockListOf([
    ["224.0.0.0", 4, "ipv4"],
    ["ff00::", 8, "ipv6"],
  ]),
  reserved: blockListOf([
    ["192.0.0.0", 24, "ipv4"], // IETF protocol assignments
    ["192.0.2.0", 24, "ipv4"], // documentation
    ["198.18.0.0", 15, "ipv4"], // benchmarking
    ["198.51.100.0", 24, "ipv4"],
    ["203.0.113.0", 24, "ipv4"],
    ["240.0.0.0", 4, "ipv4"], // reserved, broadcast
    ["2001:db8::", 32, "ipv6"], // documentation
    ["3fff::", 20, "ipv6"], // documentation (RFC 9637)
    ["100::", 64, "ipv6"], // discard
    ["100:0:0:1::", 64, "ipv6"], // dummy prefix (RFC 9780)
    ["fec0::", 10, "ipv6"], // deprecated site-local
    ["64:ff9b:1::", 48, "ipv6"], // local-use NAT64 (RFC 8215): reaches the operator's own IPv4 space
    ["2001::", 23, "ipv6"], // IETF protocol assignments, Teredo 2001::/32 included
    ["2002::", 16, "ipv6"], // 6to4
    ["5f00::", 16, "ipv6"], // SRv6 segment identifiers
  ]),
};

/**
 * Global unicast IPv6: 2000::/3 and the well-known NAT64 prefix; everything else (::ffff:0:0/96 IPv4-mapped,
 * ::ffff:0:0:0/96 IPv4-translated, ::/96 IPv4-compatible, …) is not an address on the public internet. Checked
 * apart from RANGES because BlockList matches plain IPv4 addresses against ::ffff:0:0/96.
 */
const GLOBAL_IPV6 = blockListOf([
  ["2000::", 3, "ipv6"],
  ["64:ff9b::", 96, "ipv6"],
]);

/** The 16 bytes of an IPv6 address (isIP must have said 6). */
function ipv6Bytes(address: string): number[] {
  let text = address.split("%")[0] ?? address;
  const tail: number[] = [];
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted?.[1]) {
    for (const part of dotted[1].split(".")) tail.push(Number(part));
    text = `${text.slice(0, -dotted[1].length)}0:0`;
  }
  const [head = "", rest] = text.split("::");
  const groupsOf = (part: string) => (part === "" ? [] : part.split(":").map((group) => Number.parseInt(group, 16)));
  const left = groupsOf(head);
  const right = rest === undefined ? [] : groupsOf(rest);
  const groups = [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  const bytes = groups.flatMap((group) => [group >> 8, group & 0xff]);
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}

/**
 * The IPv4 address an IPv6 address carries, when it is one of the forms that reach an IPv4 host:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64
 * (64:ff9b::/96) and 6to4 (2002::/16).
 */
function embeddedIpv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  const isZero = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const quad = (from: number) => bytes.slice(from, from + 4).join(".");
  if (isZero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return quad(12);
  if (isZero(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && isZero(10, 12)) return quad(12);
  if (isZero(0, 12) && !isZero(12, 14)) return quad(12);
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && isZero(4, 12))
    return quad(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return quad(2);
  return null;
}

/**
 * What kind of address this is; anything but "public" is refused. An IPv6 form of an IPv4 address is first judged
 * by the address it carries (::ffff:127.0.0.1 is loopback), then by its own range (only NAT64's 64:ff9b::/96 is
 * global).
 */
export function classifyAddress(address: string): AddressClass {
  const version = isIP(address);
  if (version === 0) return "reserved";
  if (version === 6) {
    const inner = embeddedIpv4(address);
    if (inner !== null) {
      const innerClass = classifyAddress(inner);
      if (innerClass !== "public") return innerClass;
    }
  }
  const type = version === 4 ? "ipv4" : "ipv6";
  const plain = address.split("%")[0] ?? address;
  for (const [name, list] of Object.entries(RANGES) as [Exclude<AddressClass, "public">, BlockList][]) {
    if (list.check(plain, type)) return name;
  }
  if (type === "ipv6" && !GLOBAL_IPV6.check(plain, "ipv6")) return "reserved";
  return "public";
}

const REFUSAL_MESSAGES: Record<RefusalReason, string> = {
  scheme: "Only https URLs are allowed",
  unresolvable: "The host could not be resolved",
  address: "The host is not on a public internet address",
};

/** A resolver that has not answered by then counts as "could not be resolved". */
const RESOLVE_TIMEOUT_MS = 5000;

async function systemResolve(hostname: string) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("DNS lookup timed out")), RESOLVE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([dnsLookup(hostname, { all: true, verbatim: true }), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Checks a URL and resolves it to the public address a request will connect to; throws OutboundRefusal. */
export async function resolveOutboundTarget(rawUrl: string, options: OutboundGuardOptions): Promise<OutboundTarget> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new OutboundRefusal("scheme", REFUSAL_MESSAGES.scheme);
  }
  if (url.protocol !== "https:" && !(options.allowLoopback && url.protocol === "http:")) {
    throw new OutboundRefusal("scheme", REFUSAL_MESSAGES.scheme);
  }
  if (url.username || url.password) throw new OutboundRefusal("scheme", REFUSAL_MESSAGES.scheme);
  const hostname = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string; family: number }[];
  if (isIP(hostname)) {
    addresses = [{ address: hostname, family: isIP(hostname) }];
  } else {
    try {
      addresses = await (options.resolve ?? systemResolve)(hostname);
    } catch {
      throw new OutboundRefusal("unresolvable", REFUSAL_MESSAGES.unresolvable);
    }
    if (addresses.length === 0) throw new OutboundRefusal("unresolvable", REFUSAL_MESSAGES.unresolvable);
  }
  // Every address must pass: a name that also points inside could be connected there by someone else's resolver.
  for (const { address } of addresses) {
    const addressClass = classifyAddress(address);
    if (addressClass === "public") continue;
    if (addressClass === "loopback" && options.allowLoopback) continue;
    throw new OutboundRefusal("address", `${REFUSAL_MESSAGES.address} (${addressClass})`, addressClass);
  }
  // Plain http only ever reaches loopback (tests), never the network.
  if (url.protocol === "http:" && addresses.some(({ address }) => classifyAddress(address) !== "loopback")) {
    throw new OutboundRefusal("scheme", REFUSAL_MESSAGES.scheme);
  }
  const [first] = addresses;
  if (!first) throw new OutboundRefusal("unresolvable", REFUSAL_MESSAGES.unresolvable);
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface OutboundResponse {
  statusCode: number;
  body: string;
}

export interface OutboundRequest {
  method: "POST";
  headers: Record<string, string | number>;
  body: Buffer | null;
  timeoutMs: number;
}

/** The most of a response body kept (push services answer with short texts). */
const MAX_RESPONSE_BYTES = 16 * 1024;

/**
 * Sends a request to a user-given URL through the guard: resolve and check, then connect to the checked address
 * only (TLS still verifies the certificate for the URL's host name, and SNI carries it).
 */
export async function guardedRequest(
  rawUrl: string,
  request: OutboundRequest,
  options: OutboundGuardOptions,
): Promise<OutboundResponse> {
  const target = await resolveOutboundTarget(rawUrl, options);
  const pinnedLookup: LookupFunction = (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) {
      (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
      return;
    }
    callback(null, target.address, target.family);
  };
  const client = target.url.protocol === "https:" ? https : http;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const outgoing = client.request(
      target.url,
      {
        method: request.method,
        headers: request.headers,
        lookup: pinnedLookup,
        timeout: request.timeoutMs,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_RESPONSE_BYTES) chunks.push(chunk);
        });
        response.on("end", () =>
          resolve({ statusCode: response.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("timeout", () => outgoing.destroy(new Error(`no answer within ${request.timeoutMs} ms`)));
    outgoing.on("error", reject);
    outgoing.end(request.body ?? undefined);
  });
}
