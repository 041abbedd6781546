import { describe, expect, it } from 'vitest';
import { clientAddress, type ProxyTrust, parseProxyTrust } from './client-address';

const trust = (value: string): ProxyTrust => {
  const result = parseProxyTrust(value);
  if (typeof result === 'string') throw new Error(result);
  return result;
};

describe('TRUST_PROXY', () => {
  it('accepts false, true, a number of proxies and a list of proxy networks', () => {
    expect(trust('false')).toEqual({ kind: 'none' });
    expect(trust('')).toEqual({ kind: 'none' });
    expect(trust('true')).toEqual({ kind: 'hops', hops: 1 });
    expect(trust('2')).toEqual({ kind: 'hops', hops: 2 });
    expect(trust('10.0.0.0/8, 192.168.1.7, fd00::/8').kind).toBe('networks');
  });

  it('refuses anything else with a message that says what it takes', () => {
    for (const bad of ['yes', '10.0.0.0/33', '10.0.0/8', 'fd00::/129', '10.0.0.0/8/1', '-1', '99', 'example.com'])
      expect(parseProxyTrust(bad), bad).toMatch(/./);
    expect(typeof parseProxyTrust('yes')).toBe('string');
  });
});

describe('the client address', () => {
  const peer = '10.0.0.2';

  it('is the connection’s own when no proxy is trusted, whatever the header says', () => {
    expect(clientAddress('6.6.6.6', peer, trust('false'))).toBe(peer);
  });

  it('is never the leftmost entry a client wrote itself behind a proxy that appends', () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the address it saw.
    expect(clientAddress('6.6.6.6, 203.0.113.5', peer, trust('true'))).toBe('203.0.113.5');
    expect(clientAddress('6.6.6.6,7.7.7.7, 203.0.113.5', peer, trust('1'))).toBe('203.0.113.5');
  });

  it('is the entry as many places from the right as there are proxies', () => {
    expect(clientAddress('6.6.6.6, 203.0.113.5, 10.0.0.9', peer, trust('2'))).toBe('203.0.113.5');
    // Fewer entries than proxies: the furthest entry there is.
    expect(clientAddress('203.0.113.5', peer, trust('3'))).toBe('203.0.113.5');
    expect(clientAddress(null, peer, trust('2'))).toBe(peer);
    expect(clientAddress(' , ', peer, trust('2'))).toBe(peer);
  });

  it('with proxy networks, is the first address from the right that is not a proxy', () => {
    const networks = trust('10.0.0.0/8, 2001:db8::/32');
    expect(clientAddress('6.6.6.6, 203.0.113.5, 10.1.2.3', peer, networks)).toBe('203.0.113.5');
    expect(clientAddress('6.6.6.6, 2001:db8::1', '2001:db8::2', networks)).toBe('6.6.6.6');
    // A connection that does not come from a proxy: its header is the client's own writing.
    expect(clientAddress('203.0.113.5', '198.51.100.1', networks)).toBe('198.51.100.1');
    // Every entry a proxy: the furthest one.
    expect(clientAddress('10.9.9.9, 10.8.8.8', peer, networks)).toBe('10.9.9.9');
  });

  it('reads the forms proxies write: with ports and brackets', () => {
    expect(clientAddress('6.6.6.6, 203.0.113.5:4711', peer, trust('true'))).toBe('203.0.113.5');
    expect(clientAddress('6.6.6.6, [2001:db8::7]:443', peer, trust('true'))).toBe('2001:db8::7');
    expect(clientAddress('6.6.6.6, 2001:db8::7', peer, trust('true'))).toBe('2001:db8::7');
  });
});
