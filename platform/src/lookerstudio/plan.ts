import { createHash } from 'node:crypto';
import type { PermissionsMap } from './client';

/**
 * How the portal keeps a member it granted: a digest of it, not the address (`user:a@b.com`), so a person's data
 * erased (which replaces their address wherever it is stored) never hides what must be taken back from Google, and
 * the address is kept nowhere once they are gone. A viewer Google lists is recognised by its digest.
 */
export const memberKey = (member: string) => createHash('sha256').update(member.toLowerCase()).digest('base64url');

/**
 * What a report's permissions should become (issue 28, D36), worked out without calling anyone: the portal owns the
 * VIEWER members it granted (added as organizations give access, removed as they take it away) and keeps link sharing
 * off; OWNERs and EDITORs are never touched; VIEWERs nobody expected (shared by hand) are reported, and removed only
 * when the connection owns sharing.
 */

export interface SharingPlan {
  /** The permissions to write (unchanged roles included), or null when nothing changes. */
  next: PermissionsMap | null;
  added: string[];
  /** VIEWERs taken away (the portal's own, or unexpected ones when it owns sharing) and link-sharing members. */
  removed: string[];
  unexpected: { member: string; role: string }[];
  /** The portal's VIEWERs after the write (by memberKey), with when each was granted. */
  granted: Record<string, string | null>;
}

const LINK_ROLES = ['LINK_VIEWER', 'LINK_EDITOR'] as const;

export function planSharing(input: {
  current: PermissionsMap;
  desired: Set<string>;
  /** By memberKey. */
  granted: Record<string, string | null>;
  ownsSharing: boolean;
  now: Date;
}): SharingPlan {
  const { current, desired, granted, ownsSharing } = input;
  const membersOf = (role: string) => current[role]?.members ?? [];
  const lower = (member: string) => member.toLowerCase();
  const privileged = new Set([...membersOf('OWNER'), ...membersOf('EDITOR')].map(lower));
  const viewers = membersOf('VIEWER');
  const viewerSet = new Set(viewers.map(lower));

  const keep: string[] = [];
  const removed: string[] = [];
  const unexpected: SharingPlan['unexpected'] = [];
  for (const viewer of viewers) {
    const key = lower(viewer);
    if (desired.has(key)) keep.push(viewer);
    else if (memberKey(key) in granted) removed.push(viewer);
    else {
      unexpected.push({ member: viewer, role: 'VIEWER' });
      if (ownsSharing) removed.push(viewer);
      else keep.push(viewer);
    }
  }
  const added = [...desired].filter((member) => !viewerSet.has(member) && !privileged.has(member)).sort();
  const linkMembers = LINK_ROLES.flatMap((role) => membersOf(role));
  removed.push(...linkMembers);

  const nextGranted: Record<string, string | null> = {};
  const at = input.now.toISOString();
  for (const member of desired)
    if (!privileged.has(member))
      nextGranted[memberKey(member)] = granted[memberKey(member)] ?? (added.includes(member) ? at : null);

  if (!added.length && !removed.length) return { next: null, added, removed, unexpected, granted: nextGranted };
  const next: PermissionsMap = {};
  for (const [role, value] of Object.entries(current)) next[role] = { members: [...(value?.members ?? [])] };
  next.VIEWER = { members: [...keep, ...added] };
  for (const role of LINK_ROLES) if (next[role]) next[role] = { members: [] };
  return { next, added, removed, unexpected, granted: nextGranted };
}
