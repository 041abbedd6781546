import * as v from 'valibot';
import { idLike } from './admin';
import { BookingStatusSchema, VisitorWorkEntries } from './booking';
import { OrganizationRefEntries, requiredText } from './common';
import { LEAD_STATUSES } from './lists';

/** Issue 27, decision 049: every contact message and consultation booking of a person is one lead. */

/** A lead as the administration's list shows it. */
export const LeadSchema = v.object({
  id: v.number(),
  /** The person's address, normalised (trimmed, lower case). */
  email: v.string(),
  name: v.string(),
  businessName: v.nullable(v.string()),
  status: v.picklist(LEAD_STATUSES),
  ownerId: v.nullable(v.number()),
  ownerEmail: v.nullable(v.string()),
  notes: v.string(),
  messageCount: v.number(),
  bookingCount: v.number(),
  lastActivityAt: v.string(),
  createdAt: v.string(),
  /** Set by the conversion to a client. */
  convertedAt: v.nullable(v.string()),
  ...OrganizationRefEntries,
  userId: v.nullable(v.number()),
});
export type Lead = v.InferOutput<typeof LeadSchema>;

/** What every entry of a lead's timeline tells: the message's or booking's id, when it came, the name given in it. */
const ActivityEntries = { id: v.number(), at: v.string(), name: v.string() };

/** One contact message or booking of a lead, as its timeline shows it. */
const LeadActivitySchema = v.variant('kind', [
  v.object({ kind: v.literal('message'), ...ActivityEntries, subject: v.string(), message: v.string() }),
  v.object({
    kind: v.literal('booking'),
    ...ActivityEntries,
    ...VisitorWorkEntries,
    startsAt: v.string(),
    timeLabel: v.string(),
    date: v.string(),
    timeZone: v.string(),
    status: BookingStatusSchema,
  }),
]);
export type LeadActivity = v.InferOutput<typeof LeadActivitySchema>;

/** GET /api/admin/leads/{id}: the lead, and its messages and bookings in the order they arrived. */
export const LeadDetailSchema = v.object({ ...LeadSchema.entries, activity: v.array(LeadActivitySchema) });
export type LeadDetail = v.InferOutput<typeof LeadDetailSchema>;

const NOTES_MAX = 10_000;

/** PATCH /api/admin/leads/{id}: what is sent changes; what is missing stays. `ownerId` null: nobody follows it. */
export const LeadChangeSchema = v.pipe(
  v.object({
    status: v.optional(v.picklist(LEAD_STATUSES, `Status must be one of ${LEAD_STATUSES.join(', ')}`)),
    notes: v.optional(
      v.pipe(
        v.string('Notes must be text'),
        v.trim(),
        v.maxLength(NOTES_MAX, `Notes must be at most ${NOTES_MAX.toLocaleString('en')} characters`),
      ),
    ),
    ownerId: v.optional(v.nullable(idLike)),
  }),
  v.check(
    (change) => change.status !== undefined || change.notes !== undefined || change.ownerId !== undefined,
    'Nothing to change: send status, notes or ownerId',
  ),
);
export type LeadChange = v.InferInput<typeof LeadChangeSchema>;
export type LeadChangeValues = v.InferOutput<typeof LeadChangeSchema>;

/** At most this many dashboards are linked by one conversion. */
const MAX_DASHBOARDS = 100;

/** POST /api/admin/leads/{id}/convert */
export const LeadConvertSchema = v.object({
  organizationName: requiredText('Organization name is required'),
  dashboardIds: v.pipe(
    v.optional(v.array(idLike, 'dashboardIds must be a list of dashboard ids'), []),
    v.maxLength(MAX_DASHBOARDS, `At most ${MAX_DASHBOARDS} dashboards`),
    v.transform((ids) => [...new Set(ids)]),
  ),
});
export type LeadConvert = v.InferInput<typeof LeadConvertSchema>;
export type LeadConvertValues = v.InferOutput<typeof LeadConvertSchema>;

/** What a conversion made: the organization, and the account invited (or the person's own, linked). */
export const LeadConvertedSchema = v.object({ organizationId: v.number(), userId: v.number() });
export type LeadConverted = v.InferOutput<typeof LeadConvertedSchema>;

export const LeadMessages = {
  converted: 'This lead has already been converted to a client',
  nameTaken: (name: string) => `An organization named “${name}” already exists: choose another name`,
  ownerNotAdmin: 'The owner must be an active administrator',
  dashboardMissing: 'Dashboard not found',
  notFound: 'Lead not found',
} as const;
