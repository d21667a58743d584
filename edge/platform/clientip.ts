/**
 * The client's address. Without a trusted proxy it is the socket peer, and forwarding headers
 * are ignored. Behind trusted proxies it is the right-most address in `X-Forwarded-For` that was
 * not written by one of them (everything left of that is the client's to choose), so rotating
 * header values cannot give one client many addresses.
 */
import { setBounded } from "./bounded_map.ts";

/** Which hops count as our own proxies: a number of hops, or the proxies' addresses. */
export type TrustedProxies =
  | { kind: "none" }
  | { kind: "hops"; hops: number }
  | { kind: "cidrs"; cidrs: Cidr[] };

export interface Cidr {
  bytes: Uint8Array;
  bits: number;
}

/** Parse an IPv4 or IPv6 address (IPv4-mapped IPv6 becomes IPv4); null when it is not one. */
export function parseIp(raw: string): Uint8Array | null {
  let s = raw.trim();
  if (s.startsWith("[")) s = s.slice(1, s.indexOf("]") > 0 ? s.indexOf("]") : undefined);
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(s);
  if (v4) {
    const b = v4.slice(1).map(Number);
    return b.every((x) => x <= 255) ? Uint8Array.from(b) : null;
  }
  if (!s.includes(":") || !/^[0-9a-fA-F:.]+$/.test(s)) return null;
  const lastColon = s.lastIndexOf(":");
  if (s.slice(lastColon + 1).includes(".")) {
    const inner = parseIp(s.slice(lastColon + 1));
    if (!inner || inner.length !== 4) return null;
    const hex = (a: number, b: number) => ((a << 8) | b).toString(16);
    s = `${s.slice(0, lastColon + 1)}${hex(inner[0]!, inner[1]!)}:${hex(inner[2]!, inner[3]!)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return null;
  const groups = (h: string) => (h === "" ? [] : h.split(":"));
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if ([...head, ...rest].some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  const fill = 8 - head.length - rest.length;
  if (halves.length === 1 ? fill !== 0 : fill < 0) return null;
  const words = [
    ...head.map((g) => parseInt(g, 16)),
    ...Array(halves.length === 2 ? fill : 0).fill(0),
    ...rest.map((g) => parseInt(g, 16)),
  ];
  const out = new Uint8Array(16);
  words.forEach((w, i) => {
    out[2 * i] = w >> 8;
    out[2 * i + 1] = w & 0xff;
  });
  // ::ffff:a.b.c.d is an IPv4 client on a dual-stack socket
  if (out.slice(0, 10).every((x) => x === 0) && out[10] === 0xff && out[11] === 0xff) {
    return out.slice(12);
  }
  return out;
}

function formatIp(b: Uint8Array): string {
  if (b.length === 4) return b.join(".");
  const words = Array.from(
    { length: 8 },
    (_, i) => ((b[2 * i]! << 8) | b[2 * i + 1]!).toString(16),
  );
  return words.join(":");
}

export function parseCidr(raw: string): Cidr | null {
  const [addr, bitsRaw] = raw.trim().split("/");
  const bytes = parseIp(addr ?? "");
  if (!bytes) return null;
  const max = bytes.length * 8;
  const bits = bitsRaw === undefined ? max : Number(bitsRaw);
  if (!Number.isInteger(bits) || bits < 0 || bits > max) return null;
  return { bytes, bits };
}

export function inCidr(ip: Uint8Array, c: Cidr): boolean {
  if (ip.length !== c.bytes.length) return false;
  for (let i = 0; i < c.bits; i += 8) {
    const n = Math.min(8, c.bits - i);
    const mask = (0xff << (8 - n)) & 0xff;
    if ((ip[i / 8]! & mask) !== (c.bytes[i / 8]! & mask)) return false;
  }
  return true;
}

const LOOPBACK = [parseCidr("127.0.0.0/8")!, parseCidr("::1/128")!];

export function isLoopback(ip: string): boolean {
  const b = parseIp(ip);
  return b !== null && LOOPBACK.some((c) => inCidr(b, c));
}

/**
 * `TRUST_PROXY`: unset or `0` trusts no proxy; `1` trusts a proxy on this host (loopback peers);
 * a list of addresses/CIDRs trusts proxies at those addresses; `hops:N` trusts the N nearest hops
 * whatever their addresses (only when the app cannot be reached except through them).
 */
export function parseTrustedProxies(raw: string | undefined): TrustedProxies {
  const v = (raw ?? "").trim();
  if (v === "" || v === "0") return { kind: "none" };
  if (v === "1") return { kind: "cidrs", cidrs: LOOPBACK };
  const hops = /^hops:(\d+)$/.exec(v);
  if (hops) {
    const n = Number(hops[1]);
    if (n < 1 || n > 16) throw new Error("TRUST_PROXY hops:N needs 1 <= N <= 16");
    return { kind: "hops", hops: n };
  }
  const cidrs = v.split(",").map((s) => s.trim()).filter(Boolean).map((s) => {
    const c = parseCidr(s);
    if (!c) throw new Error(`TRUST_PROXY: not an address or CIDR: ${s}`);
    return c;
  });
  return { kind: "cidrs", cidrs };
}

export interface ClientAddress {
  ip: string;
  /** The socket peer is a trusted proxy (its X-Forwarded-Proto counts). */
  proxied: boolean;
}

/**
 * Walk from the socket peer leftwards through `X-Forwarded-For` while the hop is a trusted
 * proxy; the first untrusted hop is the client (the left-most entry when all are trusted). An
 * entry that is not an address stops the walk at the last trusted hop.
 */
export function clientAddress(
  peer: string,
  forwardedFor: string | undefined,
  trust: TrustedProxies,
): ClientAddress {
  // every request asks, and the same peers and headers come again and again (a proxy, a
  // customer's connection): the answer is kept per trust setting, the oldest leaving when full
  let memo = answers.get(trust);
  if (!memo) answers.set(trust, memo = new Map());
  const id = forwardedFor === undefined ? peer : `${peer}\u0000${forwardedFor}`;
  const known = memo.get(id);
  if (known) return known;
  const found = Object.freeze(walk(peer, forwardedFor, trust));
  // (a long header, a client's own invention, is answered but not kept: the memory stays small)
  if (id.length > 256) return found;
  setBounded(memo, id, found, ANSWERS);
  return found;
}

const answers = new WeakMap<TrustedProxies, Map<string, ClientAddress>>();
const ANSWERS = 4096;

function walk(
  peer: string,
  forwardedFor: string | undefined,
  trust: TrustedProxies,
): ClientAddress {
  const own = parseIp(peer);
  const peerIp = own ? formatIp(own) : peer || "unknown";
  const trusted = (addr: Uint8Array, i: number) =>
    trust.kind === "hops"
      ? i < trust.hops
      : trust.kind === "cidrs" && trust.cidrs.some((c) => inCidr(addr, c));
  if (!own || !trusted(own, 0)) return { ip: peerIp, proxied: false };
  const hops = (forwardedFor ?? "").split(",").map((s) => s.trim()).filter(Boolean).reverse();
  let ip = peerIp;
  for (let i = 0; i < hops.length; i++) {
    const addr = parseIp(stripPort(hops[i]!));
    if (!addr) break;
    ip = formatIp(addr);
    if (!trusted(addr, i + 1)) break;
  }
  return { ip, proxied: true };
}

function stripPort(s: string): string {
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(s);
  if (v4) return v4[1]!;
  const v6 = /^\[([^\]]+)\](?::\d+)?$/.exec(s);
  return v6 ? v6[1]! : s;
}

/** Headers a proxy adds; a request carrying any of them did not come straight from this host. */
const FORWARDING_HEADERS = [
  "forwarded",
  "x-real-ip",
  "x-client-ip",
  "x-cluster-client-ip",
  "client-ip",
  "true-client-ip",
  "cf-connecting-ip",
  "fastly-client-ip",
  "via",
];

export function hasForwardingHeaders(h: Headers): boolean {
  for (const [name] of h) {
    if (name.startsWith("x-forwarded-") || FORWARDING_HEADERS.includes(name)) return true;
  }
  return false;
}
