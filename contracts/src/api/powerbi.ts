import * as v from 'valibot';
import { isIanaTimeZone } from '../time-zone';
import { IdNameEntries, requiredText } from './common';
import { DASHBOARD_CATEGORIES } from './dashboards';

/**
 * Power BI run as the commercial portals run it (issue 29): the capacity a connection's reports run on, which pauses
 * itself (decision 053), and importing a workspace's reports as dashboards.
 */

export const CAPACITY_KINDS = ['Microsoft.PowerBIDedicated', 'Microsoft.Fabric'] as const;
export const CAPACITY_KIND_LABELS: Record<(typeof CAPACITY_KINDS)[number], string> = {
  'Microsoft.PowerBIDedicated': 'Power BI Embedded (A SKU)',
  'Microsoft.Fabric': 'Fabric (F SKU)',
};

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
const clock = (label: string) =>
  v.pipe(v.string(`${label} must be a time`), v.trim(), v.regex(HHMM, `${label} must be a time like 08:00`));

/** PUT /api/admin/embed-connections/{id}/capacity */
export const CapacityInputSchema = v.object({
  subscriptionId: v.pipe(
    v.string('Subscription ID is required'),
    v.trim(),
    v.regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      'Subscription ID must be a GUID (like 00000000-0000-0000-0000-000000000000)',
    ),
  ),
  resourceGroup: v.pipe(
    requiredText('Resource group is required', 90),
    v.regex(/^[-\w.()]+$/u, 'Resource group may hold letters, digits, - _ . ( ) only'),
    v.check((value) => !value.endsWith('.'), 'Resource group must not end with a period'),
  ),
  capacityName: v.pipe(
    requiredText('Capacity name is required', 63),
    v.regex(/^[a-z][a-z0-9]{2,62}$/, 'Capacity name is 3 to 63 lower-case letters and digits, starting with a letter'),
  ),
  kind: v.picklist(CAPACITY_KINDS, 'Kind must be Power BI Embedded or Fabric'),
  timeZone: v.pipe(
    v.string('Time zone is required'),
    v.trim(),
    v.check((value) => isIanaTimeZone(value), 'Time zone must be an IANA zone like Europe/Paris'),
  ),
  activeFrom: clock('Active from'),
  activeTo: clock('Active until'),
  activeDays: v.pipe(
    v.array(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(7)), 'Active days are weekdays 1 (Monday) to 7'),
    v.maxLength(7, 'At most 7 active days'),
    v.transform((days) => [...new Set(days)].sort()),
  ),
  idleMinutes: v.pipe(
    v.number('Pause after must be a number of minutes'),
    v.integer('Pause after must be a whole number of minutes'),
    v.minValue(5, 'Pause after at least 5 minutes without a viewer'),
    v.maxValue(1440, 'Pause after at most 1,440 minutes (a day)'),
  ),
  hourlyPrice: v.optional(
    v.nullable(
      v.pipe(
        v.number('Hourly price must be a number'),
        v.finite('Hourly price must be a number'),
        v.minValue(0, 'Hourly price must not be negative'),
        v.maxValue(100_000, 'Hourly price must be at most 100,000'),
      ),
    ),
    null,
  ),
});
export type CapacityInput = v.InferInput<typeof CapacityInputSchema>;

/** GET: the settings, what Azure last said, and this month's pauses. */
const CapacitySchema = v.object({
  subscriptionId: v.string(),
  resourceGroup: v.string(),
  capacityName: v.string(),
  kind: v.picklist(CAPACITY_KINDS),
  timeZone: v.string(),
  activeFrom: v.string(),
  activeTo: v.string(),
  activeDays: v.array(v.number()),
  idleMinutes: v.number(),
  hourlyPrice: v.nullable(v.number()),
  /** 'Active' | 'Paused' | 'Resuming' | 'Pausing' | 'Failed', or null before the first look. */
  state: v.nullable(v.string()),
  checkedAt: v.nullable(v.string()),
  /** The last fault in words for the admin (Azure's refusal, throttling, a capacity deleted), null when none. */
  lastError: v.nullable(v.string()),
  lastViewerAt: v.nullable(v.string()),
  /** Hours the product kept it paused this (UTC) month, and with an hourly price, what that saved. */
  pausedHoursThisMonth: v.number(),
  savedThisMonth: v.nullable(v.number()),
});
export type Capacity = v.InferOutput<typeof CapacitySchema>;

/** The answer of GET .../capacity: null when the connection names no capacity. */
export const CapacityAnswerSchema = v.object({ capacity: v.nullable(CapacitySchema) });

// Import from a workspace.

export const PowerBiImportableSchema = v.object({
  workspaces: v.array(
    v.object({
      id: v.string(),
      name: v.string(),
      /** Why its reports could not be listed (403: the service principal is not a member any more), else null. */
      error: v.nullable(v.string()),
      reports: v.array(
        v.object({
          id: v.string(),
          name: v.string(),
          /** The dashboard already showing it through this connection, null when none. */
          dashboardId: v.nullable(v.number()),
        }),
      ),
    }),
  ),
});
export type PowerBiImportable = v.InferOutput<typeof PowerBiImportableSchema>;

const GUID_TEXT = v.pipe(
  v.string(),
  v.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'Workspace and report ids are GUIDs'),
);

/** POST /api/admin/embed-connections/{id}/import */
export const PowerBiImportInputSchema = v.object({
  items: v.pipe(
    v.array(
      v.object({
        workspaceId: GUID_TEXT,
        reportId: GUID_TEXT,
        name: requiredText('Dashboard name is required', 200),
        description: v.optional(
          v.nullable(v.pipe(v.string(), v.trim(), v.maxLength(2000, 'Description must be at most 2,000 characters'))),
          null,
        ),
        category: v.optional(
          v.picklist(DASHBOARD_CATEGORIES, `Category must be one of ${DASHBOARD_CATEGORIES.join(', ')}`),
          'Operations',
        ),
      }),
      'items must be a list of reports',
    ),
    v.minLength(1, 'Choose at least one report'),
    v.maxLength(100, 'At most 100 reports at once'),
  ),
});
export type PowerBiImportInput = v.InferInput<typeof PowerBiImportInputSchema>;

export const PowerBiImportResultSchema = v.object({
  created: v.array(v.object({ ...IdNameEntries, reportId: v.string() })),
  /** Reports not imported, and why (deleted since it was listed, already imported, no access). */
  failed: v.array(v.object({ reportId: v.string(), name: v.string(), message: v.string() })),
});
export type PowerBiImportResult = v.InferOutput<typeof PowerBiImportResultSchema>;
