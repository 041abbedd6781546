/**
 * Issue 18: with 10,000 users, 1,000 organizations, 2,000 dashboards and 500,000 recorded views (and 50,000 audit
 * entries), each admin list answers a filtered, sorted page at p95 under 50 ms, through the real app
 * (`app.handle`, signed in as an administrator, the answer read to its end). The baseline is the same requests on the
 * same data in the same run with the list indexes of decision 038 dropped (migrations 0010 and 0015), so the figure
 * shows what the indexes buy.
 */
import { connect } from '@app/db';
import { silentLogger } from '@app/platform/logger';
import { createApp } from '../backend/src/app';
import { createDeps } from '../backend/src/create-deps';
import { loadApiConfig } from '../backend/src/env';
import { APP_URL, COMPANY_EMAIL, REDIS_URL, uniquePrefix } from './lib/env';
import { type Figure, figure } from './lib/report';
import { freshDatabase } from './lib/stack';
import { percentile, round } from './lib/stats';

const SAMPLES = 100;
const WARMUP = 10;
const GOAL_MS = 50;
const PASSWORD = 'bench admin password';

/** The list indexes (migrations 0010 and 0015), dropped for the baseline. */
const LIST_INDEXES = [
  'users_email_trgm_idx',
  'users_name_trgm_idx',
  'users_name_sort_idx',
  'users_last_login_sort_idx',
  'users_created_sort_idx',
  'organizations_name_trgm_idx',
  'organizations_name_sort_idx',
  'dashboards_name_trgm_idx',
  'dashboards_name_sort_idx',
  'audit_log_created_id_idx',
  'audit_log_actor_email_trgm_idx',
  'audit_log_action_trgm_idx',
  'audit_log_search_text_trgm_idx',
  'audit_log_action_id_idx',
];

/** A filtered, sorted page of each list, as the admin screen asks for it. */
const LISTS: [string, string][] = [
  [
    'users (q, status, sort by e-mail, page 3)',
    '/api/admin/users?page=3&pageSize=25&sort=email&order=asc&status=active&q=user12',
  ],
  [
    'users (organization, logged in, by last login)',
    '/api/admin/users?page=1&pageSize=25&sort=lastLoginAt&order=desc&organization=17&login=logged-in',
  ],
  ['users (name filter, by name desc)', '/api/admin/users?page=2&pageSize=25&sort=name&order=desc&name=ann'],
  [
    'organizations (q, active, by name desc)',
    '/api/admin/organizations?page=2&pageSize=25&sort=name&order=desc&status=active&q=north',
  ],
  [
    'dashboards (q, category, private, by name)',
    '/api/admin/dashboards-direct?page=1&pageSize=25&sort=name&order=asc&category=Sales&visibility=private&q=revenue',
  ],
  ['dashboards (by type desc, page 10)', '/api/admin/dashboards-direct?page=10&pageSize=25&sort=type&order=desc'],
  [
    'associations (organization, by dashboard)',
    '/api/admin/organization-dashboards?page=1&pageSize=25&sort=dashboardName&organization=17',
  ],
  [
    'associations (q, by organization desc)',
    '/api/admin/organization-dashboards?page=2&pageSize=25&sort=organizationName&order=desc&q=north',
  ],
  [
    'audit (actor, dates, newest first)',
    '/api/admin/audit?page=1&pageSize=25&sort=createdAt&order=desc&actor=admin7&from=2026-01-01',
  ],
  ['audit (q, by action)', '/api/admin/audit?page=4&pageSize=25&sort=action&q=dashboard'],
];

/** The data of the figure, made by PostgreSQL itself in a few seconds. */
const SEED = `
insert into organizations (name, domain, is_active)
  select (array['North','South','East','West','Central'])[1 + i % 5] || ' ' || (array['Analytics','Health','Retail','Energy'])[1 + i % 4] || ' ' || i,
         'org' || i || '.test', i % 10 <> 0
  from generate_series(1, 1000) i;
insert into users (email, first_name, last_name, is_admin, is_active, has_logged_in, account_setup_complete, last_login_at)
  select 'user' || i || '@client' || (i % 1000) || '.test',
         (array['Ann','Bob','Cat','Dan','Eve','Fay','Gus','Hal','Ivy','Joe'])[1 + i % 10],
         (array['Able','Baker','Carter','Dunn','Ellis','Frost','Gray','Hill'])[1 + i % 8] || i,
         i % 50 = 0, i % 20 <> 0, i % 3 = 0, i % 4 <> 0,
         case when i % 3 = 0 then now() - (i % 5000) * interval '1 hour' end
  from generate_series(1, 10000) i;
insert into memberships (organization_id, user_id)
  select o.min + u.id % 1000, u.id from users u, (select min(id) from organizations) o;
insert into dashboards (name, description, category, type, embed_url, is_public)
  select (array['Revenue','Enrollment','Stress','Fabrication','Payroll','Pipeline'])[1 + i % 6] || ' dashboard ' || i,
         'Dashboard number ' || i,
         (array['Education','Research','Operations','Sales','Finance','HR'])[1 + i % 6],
         (array['PowerBI','Looker','Tableau','Custom'])[1 + i % 4],
         'https://app.powerbi.com/reportEmbed?reportId=' || i, i % 10 = 0
  from generate_series(1, 2000) i;
insert into organization_dashboards (organization_id, dashboard_id)
  select o.min + i % 1000, d.min + (i * 7) % 2000 from generate_series(0, 5999) i,
    (select min(id) from organizations) o, (select min(id) from dashboards) d
  on conflict do nothing;
insert into dashboard_views (dashboard_id, user_id, viewed_at)
  select d.min + i % 2000, u.min + (i * 13) % 10000, now() - (i % 525600) * interval '1 minute'
  from generate_series(1, 500000) i, (select min(id) from dashboards) d, (select min(id) from users) u;
insert into audit_log (actor_id, actor_email, action, target_type, target_id, changes, created_at)
  select null, 'admin' || (i % 20) || '@lucid.test',
         (array['organization.create','dashboard.update','user.update','user.toggle-admin','dashboard.link'])[1 + i % 5],
         (array['organization','dashboard','user','user','dashboard'])[1 + i % 5], (1 + i % 900)::text,
         jsonb_build_object('targetName', 'Target ' || i), now() - (i % 400000) * interval '1 minute'
  from generate_series(1, 50000) i;
`;

async function timeRequests(app: { handle: (r: Request) => Promise<Response> }, path: string, cookie: string) {
  const latencies: number[] = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const started = performance.now();
    const response = await app.handle(new Request(`http://localhost${path}`, { headers: { cookie } }));
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${body.slice(0, 200)}`);
    if (i === 0 && !response.headers.get('x-total-count')) throw new Error(`${path} has no X-Total-Count`);
    if (i >= WARMUP) latencies.push(performance.now() - started);
  }
  return { p95: percentile(latencies, 95), p50: percentile(latencies, 50) };
}

export async function adminLists(): Promise<Figure[]> {
  const database = await freshDatabase();
  const handle = connect(database.url, { max: 1 });
  const config = loadApiConfig({
    DATABASE_URL: database.url,
    REDIS_URL,
    APP_URL,
    COMPANY_EMAIL,
    QUEUE_PREFIX: uniquePrefix('admin-lists'),
    TRUST_PROXY: 'true',
  });
  const { deps, close } = await createDeps(config, { logger: silentLogger, clock: { now: () => new Date() } });
  try {
    const seeded = performance.now();
    await handle.sql.unsafe(SEED);
    const hash = await Bun.password.hash(PASSWORD);
    await handle.sql`insert into users (email, first_name, password_hash, is_admin, account_setup_complete)
      values ('bench-admin@lucid.test', 'Bench', ${hash}, true, true)`;
    await handle.sql`vacuum analyze`;
    const seedSeconds = round((performance.now() - seeded) / 1000, 1);
    const [counts] =
      await handle.sql`select (select count(*) from users) users, (select count(*) from organizations) orgs,
      (select count(*) from dashboards) dashboards, (select count(*) from dashboard_views) views,
      (select count(*) from organization_dashboards) links, (select count(*) from audit_log) audit`;

    const app = createApp(deps, { serveSpa: false });
    await app.modules;
    const login = await app.handle(
      new Request('http://localhost/api/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: APP_URL, 'x-forwarded-for': '10.9.9.9' },
        body: JSON.stringify({ email: 'bench-admin@lucid.test', password: PASSWORD }),
      }),
    );
    if (login.status !== 200) throw new Error(`login answered ${login.status}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

    const indexed: { p95: number; p50: number }[] = [];
    for (const [, path] of LISTS) indexed.push(await timeRequests(app, path, cookie));
    await handle.sql.unsafe(LIST_INDEXES.map((name) => `drop index ${name};`).join('\n'));
    await handle.sql`vacuum analyze`;
    const bare: { p95: number; p50: number }[] = [];
    for (const [, path] of LISTS) bare.push(await timeRequests(app, path, cookie));

    const data = `${counts?.users} users, ${counts?.orgs} organizations, ${counts?.dashboards} dashboards, ${counts?.views} views, ${counts?.links} links, ${counts?.audit} audit entries, seeded in ${seedSeconds} s`;
    return [
      figure('admin lists: data', 'seeded', '-', null, data),
      ...LISTS.map(([name], i) => {
        const { p95, p50 } = indexed[i]!;
        const without = bare[i]!;
        return figure(
          `admin lists: ${name} p95`,
          `${round(p95, 1)} ms`,
          `< ${GOAL_MS} ms`,
          p95 < GOAL_MS,
          `p50 ${round(p50, 1)} ms; without the list indexes p95 ${round(without.p95, 1)} ms (${round(without.p95 / p95, 1)}x)`,
        );
      }),
    ];
  } finally {
    await close();
    await handle.close();
    await database.drop();
  }
}
