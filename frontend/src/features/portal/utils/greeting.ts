/** Who the portal greets (spec section 2): the first name, else the e-mail address, else 'Client'. */
export interface PortalUser {
  firstName?: string | null;
  email?: string | null;
  /** Admins preview token-mode dashboards as any linked organization (issue 14). */
  isAdmin?: boolean;
}

export const greetingName = (user: PortalUser | null | undefined): string =>
  user?.firstName?.trim() || user?.email?.trim() || 'Client';

/** Dashboards of type PowerBI (compared case-insensitively) get the navigation tip. */
export const isPowerBiType = (type: string): boolean => type.trim().toLowerCase() === 'powerbi';
