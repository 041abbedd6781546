import { index, integer, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { belongsTo, extensionOf, serialId, timestamps, timestamptz } from './columns';
import { dashboards } from './dashboards';
import { embedConnections } from './embedding';

/**
 * The Azure capacity a Power BI connection's reports run on (issue 29, decision 053): which one (subscription,
 * resource group, name, kind), when it must stay on (active hours in a zone), when it may pause (N minutes without a
 * viewer outside them), its hourly price, and what the product last saw of it. One per connection, deleted with it.
 */
export const powerbiCapacities = pgTable('powerbi_capacities', {
  connectionId: extensionOf(() => embedConnections.id),
  subscriptionId: text().notNull(),
  resourceGroup: text().notNull(),
  capacityName: text().notNull(),
  /** 'Microsoft.PowerBIDedicated' | 'Microsoft.Fabric' */
  kind: text().notNull(),
  timeZone: text().notNull(),
  /** Active hours, local 'HH:MM' in timeZone; equal: no active hours (pause whenever idle). */
  activeFrom: text().notNull(),
  activeTo: text().notNull(),
  /** ISO weekdays (1 = Monday) the active hours apply to. */
  activeDays: smallint().array().notNull(),
  idleMinutes: integer().notNull(),
  /** What an hour of the capacity costs (any currency), to show the money saved; null: not entered. */
  hourlyPrice: numeric({ precision: 12, scale: 4 }),
  /** The last embed token minted on it (a viewer renews one every few minutes). */
  lastViewerAt: timestamptz(),
  /** When the product last asked Azure to resume it: one resume however many viewers arrive. */
  resumeRequestedAt: timestamptz(),
  /** An export (a subscription) keeps it on until then. */
  heldUntil: timestamptz(),
  /** What Azure last said of it ('Active', 'Paused', 'Resuming', ...), when, and the last fault in words. */
  lastState: text(),
  checkedAt: timestamptz(),
  lastError: text(),
  ...timestamps(),
});

/** The pause-hours ledger: one row per pause the product made, closed when the capacity is resumed. */
export const capacityPauses = pgTable(
  'capacity_pauses',
  {
    id: serialId(),
    connectionId: belongsTo(() => embedConnections.id),
    pausedAt: timestamptz().notNull(),
    resumedAt: timestamptz(),
  },
  (t) => [index('capacity_pauses_connection_idx').on(t.connectionId, t.pausedAt)],
);

/**
 * What the nightly check found wrong with a Power BI dashboard's report (issue 29): its report or workspace gone, or
 * no longer visible to the service principal. Deleted when the check finds it again.
 */
export const dashboardTargetProblems = pgTable('dashboard_target_problems', {
  dashboardId: extensionOf(() => dashboards.id),
  problem: text().notNull(),
  foundAt: timestamptz().notNull(),
});
