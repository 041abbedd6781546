import { ConfigError } from '@app/platform/env';
import { describe, expect, it } from 'vitest';
import { loadApiConfig } from './env';
import { assertStartable } from './startup-checks';

const base = {
  DATABASE_URL: 'postgres://localhost/app',
  REDIS_URL: 'redis://localhost:6379',
  APP_URL: 'https://lucid.example',
  COMPANY_EMAIL: 'hello@lucid.example',
};
const KEY = Buffer.alloc(32, 7).toString('base64');
const check = (env: Record<string, string>) => () => assertStartable(loadApiConfig({ ...base, ...env }), env);

describe('starting the API in production (NODE_ENV=production)', () => {
  it('is refused without a METRICS_TOKEN, which would leave /metrics public', () => {
    expect(check({ NODE_ENV: 'production' })).toThrow(ConfigError);
    expect(check({ NODE_ENV: 'production' })).toThrow(/METRICS_TOKEN: required when NODE_ENV=production/);
    expect(check({ NODE_ENV: 'production', METRICS_TOKEN: '   ' })).toThrow(/METRICS_TOKEN: required/);
  });

  it('is refused with a short, guessable token', () => {
    expect(check({ NODE_ENV: 'production', METRICS_TOKEN: 'secret' })).toThrow(/at least 16 characters/);
  });

  it('is refused without an APP_ENCRYPTION_KEY, saying how to make one (decision 045)', () => {
    expect(check({ NODE_ENV: 'production', METRICS_TOKEN: 'a'.repeat(32) })).toThrow(
      /APP_ENCRYPTION_KEY: required when NODE_ENV=production .*openssl rand -base64 32/,
    );
  });

  it('goes ahead with a real token and key, and outside production without them', () => {
    expect(check({ NODE_ENV: 'production', METRICS_TOKEN: 'a'.repeat(32), APP_ENCRYPTION_KEY: KEY })).not.toThrow();
    expect(check({})).not.toThrow();
    expect(check({ NODE_ENV: 'development' })).not.toThrow();
  });
});
