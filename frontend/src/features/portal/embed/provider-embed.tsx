import type { EmbedToken } from '@app/contracts';
import type { EmbedSdk } from './embed-token';
import { MetabaseEmbed } from './metabase-embed';
import { PowerBiEmbed } from './powerbi-embed';
import { TableauEmbed } from './tableau-embed';

/** What a provider's embed does with the viewer around it when its token is renewed. */
export interface RenewalHandlers {
  /** Asks for a new token for the same organization. */
  request: () => Promise<EmbedToken>;
  /** A new token is in use: the viewer shows what it carries (the organizations, an admin's identity panel). */
  onRenewed: (token: EmbedToken) => void;
  /** The dashboard changed under the viewer (another mode or report): it is loaded again with this answer. */
  onReplaced: (token: EmbedToken) => void;
  /** A renewal was refused: access has ended. */
  onEnded: () => void;
}

export interface ProviderEmbedProps<T extends EmbedToken = EmbedToken> {
  token: T;
  /** The dashboard's name: the embed's accessible title. */
  title: string;
  /** The viewer is in fullscreen: the embed fills it (900 px high otherwise, spec section 9). */
  fullscreen: boolean;
  /** The embed has loaded, or failed before loading ('Work in Progress'). */
  onStatus: (status: 'loaded' | 'failed') => void;
  renewal: RenewalHandlers;
}

/** The embed of a token-mode answer, with the SDK its mode needs (downloaded together with the token). */
export function ProviderEmbed({ sdk, token, ...props }: ProviderEmbedProps & { sdk: EmbedSdk }) {
  if (token.mode === 'powerbi' && sdk.mode === 'powerbi')
    return <PowerBiEmbed sdk={sdk.sdk} token={token} {...props} />;
  if (token.mode === 'tableau') return <TableauEmbed token={token} {...props} />;
  if (token.mode === 'metabase') return <MetabaseEmbed token={token} {...props} />;
  return null;
}
