import { type OrganizationDetail, todayIn, zonedTimeToUtc } from '@app/contracts';
import type { Database } from '@app/db';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/http-error';
import { periodsOf, viewsPerOrganization } from '../usage';
import * as repo from './organizations.repository';

const DAY_MS = 86_400_000;
/** The organization page's usage covers the last 30 days, today included, as the usage report does by default. */
const USAGE_DAYS = 30;

const dayAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

export interface OrganizationDetailDeps {
  db: Database;
  clock: Clock;
  timeZone: string;
}

/**
 * One organization's page (issue 27): the organization, its members with roles, and its views per day of the last
 * 30 days, counted as the usage report counts an organization's (a member's view of a dashboard linked to it).
 * 404 for an id that names none.
 */
export async function organizationDetail(deps: OrganizationDetailDeps, id: number): Promise<OrganizationDetail> {
  const { db, timeZone } = deps;
  const to = todayIn(timeZone, deps.clock.now());
  const from = dayAfter(to, -(USAGE_DAYS - 1));
  const window = {
    start: zonedTimeToUtc(from, 0, 0, timeZone),
    end: zonedTimeToUtc(dayAfter(to, 1), 0, 0, timeZone),
    groupBy: 'day' as const,
    timeZone,
  };
  const [organization, members, counts] = await Promise.all([
    repo.findOrganization(db, id),
    repo.organizationMembers(db, id),
    viewsPerOrganization(db, window, [id]),
  ]);
  if (!organization) throw notFound('Organization not found');
  const days = periodsOf(window).labels;
  const byDay = new Map<string, number>();
  for (const count of counts) byDay.set(count.bucket, (byDay.get(count.bucket) ?? 0) + count.views);
  const views = days.map((day) => byDay.get(day) ?? 0);
  return { organization, members, usage: { from, to, days, views, total: views.reduce((a, b) => a + b, 0) } };
}
