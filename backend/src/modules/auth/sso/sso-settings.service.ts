import { COMPANY_NAME, emailDomain, type SsoSettings, type SsoSettingsValues, type SsoTest } from '@app/contracts';
import type { SecretBox } from '@app/platform/secret-box';
import type { AppDeps } from '../../../deps';
import { isUniqueViolation } from '../../../lib/db-errors';
import { conflict, HttpError, notFound, unprocessable } from '../../../lib/http-error';
import { refuseUnreachableUrl } from '../../../lib/outbound-url';
import { type Actor, changed, withAudit } from '../../audit';
import { checkProvider } from './oidc-client';
import * as repo from './sso.repository';

/**
 * An organization's single sign-on settings (issue 17, decision 034), as administrators change them. The client
 * secret is write-only: sealed with the context `organization-sso:${organizationId}` (a sealed value copied onto
 * another organization does not open), never returned, never logged, never in the audit log; an empty secret on a
 * change keeps the stored one, unless the issuer changes (D35: a secret is sent only where it was entered for). The
 * issuer must be https and public, unless the operator named its host:port in OUTBOUND_ALLOW_HOSTS.
 */

export type SsoSettingsDeps = Pick<AppDeps, 'db' | 'secretBox' | 'config'>;

const ssoSealContext = (organizationId: number) => `organization-sso:${organizationId}`;

const NO_KEY = 'APP_ENCRYPTION_KEY is not set: single sign-on cannot keep its client secret';
const NOT_CONFIGURED = 'Single sign-on is not set up for this organization';

export const redirectUri = (appUrl: string) => new URL('/api/auth/sso/callback', appUrl).href;

function requireBox(box: SecretBox | null): SecretBox {
  if (!box) throw new HttpError(503, NO_KEY);
  return box;
}

const view = (deps: SsoSettingsDeps, row: repo.SsoRow, domains: string[]): SsoSettings => ({
  organizationId: row.organizationId,
  issuer: row.issuer,
  clientId: row.clientId,
  hasClientSecret: Boolean(row.clientSecret),
  domains,
  allowAccountCreation: row.allowAccountCreation,
  redirectUri: redirectUri(deps.config.APP_URL),
  updatedAt: row.updatedAt.toISOString(),
});

async function organizationOr404(deps: SsoSettingsDeps, organizationId: number) {
  const organization = await repo.findOrganization(deps.db, organizationId);
  if (!organization) throw notFound('Organization not found');
  return organization;
}

export async function getSettings(deps: SsoSettingsDeps, organizationId: number): Promise<SsoSettings> {
  await organizationOr404(deps, organizationId);
  const row = await repo.findSettings(deps.db, organizationId);
  if (!row) throw notFound(NOT_CONFIGURED);
  return view(deps, row, await repo.domainsOf(deps.db, organizationId));
}

const domainConflict = (domains: string[]) =>
  conflict(
    domains.length === 1
      ? `The domain ${domains[0]} already belongs to another organization`
      : `The domains ${domains.join(', ')} already belong to other organizations`,
  );

/** PUT: saves the settings and domains (one domain, one organization: 409), audited without the secret. */
export async function saveSettings(
  deps: SsoSettingsDeps,
  actor: Actor,
  organizationId: number,
  input: SsoSettingsValues,
): Promise<SsoSettings> {
  const box = requireBox(deps.secretBox);
  const organization = await organizationOr404(deps, organizationId);
  // The consultancy's own addresses (its administrators') belong to no client organization's provider.
  const own = emailDomain(deps.config.COMPANY_EMAIL);
  if (input.domains.includes(own)) {
    const message = `${own} is ${COMPANY_NAME}'s own domain and cannot belong to a client organization`;
    throw unprocessable(message, [{ path: 'domains', message }]);
  }
  await refuseUnreachableUrl(deps.config.OUTBOUND_ALLOW_HOSTS, 'issuer', 'Issuer URL', input.issuer);
  const taken = await repo.domainsTakenElsewhere(deps.db, organizationId, input.domains);
  if (taken.length) throw domainConflict(taken);
  try {
    const row = await withAudit(deps.db, actor, async (tx) => {
      const before = await repo.lockSettings(tx, organizationId);
      if (!before && !input.clientSecret)
        throw unprocessable('Client secret is required', [
          { path: 'clientSecret', message: 'Client secret is required' },
        ]);
      if (before && before.issuer !== input.issuer && !input.clientSecret) {
        const message = 'Client secret is required: the issuer changed, so enter the secret again to send it there';
        throw unprocessable(message, [{ path: 'clientSecret', message }]);
      }
      const beforeDomains = before ? await repo.domainsOf(tx, organizationId) : [];
      const clientSecret = input.clientSecret
        ? box.seal(input.clientSecret, ssoSealContext(organizationId))
        : before!.clientSecret;
      const saved = await repo.saveSettings(
        tx,
        {
          organizationId,
          issuer: input.issuer,
          clientId: input.clientId,
          clientSecret,
          allowAccountCreation: input.allowAccountCreation,
        },
        input.domains,
      );
      const plain = {
        issuer: input.issuer,
        clientId: input.clientId,
        allowAccountCreation: input.allowAccountCreation,
        domains: input.domains.join(', '),
      };
      const changes = before
        ? {
            ...changed(
              {
                issuer: before.issuer,
                clientId: before.clientId,
                allowAccountCreation: before.allowAccountCreation,
                domains: beforeDomains.join(', '),
              },
              plain,
            ),
            // That the secret changed, never the secret.
            ...(input.clientSecret ? { clientSecret: { from: 'set', to: 'changed' } } : {}),
          }
        : { ...plain, clientSecret: 'set' };
      return {
        action: before ? 'organization.sso.update' : 'organization.sso.create',
        targetType: 'organization',
        targetId: organizationId,
        targetName: organization.name,
        changes,
        result: saved,
      };
    });
    return view(deps, row, input.domains);
  } catch (error) {
    // A parallel save that took one of the domains first.
    if (isUniqueViolation(error))
      throw domainConflict(await repo.domainsTakenElsewhere(deps.db, organizationId, input.domains));
    throw error;
  }
}

/** DELETE: the organization signs in with passwords only again. */
export async function deleteSettings(deps: SsoSettingsDeps, actor: Actor, organizationId: number) {
  const organization = await organizationOr404(deps, organizationId);
  await withAudit(deps.db, actor, async (tx) => {
    const removed = await repo.deleteSettings(tx, organizationId);
    if (!removed) throw notFound(NOT_CONFIGURED);
    return {
      action: 'organization.sso.delete',
      targetType: 'organization',
      targetId: organizationId,
      targetName: organization.name,
      changes: { issuer: removed.issuer, clientId: removed.clientId },
    };
  });
}

/** Opens the stored client secret; null when it does not open (no key, another key, altered). */
export function openClientSecret(box: SecretBox | null, row: repo.SsoRow): string | null {
  if (!box) return null;
  try {
    return box.open(row.clientSecret, ssoSealContext(row.organizationId));
  } catch {
    return null;
  }
}

/** "Test sign-in": fetches and checks the provider's discovery document with the stored settings. */
export async function testSettings(deps: SsoSettingsDeps, organizationId: number): Promise<SsoTest> {
  requireBox(deps.secretBox);
  await organizationOr404(deps, organizationId);
  const row = await repo.findSettings(deps.db, organizationId);
  if (!row) throw notFound(NOT_CONFIGURED);
  const clientSecret = openClientSecret(deps.secretBox, row);
  if (!clientSecret)
    return { ok: false, message: 'The stored client secret does not open with APP_ENCRYPTION_KEY: enter it again' };
  return checkProvider(
    { issuer: row.issuer, clientId: row.clientId, clientSecret },
    deps.config.EMBED_PROVIDER_TIMEOUT_MS,
    { allowHosts: deps.config.OUTBOUND_ALLOW_HOSTS },
  );
}
