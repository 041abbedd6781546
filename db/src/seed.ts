import { and, eq } from 'drizzle-orm';
import { connect, type Database } from './client';
import { assertMigrated } from './migrate';
import { dashboards, organizationDashboards, organizations } from './schema';
import { demoOrganization, sampleDashboards } from './seed-data';

/** Idempotent: running it twice leaves one copy of each sample. */
export async function seed(db: Database): Promise<{ dashboards: number; organizationId: number }> {
  const ids: number[] = [];
  for (const sample of sampleDashboards) {
    const [existing] = await db.select({ id: dashboards.id }).from(dashboards).where(eq(dashboards.name, sample.name));
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const [row] = await db
      .insert(dashboards)
      .values({ ...sample, isPublic: true })
      .returning({ id: dashboards.id });
    if (row) ids.push(row.id);
  }
  let [org] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.name, demoOrganization.name));
  if (!org) [org] = await db.insert(organizations).values(demoOrganization).returning({ id: organizations.id });
  if (!org) throw new Error('Could not create the demo organization');
  for (const dashboardId of ids) {
    const [link] = await db
      .select()
      .from(organizationDashboards)
      .where(
        and(eq(organizationDashboards.organizationId, org.id), eq(organizationDashboards.dashboardId, dashboardId)),
      );
    if (!link) await db.insert(organizationDashboards).values({ organizationId: org.id, dashboardId });
  }
  return { dashboards: ids.length, organizationId: org.id };
}

if (import.meta.main) {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error('DATABASE_URL is required to seed the database.');
    process.exit(1);
  }
  const handle = connect(url, { max: 1, applicationName: 'lucid-insight-seed' });
  try {
    await assertMigrated(handle.sql);
    const result = await seed(handle.db);
    console.log(`Seeded ${result.dashboards} public sample dashboards and the demo organization.`);
  } finally {
    await handle.close();
  }
}
