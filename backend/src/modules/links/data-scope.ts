import { DATA_SCOPE_SCHEMAS, EMBED_PROVIDER_LABELS, type EmbedMode } from '@app/contracts';
import * as v from 'valibot';
import { unprocessable } from '../../lib/http-error';
import { isReservedTableauClaim } from '../embedding';

/** The shape of each provider's data scope, as the messages name it. */
const SHAPES = {
  powerbi: '{ roles, username?, customData? }',
  tableau: '{ attributes: { name: value } }',
  metabase: '{ params: { name: value } }',
} as const;

const URL_MODE_SCOPE = 'This dashboard is embedded by URL: it takes no data scope';
const LOOKER_MODE_SCOPE =
  'This is a Looker Studio dashboard: it takes no data scope (the report is shared with each member’s Google account)';

const refused = (message: string) => unprocessable(message, [{ path: 'dataScope', message }]);

/**
 * A link's data scope checked against its dashboard's embed mode (issue 14): none for a `url` dashboard; the shape of
 * the dashboard's provider otherwise; no Tableau attribute named like a claim of the connected-app token. Null (no
 * scope) is always taken: the organization is then refused the dashboard until it has one.
 */
export function checkedScope(mode: EmbedMode, scope: Record<string, unknown> | null): Record<string, unknown> | null {
  if (scope === null) return null;
  if (mode === 'url') throw refused(URL_MODE_SCOPE);
  if (mode === 'lookerstudio') throw refused(LOOKER_MODE_SCOPE);
  const result = v.safeParse(DATA_SCOPE_SCHEMAS[mode], scope);
  if (!result.success)
    throw refused(`This is a ${EMBED_PROVIDER_LABELS[mode]} dashboard: its data scope is ${SHAPES[mode]}`);
  if ('attributes' in result.output) {
    const reserved = Object.keys(result.output.attributes).find(isReservedTableauClaim);
    if (reserved !== undefined)
      throw refused(`"${reserved}" is a claim of Tableau's token: choose another attribute name`);
  }
  return result.output as Record<string, unknown>;
}
