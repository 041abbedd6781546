import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { emailDomain, SsoSettingsInputSchema } from './sso';

describe('emailDomain (issue 17)', () => {
  it('gives the lower-case domain of an address', () => {
    expect(emailDomain('Grace@Staff.School.EDU')).toBe('staff.school.edu');
    expect(emailDomain('a+tag@a.example')).toBe('a.example');
  });

  it('gives nothing for what is no address, so it never reaches a query', () => {
    for (const hostile of [
      '',
      '@a.example',
      'a@',
      'a@a',
      'a@a.example\u0000',
      'a\u0000@a.example',
      'a@\u0000.example',
      'a\uD800@a.example',
      'a b@a.example',
      'a@a..example',
      'a@-a.example',
      `${'x'.repeat(65)}@a.example`,
      'a@a.example,b',
    ])
      expect(emailDomain(hostile), JSON.stringify(hostile)).toBe('');
  });
});

describe('SsoSettingsInputSchema', () => {
  const base = {
    issuer: 'https://login.microsoftonline.com/tid/v2.0',
    clientId: 'c',
    clientSecret: '',
    domains: ['a.example'],
  };

  it('takes an http(s) issuer without credentials, ? or # (the server then asks https and a public address, D35)', () => {
    expect(v.safeParse(SsoSettingsInputSchema, base).success).toBe(true);
    expect(v.safeParse(SsoSettingsInputSchema, { ...base, issuer: 'http://127.0.0.1:8080' }).success).toBe(true);
    for (const issuer of [
      'https://idp.example.com/#',
      'https://idp.example.com/?',
      'https://u:p@idp.example.com',
      'https://idp.example.com/?x=1',
      'javascript:alert(1)',
    ])
      expect(v.safeParse(SsoSettingsInputSchema, { ...base, issuer }).success, issuer).toBe(false);
  });

  it('normalizes domains and refuses public mailbox ones', () => {
    const parsed = v.parse(SsoSettingsInputSchema, { ...base, domains: [' @A.Example ', 'a.example', 'b.example'] });
    expect(parsed.domains).toEqual(['a.example', 'b.example']);
    for (const domains of [['gmail.com'], ['not a domain'], [], ['a.example\u0000']])
      expect(v.safeParse(SsoSettingsInputSchema, { ...base, domains }).success, String(domains)).toBe(false);
  });
});
