import type { AdminDashboard, AdminOrganization } from '@app/contracts';

/** An organization as the admin lists answer it; `overrides` change what a test is about. */
export function makeOrganization(overrides: Partial<AdminOrganization> = {}): AdminOrganization {
  return {
    id: 1,
    name: 'Acme',
    domain: 'acme.test',
    logoUrl: null,
    isActive: true,
    createdAt: '2025-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A dashboard as the admin lists answer it; `overrides` change what a test is about. */
export function makeDashboard(overrides: Partial<AdminDashboard> = {}): AdminDashboard {
  return {
    id: 10,
    name: 'Sales Overview',
    description: null,
    category: 'Sales',
    type: 'PowerBI',
    embedUrl: 'https://app.powerbi.com/view?r=1',
    thumbnailUrl: null,
    isPublic: true,
    viewCount: 0,
    lastViewedAt: null,
    ...overrides,
  };
}
