import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { dashboards, memberships, organizationDashboards, organizations, reportSubscriptions } from '../schema';

/**
 * The joins several parts of the product read the same way: a link or a subscription with its organization and
 * dashboard, and the links a person sees through their memberships. Each takes a select (made `$dynamic()`) from the
 * link or subscription table; the caller adds its conditions, order and page.
 */

/** Each dashboard link (organization_dashboards) with its organization and dashboard. */
export const withLinkParts = <T extends PgSelect>(select: T) =>
  select
    .innerJoin(organizations, eq(organizations.id, organizationDashboards.organizationId))
    .innerJoin(dashboards, eq(dashboards.id, organizationDashboards.dashboardId));

/** Each report subscription with its organization and dashboard. */
export const withSubscriptionParts = <T extends PgSelect>(select: T) =>
  select
    .innerJoin(organizations, eq(organizations.id, reportSubscriptions.organizationId))
    .innerJoin(dashboards, eq(dashboards.id, reportSubscriptions.dashboardId));

/** Each dashboard link with its organization and the organization's memberships (`where` names the person). */
export const withLinkMembers = <T extends PgSelect>(select: T) =>
  select
    .innerJoin(organizations, eq(organizations.id, organizationDashboards.organizationId))
    .innerJoin(memberships, eq(memberships.organizationId, organizations.id));
