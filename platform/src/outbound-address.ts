import { isIPv4, isIPv6 } from 'node:net';

/**
 * Which IP addresses the server may reach on an administrator's word (D35, decision 040): only public ones. An
 * address is refused when it is loopback, unspecified, private, shared (CGNAT), link-local, multicast, reserved or
 * kept for documentation and benchmarks (IANA's special-purpose registries), and also when it is one of those written
 * as IPv6: IPv4-mapped (`::ffff:127.0.0.1`), IPv4-compatible (`::127.0.0.1`), IPv4-translated, NAT64 (`64:ff9b::/96`)
 * or 6to4 (`2002::/16`) with such an address inside. Pure: it never resolves a name or opens a connection.
 */

/** Why an address is not public, in a word; null for a public address. */
export type NonPublicKind =
  | 'loopback'
  | 'unspecified'
  | 'private'
  | 'shared'
  | 'link-local'
  | 'multicast'
  | 'reserved'
  | 'documentation'
  | 'not an IP address';

type Range = readonly [network: bigint, prefix: number, kind: NonPublicKind];

const v4 = (text: string): bigint => {
  const parts = text.split('.').map(Number);
  return parts.reduce((acc, part) => (acc << 8n) | BigInt(part), 0n);
};

/** IPv4 ranges that are not public (RFC 6890 and the IANA IPv4 special-purpose registry). */
const IPV4_RANGES: readonly Range[] = [
  [v4('0.0.0.0'), 8, 'unspecified'], // "this network"
  [v4('10.0.0.0'), 8, 'private'],
  [v4('100.64.0.0'), 10, 'shared'], // carrier-grade NAT
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('169.254.0.0'), 16, 'link-local'], // cloud metadata services live here
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.0.0.0'), 24, 'reserved'], // IETF protocol assignments
  [v4('192.0.2.0'), 24, 'documentation'],
  [v4('192.88.99.0'), 24, 'reserved'], // 6to4 relay anycast (deprecated)
  [v4('192.168.0.0'), 16, 'private'],
  [v4('198.18.0.0'), 15, 'reserved'], // benchmarking
  [v4('198.51.100.0'), 24, 'documentation'],
  [v4('203.0.113.0'), 24, 'documentation'],
  [v4('224.0.0.0'), 4, 'multicast'],
  [v4('240.0.0.0'), 4, 'reserved'], // and 255.255.255.255, the broadcast address
];

function parseV6(text: string): bigint | null {
  if (!isIPv6(text)) return null;
  let address = text.split('%')[0]!.toLowerCase();
  // A dotted IPv4 tail (::ffff:127.0.0.1) becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const value = Number(v4(dotted[1]!));
    address = `${address.slice(0, -dotted[1]!.length)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = address.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array(missing).fill('0'), ...tailGroups];
  if (groups.length !== 8) return null;
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

const v6 = (text: string) => parseV6(text)!;

const inRange = (value: bigint, bits: number, network: bigint, prefix: number) =>
  value >> BigInt(bits - prefix) === network >> BigInt(bits - prefix);

function classifyV4(value: bigint): NonPublicKind | null {
  for (const [network, prefix, kind] of IPV4_RANGES) if (inRange(value, 32, network, prefix)) return kind;
  return null;
}

/** IPv6 forms that carry an IPv4 address in their last 32 bits: judged by that address. */
const EMBEDDING_V4: readonly (readonly [bigint, number])[] = [
  [v6('::'), 96], // IPv4-compatible (deprecated), also :: and ::1
  [v6('::ffff:0:0'), 96], // IPv4-mapped
  [v6('::ffff:0:0:0'), 96], // IPv4-translated (SIIT)
  [v6('64:ff9b::'), 96], // NAT64, well-known prefix
];

/** IPv6 ranges inside global unicast (2000::/3) that are not public. */
const IPV6_RANGES: readonly Range[] = [
  [v6('64:ff9b:1::'), 48, 'private'], // NAT64 for local use
  [v6('2001::'), 23, 'reserved'], // IETF protocol assignments, Teredo included
  [v6('2001:db8::'), 32, 'documentation'],
  [v6('3fff::'), 20, 'documentation'],
  [v6('5f00::'), 16, 'reserved'], // SRv6 SIDs
];

function classifyV6(value: bigint): NonPublicKind | null {
  if (value === 0n) return 'unspecified';
  if (value === 1n) return 'loopback';
  for (const [network, prefix] of EMBEDDING_V4)
    if (inRange(value, 128, network, prefix)) return classifyV4(value & 0xffffffffn) ?? null;
  // 6to4: 2002:AABB:CCDD::/48 carries the IPv4 address AA.BB.CC.DD.
  if (inRange(value, 128, v6('2002::'), 16)) return classifyV4((value >> 80n) & 0xffffffffn);
  for (const [network, prefix, kind] of IPV6_RANGES) if (inRange(value, 128, network, prefix)) return kind;
  if (inRange(value, 128, v6('fc00::'), 7)) return 'private'; // unique local
  if (inRange(value, 128, v6('fe80::'), 10)) return 'link-local';
  if (inRange(value, 128, v6('fec0::'), 10)) return 'private'; // site-local (deprecated)
  if (inRange(value, 128, v6('ff00::'), 8)) return 'multicast';
  // Everything outside global unicast (2000::/3) is unassigned or special.
  return inRange(value, 128, v6('2000::'), 3) ? null : 'reserved';
}

/**
 * Why `address` (an IP address as a resolver or a URL gives it: `127.0.0.1`, `::1`, `[::1]`, `fe80::1%eth0`) must
 * not be reached, or null when it is public. Anything that is not an IP address in canonical dotted or IPv6 form is
 * refused as 'not an IP address' (URL parsing turns `2130706433`, `0177.0.0.1`, `127.1` and `0x7f.1` into
 * `127.0.0.1` before this is asked).
 */
export function nonPublicKind(address: string): NonPublicKind | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (isIPv4(bare)) return classifyV4(v4(bare));
  const value = parseV6(bare);
  return value === null ? 'not an IP address' : classifyV6(value);
}

/** Whether the server may reach `address` without the operator naming it (D35). */
export const isPublicAddress = (address: string) => nonPublicKind(address) === null;
