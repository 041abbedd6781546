/**
 * Issue 18: the usage charts' query at the scale of a real client base: 10,000 people, 1,000 organizations, 2,000
 * dashboards and 500,000 recorded views, all of them inside the last 365 days (the longest period the Usage tab
 * offers, so its longest report reads every one). The subject is the whole report the tab loads (`usageReport` of
 * backend/src/modules/usage, every query GET /api/admin/usage runs: the periods' totals, the three rankings, the
 * listed ones' periods and names, the idle dashboards and the absent clients), p95 for each choice of the tab. The
 * goal is the issue's: under 200 ms. The baseline is the same report on the same rows with
 * `dashboard_views_viewed_at_idx` dropped, in the same run, in turns (decisions 036 and 039). A second figure per
 * choice shows what the roll-ups buy: the report's first round (every period's total and the three rankings) read
 * through the roll-ups, against the same figures from the views alone (`fromViewsAlone`), with the index.
 */
import { connect } from '@app/db';
import { fromViewsAlone, type UsageWindow } from '@app/db/queries/usage';
import { topDashboards, topOrganizations, topPeople, viewsPerPeriod } from '@app/db/queries/usage-roll-ups';
import { usageReport as report } from '../backend/src/modules/usage/usage.service';
import { type Figure, figure } from './lib/report';
import { freshDatabase } from './lib/stack';
import { percentile, round } from './lib/stats';

const SAMPLES = 30;
const ROUNDS = 3;
const WARMUP = 2;
const GOAL_MS = 200;
/** Over a year, whole months from the roll-ups must clearly beat counting every view. */
const ROLL_UP_GOAL = 1.5;
const TIME_ZONE = 'America/New_York';

/**
 * What a client base looks like: everyone a member of one organization (one in twenty of two), each organization
 * linked to six dashboards, a tenth of the dashboards public. Views are opened by members of dashboards their
 * organization has (some people and dashboards far more than others: a pick skewed to the square of a random
 * number), plus 5% anonymous views of public dashboards, spread over the last 365 days; 3% of the members' views are
 * the team's previews and 3% failed to load (D37: counted apart).
 */
const SEED = `
insert into organizations (name, is_active)
  select 'Organization ' || i, i % 25 <> 0 from generate_series(1, 1000) i;
insert into users (email, first_name, last_name, is_active, account_setup_complete, has_logged_in, last_login_at)
  select 'person' || i || '@client' || (i % 1000) || '.test', 'Person', 'Number ' || i, i % 40 <> 0, true, true,
         now() - (i % 120) * interval '1 day'
  from generate_series(1, 10000) i;
insert into memberships (organization_id, user_id)
  select o.min + u.rn % 1000, u.id
  from (select id, row_number() over (order by id) - 1 as rn from users) u, (select min(id) from organizations) o;
insert into memberships (organization_id, user_id)
  select o.min + (u.rn * 7 + 3) % 1000, u.id
  from (select id, row_number() over (order by id) - 1 as rn from users) u, (select min(id) from organizations) o
  where u.rn % 20 = 0
  on conflict do nothing;
insert into dashboards (name, description, category, type, embed_url, is_public)
  select (array['Revenue','Enrollment','Stress','Fabrication','Payroll','Pipeline'])[1 + i % 6] || ' dashboard ' || i,
         'Dashboard number ' || i, (array['Education','Research','Operations','Sales','Finance','HR'])[1 + i % 6],
         'PowerBI', 'https://app.powerbi.com/reportEmbed?reportId=' || i, i % 10 = 0
  from generate_series(1, 2000) i;
insert into organization_dashboards (organization_id, dashboard_id)
  select o.id, d.min + (o.rn * 2 + j * 337) % 2000
  from (select id, row_number() over (order by id) - 1 as rn from organizations) o, generate_series(0, 5) j,
       (select min(id) from dashboards) d
  on conflict do nothing;
create temporary table openable as
  select row_number() over (order by m.user_id, l.dashboard_id) - 1 as n, m.user_id, l.dashboard_id
  from memberships m join organization_dashboards l on l.organization_id = m.organization_id;
insert into dashboard_views (dashboard_id, user_id, viewed_at, by_admin, loaded)
  select o.dashboard_id, o.user_id, now() - random() * interval '365 days', random() < 0.03, random() > 0.03
  from (select floor(power(random(), 2) * (select count(*) from openable))::bigint as pick
        from generate_series(1, 475000)) p
  join openable o on o.n = p.pick;
insert into dashboard_views (dashboard_id, user_id, viewed_at)
  select d.min + (i * 10) % 2000, null, now() - random() * interval '365 days'
  from generate_series(1, 25000) i, (select min(id) from dashboards) d;
`;

/** The Usage tab's choices: the default, and the longest period both ways. */
const CHOICES = [
  { name: 'last 30 days by day', days: 30, groupBy: 'day' },
  { name: 'last 365 days by week', days: 365, groupBy: 'week' },
  { name: 'last 365 days by day', days: 365, groupBy: 'day' },
] as const;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export async function usageReport(): Promise<Figure[]> {
  const database = await freshDatabase();
  const handle = connect(database.url, { max: 8 });
  try {
    const seeded = performance.now();
    await handle.sql.unsafe(SEED);
    await handle.sql`vacuum analyze`;
    const seedSeconds = round((performance.now() - seeded) / 1000, 1);
    const [counts] = await handle.sql`select (select count(*) from users) people,
      (select count(*) from organizations) orgs, (select count(*) from dashboards) dashboards,
      (select count(*) from dashboard_views) views, (select count(*) from dashboard_views where user_id is null) anonymous,
      (select count(*) from memberships) memberships, (select count(*) from organization_dashboards) links`;

    const now = new Date();
    const deps = { db: handle.db, clock: { now: () => now }, timeZone: TIME_ZONE };
    const today = Date.parse(`${isoDay(now.getTime())}T00:00:00Z`);
    const queryOf = (choice: (typeof CHOICES)[number]) => ({
      from: isoDay(today - (choice.days - 1) * 86_400_000),
      to: isoDay(today),
      groupBy: choice.groupBy,
    });
    const first = await report(deps, queryOf(CHOICES[1]));
    const windowOf = (choice: (typeof CHOICES)[number]): UsageWindow => {
      const { from, to } = queryOf(choice);
      const start = new Date(`${from}T05:00:00Z`);
      return {
        start,
        end: new Date(Date.parse(`${to}T05:00:00Z`) + 86_400_000),
        groupBy: choice.groupBy,
        timeZone: TIME_ZONE,
      };
    };
    const rounds = {
      rolledUp: CHOICES.map(() => [] as number[]),
      plain: CHOICES.map(() => [] as number[]),
    };
    const firstRound = {
      rolledUp: (w: UsageWindow) =>
        Promise.all([
          viewsPerPeriod(handle.db, w),
          topOrganizations(handle.db, w, 50),
          topDashboards(handle.db, w, 50),
          topPeople(handle.db, w, 50),
        ]),
      plain: (w: UsageWindow) =>
        Promise.all([
          fromViewsAlone.viewsPerPeriod(handle.db, w),
          fromViewsAlone.ranking(handle.db, w, 'organization', 50),
          fromViewsAlone.ranking(handle.db, w, 'dashboard', 50),
          fromViewsAlone.ranking(handle.db, w, 'person', 50),
        ]),
    };
    for (let r = 0; r < ROUNDS; r++)
      for (const kind of ['rolledUp', 'plain'] as const)
        for (const [i, choice] of CHOICES.entries())
          for (let n = 0; n < WARMUP + SAMPLES / ROUNDS; n++) {
            const started = performance.now();
            await firstRound[kind](windowOf(choice));
            if (n >= WARMUP) rounds[kind][i]!.push(performance.now() - started);
          }
    const times = {
      with: CHOICES.map(() => [] as number[]),
      without: CHOICES.map(() => [] as number[]),
    };
    // With and without the index in turns, so that both see the same (shared) machine.
    for (let r = 0; r < ROUNDS; r++) {
      for (const kind of ['with', 'without'] as const) {
        if (kind === 'with')
          await handle.sql`create index if not exists dashboard_views_viewed_at_idx on dashboard_views (viewed_at, dashboard_id, user_id) where client_usage`;
        else await handle.sql`drop index if exists dashboard_views_viewed_at_idx`;
        await handle.sql`vacuum analyze dashboard_views`;
        for (const [i, choice] of CHOICES.entries()) {
          for (let n = 0; n < WARMUP + SAMPLES / ROUNDS; n++) {
            const started = performance.now();
            await report(deps, queryOf(choice));
            if (n >= WARMUP) times[kind][i]!.push(performance.now() - started);
          }
        }
      }
    }
    const data =
      `${counts?.people} people, ${counts?.orgs} organizations, ${counts?.dashboards} dashboards, ` +
      `${counts?.views} views (${counts?.anonymous} anonymous), ${counts?.memberships} memberships, ` +
      `${counts?.links} links, seeded in ${seedSeconds} s; 365 days by week lists ` +
      `${first.organizations.length} of ${first.organizationCount} organizations, ${first.dashboards.length} of ` +
      `${first.dashboardCount} dashboards, ${first.people.length} of ${first.personCount} people`;
    return [
      figure('usage report: data', 'seeded', '-', null, data),
      // The last 30 days hold at most one whole month: there the roll-ups read nearly what the views alone do.
      ...CHOICES.flatMap((choice, i) => {
        if (choice.days < 365) return [];
        const p95 = percentile(rounds.rolledUp[i]!, 95);
        const plain = percentile(rounds.plain[i]!, 95);
        return [
          figure(
            `usage totals and rankings, roll-ups: ${choice.name}, p95`,
            `${round(p95, 1)} ms`,
            `>= ${ROLL_UP_GOAL}x faster than the views alone`,
            plain / p95 >= ROLL_UP_GOAL,
            `from the views alone p95 ${round(plain, 1)} ms (${round(plain / p95, 1)}x)`,
          ),
        ];
      }),
      ...CHOICES.map((choice, i) => {
        const p95 = percentile(times.with[i]!, 95);
        const without = percentile(times.without[i]!, 95);
        return figure(
          `usage report, 500k views: ${choice.name}, p95`,
          `${round(p95, 1)} ms`,
          `< ${GOAL_MS} ms`,
          p95 < GOAL_MS,
          `p50 ${round(percentile(times.with[i]!, 50), 1)} ms; without the index p95 ${round(without, 1)} ms (${round(without / p95, 1)}x)`,
        );
      }),
    ];
  } finally {
    await handle.close();
    await database.drop();
  }
}
