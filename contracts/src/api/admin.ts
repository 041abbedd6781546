// Long file: every shape of the administration (organizations, dashboards and their embed modes, users, links, audit).
import * as v from 'valibot';
import { filledIn, IdNameEntries, requiredEmail, requiredText, wholeNumber } from './common';
import { EmailSchema } from './contact';
import { DASHBOARD_CATEGORIES, DASHBOARD_TYPES, type DashboardType, TYPE_OF_EMBED_MODE } from './dashboards';
import { DataScopeInputSchema, EMBED_MODES, guidText, siteUrlText } from './embedding';
import { ASSET_NAME, lookerStudioEmbedUrl, lookerStudioReport, optionalGoogleEmail } from './lookerstudio';
import { UsagePeriodEntries } from './usage';

/** Optional text: missing or null counts as empty. */
const optionalText = (max: number, message: string) =>
  v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((value) => (value ?? '').trim()),
    v.maxLength(max, message),
  );

/** One of a fixed list: `{label} is required` when empty, the list in the message otherwise. */
const oneOf = <const Options extends readonly string[]>(label: string, options: Options) =>
  v.pipe(filledIn(`${label} is required`), v.picklist(options, `${label} must be one of ${options.join(', ')}`));

/** POST /api/admin/organizations and PUT /api/admin/organizations/{id} */
export const OrganizationInputSchema = v.object({
  name: requiredText('Organization name is required'),
  domain: optionalText(253, 'Domain must be at most 253 characters'),
  logoUrl: optionalText(2000, 'Logo URL must be at most 2,000 characters'),
  /**
   * A Google group the organization manages itself (issue 28): its Looker Studio access is granted to
   * `group:<googleGroup>` instead of each member. Missing, null or empty: none.
   */
  googleGroup: optionalGoogleEmail('Google group must be an e-mail address (like analysts@example.com)'),
});
export type OrganizationInput = v.InferInput<typeof OrganizationInputSchema>;
export type OrganizationValues = v.InferOutput<typeof OrganizationInputSchema>;

/** The largest id PostgreSQL's `integer` holds: a larger one names nothing, and must not reach the database. */
const MAX_ID = 2_147_483_647;
const ID_MESSAGE = `Invalid id: a whole number from 1 to ${MAX_ID}`;
export const idLike = v.union(
  [
    wholeNumber(1, MAX_ID, ID_MESSAGE),
    v.pipe(
      v.string(ID_MESSAGE),
      v.regex(/^\d{1,10}$/, ID_MESSAGE),
      v.transform(Number),
      v.minValue(1, ID_MESSAGE),
      v.maxValue(MAX_ID, ID_MESSAGE),
    ),
  ],
  ID_MESSAGE,
);
const optionalId = v.optional(
  v.nullable(
    v.union([
      idLike,
      v.pipe(
        v.literal(''),
        v.transform(() => null),
      ),
    ]),
  ),
  null,
);

/**
 * POST /api/admin/dashboards and PUT /api/admin/dashboards/{id}. In `url` mode the embed URL may be a URL or pasted
 * iframe code; the server keeps only the https `src` (D18). In a token mode (issue 14) the dashboard names its
 * connection and the provider's report, view or dashboard; the server mints a token per organization for each viewer.
 */
export const DashboardInputSchema = v.pipe(
  v.object({
    name: requiredText('Dashboard name is required'),
    description: optionalText(2000, 'Description must be at most 2,000 characters'),
    category: oneOf('Category', DASHBOARD_CATEGORIES),
    /** Required in `url` mode; a token mode decides it (TYPE_OF_EMBED_MODE): missing is that type, another is refused. */
    type: v.pipe(
      v.optional(v.nullable(v.string('Type is required')), ''),
      v.transform((value) => value ?? ''),
      v.check(
        (value) => value === '' || (DASHBOARD_TYPES as readonly string[]).includes(value),
        `Type must be one of ${DASHBOARD_TYPES.join(', ')}`,
      ),
    ),
    embedMode: v.optional(v.picklist(EMBED_MODES, `Embed mode must be one of ${EMBED_MODES.join(', ')}`), 'url'),
    embedUrl: v.pipe(
      v.optional(v.nullable(v.string('Embed URL is required')), ''),
      v.transform((value) => (value ?? '').trim()),
      v.maxLength(10_000, 'Embed code is too long'),
    ),
    thumbnailUrl: optionalText(2000, 'Thumbnail URL must be at most 2,000 characters'),
    isPublic: v.optional(v.boolean(), false),
    connectionId: optionalId,
    workspaceId: v.optional(v.nullable(v.string()), ''),
    reportId: v.optional(v.nullable(v.string()), ''),
    viewUrl: v.optional(v.nullable(v.string()), ''),
    metabaseDashboardId: optionalId,
    /** Looker Studio: the report's id (the embed URL may name it instead). */
    assetName: v.optional(v.nullable(v.string('Report ID must be text')), ''),
  }),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const input = dataset.value;
    const issue = (key: string, message: string) =>
      addIssue({ message, path: [{ type: 'object', origin: 'value', input, key, value: input[key as never] }] });
    const field = <S extends v.GenericSchema<unknown, string>>(
      key: 'workspaceId' | 'reportId' | 'viewUrl',
      schema: S,
    ) => {
      const result = v.safeParse(schema, input[key] ?? '');
      if (result.success) return result.output as string;
      issue(key, result.issues[0].message);
      return '';
    };
    const decided = TYPE_OF_EMBED_MODE[input.embedMode];
    if (decided && input.type && input.type !== decided)
      issue('type', `Type must be ${decided} for a dashboard in ${input.embedMode} mode`);
    if (!decided && !input.type) issue('type', 'Type is required');
    const type = (decided ?? input.type) as DashboardType;
    const base = { ...input, type, workspaceId: '', reportId: '', viewUrl: '', assetName: '' as string };
    if (input.embedMode === 'url') {
      if (!input.embedUrl) issue('embedUrl', 'Embed URL is required');
      return { ...base, connectionId: null, metabaseDashboardId: null };
    }
    if (input.embedMode === 'lookerstudio') return lookerStudioTarget(input, base, issue) ?? NEVER;
    if (input.connectionId === null) issue('connectionId', 'Please choose a connection');
    if (input.isPublic)
      issue('isPublic', 'A public sample must be embedded by its URL: tokens are minted per organization');
    const target = { ...base, embedUrl: '', metabaseDashboardId: null as number | null };
    if (input.embedMode === 'powerbi') {
      target.workspaceId = field('workspaceId', guidText('Workspace ID'));
      target.reportId = field('reportId', guidText('Report ID'));
    } else if (input.embedMode === 'tableau') {
      target.viewUrl = field('viewUrl', siteUrlText('View URL'));
    } else {
      if (input.metabaseDashboardId === null) issue('metabaseDashboardId', 'Metabase dashboard ID is required');
      target.metabaseDashboardId = input.metabaseDashboardId;
    }
    return dataset.issues ? NEVER : target;
  }),
);
export type DashboardInput = v.InferInput<typeof DashboardInputSchema>;

/**
 * A Looker Studio dashboard (issue 28): its connection, the report's id and its embed URL. Either may name the
 * report: the URL is taken as https://lookerstudio.google.com/embed/reporting/<id>[/page/<page>], and must be the
 * report named by `assetName` when both are given.
 */
function lookerStudioTarget<B extends object>(
  input: { embedUrl: string; assetName?: string | null; connectionId: number | null; isPublic: boolean },
  base: B,
  issue: (key: string, message: string) => void,
) {
  const assetName = (input.assetName ?? '').trim();
  if (input.connectionId === null) issue('connectionId', 'Please choose a connection');
  if (input.isPublic)
    issue('isPublic', 'A public sample must be embedded by its URL: access is granted per organization');
  if (assetName && !ASSET_NAME.test(assetName))
    issue('assetName', "Report ID must be the id in the report's address (letters, digits, - and _)");
  const report = input.embedUrl ? lookerStudioReport(input.embedUrl) : null;
  if (input.embedUrl && !report)
    issue(
      'embedUrl',
      'Embed URL must be a Looker Studio report address (https://lookerstudio.google.com/embed/reporting/…)',
    );
  else if (report && assetName && report.assetName !== assetName)
    issue('embedUrl', 'Embed URL is of another report than the Report ID');
  else if (!report && !assetName) issue('assetName', 'Report ID is required');
  const name = assetName || report?.assetName || '';
  return {
    ...base,
    assetName: name,
    embedUrl: report?.embedUrl ?? lookerStudioEmbedUrl(name),
    metabaseDashboardId: null as number | null,
  };
}
export type DashboardValues = v.InferOutput<typeof DashboardInputSchema>;

const adminEmail = requiredEmail('Email is required');

/** POST /api/admin/users (spec section 3: new user form). */
export const NewUserSchema = v.object({
  email: adminEmail,
  firstName: optionalText(100, 'First name must be at most 100 characters'),
  lastName: optionalText(100, 'Last name must be at most 100 characters'),
  organizationId: optionalId,
  isAdmin: v.optional(v.boolean(), false),
  sendRegistrationEmail: v.optional(v.boolean(), true),
});
export type NewUserInput = v.InferInput<typeof NewUserSchema>;
export type NewUserValues = v.InferOutput<typeof NewUserSchema>;

/** PUT /api/admin/users/{id} (spec section 3: edit user form). */
export const EditUserSchema = v.object({
  email: adminEmail,
  firstName: optionalText(100, 'First name must be at most 100 characters'),
  lastName: optionalText(100, 'Last name must be at most 100 characters'),
  organizationIds: v.optional(v.array(idLike), []),
  isAdmin: v.optional(v.boolean()),
  isActive: v.optional(v.boolean()),
  /** The Google account Looker Studio reports are shared with (issue 28); missing: unchanged, null or '': the e-mail. */
  googleAccount: v.optional(optionalGoogleEmail()),
});
export type EditUserInput = v.InferInput<typeof EditUserSchema>;
export type EditUserValues = v.InferOutput<typeof EditUserSchema>;

export const ToggleAdminSchema = v.object({ isAdmin: v.boolean('isAdmin must be true or false') });
export const ToggleStatusSchema = v.object({ isActive: v.boolean('isActive must be true or false') });

export const OrganizationUserSchema = v.object({
  organizationId: idLike,
  userId: idLike,
  role: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(50)), 'Member'),
});

export const OrganizationDashboardSchema = v.object({
  organizationId: v.pipe(
    v.optional(v.union([idLike, v.literal('')]), ''),
    v.check((x) => x !== '', 'Please choose an organization'),
  ),
  dashboardId: v.pipe(
    v.optional(v.union([idLike, v.literal('')]), ''),
    v.check((x) => x !== '', 'Please choose a dashboard'),
  ),
  /** What the organization may see of a token-mode dashboard (issue 14); checked against its provider. */
  dataScope: DataScopeInputSchema,
});

export const AdminEmailActionSchema = v.object({ email: EmailSchema });

/** An organization as the administration shows it. */
export const OrganizationSchema = v.object({
  ...IdNameEntries,
  domain: v.nullable(v.string()),
  logoUrl: v.nullable(v.string()),
  googleGroup: v.nullable(v.string()),
  isActive: v.boolean(),
  createdAt: v.string(),
});
export type AdminOrganization = v.InferOutput<typeof OrganizationSchema>;

/** An organization in the administration's list (issue 27): with how many members and dashboards it has, and SSO. */
export const OrganizationListItemSchema = v.object({
  ...OrganizationSchema.entries,
  memberCount: v.number(),
  dashboardCount: v.number(),
  /** Whether it signs in with its own identity provider (issue 17). */
  ssoEnabled: v.boolean(),
});
export type AdminOrganizationListItem = v.InferOutput<typeof OrganizationListItemSchema>;

/** A member as the organization page lists them (issue 27): the person, their role and how recently they came. */
const OrganizationMemberSchema = v.object({
  id: v.number(),
  email: v.string(),
  /** First and last name, or null when they gave none. */
  name: v.nullable(v.string()),
  role: v.string(),
  isActive: v.boolean(),
  isAdmin: v.boolean(),
  lastLoginAt: v.nullable(v.string()),
  memberSince: v.string(),
});
export type OrganizationMember = v.InferOutput<typeof OrganizationMemberSchema>;

/**
 * GET /api/admin/organizations/{id} (issue 27): everything the organization page shows that no list answers: the
 * organization, its members with their roles, and its usage (views of its members of its dashboards, per day of the
 * last 30 days of the company's zone, counted as the usage report counts them).
 */
export const OrganizationDetailSchema = v.object({
  organization: OrganizationSchema,
  members: v.array(OrganizationMemberSchema),
  usage: v.object({
    ...UsagePeriodEntries,
    days: v.array(v.string()),
    views: v.array(v.number()),
    total: v.number(),
  }),
});
export type OrganizationDetail = v.InferOutput<typeof OrganizationDetailSchema>;

/** PUT /api/admin/organization-users/{organizationId}/{userId}: a member's role in the organization. */
export const MemberRoleSchema = v.object({
  role: v.pipe(
    v.string('Role is required'),
    v.check((text) => !text.includes('\0'), 'Role must not contain a NUL character'),
    v.check(
      (text) => !/[\uD800-\uDFFF]/.test(text.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '')),
      'Role must be valid Unicode text',
    ),
    v.trim(),
    v.minLength(1, 'Role is required'),
    v.maxLength(50, 'Role must be at most 50 characters'),
  ),
});

/** A link between an organization and a dashboard (GET and POST /api/admin/organization-dashboards). */
export const OrganizationDashboardLinkSchema = v.object({
  organizationId: v.number(),
  organizationName: v.string(),
  dashboardId: v.number(),
  dashboardName: v.string(),
  dashboardCategory: v.string(),
  dashboardType: v.string(),
  /** The dashboard's embed mode: in a token mode the link's `dataScope` is what the organization sees. */
  dashboardEmbedMode: v.picklist(EMBED_MODES),
  dataScope: v.nullable(v.record(v.string(), v.unknown())),
});
export type OrganizationDashboardLink = v.InferOutput<typeof OrganizationDashboardLinkSchema>;

/** GET /api/admin/audit (D21) */
export const AuditEntrySchema = v.object({
  id: v.number(),
  actorId: v.nullable(v.number()),
  actorEmail: v.nullable(v.string()),
  /** The actor's first and last name, when they still have an account and a name. */
  actorName: v.nullable(v.string()),
  action: v.string(),
  targetType: v.string(),
  targetId: v.nullable(v.string()),
  /** The target's name (users: e-mail) at the time of the action; kept when the target is deleted later. */
  targetName: v.nullable(v.string()),
  changes: v.nullable(v.record(v.string(), v.unknown())),
  createdAt: v.string(),
});
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>;

export const AdminMessages = {
  ownAdmin: 'Cannot remove own admin privileges',
  ownDeactivate: 'You cannot deactivate your own account',
  ownDelete: 'You cannot delete your own account',
  emailTaken: 'A user with this email already exists',
  linkExists: 'This dashboard is already linked to this organization',
  linkMissing: 'This dashboard is not linked to this organization',
  membershipMissing: 'This user is not a member of this organization',
  embedHttps: 'The embed URL must be an https address (or iframe code whose src is one)',
  thumbnail: 'The thumbnail URL must be an https address or a path on this site',
  logo: 'The logo URL must be an https address or a path on this site',
  picture: 'The picture URL must be an https address or a path on this site',
  unknownConnection: 'Unknown connection',
  connectionProvider: "The connection's provider does not match the embed mode",
  connectionInUse: 'This connection is used by dashboards: move them to another connection first',
  connectionNameTaken: 'A connection with this name already exists',
  noScope: 'This dashboard is not set up for your organization yet',
} as const;
