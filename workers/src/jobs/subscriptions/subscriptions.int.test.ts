// Long file: report subscriptions end to end: the stand-ins' exports, the e-mails, unsubscribing, faults, the tick.
import { nextRunAfter } from '@app/contracts';
import * as schema from '@app/db/schema';
import { addMembership, createOrganization, createUser, linkDashboard } from '@app/db/testing';
import { findCapacityRow } from '@app/platform/powerbi/capacity.repository';
import { type EmbedStandIns, type ReceivedEmail, startEmbedStandIns } from '@app/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountsWithPassword } from '../../../../backend/testing/accounts';
import { createTestApp, type TestApp } from '../../../../backend/testing/app';
import {
  addCapacityConnection,
  connectedDashboard,
  standInEnv,
  tokenDashboard,
} from '../../../../backend/testing/embed';
import { startMailingWorkers } from '../../../testing';
import { takeDueRuns } from '../../repositories/subscriptions.repository';

let standIns: EmbedStandIns;
let t: TestApp;
let mailing: Awaited<ReturnType<typeof startMailingWorkers>>;
let adminCookie: string;

const EXPORT_CONCURRENCY = 3;

beforeAll(async () => {
  standIns = await startEmbedStandIns({ rlsRoles: ['Region'] });
  t = await createTestApp({ env: standInEnv(standIns) });
  mailing = await startMailingWorkers(t, {
    env: {
      ...standInEnv(standIns),
      APP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      SUBSCRIPTION_POLL_MIN_MS: '10',
      SUBSCRIPTION_RETRY_BACKOFF_MS: '200',
      SUBSCRIPTION_EXPORT_ATTEMPTS: '3',
      SUBSCRIPTION_EXPORT_TIMEOUT_MS: '1500',
      SUBSCRIPTION_MAX_RETRY_AFTER_MS: '3000',
      SUBSCRIPTION_EXPORT_CONCURRENCY: String(EXPORT_CONCURRENCY),
      SUBSCRIPTION_TICK_MS: '300',
      // Paused Power BI capacities (decision 053): Azure's stand-in, and the capacity round every second.
      AZURE_MANAGEMENT_URL: standIns.azureManagementUrl,
      CAPACITY_ROUND_INTERVAL_MS: '1000',
    },
  });
  const accounts = accountsWithPassword(t, 'admin password 1');
  adminCookie = (await accounts.signIn({ isAdmin: true, email: 'ada@lucid.test' })).cookie;
}, 60_000);

afterAll(async () => {
  await mailing?.close();
  await t?.close();
  await standIns?.stop();
});

const admin = (method: string, path: string, body?: unknown) => t.request(method, path, body, { cookie: adminCookie });

/** An organization with its members, linked to the dashboard with its own row-level security username. */
async function organization(name: string, dashboardId: number, members: string[], scope?: Record<string, unknown>) {
  const org = await createOrganization(t.db, { name });
  await linkDashboard(t.db, org.id, dashboardId, scope ?? { roles: ['Region'], username: `${name.toLowerCase()}-rls` });
  const users = [];
  for (const email of members) {
    const [existing] = await t.db.select().from(schema.users).where(eq(schema.users.email, email));
    const user = existing ?? (await createUser(t.db, { email, firstName: email.split('@')[0] }));
    await addMembership(t.db, org.id, user.id);
    users.push(user);
  }
  return { org, users };
}

async function subscribe(organizationId: number, dashboardId: number, more: Record<string, unknown> = {}) {
  const answer = await admin('POST', '/api/admin/subscriptions', {
    organizationId,
    dashboardId,
    frequency: 'weekly',
    weekday: 1,
    time: '07:00',
    timeZone: 'Europe/Brussels',
    format: 'PDF',
    recipients: 'all-members',
    ...more,
  });
  expect(answer.status).toBe(201);
  return (await answer.json()) as { id: number };
}

const sendNow = async (id: number) =>
  expect((await admin('POST', `/api/admin/subscriptions/${id}/send-now`)).status).toBe(202);

const attachmentText = (mail: ReceivedEmail) => {
  const [file] = mail.parsed.attachments;
  return { name: file?.filename, type: file?.contentType, text: file?.content.toString('latin1') ?? '' };
};

/** A header's value as sent (mailparser folds the List-* headers into one object). */
const header = (mail: ReceivedEmail, name: string) =>
  mail.parsed.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '') ?? null;

async function runOf(subscriptionId: number, state: string, timeout = 20_000) {
  await expect
    .poll(
      async () =>
        (
          await t.db
            .select()
            .from(schema.subscriptionRuns)
            .where(eq(schema.subscriptionRuns.subscriptionId, subscriptionId))
        ).map((r) => r.state),
      { timeout, interval: 100 },
    )
    .toContain(state);
  const runs = await t.db
    .select()
    .from(schema.subscriptionRuns)
    .where(eq(schema.subscriptionRuns.subscriptionId, subscriptionId));
  return runs.find((r) => r.state === state)!;
}

describe('a report subscription e-mails each organization its own file', () => {
  it("exports once per organization with its own identity, and mails it to its members only (never another's)", async () => {
    const dashboard = await connectedDashboard(t, standIns, 'powerbi', 'Sales overview');
    const acme = await organization('Acme', dashboard.id, ['ann@acme.test', 'al@acme.test', 'sam@both.test']);
    const beta = await organization('Beta', dashboard.id, ['bo@beta.test', 'sam@both.test']);
    const idle = await createUser(t.db, { email: 'idle@acme.test', isActive: false });
    await addMembership(t.db, acme.org.id, idle.id);
    const a = await subscribe(acme.org.id, dashboard.id);
    const b = await subscribe(beta.org.id, dashboard.id);
    const before = standIns.exports.exports.size;
    await Promise.all([sendNow(a.id), sendNow(b.id)]);
    await mailing.smtp.waitFor((messages) => messages.length >= 5, 30_000);
    await runOf(a.id, 'sent');
    await runOf(b.id, 'sent');

    // The stand-in exported twice, each with one organization's identity.
    const exports = [...standIns.exports.exports.values()].slice(before);
    expect(exports.map((e) => e.identities.map((i) => i.username)).sort()).toEqual([['acme-rls'], ['beta-rls']]);
    expect(exports.every((e) => e.format === 'PDF' && e.identities[0]!.roles[0] === 'Region')).toBe(true);

    const files = (address: string) => mailing.smtp.to(address).map(attachmentText);
    for (const address of ['ann@acme.test', 'al@acme.test']) {
      const [file, more] = files(address);
      expect(more).toBeUndefined();
      expect(file!.type).toBe('application/pdf');
      expect(file!.name).toMatch(/^Sales-overview-Acme-\d{4}-\d{2}-\d{2}\.pdf$/);
      expect(file!.text).toContain('"username":"acme-rls"');
      expect(file!.text).not.toContain('beta-rls');
    }
    const [bo] = files('bo@beta.test');
    expect(bo!.text).toContain('"username":"beta-rls"');
    expect(bo!.text).not.toContain('acme-rls');
    // A member of both gets each organization's own file, in its own e-mail.
    const shared = files('sam@both.test');
    expect(shared.map((f) => (f.text.includes('acme-rls') ? 'acme' : 'beta')).sort()).toEqual(['acme', 'beta']);
    expect(shared.every((f) => !(f.text.includes('acme-rls') && f.text.includes('beta-rls')))).toBe(true);
    expect(mailing.smtp.to('idle@acme.test')).toEqual([]);

    const [mail] = mailing.smtp.to('ann@acme.test');
    expect(mail!.subject).toBe('Sales overview: your weekly report from Lucid Insight');
    expect(mail!.text).toContain('Hello ann, here is the weekly report of Acme');
    expect(header(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(header(mail!, 'list-unsubscribe')).toMatch(
      /^<http:\/\/localhost:3000\/api\/subscriptions\/one-click-unsubscribe\?token=[^>]+>$/,
    );

    // Every delivery is recorded (who, which file, when) and the admin sees it; the file itself is kept nowhere.
    const history = await (await admin('GET', `/api/admin/subscriptions/${a.id}/history`)).json();
    expect(history.deliveries.map((d: { email: string; status: string }) => [d.email, d.status]).sort()).toEqual([
      ['al@acme.test', 'sent'],
      ['ann@acme.test', 'sent'],
      ['sam@both.test', 'sent'],
    ]);
    expect(history.deliveries[0].fileName).toMatch(/\.pdf$/);
    expect(history.deliveries[0].sentAt).not.toBeNull();
    expect(history.runs[0]).toMatchObject({ state: 'sent', trigger: 'send-now', error: null });
  });

  it('the unsubscribe link survives a mail scanner; the button and one-click unsubscribe, and the next run skips them', async () => {
    const dashboard = await connectedDashboard(t, standIns, 'powerbi', 'Margins');
    const { org } = await organization('Gamma', dashboard.id, ['gil@gamma.test', 'gus@gamma.test']);
    const { id } = await subscribe(org.id, dashboard.id, { format: 'PNG' });
    await sendNow(id);
    await mailing.smtp.waitFor(
      () => mailing.smtp.to('gus@gamma.test').length === 1 && mailing.smtp.to('gil@gamma.test').length === 1,
      30_000,
    );
    const [gil] = mailing.smtp.to('gil@gamma.test');
    const [gus] = mailing.smtp.to('gus@gamma.test');
    expect(attachmentText(gil!).type).toBe('image/png');

    // A scanner opens every link of the e-mail (GET, HEAD): nothing changes.
    const pageLink = /(http:\/\/localhost:3000\/unsubscribe\?token=[^\s]+)/.exec(gil!.text)![1]!;
    const oneClick = /<([^>]+)>/.exec(header(gus!, 'list-unsubscribe') ?? '')![1]!;
    const local = (url: string) => `http://localhost${new URL(url).pathname}${new URL(url).search}`;
    const gilsOneClick = /<([^>]+)>/.exec(header(gil!, 'list-unsubscribe') ?? '')![1]!;
    for (const url of [pageLink, oneClick, gilsOneClick])
      for (const method of ['GET', 'HEAD']) await t.app.handle(new Request(local(url), { method }));
    const unsubscribes = () =>
      t.db.select().from(schema.subscriptionUnsubscribes).where(eq(schema.subscriptionUnsubscribes.subscriptionId, id));
    expect(await unsubscribes()).toEqual([]);

    // Gil presses the page's button; Gus's mail client makes the RFC 8058 POST.
    const token = new URL(pageLink).searchParams.get('token')!;
    expect((await t.post('/api/subscriptions/unsubscribe', { token })).status).toBe(200);
    const clicked = await t.app.handle(
      new Request(local(oneClick), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      }),
    );
    expect(clicked.status).toBe(200);
    expect((await unsubscribes()).map((u) => u.via).sort()).toEqual(['link', 'one-click']);

    // Nobody is left: the next run exports nothing and says why.
    const exportsBefore = standIns.exports.exports.size;
    await sendNow(id);
    const run = await runOf(id, 'skipped');
    expect(run.error).toBe('Nobody to send it to: no active member is subscribed');
    expect(standIns.exports.exports.size).toBe(exportsBefore);
    expect(mailing.smtp.to('gil@gamma.test')).toHaveLength(1);
  });

  it("exports a Tableau view signed in with the connected app and the organization's attributes", async () => {
    const dashboard = await connectedDashboard(t, standIns, 'tableau', 'Tableau sales');
    const { org } = await organization('Delta', dashboard.id, ['dee@delta.test'], { attributes: { region: 'East' } });
    const { id } = await subscribe(org.id, dashboard.id);
    await sendNow(id);
    await mailing.smtp.waitFor(() => mailing.smtp.to('dee@delta.test').length === 1, 30_000);
    const file = attachmentText(mailing.smtp.to('dee@delta.test')[0]!);
    expect(file.type).toBe('application/pdf');
    expect(file.text).toContain('"attributes":{"region":"East"}');
    expect(standIns.tableauSignins.at(-1)).toMatchObject({ sub: 'dee@delta.test', region: 'East' });
    await runOf(id, 'sent');
  });
});

describe('faults: throttling, failed and endless exports', () => {
  it('waits out a 429 as its Retry-After says, then sends', async () => {
    const dashboard = await connectedDashboard(t, standIns, 'powerbi');
    const { org } = await organization('Throttled', dashboard.id, ['tess@throttled.test']);
    const { id } = await subscribe(org.id, dashboard.id);
    standIns.fail('powerbi-export-to', { status: 429, headers: { 'retry-after': '1' }, times: 1 });
    const before = standIns.requestsTo('powerbi-export-to').length;
    await sendNow(id);
    await mailing.smtp.waitFor(() => mailing.smtp.to('tess@throttled.test').length === 1, 30_000);
    // Two ExportTo calls, the second a second (Retry-After: 1) after the 429, in the same attempt.
    const calls = standIns
      .requestsTo('powerbi-export-to')
      .slice(before)
      .map((r) => r.at);
    expect(calls).toHaveLength(2);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(950);
    const run = await runOf(id, 'sent');
    expect(run.attempts).toBe(1);
  });

  it('retries an export that fails, then reports it to the admin in clear words', async () => {
    const dashboard = await connectedDashboard(t, standIns, 'powerbi');
    const { org } = await organization('Failing', dashboard.id, ['fay@failing.test']);
    const { id } = await subscribe(org.id, dashboard.id);
    standIns.exports.failing = true;
    try {
      await sendNow(id);
      const run = await runOf(id, 'failed');
      expect(run.attempts).toBe(3);
      expect(run.error).toBe('Power BI could not export the report (status Failed)');
    } finally {
      standIns.exports.failing = false;
    }
    const list = await (await admin('GET', '/api/admin/subscriptions')).json();
    expect(list.find((s: { id: number }) => s.id === id).lastRun).toMatchObject({ state: 'failed', attempts: 3 });
    expect(mailing.smtp.to('fay@failing.test')).toEqual([]);
  });

  it('gives up on an export that never finishes after its time, tries again later, then reports it', async () => {
    const dashboard = await connectedDashboard(t, standIns, 'powerbi');
    const { org } = await organization('Endless', dashboard.id, ['ed@endless.test']);
    const { id } = await subscribe(org.id, dashboard.id);
    standIns.exports.durationMs = 60_000;
    try {
      await sendNow(id);
      const run = await runOf(id, 'failed', 30_000);
      expect(run.attempts).toBe(3);
      expect(run.error).toBe("Power BI's export did not finish within 2 s: it is tried again later");
    } finally {
      standIns.exports.durationMs = 0;
    }
  });

  it('a throttled call whose Retry-After is too long ends the attempt with a message, and a later attempt sends', async () => {
    const dashboard = await connectedDashboard(t, standIns, 'powerbi');
    const { org } = await organization('Slow', dashboard.id, ['sly@slow.test']);
    const { id } = await subscribe(org.id, dashboard.id);
    standIns.fail('powerbi-export-to', { status: 429, headers: { 'retry-after': '3600' }, times: 1 });
    await sendNow(id);
    await mailing.smtp.waitFor(() => mailing.smtp.to('sly@slow.test').length === 1, 30_000);
    const run = await runOf(id, 'sent');
    expect(run.attempts).toBe(2);
  });
});

describe('exports in flight and the schedule', () => {
  it(`never holds more than ${EXPORT_CONCURRENCY} exports in flight`, async () => {
    const dashboard = await connectedDashboard(t, standIns, 'powerbi');
    standIns.exports.durationMs = 150;
    // Exports given up on by earlier tests are still counted by the stand-in: start from none.
    standIns.exports.inFlight = 0;
    standIns.exports.peakInFlight = 0;
    try {
      const ids: number[] = [];
      for (let i = 0; i < 10; i++) {
        const { org } = await organization(`Crowd${i}`, dashboard.id, [`c${i}@crowd.test`]);
        ids.push((await subscribe(org.id, dashboard.id)).id);
      }
      await Promise.all(ids.map(sendNow));
      await mailing.smtp.waitFor(() => ids.every((_, i) => mailing.smtp.to(`c${i}@crowd.test`).length === 1), 30_000);
      expect(standIns.exports.peakInFlight).toBeLessThanOrEqual(EXPORT_CONCURRENCY);
      expect(standIns.exports.peakInFlight).toBeGreaterThan(1);
    } finally {
      standIns.exports.durationMs = 0;
    }
  });

  it('a schedule across the DST change fires once, at the right local time', async () => {
    const dashboard = await connectedDashboard(t, standIns, 'powerbi');
    const { org } = await organization('Dst', dashboard.id, ['dot@dst.test']);
    const { id } = await subscribe(org.id, dashboard.id, { weekday: 0, time: '02:30' });
    const schedule = { frequency: 'weekly', weekday: 0, time: '02:30', timeZone: 'Europe/Brussels' } as const;
    // Sunday 29 March 2026: 02:30 does not exist in Brussels (02:00 CET → 03:00 CEST); it runs at 03:30 CEST.
    const due = nextRunAfter(schedule, new Date('2026-03-28T00:00:00Z'));
    expect(due.toISOString()).toBe('2026-03-29T01:30:00.000Z');
    await t.db.update(schema.reportSubscriptions).set({ nextRunAt: due }).where(eq(schema.reportSubscriptions.id, id));
    const runsOf = async () =>
      (await t.db.select().from(schema.subscriptionRuns).where(eq(schema.subscriptionRuns.subscriptionId, id))).filter(
        (r) => r.trigger === 'schedule',
      );
    // A minute before: nothing; at the time, ticks of five workers at once: one run.
    expect(await takeDueRuns(t.db, new Date('2026-03-29T01:29:00Z'))).toEqual([]);
    const at = new Date('2026-03-29T01:30:00Z');
    await Promise.all(Array.from({ length: 5 }, () => takeDueRuns(t.db, at)));
    expect((await runsOf()).map((r) => r.scheduledFor?.toISOString())).toEqual(['2026-03-29T01:30:00.000Z']);
    // The next is a week later at 02:30 CEST (00:30 UTC); later ticks that day write nothing more.
    const [after] = await t.db.select().from(schema.reportSubscriptions).where(eq(schema.reportSubscriptions.id, id));
    expect(after!.nextRunAt.toISOString()).toBe('2026-04-05T00:30:00.000Z');
    expect(await takeDueRuns(t.db, new Date('2026-03-29T02:30:00Z'))).toEqual([]);
    expect(await runsOf()).toHaveLength(1);
    // The running workers send it (once).
    await mailing.smtp.waitFor(() => mailing.smtp.to('dot@dst.test').length === 1, 30_000);
  });

  it('a run missed while every worker was down is sent once when they return', async () => {
    const dashboard = await connectedDashboard(t, standIns, 'powerbi');
    const { org } = await organization('Missed', dashboard.id, ['mo@missed.test']);
    const { id } = await subscribe(org.id, dashboard.id);
    // Three weekly runs went by while nothing ran: the workers' own tick finds the subscription overdue.
    await t.db
      .update(schema.reportSubscriptions)
      .set({ nextRunAt: new Date(Date.now() - 21 * 86_400_000) })
      .where(eq(schema.reportSubscriptions.id, id));
    await mailing.smtp.waitFor(() => mailing.smtp.to('mo@missed.test').length === 1, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailing.smtp.to('mo@missed.test')).toHaveLength(1);
    const runs = await t.db
      .select()
      .from(schema.subscriptionRuns)
      .where(eq(schema.subscriptionRuns.subscriptionId, id));
    expect(runs).toHaveLength(1);
    const [after] = await t.db.select().from(schema.reportSubscriptions).where(eq(schema.reportSubscriptions.id, id));
    expect(after!.nextRunAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('a Power BI export on a paused capacity (issue 29, decision 053)', () => {
  it('resumes the capacity, waits until it is active, then exports and mails; the round does not pause it meanwhile', async () => {
    // No active hours and no idle time: only the export's hold keeps the round from pausing it once it is active.
    const { azure, connectionId } = await addCapacityConnection(
      t,
      standIns,
      { name: `sub${crypto.randomUUID().replace(/-/g, '').slice(0, 12)}` },
      { timeZone: 'Europe/Brussels', idleMinutes: 0 },
    );
    expect(azure.state).toBe('Paused');
    const dashboard = await tokenDashboard(t, standIns, 'powerbi', connectionId, 'Paused sales');
    const { org } = await organization('Sleepy', dashboard.id, ['sue@sleepy.test']);
    const { id } = await subscribe(org.id, dashboard.id);
    const exportsBefore = standIns.requestsTo('powerbi-export-to').length;
    const resumesBefore = standIns.requestsTo('arm-resume').length;
    standIns.exports.durationMs = 800;
    try {
      await sendNow(id);
      await mailing.smtp.waitFor(() => mailing.smtp.to('sue@sleepy.test').length === 1, 30_000);
    } finally {
      standIns.exports.durationMs = 0;
    }
    const mailedAt = Date.now();

    // One resume; the export asked for only once the capacity was active (its transition takes transitionMs).
    expect(azure.resumes).toBe(1);
    const [resume, ...moreResumes] = standIns.requestsTo('arm-resume').slice(resumesBefore);
    expect(moreResumes).toEqual([]);
    const [exported] = standIns.requestsTo('powerbi-export-to').slice(exportsBefore);
    expect(exported!.at - resume!.at).toBeGreaterThanOrEqual(azure.transitionMs);
    const file = attachmentText(mailing.smtp.to('sue@sleepy.test')[0]!);
    expect(file.type).toBe('application/pdf');
    expect(file.text).toContain('"username":"sleepy-rls"');
    expect((await runOf(id, 'sent')).attempts).toBe(1);

    // The round ran while the capacity was active and held, and kept it: no suspend.
    const rounds = await mailing.workers.runtime.queues.reports.getJobs(['completed']);
    const whileHeld = rounds.filter(
      (job) =>
        job.name === 'capacity-round' &&
        (job.finishedOn ?? 0) > resume!.at + azure.transitionMs &&
        (job.finishedOn ?? 0) <= mailedAt,
    );
    expect(whileHeld.length).toBeGreaterThan(0);
    expect(whileHeld.every((job) => (job.returnvalue as Record<string, number>).kept === 1)).toBe(true);
    expect(azure.suspends).toBe(0);
    expect(azure.state).toBe('Succeeded');
    const held = await findCapacityRow(t.db, connectionId);
    expect(held!.heldUntil!.getTime()).toBeGreaterThan(Date.now());

    // Without the hold the same round pauses it (so the hold is what kept it running).
    await t.db
      .update(schema.powerbiCapacities)
      .set({ heldUntil: null })
      .where(eq(schema.powerbiCapacities.connectionId, connectionId));
    await expect.poll(() => azure.suspends, { timeout: 10_000, interval: 100 }).toBe(1);
  });
});
