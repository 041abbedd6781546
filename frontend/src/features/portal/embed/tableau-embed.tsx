import type { EmbedToken } from '@app/contracts';
import { useEffect, useRef, useState } from 'react';
import type { ProviderEmbedProps } from './embed-token';
import { useTokenRenewal } from './use-token-renewal';

type TableauToken = Extract<EmbedToken, { mode: 'tableau' }>;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      /** Tableau's Embedding API web component (registered by @tableau/embedding-api). */
      'tableau-viz': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        src: string;
        token: string;
        width?: string;
        height?: string;
        toolbar?: 'top' | 'bottom' | 'hidden';
        'hide-tabs'?: boolean;
        /** Sign in through the frame's own address rather than a cross-origin request from the page. */
        'iframe-auth'?: string;
      };
    }
  }
}

/**
 * A Tableau view in Tableau's own <tableau-viz> with a connected-app token (issue 14). The token is only used to sign
 * in as the view loads, and only once (its `jti`): 'Reset Pages' loads the view again with a fresh one. When the tab
 * is shown again after the token expired, a new one is asked for, which tells whether access has ended; the view
 * that is shown stays (changing its token attribute would reload it).
 */
export function TableauEmbed({ token, title, fullscreen, onStatus, renewal }: ProviderEmbedProps<TableauToken>) {
  const vizRef = useRef<HTMLElement>(null);
  const [initial] = useState(token);
  const onStatusRef = useRef(onStatus);
  onStatusRef.current = onStatus;

  useTokenRenewal({
    expiresAt: initial.expiresAt,
    ahead: false,
    request: renewal.request,
    apply: (next) => {
      if (next.mode !== 'tableau' || next.src !== initial.src) renewal.onReplaced(next);
      else renewal.onRenewed(next);
    },
    onEnded: renewal.onEnded,
  });

  useEffect(() => {
    const viz = vizRef.current;
    if (!viz) return;
    const loaded = () => onStatusRef.current('loaded');
    const failed = () => onStatusRef.current('failed');
    viz.addEventListener('firstinteractive', loaded);
    viz.addEventListener('vizloaderror', failed);
    return () => {
      viz.removeEventListener('firstinteractive', loaded);
      viz.removeEventListener('vizloaderror', failed);
    };
  }, []);

  return (
    <div className={fullscreen ? 'h-full' : 'h-[900px]'} data-testid="tableau-view">
      <tableau-viz
        ref={vizRef}
        src={initial.src}
        token={initial.token}
        // The token goes in the frame's address: the page's Content Security Policy allows frames from the view's
        // site, not requests to it (connect-src 'self'), and the third-party cookie a cross-origin sign-in sets is
        // refused by browsers that block them.
        iframe-auth=""
        width="100%"
        height={fullscreen ? '100%' : '900px'}
        toolbar="bottom"
        title={title}
        className="block h-full w-full"
      />
    </div>
  );
}
