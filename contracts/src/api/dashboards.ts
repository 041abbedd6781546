import * as v from 'valibot';
import { IdNameEntries } from './common';
import { EMBED_MODES, type EmbedMode } from './embedding';
import { DashboardSharingSchema, LookerStudioViewerSchema } from './lookerstudio';

/** GET /api/dashboards/public: a public sample dashboard. */
export const PublicDashboardSchema = v.object({
  ...IdNameEntries,
  category: v.string(),
  type: v.string(),
});
export type PublicDashboard = v.InferOutput<typeof PublicDashboardSchema>;

/** What a dashboard's card shows, to a client and to an administrator alike. */
const DashboardCardEntries = {
  ...PublicDashboardSchema.entries,
  description: v.nullable(v.string()),
  thumbnailUrl: v.nullable(v.string()),
};

/** GET /api/dashboards/organization: a client's dashboards, most recently viewed first (D19). */
export const ClientDashboardSchema = v.object({
  ...DashboardCardEntries,
  /** The person's own last view (ISO time), null when they never opened it. */
  lastViewedAt: v.nullable(v.string()),
  /** Whether the person starred it (issue 18): favourites come first. */
  isFavourite: v.boolean(),
  /** Which of the person's active organizations it comes from, by name (several when more than one is linked). */
  organizations: v.array(v.object(IdNameEntries)),
});
export type ClientDashboard = v.InferOutput<typeof ClientDashboardSchema>;

/**
 * GET /api/dashboards/organizations: an organization the signed-in person belongs to (the portal's header shows the
 * active ones). One whose access was paused (deactivated) is listed too, `isActive` false: the portal then says so
 * rather than "no dashboards assigned" or a bare 404 (issue 26).
 */
export const PortalOrganizationSchema = v.object({
  ...IdNameEntries,
  isActive: v.boolean(),
  /** An https URL or a site path (`/images/...`), else null: the portal shows the name's initial. */
  logoUrl: v.nullable(v.string()),
});
export type PortalOrganization = v.InferOutput<typeof PortalOrganizationSchema>;

/** PUT and DELETE /api/dashboards/{id}/favourite: the dashboard's star as it is now. */
export const FavouriteSchema = v.object({ dashboardId: v.number(), isFavourite: v.boolean() });

const DashboardFieldsSchema = v.object({
  ...DashboardCardEntries,
  /** 'url': the viewer frames `embedUrl`; otherwise it asks POST /api/dashboards/{id}/embed-token (issue 14). */
  embedMode: v.picklist(EMBED_MODES),
  /** Empty in the token modes. */
  embedUrl: v.string(),
  isPublic: v.boolean(),
});

/** GET /api/dashboards/{id} */
export const DashboardDetailSchema = v.object({
  ...DashboardFieldsSchema.entries,
  /** lookerstudio mode (issue 28): the Google account the report is shared with for this person; null otherwise. */
  lookerStudio: LookerStudioViewerSchema,
});
export type DashboardDetail = v.InferOutput<typeof DashboardDetailSchema>;

/** GET /api/admin/dashboards-direct: a dashboard as the administration lists it, with its views (D19). */
export const AdminDashboardSchema = v.object({
  ...DashboardFieldsSchema.entries,
  connectionId: v.nullable(v.number()),
  /** Power BI */
  workspaceId: v.nullable(v.string()),
  reportId: v.nullable(v.string()),
  /** Tableau */
  viewUrl: v.nullable(v.string()),
  /** Metabase */
  metabaseDashboardId: v.nullable(v.number()),
  /** Looker Studio: the report's id */
  assetName: v.nullable(v.string()),
  /** Looker Studio: whether its VIEWERs are in step with the organizations linked to it (null for other modes). */
  sharing: DashboardSharingSchema,
  /**
   * Anyone who has the address sees the data: a public share link in `url` mode, or a Looker Studio report whose link
   * sharing is not known to be off.
   */
  publicShareLink: v.boolean(),
  /** Power BI (issue 29): what the nightly check found wrong with its report (gone, no longer visible); absent when well. */
  targetProblem: v.optional(v.string()),
  viewCount: v.number(),
  lastViewedAt: v.nullable(v.string()),
});
export type AdminDashboard = v.InferOutput<typeof AdminDashboardSchema>;

/**
 * POST /api/admin/dashboards and PUT /api/admin/dashboards/{id}: the saved dashboard, with what the server found when
 * it asked the embed URL's host for it (issue 12, item 3).
 */
export const SavedDashboardSchema = v.object({
  ...AdminDashboardSchema.entries,
  embedUrlWarning: v.nullable(v.string()),
});

/**
 * POST /api/dashboards/{id}/views: what the viewer saw once the dashboard loaded or failed to (D37: a failed load is
 * not a client's usage).
 */
const LOADED_MESSAGE = 'loaded must be true or false';
export const RecordViewSchema = v.object({ loaded: v.boolean(LOADED_MESSAGE) }, LOADED_MESSAGE);
export type RecordView = v.InferOutput<typeof RecordViewSchema>;

/** POST /api/dashboards/{id}/views */
export const ViewRecordedSchema = v.object({ recorded: v.boolean() });

/** GET /api/dashboards/{id}/embed-status */
const EMBED_STATUSES = ['reachable', 'unreachable', 'unknown'] as const;
export type EmbedStatus = (typeof EMBED_STATUSES)[number];
export const EmbedStatusSchema = v.object({ status: v.picklist(EMBED_STATUSES) });

export const DASHBOARD_CATEGORIES = ['Education', 'Research', 'Operations', 'Sales', 'Finance', 'HR'] as const;
export const DASHBOARD_TYPES = ['PowerBI', 'Looker', 'Tableau', 'Metabase', 'Custom'] as const;
export type DashboardType = (typeof DASHBOARD_TYPES)[number];

/**
 * The type an embed mode decides, one line per mode: a dashboard embedded with a provider's tokens is of that
 * provider's type (the server derives it, refuses another, and the admin form locks it). A mode not listed (`url`: any
 * address) leaves the type to the admin.
 */
export const TYPE_OF_EMBED_MODE: Partial<Record<EmbedMode, DashboardType>> = {
  powerbi: 'PowerBI',
  tableau: 'Tableau',
  metabase: 'Metabase',
  lookerstudio: 'Looker',
};

/**
 * Hosts whose embeds the portal frames (and the Content Security Policy allows): PowerBI, Looker Studio, Tableau.
 * More can be added at run time with EMBED_HOSTS.
 */
export const DEFAULT_EMBED_HOSTS = [
  'https://app.powerbi.com',
  'https://*.powerbi.com',
  'https://lookerstudio.google.com',
  'https://datastudio.google.com',
  'https://public.tableau.com',
  'https://*.tableau.com',
  'https://*.online.tableau.com',
] as const;
