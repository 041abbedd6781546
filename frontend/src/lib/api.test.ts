import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, apiGet, apiRequest, getQueryFn } from './api';

type FetchArgs = [input: string, init: RequestInit];

function stubFetch(response: Response) {
  const fetchMock = vi.fn<(...args: FetchArgs) => Promise<Response>>(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { ...init, headers: { 'content-type': 'application/json; charset=utf-8' } });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends cookies and a JSON body with its content type', async () => {
    const fetchMock = stubFetch(json({ id: 1 }, { status: 201 }));
    const result = await apiRequest('/api/contact', { method: 'POST', body: { name: 'Ada' } });

    expect(result).toEqual({ id: 1 });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/contact');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('include');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
    expect(init.body).toBe('{"name":"Ada"}');
  });

  it('sends no body and no content type on a GET, but still the cookies', async () => {
    const fetchMock = stubFetch(json([]));
    await apiRequest('/api/dashboards/public');

    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.method).toBe('GET');
    expect(init.credentials).toBe('include');
    expect(init.body).toBeUndefined();
    expect(new Headers(init.headers).has('content-type')).toBe(false);
  });

  it('returns a non-JSON response as its raw text', async () => {
    stubFetch(new Response('pong', { headers: { 'content-type': 'text/plain' } }));
    await expect(apiRequest('/api/ping')).resolves.toBe('pong');
  });

  it('returns null for an empty body (204)', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('/api/thing', { method: 'DELETE' })).resolves.toBeNull();
  });

  it('fails with "status: response text" and keeps the status and the parsed error body', async () => {
    const body = {
      message: 'Name must be at least 2 characters',
      issues: [{ path: 'name', message: 'Name must be at least 2 characters' }],
    };
    stubFetch(json(body, { status: 422, statusText: 'Unprocessable Entity' }));

    const error = await apiRequest('/api/contact', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    const apiError = error as ApiRequestError;
    expect(apiError.message).toBe(`422: ${JSON.stringify(body)}`);
    expect(apiError.status).toBe(422);
    expect(apiError.body).toEqual(body);
    expect(apiError.serverMessage).toBe('Name must be at least 2 characters');
    expect(apiError.issues).toEqual(body.issues);
  });

  it('uses the status text when the error response is empty', async () => {
    stubFetch(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('/api/contact')).rejects.toThrow('503: Service Unavailable');
  });

  it('keeps a plain-text error as the message and has no body or issues', async () => {
    stubFetch(new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    const error = (await apiRequest('/api/x').catch((e: unknown) => e)) as ApiRequestError;
    expect(error.message).toBe('502: Bad gateway');
    expect(error.body).toBeNull();
    expect(error.issues).toEqual([]);
    expect(error.serverMessage).toBeUndefined();
  });
});

describe('apiGet and getQueryFn', () => {
  it('treats a 401 as an anonymous visitor (null) when asked to', async () => {
    stubFetch(json({ message: 'Not signed in', issues: [] }, { status: 401 }));
    await expect(apiGet('/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
  });

  it("fails a 401 with 'Authentication required' by default", async () => {
    stubFetch(json({ message: 'Not signed in', issues: [] }, { status: 401, statusText: 'Unauthorized' }));
    const error = (await apiGet('/api/auth/user').catch((e: unknown) => e)) as ApiRequestError;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error.message).toBe('Authentication required');
    expect(error.status).toBe(401);
  });

  it('builds query functions that pass the abort signal and parse JSON', async () => {
    const fetchMock = stubFetch(json({ companyName: 'Lucid Insight' }));
    const controller = new AbortController();
    await expect(getQueryFn('/api/config')({ signal: controller.signal })).resolves.toEqual({
      companyName: 'Lucid Insight',
    });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/config');
    expect(init.signal).toBe(controller.signal);
    expect(init.credentials).toBe('include');
  });

  it('cancels the body of a 401 it does not read, so the request ends (item 1: Chromium kept it open)', async () => {
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"message":"Authentication required"'));
        // Never closed: like a response whose rest the browser waits for.
      },
      cancel() {
        cancelled = true;
      },
    });
    stubFetch(new Response(body, { status: 401, headers: { 'content-type': 'application/json' } }));
    await expect(apiGet('/api/auth/user', { on401: 'returnNull' })).resolves.toBeNull();
    expect(cancelled).toBe(true);
  });

  it('builds query functions that return null on 401 when asked to', async () => {
    stubFetch(new Response('', { status: 401 }));
    await expect(getQueryFn('/api/auth/user', { on401: 'returnNull' })({})).resolves.toBeNull();
  });

  it('still fails other errors of a query that maps 401 to null', async () => {
    stubFetch(new Response('boom', { status: 500, statusText: 'Internal Server Error' }));
    await expect(apiGet('/api/auth/user', { on401: 'returnNull' })).rejects.toThrow('500: boom');
  });
});
