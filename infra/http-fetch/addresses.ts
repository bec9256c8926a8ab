import { isIPv4, isIPv6, type LookupFunction } from 'node:net';

/**
 * Which IP addresses a fetch of the outside world may connect to (safe-fetch.ts): public unicast only.
 * Refused, with the kind named in the message: the unspecified address, loopback, private (RFC 1918),
 * shared (CGNAT, RFC 6598), link-local (169.254/16, where the cloud metadata service answers; fe80::/10),
 * unique-local (fc00::/7) and the old site-local, multicast, broadcast and the reserved, documentation
 * and benchmarking ranges. IPv6 forms that carry an IPv4 address (mapped `::ffff:a.b.c.d`, compatible,
 * NAT64 `64:ff9b::/96`, 6to4 `2002::/16`) are judged by that address; Teredo is refused.
 */

type Range = readonly [prefix: readonly number[], bits: number, kind: string];

/** IPv4 ranges by their leading bytes. */
const V4: readonly Range[] = [
  [[0], 8, 'unspecified'],
  [[10], 8, 'private'],
  [[100, 64], 10, 'shared, CGNAT'],
  [[127], 8, 'loopback'],
  [[169, 254], 16, 'link-local'],
  [[172, 16], 12, 'private'],
  [[192, 0, 0], 24, 'reserved'],
  [[192, 0, 2], 24, 'documentation'],
  [[192, 168], 16, 'private'],
  [[198, 18], 15, 'benchmarking'],
  [[198, 51, 100], 24, 'documentation'],
  [[203, 0, 113], 24, 'documentation'],
  [[224], 4, 'multicast'],
  [[240], 4, 'reserved'],
];

/** IPv6 ranges by their leading 16-bit groups. */
const V6: readonly Range[] = [
  [[0x2001, 0x0db8], 32, 'documentation'],
  [[0x2001, 0x0000], 32, 'Teredo'],
  [[0x0100, 0, 0, 0], 64, 'reserved, discard'],
  [[0xfc00], 7, 'unique-local'],
  [[0xfe80], 10, 'link-local'],
  [[0xfec0], 10, 'site-local'],
  [[0xff00], 8, 'multicast'],
];

function matches(value: readonly number[], width: number, [prefix, bits]: Range): boolean {
  for (let i = 0; i * width < bits; i++) {
    const take = Math.min(width, bits - i * width);
    const mask = ((1 << take) - 1) << (width - take);
    if (((value[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The eight 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 part read). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, ''); // a zone id (`fe80::1%eth0`) is not part of the address
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = ipv4Bytes(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = part(head);
  const right = part(tail);
  return tail === undefined ? left : [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

function v4Kind(address: string): string | null {
  const bytes = ipv4Bytes(address);
  if (bytes.every((b) => b === 255)) return 'broadcast';
  return V4.find((range) => matches(bytes, 8, range))?.[2] ?? null;
}

function embeddedV4(g: readonly number[], at: number): string {
  return [g[at]! >> 8, g[at]! & 0xff, g[at + 1]! >> 8, g[at + 1]! & 0xff].join('.');
}

function v6Kind(address: string): string | null {
  const g = ipv6Groups(address);
  const zerosBefore = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (g.every((x) => x === 0)) return 'unspecified';
  if (zerosBefore(7) && g[7] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated): the IPv4 address decides
  if (zerosBefore(5) && (g[5] === 0xffff || g[5] === 0)) return v4Kind(embeddedV4(g, 6));
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) reach the IPv4 address they carry
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Kind(embeddedV4(g, 6));
  if (g[0] === 0x2002) return v4Kind(embeddedV4(g, 1));
  return V6.find((range) => matches(g, 16, range))?.[2] ?? null;
}

/**
 * Why `address` (an IP address as text) is not a public unicast address ("loopback", "private",
 * "link-local", ...), or null when it is one. Anything that is not an IP address is refused too.
 */
export function nonPublicKind(address: string): string | null {
  if (isIPv4(address)) return v4Kind(address);
  if (isIPv6(address)) return v6Kind(address);
  return 'not an IP address';
}

/** A resolved address, as `dns.lookup(..., { all: true })` gives it. */
export type Address = { address: string; family: number };

/** The host of a URL without the brackets of an IPv6 literal. */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * A `lookup` for http(s).request that answers the addresses already checked instead of asking DNS again:
 * the connection goes where the check looked (no rebinding between the check and the connect). Used by
 * the safe fetch and the webhook poster.
 */
export function pinnedLookup(addresses: readonly Address[]): LookupFunction {
  return ((_hostname: string, lookupOptions: { all?: boolean }, callback: (error: Error | null, address: string | readonly Address[], family?: number) => void) => {
    if (lookupOptions.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  }) as unknown as LookupFunction;
}
