/** Who the portal greets (spec section 2): the first name, else the e-mail address, else 'Client'. */
export interface PortalUser {
  firstName?: string | null;
  email?: string | null;
}

export const greetingName = (user: PortalUser | null | undefined): string =>
  user?.firstName?.trim() || user?.email?.trim() || 'Client';

/** Dashboards of type PowerBI (compared case-insensitively) get the navigation tip. */
export const isPowerBiType = (type: string): boolean => type.trim().toLowerCase() === 'powerbi';
