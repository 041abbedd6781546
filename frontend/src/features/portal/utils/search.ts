import type { ClientDashboard } from '@app/contracts';

/** Lower case, without accents: 'Évaluation' is found by 'evaluation'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The dashboards whose name, category or description hold every word of the query (issue 18), in their order. An
 * empty query keeps them all.
 */
export function searchDashboards(dashboards: ClientDashboard[], query: string): ClientDashboard[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return dashboards;
  return dashboards.filter((d) => {
    const text = fold(`${d.name} ${d.category} ${d.description ?? ''}`);
    return words.every((word) => text.includes(word));
  });
}

/** Favourites first, the server's order otherwise (most recently viewed, then by name): a stable sort. */
export const favouritesFirst = (dashboards: ClientDashboard[]) =>
  [...dashboards].sort((a, b) => Number(b.isFavourite) - Number(a.isFavourite));
