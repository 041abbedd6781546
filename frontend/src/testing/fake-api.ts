import type { User } from '@app/contracts';
import type { ApiAnswer, ApiMethod } from '@app/contracts/api/routes';
import { SESSION_HINT_COOKIE } from '@app/contracts/site';
import { vi } from 'vitest';

/** One recorded call of the fake API. */
interface FakeRequest {
  method: string;
  path: string;
  /** The parsed JSON body, or undefined. */
  body: unknown;
  init: RequestInit;
}

/**
 * Answers one 'METHOD /path' of the fake API. `T` is what it answers on success, for the type checker only: the fake
 * API's answers (`reply(body)`) are checked against the types the API's routes declare (`ApiAnswer`, generated from
 * the routes). A route written by hand, a deferred one, a refusal or one kept in a `FakeRoute` variable is not.
 */
// biome-ignore lint/suspicious/noExplicitAny: a route of no stated answer fits any key, and any route fits it
export type FakeRoute<T = any> = ((request: FakeRequest) => Response | Promise<Response>) & { readonly answers?: T };

/** What the API's route for 'METHOD /path' answers (anything for a key the route table does not know). */
type AnswerOf<K> = K extends `${infer M extends ApiMethod} ${infer P}`
  ? [ApiAnswer<M, P>] extends [never]
    ? unknown
    : ApiAnswer<M, P>
  : unknown;

/** The fake API's routes, each answering what the real route answers. */
export type FakeRoutes<R> = { [K in keyof R]: FakeRoute<AnswerOf<K>> };

export const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/**
 * A route that answers JSON (a fresh Response each time: a body is read once). A success is typed by its body, so
 * `stubApi` checks it against the real route's answer; a refusal (any other status) answers what it likes.
 */
export function reply<T>(body: T, status?: 200 | 201 | 202): FakeRoute<T>;
export function reply(body: unknown, status: number): FakeRoute<never>;
export function reply(body: unknown, status = 200): FakeRoute<never> {
  return () => (status === 204 ? new Response(null, { status }) : jsonResponse(body, status));
}

/** A route that never answers until the test says so: for pending states ('Signing in...'). */
export function deferred(): FakeRoute & { respond: (response: Response) => void } {
  let resolve: (response: Response) => void = () => {};
  const route: FakeRoute = () => new Promise<Response>((r) => (resolve = r));
  return Object.assign(route, { respond: (response: Response) => resolve(response) });
}

const anonymous = reply({ message: 'Authentication required', issues: [] }, 401);

export const publicConfig = {
  companyName: 'Lucid Insight',
  companyEmail: 'hello@lucid.test',
  schedulingUrl: null,
  bookingTimeZone: 'Europe/London',
  singleSignOn: false,
  socialLinks: [],
};

/**
 * A builder of test data: `defaults` with the `overrides` a test is about, each call a fresh copy (a test may change
 * what it was given).
 */
export const builder =
  <T extends object>(defaults: T) =>
  (overrides: Partial<T> = {}): T => ({ ...structuredClone(defaults), ...overrides });

/** A signed-in account as GET /api/auth/user answers it. */
export const makeUser = builder<User>({
  id: 7,
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  isAdmin: false,
  isActive: true,
  hasLoggedIn: true,
  accountSetupComplete: true,
  lastLoginAt: '2025-03-01T09:00:00.000Z',
  hasPassword: true,
  passwordChangedAt: '2025-02-01T09:00:00.000Z',
  createdAt: '2024-11-05T10:00:00.000Z',
  organizations: [{ id: 1, name: 'Acme' }],
  googleAccount: null,
});

/**
 * Replaces `fetch` with a fake API keyed by 'METHOD /path' (the query string included). `GET /api/config` and an
 * anonymous `GET /api/auth/user` are there unless overridden; anything else is a 404. Returns the mock, whose calls
 * are also listed as `requests`.
 */
export function stubApi<R extends Record<string, FakeRoute<unknown>>>(
  routes: R & FakeRoutes<R> = {} as R & FakeRoutes<R>,
) {
  // The API's session hint cookie (contracts/src/site.ts), so the app asks GET /api/auth/user as it does after a
  // sign-in; `withoutSessionHint()` gives a browser that never signed in, which asks nothing.
  setSessionHint(true);
  const all: Record<string, FakeRoute<unknown>> = {
    'GET /api/config': reply(publicConfig),
    'GET /api/auth/user': anonymous,
    ...routes,
  };
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const path = String(input);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path, body, init };
    requests.push(request);
    // A list's page (`?page=1&sort=...`, issue 18) is answered by its path's route unless the test names the query.
    const route = all[`${method} ${path}`] ?? all[`${method} ${path.split('?')[0]}`];
    return route ? route(request) : jsonResponse({ message: 'Not Found', issues: [] }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return Object.assign(fetchMock, { requests });
}

/** Sets or clears the session hint cookie of the (happy-dom) document. */
function setSessionHint(present: boolean): void {
  if (typeof document === 'undefined') return;
  // biome-ignore lint/suspicious/noDocumentCookie: the app reads document.cookie, so the test's cookie goes there
  document.cookie = present ? `${SESSION_HINT_COOKIE}=1; path=/` : `${SESSION_HINT_COOKIE}=; path=/; max-age=0`;
}

/** A browser that holds no session: call after `stubApi`. */
export const withoutSessionHint = () => setSessionHint(false);

/** The calls of one 'METHOD /path'. */
export const requestsTo = (api: ReturnType<typeof stubApi>, key: string) =>
  api.requests.filter((request) => `${request.method} ${request.path}` === key);
