import * as v from 'valibot';
import { IdNameEntries } from './common';

const Count = v.pipe(v.number(), v.integer(), v.minValue(0));

/** A dashboard whose provider check fails, with why (issue 27's overview). */
const FailingDashboardSchema = v.object({
  ...IdNameEntries,
  reason: v.string(),
});

/**
 * GET /api/admin/overview (issue 27): what the administrators' landing page counts, each linking to its section.
 * Days and weeks are the company's (BOOKING_TIMEZONE); weeks start on Monday.
 */
export const AdminOverviewSchema = v.object({
  consultations: v.object({ today: Count, week: Count }),
  /** The leads whose status is still `new` (not yet contacted, met, won or lost), however old. */
  leads: v.object({ new: Count }),
  /** E-mails that failed in the last 7 days; jobs in a queue's failed list (null when the queues cannot be read). */
  failures: v.object({ emails: Count, jobs: v.nullable(Count) }),
  /** Dashboards whose provider check fails: their connection's last sync failed, or their last view did not load. */
  dashboards: v.object({ failing: Count, examples: v.array(FailingDashboardSchema) }),
  /** Sign-ins that failed in the last 24 hours. */
  signIns: v.object({ failed: Count }),
});
export type AdminOverview = v.InferOutput<typeof AdminOverviewSchema>;
