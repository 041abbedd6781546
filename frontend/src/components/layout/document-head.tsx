import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';

/** What the matched routes' `head()` give: the title, meta tags by name or property, and links by rel. */
interface PageHead {
  title?: string;
  /** Selector (`meta[name="description"]`) → attributes. */
  tags: [string, Record<string, string>][];
}

/** The attributes of a tag as `head()` gives them (`{ name: 'description', content: '...' }`). */
type TagAttributes = { [name: string]: unknown };

interface RouteHeadParts {
  meta?: readonly (object | undefined)[] | undefined;
  links?: readonly (object | undefined)[] | undefined;
}

const attributes = (entry: TagAttributes) =>
  Object.fromEntries(Object.entries(entry).filter((pair): pair is [string, string] => typeof pair[1] === 'string'));

/** The head of the matched routes, the deepest route winning (as TanStack Router's `HeadContent`). */
export function pageHead(matches: readonly RouteHeadParts[]): PageHead {
  let title: string | undefined;
  const tags = new Map<string, Record<string, string>>();
  for (const match of matches) {
    for (const tag of match.meta ?? []) {
      if (!tag) continue;
      const meta = tag as TagAttributes;
      if (typeof meta.title === 'string') title = meta.title;
      else if (typeof meta.name === 'string') tags.set(`meta[name=${JSON.stringify(meta.name)}]`, attributes(meta));
      else if (typeof meta.property === 'string')
        tags.set(`meta[property=${JSON.stringify(meta.property)}]`, attributes(meta));
    }
    for (const tag of match.links ?? []) {
      const link = tag as TagAttributes | undefined;
      if (link && typeof link.rel === 'string') tags.set(`link[rel=${JSON.stringify(link.rel)}]`, attributes(link));
    }
  }
  return { ...(title !== undefined && { title }), tags: [...tags] };
}

/**
 * Addresses written absolute: search engines want the canonical link so (a relative one is taken as a mistake), and
 * Open Graph wants its image and page address so. The prerendered HTML has them relative, as the build does not know the
 * site's origin; the server writes them absolute on APP_URL when it serves the page (D31).
 */
const ABSOLUTE = new Set([
  'link[rel="canonical"] href',
  'meta[property="og:image"] content',
  'meta[property="og:url"] content',
]);

/** The tags this app has put in <head>, so that a page without one takes it away again. */
const placed = new Set<string>();

export function applyPageHead({ title, tags }: PageHead, head: HTMLHeadElement = document.head): void {
  if (title !== undefined && document.title !== title) document.title = title;
  const wanted = new Map(tags);
  for (const selector of placed)
    if (!wanted.has(selector)) {
      head.querySelector(selector)?.remove();
      placed.delete(selector);
    }
  for (const [selector, attrs] of wanted) {
    let element = head.querySelector(selector);
    if (!element) {
      element = document.createElement(selector.startsWith('link') ? 'link' : 'meta');
      head.append(element);
    }
    for (const [name, value] of Object.entries(attrs)) {
      const written = ABSOLUTE.has(`${selector} ${name}`) ? new URL(value, document.baseURI).href : value;
      if (element.getAttribute(name) !== written) element.setAttribute(name, written);
    }
    placed.add(selector);
  }
}

/**
 * Keeps <head> in step with the page: its title, description, Open Graph tags, canonical link and robots rule come
 * from the routes' `head()` and are set after each navigation. A prerendered page (D25) already has them in its
 * HTML; what it set is taken away again by the next page that does not name it.
 */
export function DocumentHead() {
  const head = useRouterState({ select: (state) => JSON.stringify(pageHead(state.matches)) });
  useEffect(() => applyPageHead(JSON.parse(head) as PageHead), [head]);
  return null;
}
