import type { Database } from '@app/db';
import { importedReports } from '../embedding';

/** The Power BI dashboards of a connection by their report (issue 29: import marks and refuses the imported ones). */

/**
 * `make` under a lock per connection and report, unless a dashboard shows the report already (parallel imports). The
 * lock is tried, not waited for: a waiting import holds no pooled connection (the holder needs a second one to make
 * the dashboard), it tries again shortly, for up to 10 s.
 */
export async function onePerReport<T>(
  db: Database,
  connectionId: number,
  reportKey: string,
  make: () => Promise<T>,
): Promise<T | null> {
  const key = `${connectionId}|${reportKey}`;
  for (let attempt = 0; attempt < 100; attempt++) {
    let taken = false;
    let made: T | null = null;
    await db.$client.begin(async (tx) => {
      const [row] = await tx`select pg_try_advisory_xact_lock(${0x70626969}::int4, hashtext(${key})) as taken`;
      taken = row?.taken === true;
      if (!taken || (await importedReports(db, connectionId)).has(reportKey)) return;
      made = await make();
    });
    if (taken) return made;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`The import of report ${reportKey} waited too long for another import of it`);
}
