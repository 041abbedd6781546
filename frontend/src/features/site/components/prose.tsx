import { cn } from '../../../lib/cn';

/** How Markdown rendered by the server reads: headings, paragraphs, lists, quotes, tables, code and links. */
const proseClass = cn(
  'max-w-none text-base leading-7 text-slate-700 dark:text-slate-300',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 dark:[&_h2]:text-white',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-slate-900 dark:[&_h3]:text-white',
  '[&_h4]:mt-6 [&_h4]:font-semibold [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:mt-1 [&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-blue-600 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_a]:font-medium [&_a]:text-blue-700 [&_a]:underline dark:[&_a]:text-blue-400 [&_strong]:font-semibold',
  '[&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_code]:text-sm dark:[&_code]:bg-slate-800',
  '[&_pre]:mt-4 [&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-slate-100 [&_pre]:p-4 dark:[&_pre]:bg-slate-800',
  '[&_img]:mt-6 [&_img]:rounded-lg [&_img]:border [&_img]:border-slate-200 dark:[&_img]:border-slate-800',
  '[&_table]:mt-6 [&_table]:w-full [&_table]:text-sm [&_th]:border-b [&_th]:p-2 [&_th]:text-left [&_td]:border-b [&_td]:p-2',
  '[&_td]:border-slate-200 [&_th]:border-slate-300 dark:[&_td]:border-slate-800 dark:[&_th]:border-slate-700 [&_hr]:my-8',
);

/**
 * HTML the server rendered from an administrator's Markdown and sanitized (marked + sanitize-html: no script, event
 * handler, frame, SVG or javascript:/data: link can be in it, ADR 037). The browser never renders Markdown itself.
 */
export function Prose({
  html,
  className,
  'data-testid': testId,
}: {
  html: string;
  className?: string;
  'data-testid'?: string;
}) {
  return (
    <div
      className={cn(proseClass, className)}
      data-testid={testId}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server with sanitize-html (ADR 037)
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
