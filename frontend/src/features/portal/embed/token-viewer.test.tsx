// @vitest-environment happy-dom
import { ACCESS_ENDED_MESSAGE, type DashboardDetail, type EmbedToken } from '@app/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpAfterEachTest } from '../../../testing/clean-up';
import type { FakeRoute } from '../../../testing/fake-api';
import { deferred, jsonResponse, makeUser, reply, requestsTo, stubApi } from '../../../testing/fake-api';
import { dashboardDetail } from '../../../testing/portal-fixtures';
import { quietFrameErrors } from '../../../testing/quiet-frames';
import { renderApp } from '../../../testing/render-app';

/** powerbi-client, mocked at the module boundary: what was embedded, and the report's handlers and token. */
const pbi = vi.hoisted(() => {
  let releaseSdk: () => void = () => {};
  const state = {
    /** The SDK's download: held until the test lets it finish (`releaseSdk`), to see it overlap the token's request. */
    sdkGate: new Promise<void>((resolve) => (releaseSdk = resolve)),
    releaseSdk: () => releaseSdk(),
    downloadStarted: false,
    handlers: new Map<string, (event: unknown) => void>(),
    serviceArgs: [] as unknown[][],
    embed: null as unknown as ReturnType<typeof import('vitest').vi.fn>,
    reset: null as unknown as ReturnType<typeof import('vitest').vi.fn>,
    setAccessToken: null as unknown as ReturnType<typeof import('vitest').vi.fn>,
  };
  return state;
});

vi.mock('powerbi-client', async () => {
  pbi.downloadStarted = true;
  await pbi.sdkGate;
  pbi.setAccessToken = vi.fn(async (_token: string) => {});
  pbi.reset = vi.fn();
  pbi.embed = vi.fn((_element: HTMLElement, _config: unknown) => ({
    on: (name: string, handler: (event: unknown) => void) => pbi.handlers.set(name, handler),
    off: (name: string) => pbi.handlers.delete(name),
    setAccessToken: pbi.setAccessToken,
    setComponentTitle: vi.fn(),
  }));
  class Service {
    embed = pbi.embed;
    reset = pbi.reset;
    constructor(...args: unknown[]) {
      pbi.serviceArgs.push(args);
    }
  }
  return {
    service: { Service },
    factories: { hpmFactory: 'hpm', wpmpFactory: 'wpmp', routerFactory: 'router' },
    models: { TokenType: { Aad: 0, Embed: 1 }, Permissions: { Read: 0 } },
  };
});
// Tableau's web component is not loaded in these tests.
vi.mock('@tableau/embedding-api', () => ({}));

quietFrameErrors();
cleanUpAfterEachTest();
beforeEach(() => {
  sessionStorage.clear();
  pbi.handlers.clear();
  pbi.serviceArgs.length = 0;
});
afterEach(() => vi.useRealTimers());

const MINUTE = 60_000;
const ACME = { id: 1, name: 'Acme' };
const GLOBEX = { id: 2, name: 'Globex' };

const detail = (overrides: Partial<DashboardDetail> = {}) =>
  dashboardDetail({ embedMode: 'powerbi', embedUrl: '', ...overrides });

function powerBiToken(accessToken: string, lifetimeMs = 10 * MINUTE, overrides: Partial<EmbedToken> = {}): EmbedToken {
  return {
    mode: 'powerbi',
    reportId: 'f0e1d2c3-0000-4000-8000-000000000001',
    embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=f0e1d2c3-0000-4000-8000-000000000001',
    accessToken,
    tokenType: 'Embed',
    expiresAt: new Date(Date.now() + lifetimeMs).toISOString(),
    organization: ACME,
    organizations: [ACME],
    identity: null,
    ...overrides,
  } as EmbedToken;
}

/** The token route answering each call in turn (the last answer repeats). */
function answers(...routes: FakeRoute[]): FakeRoute {
  let call = 0;
  return (request) => {
    const route = routes[Math.min(call, routes.length - 1)] as FakeRoute;
    call += 1;
    return route(request);
  };
}

function openDashboard(token: FakeRoute, dashboard = detail(), user = makeUser()) {
  const api = stubApi({
    'GET /api/auth/user': reply(user),
    'GET /api/dashboards/organization': reply([]),
    'GET /api/dashboards/5': reply(dashboard),
    'POST /api/dashboards/5/views': reply({ recorded: true }),
    'POST /api/dashboards/5/embed-token': token,
  });
  return { ...renderApp('/client/dashboard/5'), api };
}

const tokenRequests = (api: ReturnType<typeof stubApi>) => requestsTo(api, 'POST /api/dashboards/5/embed-token');
const embedConfig = () => pbi.embed.mock.calls.at(-1)?.[1] as Record<string, unknown>;
const fakeClock = () => vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'Date'] });

describe('Power BI: the token and the SDK', () => {
  // First in the file: the mocked SDK is downloaded once per file.
  it('asks for the token while the SDK downloads, then embeds the report with the embed token', async () => {
    const token = deferred();
    const { api } = openDashboard(token);
    await waitFor(() => expect(tokenRequests(api)).toHaveLength(1));
    // Both under way at once: neither waited for the other.
    expect(pbi.downloadStarted).toBe(true);
    pbi.releaseSdk();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByTestId('embed-viewer').dataset.status).toBe('loading');
    token.respond(jsonResponse(powerBiToken('token-1')));

    await waitFor(() => expect(pbi.embed).toHaveBeenCalledTimes(1));
    expect(pbi.serviceArgs[0]).toEqual(['hpm', 'wpmp', 'router']);
    expect(embedConfig()).toMatchObject({
      type: 'report',
      tokenType: 1,
      accessToken: 'token-1',
      embedUrl: 'https://app.powerbi.com/reportEmbed?reportId=f0e1d2c3-0000-4000-8000-000000000001',
      id: 'f0e1d2c3-0000-4000-8000-000000000001',
    });
    expect(tokenRequests(api)[0]?.body).toEqual({});
    const container = screen.getByTestId('powerbi-report');
    expect(pbi.embed.mock.calls[0]?.[0]).toBe(container);
    act(() => pbi.handlers.get('loaded')?.({}));
    expect(screen.getByTestId('embed-viewer').dataset.status).toBe('loaded');
    expect(screen.getByTestId('embed-viewer').dataset.mode).toBe('powerbi');
    await waitFor(() => expect(requestsTo(api, 'POST /api/dashboards/5/views')).toHaveLength(1));
  });

  it('renews the token ahead of its expiry with setAccessToken, without embedding again', async () => {
    fakeClock();
    const { api } = openDashboard(answers(reply(powerBiToken('token-1')), () => jsonResponse(powerBiToken('token-2'))));
    await waitFor(() => expect(pbi.embed).toHaveBeenCalledTimes(1));
    const expiresAt = Date.parse(screen.getByTestId('embed-viewer').dataset.expiresAt ?? '');

    // 2 minutes ahead of a 10-minute token: nothing at 7:50.
    await act(() => vi.advanceTimersByTimeAsync(7 * MINUTE + 50_000));
    expect(tokenRequests(api)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    await waitFor(() => expect(pbi.setAccessToken).toHaveBeenCalledWith('token-2'));
    expect(Date.now()).toBeLessThan(expiresAt);
    expect(tokenRequests(api)).toHaveLength(2);
    expect(pbi.embed).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('powerbi-report').dataset.renewals).toBe('1');
  });

  it('renews at once when the tab is shown again near the expiry, not before', async () => {
    fakeClock();
    const { api } = openDashboard(answers(reply(powerBiToken('token-1')), () => jsonResponse(powerBiToken('token-2'))));
    await waitFor(() => expect(pbi.embed).toHaveBeenCalledTimes(1));

    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tokenRequests(api)).toHaveLength(1);

    // The tab was hidden: its timers did not run, the clock went on.
    vi.setSystemTime(Date.now() + 9 * MINUTE);
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(pbi.setAccessToken).toHaveBeenCalledWith('token-2'));
    expect(tokenRequests(api)).toHaveLength(2);
  });

  it('keeps the report when a renewal fails (502) and tries again', async () => {
    fakeClock();
    const { api } = openDashboard(
      answers(reply(powerBiToken('token-1')), reply({ message: 'Power BI did not answer', issues: [] }, 502), () =>
        jsonResponse(powerBiToken('token-3')),
      ),
    );
    await waitFor(() => expect(pbi.embed).toHaveBeenCalledTimes(1));
    await act(() => vi.advanceTimersByTimeAsync(8 * MINUTE + 1000));
    await waitFor(() => expect(tokenRequests(api)).toHaveLength(2));
    expect(screen.getByTestId('powerbi-report')).toBeTruthy();
    expect(pbi.setAccessToken).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(2500));
    await waitFor(() => expect(pbi.setAccessToken).toHaveBeenCalledWith('token-3'));
    expect(screen.queryByTestId('access-ended')).toBeNull();
  });

  it.each([401, 403, 404])(
    'replaces the dashboard with "access has ended" when a renewal is refused (%i)',
    async (status) => {
      fakeClock();
      const { api, router } = openDashboard(
        answers(reply(powerBiToken('token-1')), reply({ message: 'Dashboard not found', issues: [] }, status)),
      );
      await waitFor(() => expect(pbi.embed).toHaveBeenCalledTimes(1));
      await act(() => vi.advanceTimersByTimeAsync(8 * MINUTE + 1000));
      const ended = await screen.findByTestId('access-ended');
      expect(within(ended).getByRole('heading').textContent).toBe(ACCESS_ENDED_MESSAGE);
      expect(screen.queryByTestId('embed-viewer')).toBeNull();
      expect(pbi.reset).toHaveBeenCalled();
      // Nothing more is asked.
      await act(() => vi.advanceTimersByTimeAsync(20 * MINUTE));
      expect(tokenRequests(api)).toHaveLength(2);
      vi.useRealTimers();
      fireEvent.click(within(ended).getByRole('link', { name: 'Back to Dashboards' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/client/dashboard'));
    },
  );

  it("shows 'Work in Progress' with 'Try again' when the first token fails (502), never the error", async () => {
    const { api } = openDashboard(
      answers(reply({ message: 'Upstream timeout at api.powerbi.com', issues: [] }, 502), () =>
        jsonResponse(powerBiToken('token-2')),
      ),
    );
    const placeholder = await screen.findByTestId('viewer-unavailable');
    expect(placeholder.textContent).toContain('Work in Progress');
    expect(document.body.textContent).not.toContain('Upstream');
    expect(screen.queryByRole('link', { name: 'Open in a new tab' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(embedConfig()?.accessToken).toBe('token-2'));
    expect(tokenRequests(api)).toHaveLength(2);
    expect(screen.queryByTestId('viewer-unavailable')).toBeNull();
  });

  it("tells an admin the server's reason under 'Work in Progress', a client only 'Work in Progress'", async () => {
    const unavailable = reply(
      { message: 'The dashboard is not set up completely: choose its connection', issues: [] },
      503,
    );
    openDashboard(unavailable, detail(), makeUser({ isAdmin: true }));
    expect((await screen.findByTestId('viewer-unavailable-detail')).textContent).toBe(
      'The dashboard is not set up completely: choose its connection',
    );
    cleanup();
    openDashboard(reply({ message: 'This dashboard cannot be shown right now', issues: [] }, 503));
    expect(await screen.findByTestId('viewer-unavailable')).toBeTruthy();
    expect(screen.queryByTestId('viewer-unavailable-detail')).toBeNull();
  });

  it("shows 'Work in Progress' when the SDK refuses the embed URL, never the error", async () => {
    pbi.embed.mockImplementationOnce(() => {
      throw new Error('Invalid embed URL detected. Either URL hostname or protocol are invalid.');
    });
    const { api } = openDashboard(answers(reply(powerBiToken('token-1')), () => jsonResponse(powerBiToken('token-2'))));
    expect(await screen.findByTestId('viewer-unavailable')).toBeTruthy();
    expect(document.body.textContent).not.toContain('Invalid embed URL');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(embedConfig()?.accessToken).toBe('token-2'));
    expect(tokenRequests(api)).toHaveLength(2);
  });

  it("shows 'Work in Progress' when the report fails to load, and 'Try again' asks for a fresh token", async () => {
    const { api } = openDashboard(answers(reply(powerBiToken('token-1')), () => jsonResponse(powerBiToken('token-2'))));
    await waitFor(() => expect(pbi.embed).toHaveBeenCalledTimes(1));
    act(() => pbi.handlers.get('error')?.({ detail: { message: 'LoadReportFailed' } }));
    expect(await screen.findByTestId('viewer-unavailable')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset Pages' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(embedConfig()?.accessToken).toBe('token-2'));
    expect(tokenRequests(api)).toHaveLength(2);
  });
});

describe('Whose view', () => {
  it('lets a member of several organizations choose, asks again for the chosen one and remembers it', async () => {
    const { api } = openDashboard((request) => {
      const chosen = (request.body as { organizationId?: number }).organizationId;
      const organization = chosen === 2 ? GLOBEX : ACME;
      return jsonResponse(
        powerBiToken(`token-${organization.name}`, 10 * MINUTE, { organization, organizations: [ACME, GLOBEX] }),
      );
    });
    const chooser = await screen.findByRole('combobox', { name: 'Viewing as' });
    expect((chooser as HTMLSelectElement).value).toBe('1');
    expect(screen.queryByTestId('identity-panel')).toBeNull();
    fireEvent.change(chooser, { target: { value: '2' } });
    await waitFor(() => expect(embedConfig()?.accessToken).toBe('token-Globex'));
    expect(tokenRequests(api).at(-1)?.body).toEqual({ organizationId: 2 });
    expect((screen.getByRole('combobox', { name: 'Viewing as' }) as HTMLSelectElement).value).toBe('2');
    expect(sessionStorage.getItem('dashboard-organization:5')).toBe('2');
  });

  it('has no chooser for a member of one organization', async () => {
    openDashboard(reply(powerBiToken('token-1')));
    await waitFor(() => expect(pbi.embed).toHaveBeenCalled());
    expect(screen.queryByTestId('organization-chooser')).toBeNull();
  });

  it('lets an admin preview as any linked organization, with what the token carries beside it', async () => {
    const identity = { roles: ['Campus'], username: 'acme', customData: 'north' };
    const { api } = openDashboard(
      (request) => {
        const chosen = (request.body as { organizationId?: number }).organizationId;
        return jsonResponse(
          powerBiToken('token', 10 * MINUTE, {
            organization: chosen === 2 ? GLOBEX : ACME,
            organizations: [ACME, GLOBEX],
            identity: chosen === 2 ? { roles: ['Region'], username: 'globex' } : identity,
          }),
        );
      },
      detail(),
      makeUser({ isAdmin: true, organizations: [] }),
    );
    const panel = await screen.findByTestId('identity-panel');
    expect(panel.textContent).toContain('As Acme');
    expect(panel.textContent).toContain('Campus');
    expect(panel.textContent).toContain('north');
    const chooser = screen.getByRole('combobox', { name: 'Preview as' });
    fireEvent.change(chooser, { target: { value: '2' } });
    await waitFor(() => expect(screen.getByTestId('identity-panel').textContent).toContain('As Globex'));
    expect(screen.getByTestId('identity-panel').textContent).toContain('Region');
    expect(tokenRequests(api).at(-1)?.body).toEqual({ organizationId: 2 });
  });

  it('forgets a remembered organization the server refuses, and shows its own choice', async () => {
    sessionStorage.setItem('dashboard-organization:5', '9');
    const { api } = openDashboard((request) =>
      (request.body as { organizationId?: number }).organizationId === 9
        ? jsonResponse({ message: 'Dashboard not found', issues: [] }, 404)
        : jsonResponse(powerBiToken('token-1')),
    );
    await waitFor(() => expect(embedConfig()?.accessToken).toBe('token-1'));
    expect(tokenRequests(api).map((request) => request.body)).toEqual([{ organizationId: 9 }, {}]);
    expect(sessionStorage.getItem('dashboard-organization:5')).toBeNull();
  });
});

describe('Tableau and Metabase', () => {
  const expiring = (lifetimeMs: number) => new Date(Date.now() + lifetimeMs).toISOString();
  const context = { organization: ACME, organizations: [ACME], identity: null };

  it("shows a Tableau view in <tableau-viz> with the server's token", async () => {
    openDashboard(
      reply({
        mode: 'tableau',
        src: 'https://tableau.example.com/views/Sales/Overview',
        token: 'jwt-1',
        expiresAt: expiring(MINUTE),
        ...context,
      }),
      detail({ type: 'Tableau', embedMode: 'tableau' }),
    );
    const viz = await waitFor(() => {
      const element = document.querySelector('tableau-viz');
      if (!element) throw new Error('no viz yet');
      return element;
    });
    expect(viz.getAttribute('src')).toBe('https://tableau.example.com/views/Sales/Overview');
    expect(viz.getAttribute('token')).toBe('jwt-1');
    expect(viz.getAttribute('title')).toBe('Enrollment Overview');
    // Signed in through the frame: the page's policy allows no request to Tableau's site.
    expect(viz.hasAttribute('iframe-auth')).toBe(true);
  });

  it('swaps the Metabase frame for a fresh one when the tab is shown again after the token expired', async () => {
    fakeClock();
    const { api } = openDashboard(
      answers(
        reply({
          mode: 'metabase',
          iframeUrl: 'https://metabase.example.com/embed/dashboard/one',
          expiresAt: expiring(10 * MINUTE),
          ...context,
        }),
        () =>
          jsonResponse({
            mode: 'metabase',
            iframeUrl: 'https://metabase.example.com/embed/dashboard/two',
            expiresAt: expiring(10 * MINUTE),
            ...context,
          }),
      ),
      detail({ type: 'Metabase', embedMode: 'metabase' }),
    );
    const frame = await screen.findByTitle('Enrollment Overview');
    expect(frame.getAttribute('src')).toBe('https://metabase.example.com/embed/dashboard/one');
    vi.setSystemTime(Date.now() + 9 * MINUTE);
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tokenRequests(api)).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2 * MINUTE);
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() =>
      expect(screen.getByTitle('Enrollment Overview').getAttribute('src')).toBe(
        'https://metabase.example.com/embed/dashboard/two',
      ),
    );
  });
});

describe('url mode', () => {
  it('frames the URL as before and asks for no token', async () => {
    const { api } = openDashboard(
      reply(powerBiToken('token-1')),
      detail({ embedMode: 'url', embedUrl: 'https://lookerstudio.google.com/embed/reporting/1' }),
    );
    const frame = await screen.findByTitle('Enrollment Overview');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe('https://lookerstudio.google.com/embed/reporting/1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(tokenRequests(api)).toHaveLength(0);
  });
});
