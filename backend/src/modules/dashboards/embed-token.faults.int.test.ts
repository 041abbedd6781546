import { addMembership, createOrganization, linkDashboard } from '@app/db/testing';
import { createSecretBox } from '@app/platform/secret-box';
import { type EmbedStandIns, type StandInEndpoint, startEmbedStandIns } from '@app/testing/embed-stand-ins';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SignedIn, useAdminTestApp } from '../../../testing/admin';
import { addConnection, standInEnv, tokenDashboard } from '../../../testing/embed';
import { createApp } from '../../app';

type StandInFailure = NonNullable<Parameters<EmbedStandIns['fail']>[1]>;

const standIns = await startEmbedStandIns();
afterAll(() => standIns.stop());
const lines: string[] = [];
const logger = pino({ level: 'debug' }, { write: (line: string) => void lines.push(line) });
const { t, as, admin, signIn } = useAdminTestApp({ env: standInEnv(standIns, 500), logger });
beforeEach(() => {
  standIns.reset();
  lines.length = 0;
});

let org: { id: number; name: string };
let member: SignedIn;
beforeAll(async () => {
  org = await createOrganization(t.db, { name: 'Faulty Org' });
  member = await signIn();
  await addMembership(t.db, org.id, member.id);
});

/** A Power BI dashboard on a connection of its own (nothing cached for it), linked to the organization with a scope. */
async function powerBiDashboard() {
  const connectionId = await addConnection(t, standIns, 'powerbi');
  const dashboard = await tokenDashboard(t, standIns, 'powerbi', connectionId);
  await linkDashboard(t.db, org.id, dashboard.id, { roles: ['Customer'] });
  return dashboard.id;
}

const tokenOf = (who: SignedIn, id: number) => as(who).send('POST', `/api/dashboards/${id}/embed-token`, {});
const SAFE = 'The dashboard could not be loaded from Power BI right now. Please try again.';
const { clientSecret } = standIns.credentials.powerbi;

describe('provider faults reach the person as a safe message (issue 14)', () => {
  it.each<[string, StandInEndpoint, StandInFailure, number]>([
    ['wrong credentials (Entra 401)', 'entra-token', { status: 401 }, 502],
    ['no such report (404)', 'powerbi-report', { status: 404 }, 502],
    ['refused token (403)', 'powerbi-generate-token', { status: 403 }, 502],
    ['provider down (500)', 'powerbi-generate-token', { status: 500 }, 502],
    ['connection dropped', 'entra-token', { close: true }, 502],
    ['too slow', 'powerbi-report', { delayMs: 1500 }, 504],
  ])('%s: %s answers %i', async (_, endpoint, failure, status) => {
    const dashboardId = await powerBiDashboard();
    standIns.fail(endpoint, failure);
    const response = await tokenOf(member, dashboardId);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ message: SAFE, issues: [] });
    // The admin reads what the provider said, still without a secret.
    const detailed = await tokenOf(admin, dashboardId);
    expect(detailed.status).toBe(status);
    const { message } = await detailed.json();
    expect(message.startsWith(SAFE)).toBe(true);
    expect(message.length).toBeGreaterThan(SAFE.length);
    expect(message).not.toContain(clientSecret);
    const log = lines.join('\n');
    expect(log).toContain('the embed provider refused or failed a token');
    expect(log).not.toContain(clientSecret);
    expect(log).not.toMatch(/pbi-standin\.|entra-standin\./);
  });

  it('works again once the provider is back, and nothing failed was audited as minted', async () => {
    const dashboardId = await powerBiDashboard();
    standIns.fail('powerbi-generate-token', { status: 503, times: 1 });
    expect((await tokenOf(member, dashboardId)).status).toBe(502);
    const again = await tokenOf(member, dashboardId);
    expect(again.status).toBe(200);
    const audit = await (await as(admin).get('/api/admin/audit')).json();
    const minted = audit.filter(
      (entry: { action: string; targetId: string }) =>
        entry.action === 'dashboard.embed-token' && entry.targetId === String(dashboardId),
    );
    expect(minted).toHaveLength(1);
  });
});

describe("a connection the server cannot open (decision 030's key)", () => {
  it('answers 503 with a clear message, logged without secrets', async () => {
    const dashboardId = await powerBiDashboard();
    // The same database, read by an API with another key (or none): the secrets do not open.
    for (const secretBox of [createSecretBox(Buffer.alloc(32, 9).toString('base64')), null]) {
      const app = createApp({ ...t.deps, secretBox }, { serveSpa: false });
      const ask = (who: SignedIn) =>
        app.handle(
          new Request(`http://localhost/api/dashboards/${dashboardId}/embed-token`, {
            method: 'POST',
            headers: { cookie: who.cookie, origin: 'http://localhost:3000', 'content-type': 'application/json' },
            body: '{}',
          }),
        );
      const client = await ask(member);
      expect(client.status).toBe(503);
      expect((await client.json()).message).toBe('This dashboard cannot be shown right now. Please try again later.');
      const adminAnswer = await ask(admin);
      expect(adminAnswer.status).toBe(503);
      expect((await adminAnswer.json()).message).toMatch(/APP_ENCRYPTION_KEY/);
    }
    expect(lines.join('\n')).toContain('an embed connection could not be opened');
    expect(lines.join('\n')).not.toContain(clientSecret);
    expect(standIns.requests).toHaveLength(0);
  });
});
