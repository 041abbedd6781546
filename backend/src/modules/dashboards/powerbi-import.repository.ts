import type { Database } from '@app/db';
import { dashboards } from '@app/db/schema';
import { and, eq, sql } from 'drizzle-orm';

/** The Power BI dashboards of a connection by their report (issue 29: import marks and refuses the imported ones). */

/** The dashboards already showing a report of this connection, by lower-case report id. */
export async function importedReports(db: Database, connectionId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: dashboards.id, reportId: sql<string>`lower(${dashboards.embedTarget}->>'reportId')` })
    .from(dashboards)
    .where(and(eq(dashboards.connectionId, connectionId), eq(dashboards.embedMode, 'powerbi')));
  return new Map(rows.map((row) => [row.reportId, row.id]));
}

/** `make` under a lock per connection and report, unless a dashboard shows the report already (parallel imports). */
export async function onePerReport<T>(
  db: Database,
  connectionId: number,
  reportKey: string,
  make: () => Promise<T>,
): Promise<T | null> {
  let made: T | null = null;
  await db.$client.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(${0x70626969}::int4, hashtext(${`${connectionId}|${reportKey}`}))`;
    if ((await importedReports(db, connectionId)).has(reportKey)) return;
    made = await make();
  });
  return made;
}
