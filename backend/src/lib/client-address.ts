import { BlockList, isIP } from 'node:net';

/**
 * Which `X-Forwarded-For` entries to believe (D8), from `TRUST_PROXY`:
 * - `false` (default): none; the client is the connection's own address.
 * - `true` or a number N: N proxies (`true` is 1) stand in front of the API, each appending the address it received
 *   the request from. The client is the entry N places from the right: what a client writes into the header itself
 *   stands to the left of that and is never taken.
 * - a comma-separated list of addresses or networks (CIDR): the proxies' own addresses. Walking from the connection
 *   leftwards through the header, the client is the first address that is not one of them.
 */
export type ProxyTrust =
  | { kind: 'none' }
  | { kind: 'hops'; hops: number }
  | { kind: 'networks'; networks: BlockList; source: string };

const MAX_HOPS = 20;
const MAX_ENTRIES = 50;

/** The trust of a `TRUST_PROXY` value, or an error message for a value that is none of the accepted forms. */
export function parseProxyTrust(value: string | undefined): ProxyTrust | string {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === '0') return { kind: 'none' };
  if (text === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= MAX_HOPS ? { kind: 'hops', hops } : `at most ${MAX_HOPS} proxies`;
  }
  const networks = new BlockList();
  for (const part of text.split(',').map((p) => p.trim())) {
    const [address = '', prefix, extra] = part.split('/');
    const family = isIP(address);
    const bits = family === 6 ? 128 : 32;
    const length = prefix === undefined ? bits : /^\d{1,3}$/.test(prefix) ? Number(prefix) : Number.NaN;
    if (!family || extra !== undefined || !(length >= 0 && length <= bits))
      return `"${part}" is not an address or network (CIDR); use true, false, a number of proxies, or a list of proxy networks`;
    networks.addSubnet(address, length, family === 6 ? 'ipv6' : 'ipv4');
  }
  return { kind: 'networks', networks, source: text };
}

const parsed = new Map<string, ProxyTrust>();

/** `parseProxyTrust` for a value the configuration already validated, parsed once per value. */
export function proxyTrustOf(value: string | undefined): ProxyTrust {
  const key = value ?? '';
  let trust = parsed.get(key);
  if (!trust) {
    const result = parseProxyTrust(value);
    if (typeof result === 'string') throw new Error(`TRUST_PROXY: ${result}`);
    trust = result;
    parsed.set(key, trust);
  }
  return trust;
}

/** An entry as proxies write it: `1.2.3.4`, `1.2.3.4:5678`, `[::1]:80` or `::1`. */
function addressOf(entry: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(entry);
  if (bracketed?.[1]) return bracketed[1];
  const v4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(entry);
  if (v4WithPort?.[1]) return v4WithPort[1];
  return entry;
}

const isTrusted = (networks: BlockList, address: string) => {
  const family = isIP(address);
  return family !== 0 && networks.check(address, family === 6 ? 'ipv6' : 'ipv4');
};

/**
 * The client's address: the connection's own (`peer`), or the forwarded one that `trust` allows. Never an entry
 * the client could have written itself, whatever it puts into the header.
 */
export function clientAddress(forwardedFor: string | null, peer: string | null, trust: ProxyTrust): string | null {
  if (trust.kind === 'none' || !forwardedFor) return peer;
  const entries = forwardedFor
    .split(',')
    .map((entry) => addressOf(entry.trim()))
    .filter(Boolean)
    .slice(-MAX_ENTRIES);
  if (entries.length === 0) return peer;
  if (trust.kind === 'hops') {
    if (trust.hops === 0) return peer;
    // Fewer entries than proxies: the request skipped one; the furthest entry is the best there is.
    return entries[Math.max(0, entries.length - trust.hops)] ?? peer;
  }
  // Trusted networks: only a connection from a trusted proxy makes the header worth reading.
  if (!peer || !isTrusted(trust.networks, peer)) return peer;
  for (let i = entries.length - 1; i >= 0; i--) {
    const entry = entries[i]!;
    if (!isTrusted(trust.networks, entry)) return entry;
  }
  return entries[0] ?? peer;
}
