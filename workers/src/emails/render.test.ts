import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EmailTemplates } from '@app/contracts/server';
import { describe, expect, it } from 'vitest';
import { emailDefinitions, emails } from './index';
import { organizationBrandVars } from './organization-brand';
import {
  checkTemplateVariables,
  compileTemplate,
  createRenderer,
  EmailTemplateError,
  escapeHtml,
  fill,
  textToHtml,
} from './render';

const vars = {
  appUrl: 'https://lucid.example',
  appHost: 'lucid.example',
  companyName: 'Lucid Insight',
  companyEmail: 'hello@lucid.example',
  subject: 'Subject',
  preview: 'Preview',
  organizationBanner: '',
  organizationLine: '',
  name: 'Ada <script>',
  email: 'ada@example.com',
  messageSubject: 'Q & A',
  message: 'Line one\nLine <two>',
  messageHtml: textToHtml('Line one\nLine <two>'),
  receivedAt: 'Monday',
  greetingName: 'Ada <script>',
  link: 'https://lucid.example/register?token=abc',
  heading: 'Choose a new password',
  reason: 'someone asked',
  ignoreLine: 'Ignore it.',
  expiresAt: 'Thursday',
  businessName: 'Engines',
  lineOfWork: 'Manufacturing',
  date: 'Monday, November 2, 2026',
  time: '9:00 AM - 9:30 AM',
  timeZone: 'EST (America/New_York)',
  when: 'Monday, November 2, 2026, 9:00 AM - 9:30 AM EST',
  source: 'Booking form on the website',
  bookedAt: 'Sunday',
  cancelledAt: 'Sunday',
  cancelLink: 'https://lucid.example/booking/cancel?token=abc',
  rescheduleLink: 'https://lucid.example/booking/reschedule?token=abc',
  meeting: 'https://meet.example.com/lucid-7?a=1&b=2',
  movedBy: 'Lucid Insight has moved your free 30-minute consultation to the new time below.',
  previousWhen: 'Monday, November 2, 2026, 9:00 AM - 9:30 AM EST',
  newWhen: 'Tuesday, November 3, 2026, 10:00 AM - 10:30 AM EST',
  movedAt: 'Sunday',
  newEmail: 'ada.new@example.com',
  changedAt: 'Tuesday',
  visitorTime: '',
  googleCalendarLink: 'https://calendar.test/google?a=1&b=2',
  outlookCalendarLink: 'https://calendar.test/outlook?a=1&b=2',
};

type Template = keyof typeof emails;

/** A value for each of an e-mail's own variables, so a new e-mail gets them here without a change to these tests. */
const declaredVars = (template: Template) =>
  Object.fromEntries(emails[template].variables.map((name) => [name, `value of ${name}`]));

/** One e-mail compiled on its own and filled with the values above, and `more`. */
const renderOne = async (template: Template, more: Record<string, string> = {}) =>
  (await createRenderer([emails[template]])).render(template, { ...vars, ...more });

/** How a link stands in the HTML part: its address escaped in an href. */
const href = (link: string) => `href="${link.replaceAll('&', '&amp;')}"`;

describe('filling templates', () => {
  it('escapes {{slots}} for HTML, inserts {{{slots}}} as they are, and leaves text parts unescaped', () => {
    expect(fill('<p>{{name}}</p>{{{messageHtml}}}', vars, true)).toBe(
      '<p>Ada &lt;script&gt;</p>Line one<br />Line &lt;two&gt;',
    );
    expect(fill('{{name}} / {{ messageSubject }}', vars, false)).toBe('Ada <script> / Q & A');
    expect(escapeHtml(`"'&`)).toBe('&quot;&#39;&amp;');
  });

  it('writes {{slot | lines}} escaped with its line breaks in HTML, and as it is in text', () => {
    expect(fill('<p>{{ message | lines }}</p>', vars, true)).toBe(`<p>${textToHtml(vars.message)}</p>`);
    expect(fill('{{message | lines}}', vars, false)).toBe(vars.message);
  });

  it('writes {{slot | link}} as a link when it is an http(s) address, and as escaped text otherwise', () => {
    expect(fill('{{meeting | link}}', vars, true)).toBe(
      '<a href="https://meet.example.com/lucid-7?a=1&amp;b=2">https://meet.example.com/lucid-7?a=1&amp;b=2</a>',
    );
    expect(fill('{{meeting | link}}', vars, false)).toBe(vars.meeting);
    expect(fill('{{name | link}}', vars, true)).toBe('Ada &lt;script&gt;');
    expect(fill('{{x | link}}', { x: 'javascript:alert(1)' }, true)).toBe('javascript:alert(1)');
    expect(fill('{{x | link}}', { x: 'https://a.test/"><script>' }, true)).not.toContain('<script>');
  });

  it('shows a {{#section}} only when its value is not empty, in both parts', () => {
    const template = 'At 10:00 EST.{{#visitorTime}} Your time: {{visitorTime}}.{{/visitorTime}} Bye';
    expect(fill(template, { visitorTime: '' }, true)).toBe('At 10:00 EST. Bye');
    expect(fill(template, { visitorTime: '16:00 <CET>' }, true)).toBe(
      'At 10:00 EST. Your time: 16:00 &lt;CET&gt;. Bye',
    );
    expect(fill(template, { visitorTime: '16:00 <CET>' }, false)).toBe('At 10:00 EST. Your time: 16:00 <CET>. Bye');
    expect(() => fill(template, {}, false)).toThrow('E-mail template variable "visitorTime" has no value');
  });

  it('refuses to send a template with a slot nobody filled', () => {
    expect(() => fill('Hello {{missing}}', vars, true)).toThrow('E-mail template variable "missing" has no value');
  });
});

describe('compiled templates', () => {
  it('compiles every template once into HTML with slots, and fills each with a plain-text part', async () => {
    const renderer = await createRenderer(emailDefinitions);
    for (const template of EmailTemplates) {
      const { html, text } = renderer.render(template, { ...declaredVars(template), ...vars });
      expect(html).toContain('<!doctype html>');
      expect(html).toContain('Lucid Insight');
      expect(html).not.toContain('{{');
      // Every e-mail greets its reader by name, but the contact acknowledgement: it echoes nothing typed (D40).
      if (template === 'contact-acknowledgement') continue;
      expect(html).toContain('Ada &lt;script&gt;');
      expect(text).toContain('Ada <script>');
      expect(text).not.toContain('<table');
    }
  });

  it("keeps the visitor's line breaks in the contact e-mails", async () => {
    const { html, text } = await renderOne('contact-notification');
    expect(text).toContain('Line one\nLine <two>');
    expect(html).toContain('Line one<br />Line &lt;two&gt;');
  });

  it.each(['booking-confirmation', 'booking-reminder', 'booking-moved'] as const)(
    'puts the cancel and reschedule links and the meeting link into %s',
    async (template) => {
      const { html, text } = await renderOne(template);
      for (const link of [vars.cancelLink, vars.rescheduleLink, vars.meeting]) {
        expect(html).toContain(href(link));
        expect(text).toContain(link);
      }
      expect(text).toContain(`Video call: ${vars.meeting}`);
      expect(text).toContain('EST (America/New_York)');
    },
  );

  it.each(['booking-confirmation', 'booking-reminder', 'booking-moved', 'booking-cancelled'] as const)(
    "writes the visitor's own time into %s only when it is known (issue 26)",
    async (template) => {
      const without = await renderOne(template);
      expect(without.text).not.toContain('Your time');
      expect(without.text).not.toContain('where you are');
      expect(without.html).not.toContain('Your time');
      expect(without.html).not.toContain('where you are');
      const berlin = 'Monday, November 2, 2026, 3:00 PM - 3:30 PM CET (Europe/Berlin)';
      const withZone = await renderOne(template, { visitorTime: berlin });
      expect(withZone.text).toContain(berlin);
      expect(withZone.html).toContain(berlin);
      expect(withZone.html).not.toMatch(/\{\{[#/]/);
    },
  );

  it.each(['booking-confirmation', 'booking-moved'] as const)(
    'links Google Calendar and Outlook beside the invite in %s',
    async (template) => {
      const { html, text } = await renderOne(template);
      expect(html).toContain(href(vars.googleCalendarLink));
      expect(html).toContain(href(vars.outlookCalendarLink));
      expect(text).toContain(`Google Calendar: ${vars.googleCalendarLink}`);
      expect(text).toContain(`Outlook: ${vars.outlookCalendarLink}`);
    },
  );

  it('strikes the old time of a moved booking through', async () => {
    const { html, text } = await renderOne('booking-moved');
    expect(html).toContain(`<s>${vars.previousWhen}</s>`);
    expect(text).toContain(`No longer: ${vars.previousWhen}`);
  });

  it.each([
    'user-invitation',
    'password-reset',
    'email-change-confirmation',
    'email-change-address-taken',
    'email-changed-notice',
  ] as const)("heads %s with the person's organizations, in the HTML and the text part", async (template) => {
    const brand = organizationBrandVars({ names: ['Acme & Co', 'Beta'], more: 1, logoUrl: null });
    const { html, text } = await renderOne(template, brand);
    expect(html).toContain(brand.organizationBanner);
    expect(html).toContain('Acme &amp; Co');
    expect(text.startsWith('Acme & Co · Beta and 1 more\n\n')).toBe(true);
  });

  it("heads every e-mail with the company's logo, a PNG the app serves at an absolute address, and its name (issue 26)", async () => {
    const renderer = await createRenderer(emailDefinitions);
    for (const template of EmailTemplates) {
      const { html } = renderer.render(template, { ...declaredVars(template), ...vars });
      expect(html).toContain('<img src="https://lucid.example/email/logo-mark.png" width="32" height="32" alt ');
      expect(html).toContain('>Lucid Insight</span></a>');
      expect(html).not.toContain('&#9679;');
      expect(html).not.toContain('\u25cf');
    }
  });

  it('uses the app URL for links', async () => {
    const { html } = await compileTemplate('contact-acknowledgement');
    expect(html).toContain('href="{{appUrl}}/book-consultation"');
  });
});

describe('e-mail definitions checked against their templates at start-up', () => {
  it('defines every e-mail template exactly once', () => {
    expect(emailDefinitions.map((d) => d.template).sort()).toEqual([...EmailTemplates].sort());
  });

  it('accepts every e-mail of the product: its MJML and text parts use exactly the declared variables', async () => {
    await expect(createRenderer(emailDefinitions)).resolves.toBeDefined();
  });

  it('refuses to start when a declared variable is missing from a template, or a template uses an undeclared one', async () => {
    const declaredMore = {
      template: 'password-reset' as const,
      variables: ['greetingName', 'email', 'link', 'heading', 'reason', 'ignoreLine', 'extra'],
    };
    await expect(createRenderer([declaredMore])).rejects.toThrow(
      'E-mail "password-reset" does not match its templates (password-reset.mjml, password-reset.txt): the MJML part does not use the declared variable "extra"; the text part does not use the declared variable "extra"',
    );
    const declaredLess = {
      template: 'password-reset' as const,
      variables: ['greetingName', 'email', 'heading', 'reason', 'ignoreLine'],
    };
    await expect(createRenderer([declaredLess])).rejects.toThrow(
      'the MJML part uses {{link}}, not declared; the text part uses {{link}}, not declared',
    );
  });

  it('refuses to start when the text part and the MJML disagree', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'email-templates-'));
    try {
      copyFileSync(new URL('./templates/layout.mjml', import.meta.url), join(dir, 'layout.mjml'));
      writeFileSync(
        join(dir, 'password-reset.mjml'),
        '<mj-section><mj-column><mj-text>{{link}}</mj-text></mj-column></mj-section>',
      );
      writeFileSync(join(dir, 'password-reset.txt'), 'Hello {{greetingName}}, {{link}}');
      const templatesDir = pathToFileURL(`${dir}/`);
      await expect(
        createRenderer([{ template: 'password-reset', variables: ['greetingName', 'link'] }], { templatesDir }),
      ).rejects.toThrow('the MJML part does not use the declared variable "greetingName"');
      await expect(
        createRenderer([{ template: 'password-reset', variables: ['link'] }], { templatesDir }),
      ).rejects.toThrow('the text part uses {{greetingName}}, not declared');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a definition that declares a variable the layout supplies', () => {
    expect(() =>
      checkTemplateVariables(
        { template: 'password-reset', variables: ['appUrl'] },
        { html: '{{appUrl}}', text: '{{appUrl}}' },
      ),
    ).toThrow('declares "appUrl", which the layout supplies');
    expect(() =>
      checkTemplateVariables(
        { template: 'password-reset', variables: ['appUrl'] },
        { html: '{{appUrl}}', text: '{{appUrl}}' },
      ),
    ).toThrow(EmailTemplateError);
  });
});
