import { COMPANY_NAME } from '@app/contracts/brand';

/** The SPA's head tags of a server-rendered page (the API wrote the same ones into its HTML, ADR 037). */
export function siteHead({
  title,
  description,
  path,
  image = '/og-image.png',
  type = 'website',
}: {
  title: string;
  description: string;
  path: string;
  image?: string | null;
  type?: 'website' | 'article';
}) {
  return {
    meta: [
      { title },
      { name: 'description', content: description },
      { property: 'og:title', content: title },
      { property: 'og:description', content: description },
      { property: 'og:type', content: type },
      { property: 'og:site_name', content: COMPANY_NAME },
      { property: 'og:image', content: image ?? '/og-image.png' },
      { property: 'og:url', content: path },
    ],
    links: [{ rel: 'canonical', href: path }],
  };
}
