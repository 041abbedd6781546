import { EMBED_PROVIDER_LABELS } from '@app/contracts';
import { checkLookerStudioTarget, testLookerStudio } from './lookerstudio';
import { checkMetabaseTarget, describeMetabase, mintMetabase, testMetabase } from './metabase';
import { checkPowerBiTarget, describePowerBi, mintPowerBi, testPowerBi } from './powerbi';
import { checkTableauTarget, describeTableau, mintTableau, testTableau } from './tableau';
import { type EmbedProviders, type EmbedTarget, type OpenConnection, ProviderError } from './types';

export { isReservedTableauClaim, TABLEAU_RESERVED_CLAIMS } from './tableau';
export type { EmbedIdentity, EmbedProviders, EmbedTarget, OpenConnection, ProviderDeps } from './types';
export { ProviderError } from './types';

/** Whether an error is a provider's fault (ProviderError), as opposed to a bug of ours. */
export const isProviderError = (error: unknown): error is ProviderError => error instanceof ProviderError;

/** A dashboard whose target is of another provider than its connection: the admin has to pick a matching one. */
const mismatch = (connection: OpenConnection, provider: EmbedTarget['provider']) =>
  new ProviderError(
    'not-found',
    `The dashboard is set up for ${EMBED_PROVIDER_LABELS[provider]} but its connection is a ${EMBED_PROVIDER_LABELS[connection.provider]} connection: choose a ${EMBED_PROVIDER_LABELS[provider]} connection`,
  );

/** The provider side of embedding, dispatching on the connection's provider (decision 030). */
export const embedProviders: EmbedProviders = {
  async mint(deps, connection, target, identity) {
    if (target.provider !== connection.provider) throw mismatch(connection, target.provider);
    if (identity.provider !== connection.provider) throw mismatch(connection, identity.provider);
    if (connection.provider === 'powerbi' && target.provider === 'powerbi' && identity.provider === 'powerbi')
      return mintPowerBi(deps, connection, target, identity);
    if (connection.provider === 'tableau' && target.provider === 'tableau' && identity.provider === 'tableau')
      return mintTableau(deps, connection, target, identity);
    if (connection.provider === 'metabase' && target.provider === 'metabase' && identity.provider === 'metabase')
      return mintMetabase(deps, connection, target, identity);
    throw mismatch(connection, target.provider);
  },
  test(deps, connection, probe) {
    switch (connection.provider) {
      case 'powerbi':
        return testPowerBi(deps, connection);
      case 'tableau':
        return testTableau(deps, connection, probe);
      case 'metabase':
        return testMetabase(deps, connection, probe);
      case 'lookerstudio':
        return testLookerStudio(deps, connection);
    }
  },
  async checkTarget(deps, connection, target) {
    if (connection.provider === 'powerbi' && target.provider === 'powerbi')
      return checkPowerBiTarget(deps, connection, target);
    if (connection.provider === 'tableau' && target.provider === 'tableau')
      return checkTableauTarget(deps, connection, target);
    if (connection.provider === 'metabase' && target.provider === 'metabase')
      return checkMetabaseTarget(deps, connection, target);
    if (connection.provider === 'lookerstudio' && target.provider === 'lookerstudio')
      return checkLookerStudioTarget(deps, connection, target);
    return mismatch(connection, target.provider).message;
  },
  describeIdentity(identity) {
    switch (identity.provider) {
      case 'powerbi':
        return describePowerBi(identity);
      case 'tableau':
        return describeTableau(identity);
      case 'metabase':
        return describeMetabase(identity);
    }
  },
};
