import type { EmbedToken } from '@app/contracts';
import { useState } from 'react';
import { cn } from '../../../lib/cn';
import { FRAME_SANDBOX } from '../components/embed-viewer';
import type { ProviderEmbedProps } from './embed-token';
import { useTokenRenewal } from './use-token-renewal';

type MetabaseToken = Extract<EmbedToken, { mode: 'metabase' }>;

/**
 * A Metabase dashboard through its signed embedding URL (issue 14). Each of the dashboard's queries carries the
 * token, so once it has expired a fresh URL is asked for when the tab is shown again, and the frame swapped to it.
 */
export function MetabaseEmbed({ token, title, fullscreen, onStatus, renewal }: ProviderEmbedProps<MetabaseToken>) {
  const [initial] = useState(token);
  const [src, setSrc] = useState(initial.iframeUrl);
  const [renewals, setRenewals] = useState(0);

  useTokenRenewal({
    expiresAt: initial.expiresAt,
    ahead: false,
    request: renewal.request,
    apply: (next) => {
      if (next.mode !== 'metabase') {
        renewal.onReplaced(next);
        return;
      }
      setSrc(next.iframeUrl);
      setRenewals((n) => n + 1);
      renewal.onRenewed(next);
    },
    onEnded: renewal.onEnded,
  });

  return (
    <iframe
      src={src}
      title={title}
      sandbox={FRAME_SANDBOX}
      referrerPolicy="strict-origin-when-cross-origin"
      allow="fullscreen"
      onLoad={() => onStatus('loaded')}
      className={cn('block w-full border-0 bg-white', fullscreen ? 'h-full' : 'h-[900px]')}
      data-testid="metabase-frame"
      data-renewals={renewals}
    />
  );
}
