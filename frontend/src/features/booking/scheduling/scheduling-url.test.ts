import { describe, expect, it } from 'vitest';
import { buildSchedulingUrl, checkSchedulingUrl } from './scheduling-url';

const BASE = 'https://calendly.com/lucid-insight/30min';
const params = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('buildSchedulingUrl', () => {
  it('adds embed_domain and embed_type to the configured URL', () => {
    const url = buildSchedulingUrl(BASE, { embedType: 'Inline', embedDomain: 'lucid.test:8080' });
    expect(url.startsWith(`${BASE}?`)).toBe(true);
    expect(params(url)).toEqual({ embed_domain: 'lucid.test:8080', embed_type: 'Inline' });
    expect(params(buildSchedulingUrl(BASE, { embedType: 'PopupWidget', embedDomain: 'x' })).embed_type).toBe(
      'PopupWidget',
    );
  });

  it('passes the prefill: name, email and the custom answers a1 and a2 only', () => {
    const url = buildSchedulingUrl(BASE, {
      embedType: 'Inline',
      embedDomain: 'lucid.test',
      prefill: {
        name: 'Ada Lovelace',
        email: 'ada+work@example.com',
        customAnswers: { a1: 'Analytical Engines & Co', a2: 'Mathematics', a3: 'dropped' } as never,
      },
    });
    expect(params(url)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada+work@example.com',
      a1: 'Analytical Engines & Co',
      a2: 'Mathematics',
      embed_domain: 'lucid.test',
      embed_type: 'Inline',
    });
    // Encoded on the wire.
    expect(url).toContain('email=ada%2Bwork%40example.com');
    expect(url).toContain('a1=Analytical+Engines+%26+Co');
  });

  it('passes the optional prefill, page colours without # and utm values; empty ones are left out', () => {
    const url = buildSchedulingUrl(`${BASE}?back=1`, {
      embedType: 'Inline',
      embedDomain: 'lucid.test',
      prefill: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        guests: ['charles@example.com', ' ', 'mary@example.com'],
        location: '+44 20 7946 0000',
        smsReminderNumber: '+44 7700 900000',
        date: '2031-06-02',
        name: '   ',
        email: '',
      },
      pageSettings: {
        backgroundColor: '#FFFFFF',
        textColor: '0f172a',
        primaryColor: '#1d4ed8',
        hideEventTypeDetails: true,
        hideLandingPageDetails: false,
        hideGdprBanner: true,
      },
      utm: { utmCampaign: 'spring', utmContent: 'hero', utmMedium: 'email', utmSource: 'newsletter', utmTerm: 'bi' },
    });
    expect(params(url)).toEqual({
      back: '1',
      background_color: 'ffffff',
      text_color: '0f172a',
      primary_color: '1d4ed8',
      hide_event_type_details: '1',
      hide_gdpr_banner: '1',
      first_name: 'Ada',
      last_name: 'Lovelace',
      guests: 'charles@example.com,mary@example.com',
      location: '+44 20 7946 0000',
      phone_number: '+44 7700 900000',
      month: '2031-06',
      date: '2031-06-02',
      utm_campaign: 'spring',
      utm_content: 'hero',
      utm_medium: 'email',
      utm_source: 'newsletter',
      utm_term: 'bi',
      embed_domain: 'lucid.test',
      embed_type: 'Inline',
    });
  });

  it('ignores a colour that is not hex and a date that is not yyyy-MM-dd', () => {
    const url = buildSchedulingUrl(BASE, {
      embedType: 'Inline',
      embedDomain: 'lucid.test',
      prefill: { date: 'next monday' },
      pageSettings: { primaryColor: 'red"><script>' },
    });
    expect(params(url)).toEqual({ embed_domain: 'lucid.test', embed_type: 'Inline' });
  });

  it('replaces an embed parameter already in the configured URL', () => {
    const url = buildSchedulingUrl(`${BASE}?embed_type=Other&embed_domain=evil.test`, {
      embedType: 'Inline',
      embedDomain: 'lucid.test',
    });
    expect(params(url)).toEqual({ embed_domain: 'lucid.test', embed_type: 'Inline' });
  });
});

describe('checkSchedulingUrl', () => {
  it('accepts https URLs of calendly.com and its subdomains', () => {
    expect(checkSchedulingUrl(BASE)).toEqual({ ok: true, url: BASE });
    expect(checkSchedulingUrl(' https://calendly.com/lucid-insight ')).toEqual({
      ok: true,
      url: 'https://calendly.com/lucid-insight',
    });
    expect(checkSchedulingUrl('https://eu.calendly.com/lucid-insight/30min').ok).toBe(true);
  });

  it('refuses a missing URL', () => {
    for (const value of [null, undefined, '', '   '])
      expect(checkSchedulingUrl(value)).toEqual({ ok: false, reason: 'missing' });
  });

  it('refuses http and other schemes', () => {
    expect(checkSchedulingUrl('http://calendly.com/lucid-insight/30min')).toEqual({ ok: false, reason: 'not-https' });
    expect(checkSchedulingUrl('javascript:alert(1)')).toEqual({ ok: false, reason: 'not-https' });
    expect(checkSchedulingUrl('calendly.com/lucid-insight')).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses other hosts, look-alikes, credentials and ports', () => {
    for (const value of [
      'https://evil.test/lucid-insight/30min',
      'https://calendly.com.evil.test/lucid-insight',
      'https://notcalendly.com/lucid-insight',
      'https://user:pw@calendly.com/lucid-insight',
      'https://calendly.com:8443/lucid-insight',
    ])
      expect(checkSchedulingUrl(value)).toEqual({ ok: false, reason: 'foreign-host' });
  });

  it('refuses URLs that still hold placeholder account text', () => {
    for (const value of [
      'https://calendly.com/your-account/30min',
      'https://calendly.com/YOUR_ACCOUNT/30min',
      'https://calendly.com/example/consultation',
      'https://calendly.com/<account>/30min',
      'https://calendly.com/placeholder',
      'https://calendly.com/',
    ])
      expect(checkSchedulingUrl(value)).toEqual({ ok: false, reason: 'placeholder' });
  });
});
