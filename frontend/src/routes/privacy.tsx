import { createFileRoute } from '@tanstack/react-router';
import { sitePageQueryOptions } from '../features/site/api/site.queries';
import { SitePageContent } from '../features/site/components/site-page-route';
import { sitePageHead } from '../lib/seo';

/** /privacy: written by the administrators in Markdown (the product's default text until they do), ADR 037. */
export const Route = createFileRoute('/privacy')({
  loader: ({ context }) => context.queryClient.ensureQueryData(sitePageQueryOptions('privacy')),
  head: sitePageHead('/privacy'),
  component: () => <SitePageContent pageKey="privacy" />,
});
