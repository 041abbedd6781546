import type { AdminOrganization } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { matchingOrganizations } from './organization-picker';

const org = (id: number, name: string, domain: string | null = null): AdminOrganization => ({
  id,
  name,
  domain,
  logoUrl: null,
  googleGroup: null,
  isActive: true,
  createdAt: '2026-01-01T00:00:00Z',
});

describe('matchingOrganizations (the user editor’s search, issue 27)', () => {
  const all = [org(1, 'Acme Retail', 'acme.example'), org(2, 'Beta Logistics', 'beta.example'), org(3, 'ACME Labs')];
  it('keeps those whose name or domain holds every word typed, in any case, the chosen ones left out', () => {
    expect(matchingOrganizations(all, 'acme', new Set()).map((o) => o.id)).toEqual([1, 3]);
    expect(matchingOrganizations(all, 'acme', new Set(['1'])).map((o) => o.id)).toEqual([3]);
    expect(matchingOrganizations(all, 'beta.example', new Set()).map((o) => o.id)).toEqual([2]);
    expect(matchingOrganizations(all, '  acme   labs ', new Set()).map((o) => o.id)).toEqual([3]);
    expect(matchingOrganizations(all, '', new Set(['2'])).map((o) => o.id)).toEqual([1, 3]);
    expect(matchingOrganizations(all, 'zzz', new Set())).toEqual([]);
  });
});
