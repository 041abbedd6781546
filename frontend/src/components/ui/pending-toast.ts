/**
 * A toast kept for the next page, for a toast followed by a full-page navigation (`toastAcrossReload`): in session
 * storage until that page takes it.
 */

/** How a toast looks; declared here, below `toast.ts`, so the two files do not import each other. */
export type ToastVariant = 'default' | 'destructive';

const PENDING_TOAST_KEY = 'pending-toast';
/** A toast kept for the next page is dropped when that page takes longer than this to come (it was not next). */
const PENDING_TOAST_MAX_AGE = 15_000;

export interface PendingToast {
  title: string;
  description?: string;
  variant?: ToastVariant;
  at: number;
}

export function keepToastForNextPage(input: Omit<PendingToast, 'at'>): void {
  try {
    sessionStorage.setItem(PENDING_TOAST_KEY, JSON.stringify({ ...input, at: Date.now() } satisfies PendingToast));
  } catch {
    // Storage may be unavailable (private mode, quota): the toast is then shown only now.
  }
}

/** Whether the previous page kept a toast for this one (it is not taken). */
export function hasPendingToast(): boolean {
  try {
    return sessionStorage.getItem(PENDING_TOAST_KEY) !== null;
  } catch {
    return false;
  }
}

/** The toast `toastAcrossReload` kept for this page, if any; taken once. */
export function takePendingToast(): PendingToast | null {
  try {
    const raw = sessionStorage.getItem(PENDING_TOAST_KEY);
    if (!raw) return null;
    sessionStorage.removeItem(PENDING_TOAST_KEY);
    const pending = JSON.parse(raw) as Partial<PendingToast>;
    if (typeof pending.title !== 'string' || typeof pending.at !== 'number') return null;
    if (Date.now() - pending.at > PENDING_TOAST_MAX_AGE) return null;
    return pending as PendingToast;
  } catch {
    return null;
  }
}
