import { failureMessage } from '../../lib/api';
import { toast } from './toast';

/**
 * A destructive toast for a request that failed: `title` ('Update Failed') over the server's message, or `fallback`
 * when it gave none.
 */
export const toastFailure = (title: string, error: unknown, fallback = 'Please try again.') =>
  toast({ title, description: failureMessage(error, fallback), variant: 'destructive' });
