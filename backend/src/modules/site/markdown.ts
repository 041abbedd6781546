import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** Where a link may lead: the web, mail, a phone, a path on this site, or a place on the page. */
const SAFE_HREF = /^(?:https?:\/\/|mailto:|tel:|\/(?![/\\])|#)/i;

/** GitHub-flavoured Markdown, no raw-HTML pass-through worth trusting: everything it makes is sanitized below. */
const marked = new Marked({ gfm: true, breaks: false, async: false });

/**
 * What an administrator's Markdown may become: text, structure, links and pictures. No script, style, frame, form,
 * SVG or MathML; no event-handler attribute; links only to http(s), mailto and tel or a path on this site; pictures
 * only from https or this site (D18), never `data:`.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    'del',
    's',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title'],
    th: ['align'],
    td: ['align'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  // Dropped with everything inside: their content is code or markup, not text to show.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'svg', 'math', 'template', 'object'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // The page has one <h1> (its title): a Markdown '# heading' becomes the next level down.
    h1: 'h2',
    // A picture without a description is decoration to a screen reader (D26), never an unnamed image.
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? '' } }),
    a: (tagName, attribs) => {
      const href = (attribs.href ?? '').trim();
      // A link to somewhere it may not go (javascript:, data:, ...) stays as its text, not a link to nowhere.
      if (!SAFE_HREF.test(href)) return { tagName: 'span', attribs: {} };
      const external = /^https?:/i.test(href);
      return {
        tagName,
        attribs: external ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } : attribs,
      };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};
// `rel` and `target` are set by the transform above, never taken from the Markdown.
(OPTIONS.allowedAttributes as Record<string, string[]>).a?.push('rel', 'target');

/** Markdown as safe HTML: rendered with `marked`, then sanitized with `sanitize-html` (no script can get through). */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, OPTIONS);
}

/** Text for an HTML text node or a double-quoted attribute. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
