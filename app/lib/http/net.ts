/**
 * Client addresses and hosts. Pure functions, shared by the HTTP layer and the rate limits.
 */
import { isIP } from "node:net";

/** "::ffff:1.2.3.4" → "1.2.3.4"; anything else unchanged (trimmed, lower case). */
export function normalizeAddress(address: string): string {
  const a = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(a);
  return mapped ? mapped[1] : a;
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  let a = address.split("%")[0];
  if (isIP(a) !== 6) return null;
  // An embedded IPv4 tail ("::1.2.3.4") becomes two groups.
  const v4 = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(a);
  if (v4) {
    const [b1, b2, b3, b4] = v4.slice(1).map(Number);
    a = `${a.slice(0, v4.index)}${((b1 << 8) | b2).toString(16)}:${((b3 << 8) | b4).toString(16)}`;
  }
  const [head, tail] = a.includes("::") ? a.split("::") : [a, undefined];
  const h = head ? head.split(":") : [];
  const t = tail ? tail.split(":") : [];
  const missing = 8 - h.length - t.length;
  const all = tail === undefined ? h : [...h, ...Array(missing).fill("0"), ...t];
  if (all.length !== 8) return null;
  return all.map((g) => Number.parseInt(g || "0", 16));
}

/**
 * The key a rate limit counts a client under. An IPv4 client is its address; an IPv6 client is its /64
 * network, since one subscriber is routinely given a whole /64 and could otherwise rotate through 2^64
 * addresses.
 */
export function clientGroup(address: string): string {
  const a = normalizeAddress(address);
  const groups = ipv6Groups(a);
  if (!groups) return a || "unknown";
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** True for names and addresses that only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, "$1");
  if (h === "localhost" || h.endsWith(".localhost")) return true;
  const a = normalizeAddress(h);
  if (isIP(a) === 4) return a.startsWith("127.");
  const groups = ipv6Groups(a);
  return !!groups && groups.slice(0, 7).every((g) => g === 0) && groups[7] === 1;
}

/**
 * Why this server can be reached from other machines, or null when it cannot (a demo with
 * published passwords must never be): it listens beyond loopback, it sits behind a proxy, or its public
 * address is not this machine.
 */
export function exposure(config: { HOST: string; PUBLIC_URL?: string; TRUST_PROXY: boolean }): string | null {
  if (!isLoopbackHost(config.HOST)) return `HOST=${config.HOST} accepts connections from other machines`;
  if (config.TRUST_PROXY) return "TRUST_PROXY=true: requests arrive through a proxy";
  if (config.PUBLIC_URL) {
    let host = "";
    try {
      host = new URL(config.PUBLIC_URL).hostname;
    } catch {
      return `PUBLIC_URL=${config.PUBLIC_URL} is not a loopback address`;
    }
    if (!isLoopbackHost(host)) return `PUBLIC_URL=${config.PUBLIC_URL} is an address of another machine`;
  }
  return null;
}
