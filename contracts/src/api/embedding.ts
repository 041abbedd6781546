// Long file: every shape of the embedding API (connections, data scopes, tokens), one domain as decision 029 asks.
import * as v from 'valibot';
import { parseUrl } from '../url';
import {
  type CheckResult,
  CheckResultSchema,
  IdNameEntries,
  requiredEmail,
  requiredText,
  TimestampEntries,
} from './common';
import { isLookerStudioHost, SharingLastSyncSchema, serviceAccountKeyProblem } from './lookerstudio';

/**
 * Dashboards protected by tokens minted per organization (issue 14, decision 030): the connections the server mints
 * with, the data scope each organization–dashboard link carries, and the token the viewer asks for.
 */

export const EMBED_PROVIDERS = ['powerbi', 'tableau', 'metabase', 'lookerstudio'] as const;
export type EmbedProvider = (typeof EMBED_PROVIDERS)[number];
/** 'url': the frame's address as pasted (today's behaviour); otherwise the provider whose token the viewer gets. */
export const EMBED_MODES = ['url', ...EMBED_PROVIDERS] as const;
export type EmbedMode = (typeof EMBED_MODES)[number];

export const EMBED_PROVIDER_LABELS: Record<EmbedProvider, string> = {
  powerbi: 'Power BI',
  tableau: 'Tableau',
  metabase: 'Metabase',
  lookerstudio: 'Looker Studio',
};

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A GUID field (Power BI and Entra ids): `{label} is required`, `{label} must be a GUID`. */
export const guidText = (label: string) =>
  v.pipe(
    v.optional(v.string(`${label} is required`), ''),
    v.trim(),
    v.minLength(1, `${label} is required`),
    v.regex(GUID, `${label} must be a GUID (like 00000000-0000-0000-0000-000000000000)`),
  );

/**
 * A Power BI tenant: its id (a GUID) or one of its verified domains (`contoso.onmicrosoft.com`), as Entra accepts in
 * the token URL. Not `common` or `organizations`: client credentials need one tenant.
 */
const TENANT_DOMAIN = /^(?=.{1,253}$)(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.[a-z]{2,63}$/i;
const tenantText = (label: string) =>
  v.pipe(
    v.optional(v.string(`${label} is required`), ''),
    v.trim(),
    v.minLength(1, `${label} is required`),
    v.check(
      (value) => GUID.test(value) || TENANT_DOMAIN.test(value),
      `${label} must be a GUID (like 00000000-0000-0000-0000-000000000000) or a verified domain (like contoso.onmicrosoft.com)`,
    ),
  );

/** An http(s) address of a provider's site (http for air-gapped installs and tests). */
export const siteUrlText = (label: string) =>
  v.pipe(
    v.optional(v.string(`${label} is required`), ''),
    v.trim(),
    v.minLength(1, `${label} is required`),
    v.maxLength(2000, `${label} must be at most 2,000 characters`),
    v.check((value) => {
      const url = parseUrl(value);
      return !!url && (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    }, `${label} must be an https address`),
  );

/**
 * A site the server sends requests to, as a base for its paths: no `?` or `#` (a `#` would turn the appended
 * `/api/health` into a fragment). http passes here only for the server to refuse unless the operator named the host
 * in OUTBOUND_ALLOW_HOSTS (D35).
 */
const siteBaseUrlText = (label: string) =>
  v.pipe(
    siteUrlText(label),
    v.check((value) => !/[?#]/.test(value), `${label} must be the site's address, without ? or #`),
  );

/**
 * A secret field: write-only. Missing or empty on a change keeps the stored one; required when the connection is made
 * (the server says so). Never returned by any route, never logged.
 */
const secretText = (label: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${label} must be text`)), ''),
    v.transform((value) => (value ?? '').trim()),
    v.maxLength(4000, `${label} must be at most 4,000 characters`),
  );

const plainText = (label: string, max = 200) =>
  v.pipe(
    v.optional(v.nullable(v.string(`${label} must be text`)), ''),
    v.transform((value) => (value ?? '').trim()),
    v.maxLength(max, `${label} must be at most ${max} characters`),
  );

const connectionName = requiredText('Connection name is required', 100);

/** The fields of each provider; the secret ones are listed in EMBED_SECRET_FIELDS. */
export const PowerBiConnectionInputSchema = v.object({
  name: connectionName,
  provider: v.literal('powerbi'),
  tenantId: tenantText('Tenant ID'),
  clientId: guidText('Client ID'),
  clientSecret: secretText('Client secret'),
});
export const TableauConnectionInputSchema = v.object({
  name: connectionName,
  provider: v.literal('tableau'),
  siteUrl: siteBaseUrlText('Site URL'),
  /** The site's content URL; empty for the Default site of Tableau Server. */
  siteName: plainText('Site name'),
  clientId: requiredText('Client ID is required'),
  secretId: requiredText('Secret ID is required'),
  secretValue: secretText('Secret value'),
});
export const MetabaseConnectionInputSchema = v.object({
  name: connectionName,
  provider: v.literal('metabase'),
  siteUrl: siteBaseUrlText('Site URL'),
  secretKey: secretText('Embedding secret key'),
});

/**
 * Looker Studio (issue 28): a service account acting, through domain-wide delegation, for a Workspace user who may
 * share the reports. The key is the JSON key file as text (secret); `ownsSharing`: remove VIEWERs the product did not
 * add (D36), otherwise only report them.
 */
export const LookerStudioConnectionInputSchema = v.object({
  name: connectionName,
  provider: v.literal('lookerstudio'),
  serviceAccountKey: v.pipe(
    v.optional(v.nullable(v.string('Service account key must be text')), ''),
    v.transform((value) => (value ?? '').trim()),
    v.maxLength(20_000, 'Service account key must be at most 20,000 characters'),
    v.check(
      (value) => value === '' || serviceAccountKeyProblem(value) === null,
      (issue) => serviceAccountKeyProblem(String(issue.input)) ?? 'Service account key is not valid',
    ),
  ),
  delegatedUser: requiredEmail('Delegated user is required'),
  ownsSharing: v.optional(v.boolean('ownsSharing must be true or false'), false),
});

/** POST /api/admin/embed-connections and PUT /api/admin/embed-connections/{id} */
export const EmbedConnectionInputSchema = v.variant(
  'provider',
  [
    PowerBiConnectionInputSchema,
    TableauConnectionInputSchema,
    MetabaseConnectionInputSchema,
    LookerStudioConnectionInputSchema,
  ],
  `Provider must be one of ${EMBED_PROVIDERS.join(', ')}`,
);
export type EmbedConnectionInput = v.InferInput<typeof EmbedConnectionInputSchema>;
export type EmbedConnectionValues = v.InferOutput<typeof EmbedConnectionInputSchema>;

/** Which fields of each provider are secret: stored sealed, never returned. */
export const EMBED_SECRET_FIELDS = {
  powerbi: ['clientSecret'],
  tableau: ['secretValue'],
  metabase: ['secretKey'],
  lookerstudio: ['serviceAccountKey'],
} as const satisfies Record<EmbedProvider, readonly string[]>;

/**
 * The fields of the providers that are not secret, as a connection shows them: null when its provider has none.
 * Looker Studio's `delegatedUser` is the Workspace user the service account acts as, `serviceAccountEmail` the key's
 * client e-mail (not secret).
 */
const SETTING_KEYS = [
  'tenantId',
  'clientId',
  'siteUrl',
  'siteName',
  'secretId',
  'delegatedUser',
  'serviceAccountEmail',
] as const;
const SettingEntries = Object.fromEntries(SETTING_KEYS.map((key) => [key, v.nullable(v.string())])) as {
  [Key in (typeof SETTING_KEYS)[number]]: v.NullableSchema<v.StringSchema<undefined>, undefined>;
};

/** A connection as the administration sees it: every field but the secrets. */
export const EmbedConnectionSchema = v.object({
  ...IdNameEntries,
  provider: v.picklist(EMBED_PROVIDERS),
  ...SettingEntries,
  /** Looker Studio: whether VIEWERs the product did not add are removed (D36), not only reported. */
  ownsSharing: v.boolean(),
  /** Looker Studio: the last reconcile of its dashboards' sharing. */
  lastSync: SharingLastSyncSchema,
  /** What the last "Test connection" (or the test after a save) found, and when (issue 27); null until tested. */
  lastCheck: v.nullable(v.object({ ...CheckResultSchema.entries, checkedAt: v.string() })),
  /** How many dashboards mint their tokens with it (a connection in use cannot be deleted). */
  dashboardCount: v.number(),
  ...TimestampEntries,
});
export type EmbedConnection = v.InferOutput<typeof EmbedConnectionSchema>;

/** What "Test connection" found. */
export type ConnectionTest = CheckResult;

/** POST and PUT answer the saved connection with what testing it found. */
export const SavedEmbedConnectionSchema = v.object({ ...EmbedConnectionSchema.entries, test: CheckResultSchema });

// Data scope per organization–dashboard link.

const scopeName = (label: string) =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.minLength(1, `${label} must not be empty`),
    v.maxLength(100, `${label} must be at most 100 characters`),
    v.check((value) => !/\p{Cc}/u.test(value), `${label} must not contain control characters`),
  );
const scopeValue = v.pipe(
  v.string('Values must be text'),
  v.maxLength(1000, 'Values must be at most 1,000 characters'),
);
const boundedRecord = <S extends v.GenericSchema>(label: string, value: S) =>
  v.pipe(
    v.record(scopeName(`${label} name`), value),
    v.check((record) => Object.keys(record).length <= 50, `At most 50 ${label.toLowerCase()}s`),
  );

/** Power BI row-level security: the roles, and the identity's username and custom data. */
const PowerBiScopeSchema = v.strictObject(
  {
    roles: v.pipe(
      v.array(scopeName('Role'), 'Roles must be a list of role names'),
      v.maxLength(50, 'At most 50 roles'),
    ),
    username: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(256, 'Username must be at most 256 characters'))),
    customData: v.optional(v.pipe(v.string(), v.maxLength(1024, 'Custom data must be at most 1,024 characters'))),
  },
  'Power BI scope is { roles, username?, customData? }',
);
/** Tableau user attributes (passed as claims of the connected-app token). */
const TableauScopeSchema = v.strictObject(
  {
    attributes: boundedRecord(
      'Attribute',
      v.union([scopeValue, v.pipe(v.array(scopeValue), v.maxLength(100))], 'Attribute values must be text'),
    ),
  },
  'Tableau scope is { attributes: { name: value } }',
);
/** Metabase locked parameters (the `params` of the signed embedding token). */
const MetabaseScopeSchema = v.strictObject(
  {
    params: boundedRecord(
      'Parameter',
      v.union(
        [
          scopeValue,
          v.pipe(v.number(), v.finite()),
          v.boolean(),
          v.null(),
          v.pipe(v.array(v.union([scopeValue, v.pipe(v.number(), v.finite())])), v.maxLength(100)),
        ],
        'Parameter values must be text, numbers or lists of them',
      ),
    ),
  },
  'Metabase scope is { params: { name: value } }',
);

export type PowerBiScope = v.InferOutput<typeof PowerBiScopeSchema>;
export type TableauScope = v.InferOutput<typeof TableauScopeSchema>;
export type MetabaseScope = v.InferOutput<typeof MetabaseScopeSchema>;
export type DataScope = PowerBiScope | TableauScope | MetabaseScope;

export const DATA_SCOPE_SCHEMAS = {
  powerbi: PowerBiScopeSchema,
  tableau: TableauScopeSchema,
  metabase: MetabaseScopeSchema,
} as const;

/**
 * `dataScope` as a link's body carries it: checked against the dashboard's provider by the server (a Power BI
 * dashboard takes a Power BI scope). Null or missing: none (a token-mode dashboard is then refused to the organization).
 */
export const DataScopeInputSchema = v.optional(
  v.nullable(
    v.union(
      [PowerBiScopeSchema, TableauScopeSchema, MetabaseScopeSchema],
      'Data scope must be { roles, username?, customData? } (Power BI), { attributes } (Tableau) or { params } (Metabase)',
    ),
  ),
  null,
);

/** PUT /api/admin/organization-dashboards/{organizationId}/{dashboardId} */
export const LinkScopeInputSchema = v.object({ dataScope: DataScopeInputSchema });

// The embed token.

/** POST /api/dashboards/{id}/embed-token */
export const EmbedTokenRequestSchema = v.object({
  /** Whose view to see, when the person belongs to several organizations linked to the dashboard (admins: any linked one). */
  organizationId: v.optional(
    v.nullable(
      v.union(
        [
          v.pipe(
            v.number('Invalid organization'),
            v.integer('Invalid organization'),
            v.minValue(1),
            v.maxValue(2_147_483_647),
          ),
          v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'Invalid organization'), v.transform(Number)),
        ],
        'Invalid organization',
      ),
    ),
    null,
  ),
});

const OrganizationChoiceSchema = v.object(IdNameEntries);
export type OrganizationChoice = v.InferOutput<typeof OrganizationChoiceSchema>;

/** What every answer carries besides the mode's own fields. */
const embedContext = {
  /** Whose view this is (null for a public dashboard or an admin's own view of a url-mode dashboard). */
  organization: v.nullable(OrganizationChoiceSchema),
  /** The organizations the person may see it as (several: the viewer lets them choose; admins: every linked one). */
  organizations: v.array(OrganizationChoiceSchema),
  /** Admins only (preview): the identity or parameters the token carries; never a secret. Null for everyone else. */
  identity: v.nullable(v.record(v.string(), v.unknown())),
};

export const EmbedTokenSchema = v.variant('mode', [
  v.object({ mode: v.literal('url'), url: v.string(), ...embedContext }),
  v.object({
    mode: v.literal('powerbi'),
    reportId: v.string(),
    embedUrl: v.string(),
    accessToken: v.string(),
    tokenType: v.literal('Embed'),
    expiresAt: v.string(),
    ...embedContext,
  }),
  v.object({ mode: v.literal('tableau'), src: v.string(), token: v.string(), expiresAt: v.string(), ...embedContext }),
  v.object({ mode: v.literal('metabase'), iframeUrl: v.string(), expiresAt: v.string(), ...embedContext }),
]);
export type EmbedToken = v.InferOutput<typeof EmbedTokenSchema>;

/**
 * 202 from POST /api/dashboards/{id}/embed-token (issue 29): the dashboard's Power BI capacity is paused and is being
 * started; ask again after `retryAfterSeconds`.
 */
export const EmbedStartingSchema = v.object({
  status: v.literal('starting'),
  retryAfterSeconds: v.number(),
  message: v.string(),
});
export type EmbedStarting = v.InferOutput<typeof EmbedStartingSchema>;
export const EMBED_STARTING_MESSAGE = 'Starting your dashboard…';

/** What the viewer says when a renewal is refused because access was removed. */
export const ACCESS_ENDED_MESSAGE = 'Your access to this dashboard has ended';
/** Public share links (anyone who has the address sees the data): the admin screen says so. */
export const PUBLIC_SHARE_LINK_WARNING = 'Anyone with this link can see this dashboard';

/**
 * Whether an embed URL is a public share link: Power BI "publish to web" (`/view?r=`), Tableau Public, a Metabase
 * public link, a Looker Studio report (its embed links work for anyone it is shared with, usually anyone with the link).
 */
export function isPublicShareLink(url: string): boolean {
  const parsed = parseUrl(url);
  if (!parsed) return false;
  const host = parsed.hostname.toLowerCase();
  const path = parsed.pathname.toLowerCase();
  if (host.endsWith('powerbi.com') && path.startsWith('/view') && parsed.searchParams.has('r')) return true;
  if (host === 'public.tableau.com') return true;
  if (isLookerStudioHost(host)) return true;
  if (/\/public\/(dashboard|question)\//.test(path)) return true;
  return false;
}
