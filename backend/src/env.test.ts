import { ConfigError } from '@app/platform/env';
import { apiEnv as good } from '@app/testing/config-env';
import { describe, expect, it } from 'vitest';
import { apiRequiredVariables, loadApiConfig } from './env';

describe('API configuration', () => {
  it('names every missing variable in one message', () => {
    expect(() => loadApiConfig({})).toThrow(ConfigError);
    try {
      loadApiConfig({});
    } catch (error) {
      for (const name of apiRequiredVariables) expect((error as Error).message).toContain(`${name} is required`);
      expect((error as ConfigError).problems).toHaveLength(apiRequiredVariables.length);
    }
  });

  it('reads OUTBOUND_ALLOW_HOSTS as host:port pairs, none by default, and refuses a malformed one at start (D35)', () => {
    expect(loadApiConfig(good).OUTBOUND_ALLOW_HOSTS).toEqual([]);
    expect(
      loadApiConfig({ ...good, OUTBOUND_ALLOW_HOSTS: 'IdP.Corp.Example:443, 127.0.0.1:9000' }).OUTBOUND_ALLOW_HOSTS,
    ).toEqual(['idp.corp.example:443', '127.0.0.1:9000']);
    expect(() => loadApiConfig({ ...good, OUTBOUND_ALLOW_HOSTS: 'metabase.internal' })).toThrow(
      /OUTBOUND_ALLOW_HOSTS: "metabase.internal" is not a host:port pair/,
    );
  });

  it('names every bad value with what it should be', () => {
    const bad = () =>
      loadApiConfig({
        ...good,
        DATABASE_URL: 'mysql://x',
        COMPANY_EMAIL: 'nope',
        PORT: 'eighty',
        BOOKING_TIMEZONE: 'Mars/Olympus',
        SCHEDULING_URL: 'http://calendly.com/x',
        MEETING_URL_TEMPLATE: 'http://meet.example.com/{bookingId}',
      });
    expect(bad).toThrow(/DATABASE_URL: must be a PostgreSQL URL/);
    expect(bad).toThrow(/COMPANY_EMAIL: must be an e-mail address/);
    expect(bad).toThrow(/PORT: must be a port number/);
    expect(bad).toThrow(/BOOKING_TIMEZONE: must be an IANA time zone/);
    expect(bad).toThrow(/SCHEDULING_URL: must be a https URL/);
    expect(bad).toThrow(/MEETING_URL_TEMPLATE: must be an https URL \(http only for localhost\)/);
  });

  it('takes TRUST_PROXY as false, true, a number of proxies or a list of proxy networks, and nothing else', () => {
    for (const value of ['false', 'true', '2', '10.0.0.0/8,192.168.0.1', 'fd00::/8'])
      expect(loadApiConfig({ ...good, TRUST_PROXY: value }).TRUST_PROXY).toBe(value);
    expect(() => loadApiConfig({ ...good, TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: "yes" is not an address/);
    expect(() => loadApiConfig({ ...good, TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY:/);
  });

  it('takes SOCIAL_LINKS as https profile addresses on LinkedIn, X or GitHub, empty by default (issue 26)', () => {
    expect(loadApiConfig(good).SOCIAL_LINKS).toBe('');
    const links = 'https://www.linkedin.com/company/lucid-insight,https://github.com/lucid-insight';
    expect(loadApiConfig({ ...good, SOCIAL_LINKS: links }).SOCIAL_LINKS).toBe(links);
    expect(() => loadApiConfig({ ...good, SOCIAL_LINKS: 'https://www.linkedin.com/' })).toThrow(
      /SOCIAL_LINKS: "https:\/\/www.linkedin.com\/" is not an https profile address/,
    );
  });

  it('takes the single sign-on settings as optional, the issuer only as an http(s) URL', () => {
    expect(loadApiConfig(good).OIDC_ISSUER).toBeUndefined();
    const oidc = { OIDC_ISSUER: 'https://id.example.com/', OIDC_CLIENT_ID: 'app', OIDC_CLIENT_SECRET: 's' };
    expect(loadApiConfig({ ...good, ...oidc })).toMatchObject(oidc);
    expect(() => loadApiConfig({ ...good, OIDC_ISSUER: 'id.example.com' })).toThrow(
      /OIDC_ISSUER: must be a http\(s\) URL/,
    );
  });

  it('fills in defaults and treats empty values as missing', () => {
    const config = loadApiConfig({ ...good, PORT: '', SCHEDULING_URL: '  ' });
    expect(config).toMatchObject({
      PORT: 3000,
      BOOKING_TIMEZONE: 'America/New_York',
      QUEUE_PREFIX: 'bull',
      RESCHEDULE_NOTICE_HOURS: 4,
    });
    expect(loadApiConfig({ ...good, RESCHEDULE_NOTICE_HOURS: '24' }).RESCHEDULE_NOTICE_HOURS).toBe(24);
    expect(() => loadApiConfig({ ...good, RESCHEDULE_NOTICE_HOURS: 'four' })).toThrow(/RESCHEDULE_NOTICE_HOURS/);
    expect(config.SCHEDULING_URL).toBeUndefined();
    expect(apiRequiredVariables).toEqual(['DATABASE_URL', 'REDIS_URL', 'APP_URL', 'COMPANY_EMAIL']);
  });

  it('takes the database pool size (default 10) and the PgBouncer switch (default false), and refuses bad values', () => {
    expect(loadApiConfig(good)).toMatchObject({ DATABASE_POOL_SIZE: 10, DATABASE_PGBOUNCER: false });
    expect(loadApiConfig({ ...good, DATABASE_POOL_SIZE: '25', DATABASE_PGBOUNCER: 'TRUE' })).toMatchObject({
      DATABASE_POOL_SIZE: 25,
      DATABASE_PGBOUNCER: true,
    });
    for (const size of ['0', '-1', '2.5', 'ten', '1001'])
      expect(() => loadApiConfig({ ...good, DATABASE_POOL_SIZE: size }), size).toThrow(
        /DATABASE_POOL_SIZE: must be a whole number of connections from 1 to 1000/,
      );
    for (const flag of ['yes', '1', 'on', 'transaction'])
      expect(() => loadApiConfig({ ...good, DATABASE_PGBOUNCER: flag }), flag).toThrow(
        /DATABASE_PGBOUNCER: must be true or false/,
      );
  });
});
