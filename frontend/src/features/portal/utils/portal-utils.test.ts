import type { ClientDashboard } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { ownThumbnail } from './artwork';
import { lastViewedText } from './last-viewed';
import { favouritesFirst, searchDashboards } from './search';

const d = (overrides: Partial<ClientDashboard>): ClientDashboard => ({
  id: 1,
  name: 'Dashboard',
  category: 'Sales',
  type: 'PowerBI',
  description: null,
  thumbnailUrl: null,
  lastViewedAt: null,
  isFavourite: false,
  organizations: [],
  ...overrides,
});

describe('searchDashboards', () => {
  const list = [
    d({ id: 1, name: 'Enrollment Overview', category: 'Education', description: 'Students by campus' }),
    d({ id: 2, name: 'Évaluation des stages', category: 'Research' }),
    d({ id: 3, name: 'Shop floor', category: 'Operations', description: 'Fabrication throughput' }),
  ];
  const ids = (query: string) => searchDashboards(list, query).map((x) => x.id);

  it('matches name, category and description, case and accents aside, every word', () => {
    expect(ids('')).toEqual([1, 2, 3]);
    expect(ids('  ')).toEqual([1, 2, 3]);
    expect(ids('ENROLL')).toEqual([1]);
    expect(ids('research')).toEqual([2]);
    expect(ids('evaluation')).toEqual([2]);
    expect(ids('campus students')).toEqual([1]);
    expect(ids('fabrication education')).toEqual([]);
    expect(ids('\u0000<script>')).toEqual([]);
  });

  it('puts favourites first and keeps the order of the rest', () => {
    const sorted = favouritesFirst([d({ id: 1 }), d({ id: 2, isFavourite: true }), d({ id: 3 })]);
    expect(sorted.map((x) => x.id)).toEqual([2, 1, 3]);
  });
});

describe('lastViewedText', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');
  it.each([
    [null, 'Not viewed yet'],
    ['not a date', 'Not viewed yet'],
    ['2026-11-20T11:59:30Z', 'Last viewed just now'],
    ['2026-11-20T11:55:00Z', 'Last viewed 5 minutes ago'],
    ['2026-11-20T09:00:00Z', 'Last viewed 3 hours ago'],
    ['2026-11-19T10:00:00Z', 'Last viewed yesterday'],
    ['2026-11-17T12:00:00Z', 'Last viewed 3 days ago'],
    ['2026-09-01T12:00:00Z', 'Last viewed 2 months ago'],
    ['2024-11-01T12:00:00Z', 'Last viewed 2 years ago'],
  ])('%s: %s', (at, text) => {
    expect(lastViewedText(at, now)).toBe(text);
  });
});

describe('ownThumbnail', () => {
  it("is the dashboard's own thumbnail, else none: never another dashboard's picture", () => {
    expect(ownThumbnail({ thumbnailUrl: 'https://cdn.example.com/x.png' })).toBe('https://cdn.example.com/x.png');
    expect(ownThumbnail({ thumbnailUrl: null })).toBeNull();
    expect(ownThumbnail({ thumbnailUrl: ' ' })).toBeNull();
  });
});
