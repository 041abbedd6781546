import { readFileSync } from 'node:fs';
import type { EmailTemplate } from '@app/contracts/server';
import mjml2html from 'mjml';
import { type EmailDefinition, LAYOUT_VARIABLES } from './define-email';

const defaultTemplatesDir = new URL('./templates/', import.meta.url);

export type TemplateVars = Readonly<Record<string, string>>;

interface RenderedEmail {
  html: string;
  text: string;
}

export interface Renderer {
  render(template: EmailTemplate, vars: TemplateVars): RenderedEmail;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Escaped text with its line breaks kept: what `{{name | lines}}` puts into the HTML part. */
export const textToHtml = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br />');

/** An http(s) address, as `{{name | link}}` makes a link of it in the HTML part. */
const LINKABLE = /^https?:\/\/\S+$/;
const linkToHtml = (value: string) =>
  LINKABLE.test(value) ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value);

const SLOT = /\{\{\{\s*(\w+)\s*\}\}\}|\{\{\s*(\w+)\s*(?:\|\s*(lines|link)\s*)?\}\}/g;
/** `{{#name}}...{{/name}}`: a part shown only when `name` has a value (not ''), such as the visitor's own time. */
const SECTION = /\{\{#(\w+)\}\}([\s\S]*?)\{\{\/\1\}\}/g;

/**
 * Fills `{{name}}` (escaped when filling `html`), `{{name | lines}}` (the same, with line breaks as `<br />`),
 * `{{name | link}}` (the same, a link when the value is an http(s) address), `{{{name}}}` (inserted as it is) and
 * `{{#name}}...{{/name}}` (the part between, only when `name` is not ''). A slot without a value is a bug in the
 * caller, so it throws instead of sending a half-filled e-mail.
 */
export function fill(template: string, vars: TemplateVars, html: boolean): string {
  const shown = template.replace(SECTION, (_, key: string, inner: string) => {
    const value = vars[key];
    if (value === undefined) throw new Error(`E-mail template variable "${key}" has no value`);
    return value === '' ? '' : inner;
  });
  return shown.replace(
    SLOT,
    (_, raw: string | undefined, escaped: string | undefined, filter: 'lines' | 'link' | undefined) => {
      const key = (raw ?? escaped) as string;
      const value = vars[key];
      if (value === undefined) throw new Error(`E-mail template variable "${key}" has no value`);
      if (raw || !html) return value;
      if (filter === 'lines') return textToHtml(value);
      return filter === 'link' ? linkToHtml(value) : escapeHtml(value);
    },
  );
}

/** The names of the slots a template uses. */
export const slotsOf = (template: string) =>
  new Set([
    ...[...template.matchAll(SLOT)].map((m) => (m[1] ?? m[2]) as string),
    ...[...template.matchAll(SECTION)].map((m) => m[1] as string),
  ]);

export interface CompiledTemplate {
  html: string;
  text: string;
}

/** Compiles one template's MJML inside the shared layout. Slow (tens of milliseconds): done once per template. */
export async function compileTemplate(
  template: EmailTemplate,
  templatesDir: URL = defaultTemplatesDir,
): Promise<CompiledTemplate> {
  const read = (file: string) => readFileSync(new URL(file, templatesDir), 'utf8');
  const mjml = read('layout.mjml').replace('<!-- content -->', read(`${template}.mjml`));
  const result = await mjml2html(mjml, { validationLevel: 'strict', keepComments: false });
  if (result.errors.length)
    throw new Error(`MJML errors in ${template}: ${result.errors.map((e) => e.formattedMessage).join('; ')}`);
  return { html: result.html, text: read(`${template}.txt`) };
}

/** A template that does not use exactly the variables its definition declares: the workers refuse to start. */
export class EmailTemplateError extends Error {
  override name = 'EmailTemplateError';
}

/**
 * Checks that the HTML (MJML) and the text part of an e-mail each use exactly the variables its definition declares,
 * besides the layout's: a slot nobody fills, or a declared value the reader never sees, is caught at start-up.
 */
export function checkTemplateVariables(
  definition: Pick<EmailDefinition, 'template' | 'variables'>,
  compiled: CompiledTemplate,
) {
  const declared = new Set(definition.variables);
  const layout = new Set<string>(LAYOUT_VARIABLES);
  const problems: string[] = [];
  for (const name of declared) if (layout.has(name)) problems.push(`declares "${name}", which the layout supplies`);
  for (const [part, source] of [
    ['MJML', compiled.html],
    ['text', compiled.text],
  ] as const) {
    const used = slotsOf(source);
    for (const name of used)
      if (!declared.has(name) && !layout.has(name)) problems.push(`the ${part} part uses {{${name}}}, not declared`);
    for (const name of declared)
      if (!used.has(name)) problems.push(`the ${part} part does not use the declared variable "${name}"`);
  }
  if (problems.length)
    throw new EmailTemplateError(
      `E-mail "${definition.template}" does not match its templates (${definition.template}.mjml, ${definition.template}.txt): ${problems.join('; ')}`,
    );
}

/**
 * Compiles every e-mail's template once, at start, and checks it against its definition; each message then only
 * fills the slots.
 */
export async function createRenderer(
  definitions: readonly Pick<EmailDefinition, 'template' | 'variables'>[],
  { templatesDir = defaultTemplatesDir }: { templatesDir?: URL } = {},
): Promise<Renderer> {
  const compiled = new Map<EmailTemplate, CompiledTemplate>();
  for (const definition of definitions) {
    const source = await compileTemplate(definition.template, templatesDir);
    checkTemplateVariables(definition, source);
    compiled.set(definition.template, source);
  }
  return {
    render(template, vars) {
      const source = compiled.get(template);
      if (!source) throw new Error(`Unknown e-mail template: ${template}`);
      return { html: fill(source.html, vars, true), text: fill(source.text, vars, false) };
    },
  };
}
