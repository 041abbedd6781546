// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { applyPageHead, pageHead } from './document-head';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('pageHead', () => {
  it("takes the deepest route's title and tags, keyed by name, property or rel", () => {
    const head = pageHead([
      { meta: [{ name: 'description', content: 'Site' }] },
      {
        meta: [
          { title: 'Contact | Lucid Insight' },
          { name: 'description', content: 'Contact us' },
          { property: 'og:title', content: 'Contact' },
          undefined,
        ],
        links: [{ rel: 'canonical', href: '/contact' }],
      },
    ]);
    expect(head.title).toBe('Contact | Lucid Insight');
    expect(Object.fromEntries(head.tags)).toEqual({
      'meta[name="description"]': { name: 'description', content: 'Contact us' },
      'meta[property="og:title"]': { property: 'og:title', content: 'Contact' },
      'link[rel="canonical"]': { rel: 'canonical', href: '/contact' },
    });
  });
});

describe('applyPageHead', () => {
  it('sets the title, updates or adds the tags, writes the canonical link absolute, and drops what the next page lacks', () => {
    document.head.innerHTML = '<meta name="description" content="Prerendered">';
    applyPageHead(
      pageHead([
        {
          meta: [{ title: 'Why Us' }, { name: 'description', content: 'Why' }, { name: 'robots', content: 'noindex' }],
          links: [{ rel: 'canonical', href: '/why-us' }],
        },
      ]),
    );
    expect(document.title).toBe('Why Us');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Why');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      new URL('/why-us', document.baseURI).href,
    );

    applyPageHead(pageHead([{ meta: [{ title: 'Sign In' }, { name: 'description', content: 'Sign in' }] }]));
    expect(document.title).toBe('Sign In');
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('Sign in');
  });
});
