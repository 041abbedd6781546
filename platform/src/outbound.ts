// Long file: the one door every fetch of an administrator-typed URL goes through; its checks read in order.
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import * as v from 'valibot';
import { nonPublicKind } from './outbound-address';

/**
 * The outbound-fetch guard (D35, decision 040). Every URL the server fetches because an administrator typed it
 * (embed providers' sites, OpenID issuers, embed-status checks) goes through `guardedFetch`:
 *
 *   const response = await guardedFetch(url, { method: 'POST', body, signal }, { allowHosts: config.OUTBOUND_ALLOW_HOSTS });
 *
 * - https only, unless the URL's `host:port` is one the operator named in OUTBOUND_ALLOW_HOSTS;
 * - the host name is resolved (every A and AAAA record) and refused when ANY address is loopback, private,
 *   link-local, shared, multicast, reserved or otherwise not public, in any spelling (the URL parser turns
 *   `2130706433`, `0177.0.0.1`, `127.1` and `0x7f.1` into `127.0.0.1`; IPv6-mapped, -compatible, NAT64 and 6to4 forms
 *   are judged by the IPv4 address inside), unless the host is named in OUTBOUND_ALLOW_HOSTS;
 * - the connection goes to the address that was checked (the request's URL names the IP, with the `Host` header and
 *   the TLS server name set to the host), so a DNS answer that changes between check and connect is never used;
 * - redirects are followed by hand (at most `maxRedirects`), each hop checked the same way; `redirect: 'manual'`
 *   hands the 3xx back instead, `redirect: 'error'` refuses it;
 * - failures are an `OutboundError` whose message names neither the address nor anything that answered: a closed and
 *   an open port fail alike ('unreachable'), a slow one as 'timeout'.
 *
 * Save-time checks use `checkOutboundUrl` (the same rules, without a request). Server-only: browsers never import it.
 */

/** Why a request was not made or got no answer. */
export type OutboundFailure =
  | 'invalid-url'
  | 'not-https'
  | 'not-public'
  | 'unresolved'
  | 'too-many-redirects'
  | 'unreachable'
  | 'timeout';

const MESSAGES: Record<OutboundFailure, string> = {
  'invalid-url': 'the address is not a valid http(s) URL',
  'not-https': 'the address must be https',
  'not-public': 'the address is not a public address',
  unresolved: 'the host name does not resolve',
  'too-many-redirects': 'the address redirects too many times',
  unreachable: 'the address could not be reached',
  timeout: 'the address did not answer in time',
};

/** A request the guard refused, or that got no answer; the message is safe to show (no address, no body). */
export class OutboundError extends Error {
  constructor(readonly reason: OutboundFailure) {
    super(MESSAGES[reason]);
    this.name = 'OutboundError';
  }
}

export interface OutboundOptions {
  /**
   * The `host:port` pairs the operator trusts (OUTBOUND_ALLOW_HOSTS, normalized by `parseAllowHosts`): only these may
   * be plain http or resolve to a non-public address.
   */
  allowHosts: readonly string[];
  /** How many redirects are followed (default 5). */
  maxRedirects?: number;
  /** Every address of a host name (default: the system's resolver, A and AAAA). Tests may give their own. */
  resolve?: (hostname: string) => Promise<string[]>;
}

const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

/** A URL's host as the allow-list spells it: lower case, no trailing dot, IPv6 in brackets, with its port. */
function hostKey(url: URL): string {
  const hostname = url.hostname.replace(/\.$/, '');
  return `${hostname}:${url.port || DEFAULT_PORTS[url.protocol] || ''}`;
}

/**
 * OUTBOUND_ALLOW_HOSTS: comma-separated `host:port` pairs (`idp.corp.example:443`, `127.0.0.1:9000`, `[::1]:8080`),
 * normalized as URLs spell them (so `LOCALHOST:80.` and `localhost:80` are one). Returns the pairs, or the first bad
 * entry's problem as a string.
 */
export function parseAllowHosts(text: string): string[] | string {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const hosts: string[] = [];
  for (const entry of entries) {
    const problem = `"${entry}" is not a host:port pair (e.g. idp.example.com:443 or 127.0.0.1:9000)`;
    if (!/^(\[[0-9a-fA-F:.]+\]|[^\s/:@?#[\]]+):(\d{1,5})$/.test(entry)) return problem;
    let url: URL;
    try {
      url = new URL(`http://${entry}`);
    } catch {
      return problem;
    }
    const port = entry.slice(entry.lastIndexOf(':') + 1);
    if (Number(port) < 1 || Number(port) > 65535) return problem;
    hosts.push(`${url.hostname.replace(/\.$/, '')}:${Number(port)}`);
  }
  return [...new Set(hosts)];
}

/** The env entry of OUTBOUND_ALLOW_HOSTS, for the API's and the workers' schemas (validated at start). */
export const outboundEnvEntries = {
  /** `host:port` pairs of internal services the operator trusts: may be http and non-public (D35). */
  OUTBOUND_ALLOW_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.rawTransform(({ dataset, addIssue, NEVER }) => {
        const parsed = parseAllowHosts(dataset.value);
        if (typeof parsed === 'string') {
          addIssue({ message: parsed });
          return NEVER;
        }
        return parsed as readonly string[];
      }),
    ),
    '',
  ),
};

const isAllowed = (url: URL, allowHosts: readonly string[]) => allowHosts.includes(hostKey(url));

/** The URL, parsed and checked for what needs no resolver: a valid http(s) URL, https unless allowed. */
function parseChecked(input: string | URL, allowHosts: readonly string[]): URL {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundError('invalid-url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new OutboundError('invalid-url');
  if (!url.hostname || url.username || url.password) throw new OutboundError('invalid-url');
  if (url.protocol === 'http:' && !isAllowed(url, allowHosts)) throw new OutboundError('not-https');
  return url;
}

const systemResolve = async (hostname: string) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/** Waits for `promise`, but no longer than the signal allows. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/**
 * The address to connect to for `url`: its IP literal, or the first IPv4 (else IPv6) address its name resolves to.
 * Refused when any of the addresses is not public, unless the host is allowed.
 */
async function addressFor(url: URL, options: OutboundOptions, signal?: AbortSignal | null): Promise<string> {
  const hostname = url.hostname.replace(/\.$/, '');
  const literal = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  let addresses: string[];
  if (isIP(literal)) addresses = [literal];
  else {
    try {
      addresses = await abortable((options.resolve ?? systemResolve)(hostname), signal);
    } catch (error) {
      if (signal?.aborted) throw new OutboundError('timeout');
      throw error instanceof OutboundError ? error : new OutboundError('unresolved');
    }
    if (addresses.length === 0) throw new OutboundError('unresolved');
  }
  if (!isAllowed(url, options.allowHosts) && addresses.some((address) => nonPublicKind(address) !== null))
    throw new OutboundError('not-public');
  return addresses.find((address) => isIP(address) === 4) ?? addresses[0]!;
}

/**
 * Save-time check of an administrator's URL (the same rules as a request, without one): null when it may be used,
 * else why not. A name that does not resolve (yet) passes: the request will say so.
 */
export async function checkOutboundUrl(
  input: string,
  options: OutboundOptions,
): Promise<{ reason: OutboundFailure; message: string } | null> {
  try {
    const url = parseChecked(input, options.allowHosts);
    await addressFor(url, options, AbortSignal.timeout(5000));
    return null;
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (error.reason === 'unresolved' || error.reason === 'timeout') return null;
    return { reason: error.reason, message: error.message };
  }
}

const isTimeout = (error: unknown) =>
  error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');

/** Headers that must not follow a redirect to another origin (as browsers drop them). */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/** One request to the checked address of `url`, never following a redirect. */
async function requestPinned(url: URL, address: string, init: RequestInit): Promise<Response> {
  const target = new URL(url);
  target.hostname = isIP(address) === 6 ? `[${address}]` : address;
  const headers = new Headers(init.headers);
  headers.set('host', url.host);
  // The certificate is checked against the host's name (SNI too), not the address: Bun's `tls.serverName`.
  const given = (init as { tls?: object }).tls;
  const name = url.hostname.replace(/\.$/, '');
  const byName = url.protocol === 'https:' && !isIP(name.replace(/^\[|\]$/g, ''));
  const tls = byName ? { tls: { ...given, serverName: name } } : given ? { tls: given } : {};
  try {
    return await fetch(target, { ...init, headers, redirect: 'manual', ...tls } as RequestInit);
  } catch (error) {
    throw new OutboundError(isTimeout(error) ? 'timeout' : 'unreachable');
  }
}

/**
 * `fetch`, through the guard (see the top of this file). Takes what `fetch` takes; `init.signal` bounds the whole of
 * it (resolving, connecting, every redirect). Throws OutboundError; any HTTP answer is returned as it is (its
 * `response.url` names the address it came from, not the host).
 */
export async function guardedFetch(
  input: string | URL,
  init: RequestInit = {},
  options: OutboundOptions,
): Promise<Response> {
  const maxRedirects = options.maxRedirects ?? 5;
  let url = parseChecked(input, options.allowHosts);
  let current: RequestInit = { ...init };
  for (let hop = 0; ; hop++) {
    const address = await addressFor(url, options, init.signal);
    const response = await requestPinned(url, address, current);
    const location = response.headers.get('location');
    if (response.status < 300 || response.status >= 400 || !location || init.redirect === 'manual') return response;
    await response.body?.cancel().catch(() => {});
    if (init.redirect === 'error') throw new OutboundError('unreachable');
    if (hop >= maxRedirects) throw new OutboundError('too-many-redirects');
    let next: URL;
    try {
      next = parseChecked(new URL(location, url), options.allowHosts);
    } catch (error) {
      throw error instanceof OutboundError ? error : new OutboundError('invalid-url');
    }
    const method = (current.method ?? 'GET').toUpperCase();
    // 303, and 301/302 after a POST, continue as GET without a body (as fetch does); 307 and 308 repeat the request.
    const asGet =
      response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST');
    const headers = new Headers(current.headers);
    if (next.origin !== url.origin) for (const name of CREDENTIAL_HEADERS) headers.delete(name);
    if (asGet) {
      headers.delete('content-type');
      headers.delete('content-length');
    }
    current = { ...current, headers, ...(asGet ? { method: method === 'HEAD' ? 'HEAD' : 'GET', body: null } : {}) };
    url = next;
  }
}

/**
 * A `fetch` bound to the guard's options, for libraries that take one (openid-client's customFetch, SDKs): they call
 * it with a URL and plain options.
 */
export const guardedFetcher =
  (options: OutboundOptions) =>
  (url: string, init: RequestInit): Promise<Response> =>
    guardedFetch(url, init, options);
