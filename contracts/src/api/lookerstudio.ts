import * as v from 'valibot';
import { parseUrl } from '../url';

/**
 * Looker Studio dashboards (issue 28, decision D36): the portal keeps each report's VIEWER members in step with the
 * organizations linked to it, through the Looker Studio API, and keeps link sharing off.
 */

/** A report's id in Looker Studio (the `<id>` of lookerstudio.google.com/reporting/<id>). */
export const ASSET_NAME = /^[A-Za-z0-9_-]{1,200}$/;

/** Looker Studio's hosts, under its current name and its former one (Data Studio); `host` in lower case. */
export const isLookerStudioHost = (host: string) =>
  host === 'lookerstudio.google.com' || host === 'datastudio.google.com';

/** The Looker Studio embed URL of a report, or null when `url` is not one (reporting or embed/reporting, any page). */
export function lookerStudioReport(url: string): { assetName: string; embedUrl: string } | null {
  const parsed = parseUrl(url);
  if (!parsed) return null;
  const host = parsed.hostname.toLowerCase();
  if (parsed.protocol !== 'https:' || !isLookerStudioHost(host)) return null;
  const match = /^(?:\/u\/\d+)?\/(?:embed\/)?reporting\/([A-Za-z0-9_-]{1,200})(\/page\/[A-Za-z0-9_-]{1,200})?\/?$/.exec(
    parsed.pathname,
  );
  if (!match) return null;
  return {
    assetName: match[1]!,
    embedUrl: `https://lookerstudio.google.com/embed/reporting/${match[1]!}${match[2] ?? ''}`,
  };
}

/** The embed URL of a report's first page. */
export const lookerStudioEmbedUrl = (assetName: string) =>
  `https://lookerstudio.google.com/embed/reporting/${assetName}`;

/** Whether a text is a service account's JSON key (what Google's console downloads); the reason when it is not. */
export function serviceAccountKeyProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'Service account key must not contain NUL characters';
  let key: unknown;
  try {
    key = JSON.parse(text);
  } catch {
    return 'Service account key must be the JSON key file Google gives for a service account';
  }
  if (typeof key !== 'object' || key === null || Array.isArray(key))
    return 'Service account key must be the JSON key file Google gives for a service account';
  const fields = key as Record<string, unknown>;
  if (fields.type !== 'service_account')
    return 'Service account key is not a service account key (its "type" must be "service_account")';
  if (typeof fields.client_email !== 'string' || !/^[^@\s]+@[^@\s]+$/.test(fields.client_email))
    return 'Service account key has no client_email';
  if (typeof fields.private_key !== 'string' || !fields.private_key.includes('PRIVATE KEY'))
    return 'Service account key has no private_key';
  return null;
}

/** GET /api/admin/embed-connections/{id}/assets?q= */
export const LookerStudioAssetsQuerySchema = v.object({
  q: v.optional(v.pipe(v.string(), v.maxLength(200, 'Search text must be at most 200 characters')), ''),
});
const LookerStudioAssetSchema = v.object({
  name: v.string(),
  title: v.string(),
  assetType: v.string(),
  owner: v.nullable(v.string()),
  updateTime: v.nullable(v.string()),
});
export type LookerStudioAsset = v.InferOutput<typeof LookerStudioAssetSchema>;
export const LookerStudioAssetsSchema = v.object({ assets: v.array(LookerStudioAssetSchema) });

/** POST /api/admin/embed-connections/{id}/sync: what reconciling every dashboard of the connection did and found. */
export const SharingSyncResultSchema = v.object({
  added: v.number(),
  removed: v.number(),
  /** Members nobody expected (shared by hand): reported; removed only when the connection owns sharing. */
  unexpected: v.array(
    v.object({
      dashboardId: v.number(),
      dashboardName: v.string(),
      assetName: v.string(),
      member: v.string(),
      role: v.string(),
    }),
  ),
  errors: v.array(v.object({ dashboardId: v.number(), dashboardName: v.string(), message: v.string() })),
});
export type SharingSyncResult = v.InferOutput<typeof SharingSyncResultSchema>;

/** The connection's last reconcile, as the Connections tab shows it. */
export const SharingLastSyncSchema = v.nullable(
  v.object({
    at: v.string(),
    added: v.number(),
    removed: v.number(),
    unexpected: v.number(),
    error: v.nullable(v.string()),
  }),
);

const SHARING_STATES = ['in-step', 'pending', 'failing'] as const;
/** A lookerstudio dashboard's sharing as the admin sees it (null for other modes). */
export const DashboardSharingSchema = v.nullable(
  v.object({
    state: v.picklist(SHARING_STATES),
    /** When its members were last known to be exactly who should see it. */
    lastSyncedAt: v.nullable(v.string()),
    error: v.nullable(v.string()),
    /** Whether link sharing (LINK_VIEWER / LINK_EDITOR) is known to be off. */
    linkSharingOff: v.boolean(),
  }),
);
export type DashboardSharing = v.InferOutput<typeof DashboardSharingSchema>;

/** GET /api/dashboards/{id}: for a lookerstudio dashboard, whom the report is shared with for this person. */
export const LookerStudioViewerSchema = v.nullable(
  v.object({
    /** The Google account the frame asks them to sign in with (null for an admin's preview). */
    googleAccount: v.nullable(v.string()),
    /** When their access was granted (the viewer says so when it was less than a minute ago). */
    grantedAt: v.nullable(v.string()),
  }),
);

const INVALID_GOOGLE = 'Please enter a valid Google account (an e-mail address)';
/** A Google account or group e-mail; empty or null means none. */
export const optionalGoogleEmail = (message = INVALID_GOOGLE) =>
  v.pipe(
    v.optional(v.nullable(v.string(message)), null),
    v.transform((value) => (value ?? '').trim().toLowerCase()),
    v.check(
      (value) => value === '' || (value.length <= 254 && /^[^@\s\p{Cc}]+@[^@\s\p{Cc}]+\.[^@\s\p{Cc}]+$/u.test(value)),
      message,
    ),
    v.transform((value) => (value === '' ? null : value)),
  );

/** PUT /api/account/google-account: the Google account Looker Studio reports are shared with (null: the e-mail). */
export const GoogleAccountInputSchema = v.object({ googleAccount: optionalGoogleEmail() });
export const GoogleAccountSchema = v.object({ googleAccount: v.nullable(v.string()) });
