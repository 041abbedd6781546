import type { User } from '@app/contracts';

/** How the app greets a user: the first name, else the e-mail address (spec section 2). */
export const displayName = (user: Pick<User, 'firstName' | 'email'>): string => user.firstName?.trim() || user.email;
