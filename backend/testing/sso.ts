import { expect } from 'vitest';
import type { TestApp } from './app';

/**
 * Follows a single sign-on by hand, as a browser would: the app's start (through `app.handle`), the provider's pages
 * (a real server on loopback, with its own cookies), and back to the app's callback. Each step can be stopped or
 * changed by the test (replay a callback, drop the browser's cookie, wait).
 */

const APP = 'http://localhost:3000';

/** The cookies of `set-cookie` headers, as `name=value` (cleared ones left out). */
function cookiesOf(response: Response): Map<string, string> {
  const jar = new Map<string, string>();
  for (const header of response.headers.getSetCookie()) {
    const [pair] = header.split(';');
    const index = pair!.indexOf('=');
    const name = pair!.slice(0, index).trim();
    const value = pair!.slice(index + 1).trim();
    if (/max-age=0/i.test(header) || !value) jar.delete(name);
    else jar.set(name, value);
  }
  return jar;
}

const header = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

/** The app's start: its answer, the browser's cookies for the app, and where it sends the browser. */
export async function startSso(t: TestApp, query: string, ip = '10.9.9.9') {
  const response = await t.get(`/api/auth/sso/start?${query}`, { 'x-forwarded-for': ip });
  return { response, location: response.headers.get('location') ?? '', appCookies: cookiesOf(response) };
}

/** Goes through the provider's pages until it sends the browser back to the app's callback (its URL). */
export async function atProvider(authorizationUrl: string): Promise<string> {
  const jar = new Map<string, string>();
  let url = authorizationUrl;
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(`${APP}/`)) return url;
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: header(jar) } });
    for (const [name, value] of cookiesOf(response)) jar.set(name, value);
    const next = response.headers.get('location');
    if (!next) throw new Error(`The provider stopped at ${url} with ${response.status}: ${await response.text()}`);
    url = new URL(next, url).href;
  }
  throw new Error('The provider redirected too often');
}

/** The app's callback, with the browser's cookies for the app. */
export async function callbackSso(t: TestApp, callbackUrl: string, appCookies: Map<string, string>, ip = '10.9.9.9') {
  const url = new URL(callbackUrl);
  const response = await t.get(`${url.pathname}${url.search}`, { cookie: header(appCookies), 'x-forwarded-for': ip });
  return { response, location: response.headers.get('location') ?? '', cookies: cookiesOf(response) };
}

/** The whole sign-in, start to callback. */
export async function signInWithSso(t: TestApp, query: string) {
  const start = await startSso(t, query);
  if (!start.location.startsWith('http://127.0.0.1'))
    return { location: start.location, cookies: start.appCookies, start };
  const callbackUrl = await atProvider(start.location);
  const done = await callbackSso(t, callbackUrl, start.appCookies);
  return { location: done.location, cookies: done.cookies, start };
}

/** The settings an administrator saves for an organization's provider (PUT /api/admin/organizations/{id}/sso). */
interface SsoSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string[];
  allowAccountCreation?: boolean;
}

/** Saves an organization's single sign-on settings as `admin` (requests as the administrator), expecting 200. */
export async function saveSso(
  admin: { send: (method: string, path: string, body?: unknown) => Promise<Response> },
  organizationId: number,
  settings: SsoSettings,
): Promise<Response> {
  const saved = await admin.send('PUT', `/api/admin/organizations/${organizationId}/sso`, settings);
  expect(saved.status, await saved.clone().text()).toBe(200);
  return saved;
}
