/**
 * Issue 29: a subscription run for 200 organizations holds at most SUBSCRIPTION_EXPORT_CONCURRENCY exports in flight
 * (Power BI limits concurrent exports per capacity) and finishes within the time the stand-in's export time allows.
 * The subject is the workers as production starts them (`bun workers/src/main.ts`): 200 subscriptions fall due at
 * once, the tick writes their runs, each run exports through the Power BI stand-in (Export To File: 202, polling with
 * Retry-After, file) and e-mails the organization's member. The baseline, in the same run, is the same 200 exports
 * driven straight at the stand-in from here with the same number in flight: what the export time allows. The figures
 * are the peak in flight the stand-in saw, and the ratio of the two times.
 */
import { nextRunAfter } from '@app/contracts';
import { connect } from '@app/db';
import * as schema from '@app/db/schema';
import { addMembership, createDashboard, createOrganization, createUser, linkDashboard } from '@app/db/testing';
import { createSecretBox } from '@app/platform/secret-box';
import { type EmbedStandIns, startEmbedStandIns } from '@app/testing/embed-stand-ins';
import { uniquePrefix } from './lib/env';
import { standInAccessToken } from './lib/powerbi';
import { type Figure, figure } from './lib/report';
import { startTimedSmtpServer, waitForCount } from './lib/smtp';
import { freshDatabase, startWorkersProcess } from './lib/stack';
import { round } from './lib/stats';

const ORGANIZATIONS = 200;
const IN_FLIGHT = 5;
/**
 * Each export's time at the stand-in. Every slot also covers the organization's own work around its export (its
 * run's rows read and written, its e-mails: about 100 ms here), so the ratio tends to 1 as exports take longer; real
 * ones take from tens of seconds to minutes.
 */
const EXPORT_MS = 1000;
const POLL_MS = 25;
const GOAL_RATIO = 1.5;
const KEY = Buffer.alloc(32, 29).toString('base64');

async function arrange(databaseUrl: string, standIns: EmbedStandIns) {
  const handle = connect(databaseUrl, { max: 2 });
  {
    const { db } = handle;
    const { powerbi } = standIns.credentials;
    const [connection] = await db
      .insert(schema.embedConnections)
      .values({
        name: 'Power BI (stand-in)',
        provider: 'powerbi',
        settings: { tenantId: powerbi.tenantId, clientId: powerbi.clientId },
        secret: 'v1.pending',
      })
      .returning({ id: schema.embedConnections.id });
    const id = connection!.id;
    const secret = createSecretBox(KEY).seal(
      JSON.stringify({ clientSecret: powerbi.clientSecret }),
      `embed-connection:${id}`,
    );
    await handle.sql`update embed_connections set secret = ${secret} where id = ${id}`;
    const dashboard = await createDashboard(db, {
      name: 'Regional sales',
      embedMode: 'powerbi',
      embedUrl: '',
      connectionId: id,
      embedTarget: { workspaceId: powerbi.workspaceId, reportId: powerbi.reportId },
    });
    const schedule = { frequency: 'weekly', weekday: 1, time: '07:00', timeZone: 'Europe/Brussels' } as const;
    const subscriptions: number[] = [];
    for (let i = 0; i < ORGANIZATIONS; i++) {
      const org = await createOrganization(db, { name: `Organization ${i}` });
      const member = await createUser(db, { email: `member-${i}@bench.test` });
      await addMembership(db, org.id, member.id);
      await linkDashboard(db, org.id, dashboard.id, { roles: ['Region'], username: `org-${i}` });
      const [row] = await db
        .insert(schema.reportSubscriptions)
        .values({
          organizationId: org.id,
          dashboardId: dashboard.id,
          ...schedule,
          format: 'PDF',
          nextRunAt: nextRunAfter(schedule, new Date()),
        })
        .returning({ id: schema.reportSubscriptions.id });
      subscriptions.push(row!.id);
    }
    return {
      /** Every subscription falls due now. */
      async due() {
        await db.update(schema.reportSubscriptions).set({ nextRunAt: new Date(Date.now() - 1000) });
      },
      close: () => handle.close(),
    };
  }
}

/** The baseline: 200 exports straight at the stand-in, IN_FLIGHT at a time, polled as the workers poll. */
async function directExports(standIns: EmbedStandIns): Promise<number> {
  const { powerbi } = standIns.credentials;
  const token = await standInAccessToken(standIns);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const report = `${standIns.powerbi.apiUrl}/v1.0/myorg/groups/${powerbi.workspaceId}/reports/${powerbi.reportId}`;
  const one = async (i: number) => {
    const started = await fetch(`${report}/ExportTo`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        format: 'PDF',
        powerBIReportConfiguration: {
          identities: [{ username: `org-${i}`, roles: ['Region'], datasets: [powerbi.datasetId] }],
        },
      }),
    });
    const { id } = (await started.json()) as { id: string };
    for (;;) {
      await Bun.sleep(POLL_MS);
      const status = (await (await fetch(`${report}/exports/${id}`, { headers })).json()) as { status: string };
      if (status.status === 'Succeeded') break;
    }
    await (await fetch(`${report}/exports/${id}/file`, { headers })).arrayBuffer();
  };
  let next = 0;
  const begun = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < ORGANIZATIONS) await one(next++);
    }),
  );
  return performance.now() - begun;
}

export async function subscriptionRun(): Promise<Figure[]> {
  const standIns = await startEmbedStandIns({ rlsRoles: ['Region'] });
  standIns.exports.durationMs = EXPORT_MS;
  const database = await freshDatabase();
  const smtp = await startTimedSmtpServer();
  const queuePrefix = uniquePrefix('subscriptions');
  let workers: Awaited<ReturnType<typeof startWorkersProcess>> | undefined;
  const arranged = await arrange(database.url, standIns);
  try {
    const baselineMs = await directExports(standIns);
    standIns.exports.inFlight = 0;
    standIns.exports.peakInFlight = 0;
    workers = await startWorkersProcess({
      databaseUrl: database.url,
      queuePrefix,
      smtpUrl: smtp.url,
      env: {
        APP_ENCRYPTION_KEY: KEY,
        POWERBI_AUTHORITY_URL: standIns.powerbi.authorityUrl,
        POWERBI_API_URL: standIns.powerbi.apiUrl,
        OUTBOUND_ALLOW_HOSTS: new URL(standIns.url).host,
        SUBSCRIPTION_EXPORT_CONCURRENCY: String(IN_FLIGHT),
        SUBSCRIPTION_POLL_MIN_MS: String(POLL_MS),
        SUBSCRIPTION_TICK_MS: '200',
      },
    });
    const started = performance.now();
    await arranged.due();
    const arrived = await waitForCount(smtp, ORGANIZATIONS, 180_000);
    const lastArrival = smtp.arrivals[smtp.messages.length - 1] ?? performance.now();
    const runMs = lastArrival - started;
    const ratio = runMs / baselineMs;
    const peak = standIns.exports.peakInFlight;
    const own = smtp.messages.every((m) => {
      const i = /member-(\d+)@/.exec(m.to[0] ?? '')?.[1];
      return m.parsed.attachments[0]?.content.toString('latin1').includes(`"username":"org-${i}"`);
    });
    return [
      figure(
        `exports in flight during a run for ${ORGANIZATIONS} organizations`,
        String(peak),
        `<= ${IN_FLIGHT}`,
        peak <= IN_FLIGHT && arrived === ORGANIZATIONS,
        `${arrived} of ${ORGANIZATIONS} e-mails, each with its own organization's file: ${own ? 'yes' : 'NO'}`,
      ),
      figure(
        `run time for ${ORGANIZATIONS} organizations / the stand-in's export time at ${IN_FLIGHT} in flight`,
        String(round(ratio, 2)),
        `<= ${GOAL_RATIO}`,
        ratio <= GOAL_RATIO && arrived === ORGANIZATIONS && own,
        `run ${round(runMs / 1000, 1)} s (tick to last e-mail), direct exports ${round(baselineMs / 1000, 1)} s, each export ${EXPORT_MS} ms`,
      ),
    ];
  } finally {
    await workers?.stop();
    await arranged.close();
    await smtp.close();
    await standIns.stop();
    await database.drop();
  }
}
