import type { DashboardDetail } from '@app/contracts';

/** A dashboard as GET /api/dashboards/5 gives it: a PowerBI report shown by its link; `overrides` change any part. */
export const dashboardDetail = (overrides: Partial<DashboardDetail> = {}): DashboardDetail => ({
  id: 5,
  name: 'Enrollment Overview',
  description: null,
  category: 'Education',
  type: 'PowerBI',
  embedMode: 'url',
  embedUrl: 'https://app.powerbi.com/view?r=abc',
  thumbnailUrl: null,
  isPublic: false,
  lookerStudio: null,
  ...overrides,
});
