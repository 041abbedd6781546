import { describe, expect, it } from 'vitest';
import { buildInputsHash } from './build-frontend';

describe("make build's hash of the SPA build's inputs", () => {
  it('is the same for the same inputs, and changes with the environment Vite reads, not with the rest', () => {
    const env = { PATH: '/usr/bin', NODE_ENV: 'production', VITE_API_BASE: '/api' };
    const same = buildInputsHash(env);
    expect(buildInputsHash({ ...env })).toBe(same);
    expect(buildInputsHash({ ...env, HOME: '/elsewhere', DATABASE_URL: 'postgres://x' })).toBe(same);
    expect(buildInputsHash({ ...env, VITE_API_BASE: '/v2' })).not.toBe(same);
    expect(buildInputsHash({ ...env, VITE_NEW: '1' })).not.toBe(same);
    expect(buildInputsHash({ ...env, NODE_ENV: 'development' })).not.toBe(same);
    expect(buildInputsHash({ PATH: '/usr/bin', VITE_API_BASE: '/api' })).not.toBe(same);
  });
});
