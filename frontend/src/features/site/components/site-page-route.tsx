import type { SitePageKey } from '@app/contracts';
import { useSuspenseQuery } from '@tanstack/react-query';
import { sitePageQueryOptions } from '../api/site.queries';
import { SitePageView } from './site-page';

/** A legal page's content once its route's loader has it. */
export function SitePageContent({ pageKey }: { pageKey: SitePageKey }) {
  const { data } = useSuspenseQuery(sitePageQueryOptions(pageKey));
  return <SitePageView page={data} />;
}
