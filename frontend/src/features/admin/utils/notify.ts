import { toastFailure } from '../../../components/ui/failure-toast';
import { toast } from '../../../components/ui/toast';

/** A success toast of the admin screen (spec section 8). */
export const notifySuccess = (title: string, description?: string) =>
  toast({ title, ...(description !== undefined && { description }) });

/**
 * A destructive toast: `title` ('Error creating user') with the server's message ('A user with this email already
 * exists', 'Cannot remove own admin privileges') or else `fallback`. The failure is logged too.
 */
export function notifyFailure(title: string, error: unknown, fallback = 'Something went wrong. Please try again.') {
  console.error(title, error);
  return toastFailure(title, error, fallback);
}
