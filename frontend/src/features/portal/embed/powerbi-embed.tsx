import type { EmbedToken } from '@app/contracts';
import type { Report } from 'powerbi-client';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../../lib/cn';
import type { PowerBiSdk, ProviderEmbedProps } from './embed-token';
import { useTokenRenewal } from './use-token-renewal';

type PowerBiToken = Extract<EmbedToken, { mode: 'powerbi' }>;

/**
 * A Power BI report embedded with Microsoft's SDK and an embed token (issue 14, "embed for your customers"): the
 * page navigation and the filters shown (spec section 2). The token is renewed ahead of its expiry and handed to the
 * report with `setAccessToken`: no reload, the person keeps their page and filters.
 */
export function PowerBiEmbed({
  sdk,
  token,
  title,
  fullscreen,
  onStatus,
  renewal,
}: ProviderEmbedProps<PowerBiToken> & { sdk: PowerBiSdk }) {
  const containerRef = useRef<HTMLDivElement>(null);
  const reportRef = useRef<Report | null>(null);
  // The report is embedded once, with the token it was loaded with; renewals go through setAccessToken.
  const [initial] = useState(token);
  const [renewals, setRenewals] = useState(0);
  const onStatusRef = useRef(onStatus);
  onStatusRef.current = onStatus;

  const { renewNow } = useTokenRenewal({
    expiresAt: initial.expiresAt,
    ahead: true,
    request: renewal.request,
    apply: async (next) => {
      if (next.mode !== 'powerbi' || next.reportId !== initial.reportId) {
        // The dashboard now shows another report or another way: loaded again as it now is.
        renewal.onReplaced(next);
        return;
      }
      const report = reportRef.current;
      if (!report) return;
      await report.setAccessToken(next.accessToken);
      setRenewals((n) => n + 1);
      renewal.onRenewed(next);
    },
    onEnded: renewal.onEnded,
  });
  const renewNowRef = useRef(renewNow);
  renewNowRef.current = renewNow;

  useEffect(() => {
    const element = containerRef.current;
    if (!element) return;
    const { service, factories, models } = sdk;
    const powerbi = new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory);
    let report: Report;
    try {
      report = powerbi.embed(element, {
        type: 'report',
        tokenType: models.TokenType.Embed,
        accessToken: initial.accessToken,
        embedUrl: initial.embedUrl,
        id: initial.reportId,
        permissions: models.Permissions.Read,
        settings: {
          panes: { filters: { visible: true, expanded: false }, pageNavigation: { visible: true } },
        },
      }) as Report;
    } catch {
      // The SDK refused the configuration (an embed URL off Power BI's hosts): 'Work in Progress', never the error.
      onStatusRef.current('failed');
      return () => powerbi.reset(element);
    }
    reportRef.current = report;
    report.setComponentTitle?.(title);
    let loaded = false;
    report.on('loaded', () => {
      loaded = true;
      onStatusRef.current('loaded');
    });
    // An error before the report has loaded is a failed load ('Work in Progress'); after, the report shows it itself
    // (an expired token is renewed at once).
    report.on('error', (event) => {
      const detail = (event as { detail?: { message?: string } }).detail;
      if (detail?.message === 'TokenExpired') renewNowRef.current();
      else if (!loaded) onStatusRef.current('failed');
    });
    return () => {
      reportRef.current = null;
      report.off('loaded');
      report.off('error');
      powerbi.reset(element);
    };
  }, [sdk, initial, title]);

  return (
    <div
      ref={containerRef}
      className={cn('w-full bg-white [&>iframe]:border-0', fullscreen ? 'h-full' : 'h-[900px]')}
      data-testid="powerbi-report"
      data-renewals={renewals}
    />
  );
}
