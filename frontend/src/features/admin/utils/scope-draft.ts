import type { DataScope, EmbedMode } from '@app/contracts';
import { DATA_SCOPE_SCHEMAS } from '@app/contracts/api/embedding';
import * as v from 'valibot';

/**
 * The data scope of an organization–dashboard link as the admin edits it (issue 14): Power BI roles (comma-separated),
 * username and custom data; Tableau attributes and Metabase locked parameters as name/value rows. Every value is text.
 */

/** The providers whose tokens carry a data scope (a Looker Studio report is shared per organization instead). */
export type ScopedProvider = keyof typeof DATA_SCOPE_SCHEMAS;

interface ScopeRow {
  name: string;
  value: string;
}

export interface ScopeDraft {
  /** The organization sees all the data: an empty scope, said on purpose (an empty form means 'not set up'). */
  unrestricted: boolean;
  roles: string;
  username: string;
  customData: string;
  rows: ScopeRow[];
}

export const emptyScopeDraft = (): ScopeDraft => ({
  unrestricted: false,
  roles: '',
  username: '',
  customData: '',
  rows: [{ name: '', value: '' }],
});

const text = (value: unknown): string =>
  Array.isArray(value) ? value.map(text).join(', ') : value === null || value === undefined ? '' : String(value);

const rowsOf = (record: unknown): ScopeRow[] =>
  record && typeof record === 'object'
    ? Object.entries(record as Record<string, unknown>).map(([name, value]) => ({ name, value: text(value) }))
    : [];

/** A link's stored scope as the editor shows it (null or none: an empty editor). */
export function scopeDraftOf(mode: ScopedProvider, scope: Record<string, unknown> | null): ScopeDraft {
  const draft = emptyScopeDraft();
  if (!scope) return draft;
  if (mode === 'powerbi') {
    const roles = Array.isArray(scope.roles) ? scope.roles.map(text) : [];
    const username = text(scope.username);
    const customData = text(scope.customData);
    return {
      ...draft,
      roles: roles.join(', '),
      username,
      customData,
      unrestricted: !roles.length && !username && !customData,
    };
  }
  const rows = rowsOf(mode === 'tableau' ? scope.attributes : scope.params);
  return rows.length ? { ...draft, rows } : { ...draft, unrestricted: true };
}

/** One refusal of a draft, where the editor shows it: `roles`, `rows[1].name`, `rows` (the list as a whole)... */
interface ScopeIssue {
  path: readonly (string | number)[];
  message: string;
}

/** A role list as typed: comma-separated, trimmed, empty entries dropped. */
const parseRoles = (roles: string) =>
  roles
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);

const EMPTY: Record<ScopedProvider, DataScope> = {
  powerbi: { roles: [] },
  tableau: { attributes: {} },
  metabase: { params: {} },
};

/**
 * The scope a draft gives for a dashboard of `mode`, checked with the contracts' schema (what the server checks too):
 * `scope` null when nothing was filled in (not set up), or the issues under the fields they concern.
 */
export function checkScopeDraft(
  mode: ScopedProvider,
  draft: ScopeDraft,
): { scope: DataScope | null; issues: ScopeIssue[] } {
  if (draft.unrestricted) return { scope: EMPTY[mode], issues: [] };
  const issues: ScopeIssue[] = [];
  let candidate: Record<string, unknown> | null;
  /** Which row a name of the record came from. */
  const rowOf = new Map<string, number>();
  if (mode === 'powerbi') {
    const roles = parseRoles(draft.roles);
    const username = draft.username.trim();
    const customData = draft.customData;
    candidate =
      roles.length || username || customData
        ? { roles, ...(username && { username }), ...(customData && { customData }) }
        : null;
  } else {
    const record: Record<string, string> = {};
    draft.rows.forEach((row, index) => {
      const name = row.name.trim();
      if (!name && !row.value) return;
      if (!name) issues.push({ path: ['rows', index, 'name'], message: 'Name is required' });
      else if (rowOf.has(name)) issues.push({ path: ['rows', index, 'name'], message: `"${name}" is given twice` });
      else {
        rowOf.set(name, index);
        record[name] = row.value;
      }
    });
    candidate = rowOf.size ? (mode === 'tableau' ? { attributes: record } : { params: record }) : null;
  }
  if (issues.length || candidate === null) return { scope: null, issues };
  const result = v.safeParse(DATA_SCOPE_SCHEMAS[mode], candidate);
  if (result.success) return { scope: result.output, issues: [] };
  for (const issue of result.issues) {
    const [first, second] = issue.path ?? [];
    if (mode === 'powerbi') {
      issues.push({ path: [typeof first?.key === 'string' ? first.key : 'roles'], message: issue.message });
      continue;
    }
    // A name or value of the record: under its row; the record as a whole (too many rows): under the list.
    const index = typeof second?.key === 'string' ? rowOf.get(second.key) : undefined;
    const field = second?.origin === 'key' ? 'name' : 'value';
    issues.push({ path: index === undefined ? ['rows'] : ['rows', index, field], message: issue.message });
  }
  return { scope: null, issues };
}

/** Whether a dashboard of `mode` takes a data scope (the token modes; not url, not Looker Studio). */
export const takesScope = (mode: EmbedMode | undefined): mode is ScopedProvider =>
  mode !== undefined && Object.hasOwn(DATA_SCOPE_SCHEMAS, mode);

const pathItem = (key: string | number) =>
  ({ type: typeof key === 'number' ? 'array' : 'object', origin: 'value', input: null, key, value: null }) as never;

type Values<E extends v.ObjectEntries> = v.InferOutput<v.ObjectSchema<E, undefined>>;

/**
 * The schema of a form with the given `entries` and a scope draft (`scope`) for the dashboard whose mode `modeOf`
 * gives: outputs the entries and `dataScope` (null for a url dashboard, or when nothing was filled in). The draft's
 * issues are put under its fields (`scope.roles`, `scope.rows[1].name`).
 */
export function scopedSchema<E extends v.ObjectEntries>(
  entries: E,
  modeOf: (values: Values<E>) => EmbedMode | undefined,
) {
  return v.pipe(
    v.object({ ...entries, scope: v.custom<ScopeDraft>(() => true) }),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const { scope: draft, ...rest } = dataset.value as Values<E> & { scope: ScopeDraft };
      const values = rest as unknown as Values<E>;
      const mode = modeOf(values);
      if (!takesScope(mode)) return { ...values, dataScope: null as DataScope | null };
      const { scope, issues } = checkScopeDraft(mode, draft);
      for (const issue of issues)
        addIssue({ message: issue.message, path: [pathItem('scope'), ...issue.path.map(pathItem)] as never });
      return issues.length ? NEVER : { ...values, dataScope: scope };
    }),
  );
}

/** A link's scope in a few words, for the associations list ('Roles: Sales, EU', 'region = EU'). */
export function scopeSummary(mode: ScopedProvider, scope: Record<string, unknown>): string {
  const draft = scopeDraftOf(mode, scope);
  if (draft.unrestricted) return 'No filter';
  if (mode === 'powerbi') {
    const parts = [draft.roles && `Roles: ${draft.roles}`, draft.username && `Username: ${draft.username}`];
    return [...parts, draft.customData && 'Custom data'].filter(Boolean).join(' · ');
  }
  return draft.rows.map((row) => `${row.name} = ${row.value}`).join(', ');
}
