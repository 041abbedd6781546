import { readFileSync } from 'node:fs';
import type { EmailTemplate } from '@app/contracts';
import mjml2html from 'mjml';

const templatesDir = new URL('./templates/', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, templatesDir), 'utf8');

export type TemplateVars = Record<string, string>;

export interface RenderedEmail {
  html: string;
  text: string;
}

export interface Renderer {
  render(template: EmailTemplate, vars: TemplateVars): RenderedEmail;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Escaped text with its line breaks kept, for `{{{...}}}` slots. */
export const textToHtml = (value: string) => escapeHtml(value).replace(/\r?\n/g, '<br />');

const SLOT = /\{\{\{\s*(\w+)\s*\}\}\}|\{\{\s*(\w+)\s*\}\}/g;

/**
 * Fills `{{name}}` (escaped when filling `html`) and `{{{name}}}` (inserted as it is). A slot without a
 * value is a bug in the caller, so it throws instead of sending a half-filled e-mail.
 */
export function fill(template: string, vars: TemplateVars, html: boolean): string {
  return template.replace(SLOT, (_, raw: string | undefined, escaped: string | undefined) => {
    const key = (raw ?? escaped) as string;
    const value = vars[key];
    if (value === undefined) throw new Error(`E-mail template variable "${key}" has no value`);
    return raw || !html ? value : escapeHtml(value);
  });
}

/** Compiles one template's MJML inside the shared layout. Slow (tens of milliseconds): done once per template. */
export async function compileTemplate(template: EmailTemplate): Promise<{ html: string; text: string }> {
  const mjml = read('layout.mjml').replace('<!-- content -->', read(`${template}.mjml`));
  const result = await mjml2html(mjml, { validationLevel: 'strict', keepComments: false });
  if (result.errors.length)
    throw new Error(`MJML errors in ${template}: ${result.errors.map((e) => e.formattedMessage).join('; ')}`);
  return { html: result.html, text: read(`${template}.txt`) };
}

/** Compiles every template once, at start; each message then only fills the slots. */
export async function createRenderer(templates: readonly EmailTemplate[]): Promise<Renderer> {
  const compiled = new Map<EmailTemplate, { html: string; text: string }>();
  for (const template of templates) compiled.set(template, await compileTemplate(template));
  return {
    render(template, vars) {
      const source = compiled.get(template);
      if (!source) throw new Error(`Unknown e-mail template: ${template}`);
      return { html: fill(source.html, vars, true), text: fill(source.text, vars, false) };
    },
  };
}
