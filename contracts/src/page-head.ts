/**
 * The head tags every page the site writes itself carries: the marketing pages prerendered at build time
 * (`frontend/vite-prerender.ts`) and the pages the API renders from the database (`backend/src/plugins/server-page.ts`).
 * One list, so a crawler or a link preview reads the same tags from both.
 */

/** A value written inside a double-quoted attribute (or a title): no `&`, `"`, `<` or `>` of it can break out. */
const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface PageHead {
  title: string;
  description: string;
  /** The page's address: its canonical link and `og:url`. */
  url: string;
  /** The address of the picture of a link preview (`og:image`). */
  image: string;
  type?: 'website' | 'article';
}

/** The title, description, canonical link, Open Graph and Twitter card tags of a page, each value escaped. */
export const pageHeadTags = ({ title, description, url, image, type = 'website' }: PageHead): string[] => [
  `<title>${escapeAttr(title)}</title>`,
  `<meta name="description" content="${escapeAttr(description)}">`,
  `<link rel="canonical" href="${escapeAttr(url)}">`,
  `<meta property="og:title" content="${escapeAttr(title)}">`,
  `<meta property="og:description" content="${escapeAttr(description)}">`,
  `<meta property="og:type" content="${type}">`,
  '<meta property="og:site_name" content="Lucid Insight">',
  `<meta property="og:image" content="${escapeAttr(image)}">`,
  `<meta property="og:url" content="${escapeAttr(url)}">`,
  '<meta name="twitter:card" content="summary_large_image">',
];
