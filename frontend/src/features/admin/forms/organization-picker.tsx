import type { AdminOrganization } from '@app/contracts';
import { useMemo, useState } from 'react';
import { SearchPicker } from '../components/search-picker';

/** How many matches the list shows at once: type more to narrow it (the whole list can run to thousands). */
const SHOWN = 50;

/** The organizations whose name or domain holds every word typed, in any letter case; `chosen` left out. */
export function matchingOrganizations(
  organizations: readonly AdminOrganization[],
  typed: string,
  chosen: ReadonlySet<string>,
): AdminOrganization[] {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  return organizations.filter((o) => {
    if (chosen.has(String(o.id))) return false;
    const text = `${o.name} ${o.domain ?? ''}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/**
 * 'Add to an organization' (issue 27): a searchable combobox over every organization, by name or domain, the ones
 * already chosen left out; picking one calls `onPick` with its id.
 */
export function OrganizationPicker({
  organizations,
  chosen,
  onPick,
}: {
  organizations: readonly AdminOrganization[];
  chosen: ReadonlySet<string>;
  onPick: (id: string) => void;
}) {
  const [typed, setTyped] = useState('');
  const matches = useMemo(() => matchingOrganizations(organizations, typed, chosen), [organizations, typed, chosen]);
  const choices = useMemo(
    () =>
      matches.slice(0, SHOWN).map((o) => ({
        value: String(o.id),
        label: o.isActive ? o.name : `${o.name} (inactive)`,
        detail: o.domain,
      })),
    [matches],
  );
  return (
    <SearchPicker
      label="Add to an organization"
      placeholder="Search by name or domain"
      typed={typed}
      onTyped={setTyped}
      choices={choices}
      onPick={onPick}
      emptyText={typed.trim() ? `No organization matches '${typed.trim()}'` : 'No other organization'}
      more={
        matches.length > SHOWN ? `${(matches.length - SHOWN).toLocaleString('en')} more: type to narrow the list` : null
      }
      testId="edit-user-organization"
      inDialog
    />
  );
}
