import type { Database } from '@app/db';
import { dashboards } from '@app/db/schema';
import { and, eq, sql } from 'drizzle-orm';

// Read by the connection's report list to mark what is imported: kept with the connections, so embedding needs
// nothing of dashboards, which builds on it (issue 27: no module cycle).
/** The dashboards already showing a report of this connection, by lower-case report id. */
export async function importedReports(db: Database, connectionId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: dashboards.id, reportId: sql<string>`lower(${dashboards.embedTarget}->>'reportId')` })
    .from(dashboards)
    .where(and(eq(dashboards.connectionId, connectionId), eq(dashboards.embedMode, 'powerbi')));
  return new Map(rows.map((row) => [row.reportId, row.id]));
}
