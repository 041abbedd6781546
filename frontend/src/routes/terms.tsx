import { createFileRoute } from '@tanstack/react-router';
import { sitePageQueryOptions } from '../features/site/api/site.queries';
import { SitePageContent } from '../features/site/components/site-page-route';
import { sitePageHead } from '../lib/seo';

/** /terms: written by the administrators in Markdown (the product's default text until they do), ADR 037. */
export const Route = createFileRoute('/terms')({
  loader: ({ context }) => context.queryClient.ensureQueryData(sitePageQueryOptions('terms')),
  head: sitePageHead('/terms'),
  component: () => <SitePageContent pageKey="terms" />,
});
