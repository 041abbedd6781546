import { EmailTemplates } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { compileTemplate, createRenderer, escapeHtml, fill, textToHtml } from './render';

const vars = {
  appUrl: 'https://lucid.example',
  appHost: 'lucid.example',
  companyName: 'Lucid Insight',
  companyEmail: 'hello@lucid.example',
  subject: 'Subject',
  preview: 'Preview',
  name: 'Ada <script>',
  email: 'ada@example.com',
  messageSubject: 'Q & A',
  message: 'Line one\nLine <two>',
  messageHtml: textToHtml('Line one\nLine <two>'),
  receivedAt: 'Monday',
  greetingName: 'Ada <script>',
  link: 'https://lucid.example/register?token=abc',
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
  newEmail: 'ada.new@example.com',
  changedAt: 'Tuesday',
};

describe('filling templates', () => {
  it('escapes {{slots}} for HTML, inserts {{{slots}}} as they are, and leaves text parts unescaped', () => {
    expect(fill('<p>{{name}}</p>{{{messageHtml}}}', vars, true)).toBe(
      '<p>Ada &lt;script&gt;</p>Line one<br />Line &lt;two&gt;',
    );
    expect(fill('{{name}} / {{ messageSubject }}', vars, false)).toBe('Ada <script> / Q & A');
    expect(escapeHtml(`"'&`)).toBe('&quot;&#39;&amp;');
  });

  it('refuses to send a template with a slot nobody filled', () => {
    expect(() => fill('Hello {{missing}}', vars, true)).toThrow('E-mail template variable "missing" has no value');
  });
});

describe('compiled templates', () => {
  it('compiles every template once into HTML with slots, and fills each with a plain-text part', async () => {
    const renderer = await createRenderer(EmailTemplates);
    for (const template of EmailTemplates) {
      const { html, text } = renderer.render(template, vars);
      expect(html).toContain('<!doctype html>');
      expect(html).toContain('Lucid Insight');
      expect(html).toContain('Ada &lt;script&gt;');
      expect(html).not.toContain('{{');
      expect(text).toContain('Ada <script>');
      expect(text).not.toContain('<table');
    }
  });

  it("keeps the visitor's line breaks in the contact e-mails", () => {
    return createRenderer(['contact-notification']).then((renderer) => {
      const { html, text } = renderer.render('contact-notification', vars);
      expect(text).toContain('Line one\nLine <two>');
      expect(html).toContain('Line one<br />Line &lt;two&gt;');
    });
  });

  it('puts the cancel link into the booking confirmation', async () => {
    const renderer = await createRenderer(['booking-confirmation']);
    const { html, text } = renderer.render('booking-confirmation', vars);
    expect(html).toContain('href="https://lucid.example/booking/cancel?token=abc"');
    expect(text).toContain('https://lucid.example/booking/cancel?token=abc');
    expect(text).toContain('EST (America/New_York)');
  });

  it('uses the app URL for links', async () => {
    const { html } = await compileTemplate('contact-acknowledgement');
    expect(html).toContain('href="{{appUrl}}/book-consultation"');
  });
});
