import { COMPANY_NAME, EventPayloadSchemas, zonedTimeToUtc } from '@app/contracts/server';
import * as v from 'valibot';
import * as usage from '../repositories/usage.repository';
import { findActiveUser } from '../repositories/users.repository';
import { defineEmail, type MessageContext, type StoredEvent } from './define-email';

/**
 * The admins' monthly usage digest (issue 18): last month's views against the month before, the organizations and
 * dashboards with the most views, dashboards nobody opened and clients who have not signed in, with a link to the
 * Usage tab. Lists are lines of text, which the HTML part shows with their line breaks (escaped, as every slot).
 */

const DAY_MS = 86_400_000;
const TOP = 5;
/** The idle dashboards and absent clients the e-mail names; how many more there are follows. */
const LISTED = 20;

const nextMonth = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
};
const monthBefore = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};
const monthName = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

interface Ranked {
  name: string;
  views: number;
  before: number;
}

/** Views of each id in the month and the month before, the most viewed first (then by name). */
function ranked(counts: usage.UsageCount[], names: { id: number; name: string }[], month: string): Ranked[] {
  const name = new Map(names.map((n) => [n.id, n.name]));
  const by = new Map<number, Ranked>();
  for (const c of counts) {
    const known = name.get(c.id);
    if (known === undefined) continue;
    const row = by.get(c.id) ?? { name: known, views: 0, before: 0 };
    if (c.bucket.startsWith(month)) row.views += c.views;
    else row.before += c.views;
    by.set(c.id, row);
  }
  return [...by.values()].filter((r) => r.views > 0).sort((a, b) => b.views - a.views || a.name.localeCompare(b.name));
}

/** 'up 25% on September 2026', 'down 3 views on …', 'the same as …', 'September 2026 had none'. */
function comparison(views: number, before: number, previous: string): string {
  if (before === 0) return views === 0 ? `none in ${previous} either` : `${previous} had none`;
  if (views === before) return `the same as ${previous}`;
  const percent = Math.round((Math.abs(views - before) / before) * 100);
  return `${views > before ? 'up' : 'down'} ${percent}% on ${previous} (${before.toLocaleString('en')})`;
}

async function digest(ctx: MessageContext, event: StoredEvent) {
  const { month, userId } = v.parse(EventPayloadSchemas['usage_digest.due'], event.payload);
  const admin = await findActiveUser(ctx.db, userId);
  if (!admin) return null;
  const timeZone = ctx.timeZone ?? 'UTC';
  const previous = monthBefore(month);
  const window = {
    start: zonedTimeToUtc(`${previous}-01`, 0, 0, timeZone),
    end: zonedTimeToUtc(`${nextMonth(month)}-01`, 0, 0, timeZone),
    groupBy: 'month' as const,
    timeZone,
  };
  const since = new Date(window.end.getTime() - 30 * DAY_MS);
  const [perOrganization, perDashboard, organizations, dashboards, idle, inactive] = await Promise.all([
    usage.viewsPerOrganization(ctx.db, window),
    usage.viewsPerDashboard(ctx.db, window),
    usage.organizationNames(ctx.db),
    usage.dashboardNames(ctx.db),
    usage.idleDashboards(ctx.db, since, LISTED),
    usage.inactiveClients(ctx.db, since, LISTED),
  ]);
  const total = (inMonth: boolean) =>
    perDashboard.filter((c) => c.bucket.startsWith(month) === inMonth).reduce((sum, c) => sum + c.views, 0);
  return {
    admin,
    month,
    previous,
    views: total(true),
    before: total(false),
    organizations: ranked(perOrganization, organizations, month).slice(0, TOP),
    dashboards: ranked(perDashboard, dashboards, month).slice(0, TOP),
    idle: withMore(
      idle.rows.map((d) => d.name),
      idle.count,
    ),
    inactive: withMore(
      inactive.rows.map((c) => `${usage.displayName(c)} (${c.organizations.join(', ')})`),
      inactive.count,
    ),
  };
}

/** The names listed, and a last line for the ones left out. */
const withMore = (names: string[], count: number) =>
  count > names.length ? [...names, `and ${count - names.length} more`] : names;

const lines = (items: string[], none: string) => (items.length === 0 ? none : items.map((i) => `- ${i}`).join('\n'));
const rankedLines = (items: Ranked[], none: string) =>
  lines(
    items.map((r) => `${r.name}: ${r.views} (month before: ${r.before})`),
    none,
  );

export const usageDigestEmail = {
  'usage-digest': defineEmail({
    template: 'usage-digest',
    sentOn: ['usage_digest.due'],
    variables: [
      'greetingName',
      'monthName',
      'totalViews',
      'comparison',
      'organizationLines',
      'dashboardLines',
      'idleLines',
      'inactiveLines',
      'usageLink',
    ],
    load: digest,
    content: (d, ctx) => {
      const name = monthName(d.month);
      return {
        to: d.admin.email,
        subject: `${COMPANY_NAME} usage in ${name}: ${d.views.toLocaleString('en')} dashboard views`,
        preview: `${d.views.toLocaleString('en')} views, ${comparison(d.views, d.before, monthName(d.previous))}.`,
        vars: {
          greetingName: d.admin.firstName || d.admin.email,
          monthName: name,
          totalViews: d.views.toLocaleString('en'),
          comparison: comparison(d.views, d.before, monthName(d.previous)),
          organizationLines: rankedLines(d.organizations, 'No organization opened a dashboard this month.'),
          dashboardLines: rankedLines(d.dashboards, 'No dashboard was opened this month.'),
          idleLines: lines(d.idle, 'Every dashboard was opened in the last 30 days.'),
          inactiveLines: lines(d.inactive, 'Every client signed in during the last 30 days.'),
          usageLink: `${ctx.appUrl.replace(/\/$/, '')}/admin/usage`,
        },
      };
    },
  }),
};
