import type { AdminOrganization, User } from '@app/contracts';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { OrganizationPicker } from './organization-picker';

export const removeFromOrganizationQuestion = (email: string, organization: string) =>
  `Remove ${email} from '${organization}'? They will no longer see its dashboards.`;

/**
 * The person's organizations, listed once (issue 27): each membership with a way to remove it, and a searchable
 * combobox to add one. `ids` is the form's `organizationIds`: an organization picked here is saved with 'Update
 * User' (marked until then); a saved membership is removed at once, asked first (`onRemoveSaved`), one added here
 * is simply dropped again.
 */
export function Memberships({
  user,
  organizations,
  ids,
  onChange,
  confirming,
  setConfirming,
  removing,
  onRemoveSaved,
}: {
  user: User;
  organizations: readonly AdminOrganization[];
  ids: readonly string[];
  onChange: (ids: string[]) => void;
  confirming: number | null;
  setConfirming: (id: number | null) => void;
  removing: boolean;
  onRemoveSaved: (organization: { id: number; name: string }) => void;
}) {
  const saved = useMemo(() => new Set(user.organizations.map((o) => String(o.id))), [user.organizations]);
  const chosen = useMemo(() => new Set(ids), [ids]);
  const names = useMemo(() => {
    const map = new Map<string, string>(user.organizations.map((o) => [String(o.id), o.name]));
    for (const o of organizations) map.set(String(o.id), o.name);
    return map;
  }, [organizations, user.organizations]);
  const rows = [...ids]
    .map((id) => ({ id: Number(id), name: names.get(id) ?? `Organization ${id}`, isSaved: saved.has(id) }))
    .sort((a, b) => a.name.localeCompare(b.name));

  return (
    <section aria-labelledby="edit-user-memberships" className="flex flex-col gap-3">
      <h3 id="edit-user-memberships" className="text-sm font-semibold text-slate-900 dark:text-white">
        Organizations
      </h3>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="edit-user-no-memberships">
          Not a member of any organization
        </p>
      ) : (
        <ul className="flex flex-col gap-2" data-testid="edit-user-memberships">
          {rows.map((organization) => (
            <li
              key={organization.id}
              className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-700"
              data-testid="edit-user-membership"
              data-organization-id={organization.id}
              data-saved={organization.isSaved}
            >
              <span className="flex min-w-0 flex-wrap items-center gap-2">
                <Link
                  to="/admin/organizations/$organizationId"
                  params={{ organizationId: String(organization.id) }}
                  className="break-words font-medium text-slate-800 underline-offset-2 hover:underline dark:text-slate-200"
                >
                  {organization.name}
                </Link>
                {organization.isSaved ? null : <Badge variant="info">Added when you update</Badge>}
              </span>
              {organization.isSaved ? (
                <ConfirmDialog
                  open={confirming === organization.id}
                  onOpenChange={(open) => setConfirming(open ? organization.id : null)}
                  trigger={
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Remove from ${organization.name}`}
                      data-testid="edit-user-remove-membership"
                    >
                      Remove
                    </Button>
                  }
                  title="Remove from Organization"
                  question={removeFromOrganizationQuestion(user.email, organization.name)}
                  confirmLabel="Remove"
                  pendingLabel="Removing..."
                  pending={removing}
                  onConfirm={() => onRemoveSaved(organization)}
                  data-testid="remove-membership-dialog"
                />
              ) : (
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Remove from ${organization.name}`}
                  onClick={() => onChange(ids.filter((id) => id !== String(organization.id)))}
                  data-testid="edit-user-remove-membership"
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <OrganizationPicker
        organizations={organizations}
        chosen={chosen}
        onPick={(id) => onChange([...ids.filter((known) => known !== id), id])}
      />
    </section>
  );
}
