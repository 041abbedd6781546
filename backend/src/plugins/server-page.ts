import { pageHeadTags } from '@app/contracts/page-head';

/**
 * A page whose words live in the database (case studies, the legal pages: issue 18), written by administrators after
 * the build: the API serves it as the app shell with the page's own head tags (title, description, canonical, Open
 * Graph, JSON-LD) and its content in #root, so a crawler or a link preview reads it without running a script; the
 * SPA then takes the page over (ADR 037).
 */
export interface ServerPage {
  /** The path the page is known by (its canonical link). */
  path: string;
  title: string;
  description: string;
  /** An https address or a path on this site (D18); the site's default picture when absent. */
  image?: string | null;
  type?: 'website' | 'article';
  /** schema.org data, written as JSON-LD. */
  jsonLd?: Record<string, unknown>;
  /** The page's content as HTML, every piece of text already escaped or sanitized. */
  body: string;
}

/** How the API finds a server-rendered page: the page, `'not-found'` (a path of it that names nothing: 404), or null. */
export type ServerPages = (pathname: string) => Promise<ServerPage | 'not-found' | null>;

/**
 * JSON inside <script>: `<` `>` `&` and the two line separators written as \u escapes, so no text of a field (an
 * administrator's `</script>`) can end the element or open a comment.
 */
const jsonForScript = (data: unknown) =>
  JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

const DEFAULT_IMAGE = '/og-image.png';

/** The shell (`spa-shell.html`) turned into the page: its head tags written absolute on `appUrl` (D31). */
export function composeServerPage(shell: string, page: ServerPage, appUrl: string): string {
  const absolute = (path: string) => new URL(path, appUrl).href;
  const image = page.image ? absolute(page.image) : absolute(DEFAULT_IMAGE);
  const head = [
    ...pageHeadTags({ ...page, url: absolute(page.path), image }),
    page.jsonLd ? `<script type="application/ld+json">${jsonForScript(page.jsonLd)}</script>` : '',
  ].join('');
  return (
    shell
      // The app renders this page itself once loaded (main.tsx reads the mark): the HTML is no React tree to hydrate.
      .replace('<html lang="en">', '<html lang="en" data-server-page="">')
      .replace(/<title>[^<]*<\/title>/, '')
      .replace(/<meta\s+name="description"[^>]*>/, '')
      .replace('</head>', () => `${head}</head>`)
      .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>`)
  );
}
