/**
 * Issue 18: the usage report's figures over 500,000 dashboard views. The subject is the report's three counts (per
 * dashboard, per person, per organization; the queries of `db/src/queries/usage.ts` that GET /api/admin/usage and the
 * monthly digest run) for the Usage tab's default (the last 30 days by day) and its longest choice (365 days by week),
 * with `dashboard_views_viewed_at_idx`; the baseline is the same queries on the same rows once that index is dropped,
 * in the same run, in turns. The figure is the p95 with the index, and how many times faster than without it.
 * (One count alone over 30 days, in psql: 33 ms by an index-only scan in one process, against 65 ms by a parallel
 * sequential scan in three.)
 */
import { connect } from '@app/db';
import { viewsPerDashboard, viewsPerOrganization, viewsPerPerson } from '@app/db/queries/usage';
import { type Figure, figure } from './lib/report';
import { freshDatabase } from './lib/stack';
import { percentile, round } from './lib/stats';

const VIEWS = 500_000;
const DASHBOARDS = 60;
const ORGANIZATIONS = 40;
const PEOPLE = 400;
const SAMPLES = 30;
const ROUNDS = 3;
const WARMUP = 2;
const TIME_ZONE = 'Europe/Paris';
const DAY_MS = 86_400_000;
/** The index must make the Usage tab's default period clearly faster than a scan of the whole table. */
const GOAL_RATIO = 1.2;

type Handle = ReturnType<typeof connect>;
type Db = Handle['db'];

async function seedViews({ sql }: Handle) {
  await sql`insert into organizations (name) select 'Organization ' || g from generate_series(1, ${ORGANIZATIONS}) g`;
  await sql`
    insert into dashboards (name, category, type, embed_url)
    select 'Dashboard ' || g, 'Sales', 'PowerBI', 'https://app.powerbi.com/view?r=' || g
    from generate_series(1, ${DASHBOARDS}) g`;
  await sql`insert into users (email) select 'person' || g || '@example.com' from generate_series(1, ${PEOPLE}) g`;
  await sql`
    insert into memberships (organization_id, user_id)
    select (select min(id) from organizations) + (u.rn % ${ORGANIZATIONS}), u.id
    from (select id, row_number() over (order by id) as rn from users) u`;
  await sql`
    insert into organization_dashboards (organization_id, dashboard_id)
    select o.id, d.id from organizations o join dashboards d on (d.id + o.id) % 4 = 0`;
  await sql`
    insert into dashboard_views (dashboard_id, user_id, viewed_at)
    select (select min(id) from dashboards) + (g % ${DASHBOARDS}),
           (select min(id) from users) + ((g * 7) % ${PEOPLE}),
           now() - (random() * interval '365 days')
    from generate_series(1, ${VIEWS}) g`;
  await sql`vacuum analyze dashboard_views`;
}

/** Times (ms) of the report's three counts, one after the other (parallel workers of PostgreSQL aside, one core each). */
async function sample(db: Db, days: number, groupBy: 'day' | 'week', into: number[], count: number) {
  const end = new Date(Math.ceil(Date.now() / DAY_MS) * DAY_MS);
  const window = { start: new Date(end.getTime() - days * DAY_MS), end, groupBy, timeZone: TIME_ZONE };
  for (let i = 0; i < WARMUP + count; i++) {
    const started = performance.now();
    await viewsPerDashboard(db, window);
    await viewsPerPerson(db, window);
    await viewsPerOrganization(db, window);
    if (i >= WARMUP) into.push(performance.now() - started);
  }
}

export async function usageReport(): Promise<Figure[]> {
  const database = await freshDatabase();
  const handle = connect(database.url, { max: 4 });
  try {
    await seedViews(handle);
    const times = {
      with: { month: [] as number[], year: [] as number[] },
      without: { month: [] as number[], year: [] as number[] },
    };
    // With and without the index in turns, so that both see the same (shared) machine.
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of ['with', 'without'] as const) {
        if (kind === 'with')
          await handle.sql`create index if not exists dashboard_views_viewed_at_idx on dashboard_views (viewed_at, dashboard_id, user_id)`;
        else await handle.sql`drop index if exists dashboard_views_viewed_at_idx`;
        await handle.sql`vacuum analyze dashboard_views`;
        await sample(handle.db, 30, 'day', times[kind].month, SAMPLES / ROUNDS);
        await sample(handle.db, 365, 'week', times[kind].year, SAMPLES / ROUNDS);
      }
    }
    const p = (values: number[]) => percentile(values, 95);
    const note = (a: number, b: number) => `${round(b / a, 1)}× faster than without the index (${round(b, 1)} ms)`;
    const month = { with: p(times.with.month), without: p(times.without.month) };
    const year = { with: p(times.with.year), without: p(times.without.year) };
    return [
      figure(
        'usage report, 500k views: last 30 days by day, p95',
        `${round(month.with, 1)} ms`,
        `>= ${GOAL_RATIO}× faster than without the index`,
        month.without / month.with >= GOAL_RATIO,
        note(month.with, month.without),
      ),
      figure(
        'usage report, 500k views: last 365 days by week, p95',
        `${round(year.with, 1)} ms`,
        'not slower than without the index',
        year.with <= year.without * 1.1,
        note(year.with, year.without),
      ),
    ];
  } finally {
    await handle.close();
    await database.drop();
  }
}
