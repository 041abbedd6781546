/** GET /api/dashboards/public */
export interface PublicDashboard {
  id: number;
  name: string;
  category: string;
  type: string;
}

/** GET /api/dashboards/organization: a client's dashboards, most recently viewed first (D19). */
export interface ClientDashboard {
  id: number;
  name: string;
  category: string;
  type: string;
  description: string | null;
  thumbnailUrl: string | null;
  lastViewedAt: string | null;
}

/** GET /api/dashboards/{id} */
export interface DashboardDetail {
  id: number;
  name: string;
  description: string | null;
  category: string;
  type: string;
  embedUrl: string;
  thumbnailUrl: string | null;
  isPublic: boolean;
}

export const DASHBOARD_CATEGORIES = ['Education', 'Research', 'Operations', 'Sales', 'Finance', 'HR'] as const;
export const DASHBOARD_TYPES = ['PowerBI', 'Looker', 'Tableau', 'Custom'] as const;

/**
 * Hosts whose embeds the portal frames (and the Content Security Policy allows): PowerBI, Looker Studio, Tableau.
 * More can be added at run time with EMBED_HOSTS.
 */
export const DEFAULT_EMBED_HOSTS = [
  'https://app.powerbi.com',
  'https://*.powerbi.com',
  'https://lookerstudio.google.com',
  'https://datastudio.google.com',
  'https://public.tableau.com',
  'https://*.tableau.com',
  'https://*.online.tableau.com',
] as const;
