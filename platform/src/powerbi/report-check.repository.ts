import type { Database } from '@app/db';
import { dashboards, dashboardTargetProblems, embedConnections } from '@app/db/schema';
import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';

/** The queries of the nightly Power BI report check (issue 29), shared by the workers and their metrics. */

/** Every dashboard in Power BI token mode with its report's ids and its connection (sealed secret included). */
export function powerBiDashboards(db: Database) {
  return db
    .select({
      id: dashboards.id,
      workspaceId: sql<string | null>`${dashboards.embedTarget}->>'workspaceId'`,
      reportId: sql<string | null>`${dashboards.embedTarget}->>'reportId'`,
      connection: embedConnections,
    })
    .from(dashboards)
    .innerJoin(embedConnections, eq(embedConnections.id, dashboards.connectionId))
    .where(and(eq(dashboards.embedMode, 'powerbi'), eq(embedConnections.provider, 'powerbi')));
}

/** Records (or rewords) what is wrong with a dashboard's report; `foundAt` stays the first finding's. */
export async function flagDashboard(db: Database, dashboardId: number, problem: string, at: Date) {
  await db
    .insert(dashboardTargetProblems)
    .values({ dashboardId, problem, foundAt: at })
    .onConflictDoUpdate({ target: dashboardTargetProblems.dashboardId, set: { problem } });
}

/** Clears the flags of the dashboards found well, and of any no longer in Power BI token mode. */
export async function clearFlags(db: Database, well: number[], stillPowerBi: number[]) {
  if (well.length) await db.delete(dashboardTargetProblems).where(inArray(dashboardTargetProblems.dashboardId, well));
  await db
    .delete(dashboardTargetProblems)
    .where(stillPowerBi.length ? notInArray(dashboardTargetProblems.dashboardId, stillPowerBi) : undefined);
}

/** How many dashboards the last check flagged (the alert's gauge). */
export async function flaggedDashboardCount(db: Database): Promise<number> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(dashboardTargetProblems);
  return row?.count ?? 0;
}
