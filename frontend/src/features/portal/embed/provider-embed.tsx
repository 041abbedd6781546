import type { EmbedSdk, ProviderEmbedProps } from './embed-token';
import { MetabaseEmbed } from './metabase-embed';
import { PowerBiEmbed } from './powerbi-embed';
import { TableauEmbed } from './tableau-embed';

/** The embed of a token-mode answer, with the SDK its mode needs (downloaded together with the token). */
export function ProviderEmbed({ sdk, token, ...props }: ProviderEmbedProps & { sdk: EmbedSdk }) {
  if (token.mode === 'powerbi' && sdk.mode === 'powerbi')
    return <PowerBiEmbed sdk={sdk.sdk} token={token} {...props} />;
  if (token.mode === 'tableau') return <TableauEmbed token={token} {...props} />;
  if (token.mode === 'metabase') return <MetabaseEmbed token={token} {...props} />;
  return null;
}
