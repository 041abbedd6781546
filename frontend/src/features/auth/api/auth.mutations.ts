import type { LoginValues, ProfileInput, SecondFactorInput, User } from '@app/contracts';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { apiRequest } from '../../../lib/api';
import { currentUserQueryKey, replaceSession } from './auth.queries';

/**
 * POST /api/auth/login: sets the session cookie. 401 bad credentials, 403 deactivated, 429 too many attempts. An
 * account with two-factor sign-in answers `{ secondFactorRequired: true }` (202): the code is asked next.
 */
export const useLogin = () =>
  useMutation({
    mutationKey: ['auth', 'login'],
    mutationFn: (credentials: LoginValues) => apiRequest('/api/auth/login', { method: 'POST', body: credentials }),
  });

/** POST /api/auth/login/second-factor: the code of the authenticator app (or a recovery code) finishes the sign-in. */
export const useSecondFactor = () =>
  useMutation({
    mutationKey: ['auth', 'login', 'second-factor'],
    mutationFn: (input: SecondFactorInput) =>
      apiRequest('/api/auth/login/second-factor', { method: 'POST', body: input }),
  });

/**
 * POST /api/auth/logout (the header's 'Log Out'): then the cache is emptied (it held the user's data) and the app goes
 * home. A failure is only logged (spec section 8).
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationKey: ['auth', 'logout'],
    mutationFn: () => apiRequest('/api/auth/logout', { method: 'POST' }),
    onSuccess: async () => {
      replaceSession(queryClient, null);
      await navigate({ to: '/' });
    },
    onError: (error) => console.error('Logging out failed', error),
  });
}

/**
 * PUT /api/auth/profile: the updated user (200), or, when the e-mail changes, 202 with the user (names saved) and the
 * address a confirmation link went to (issue 12). Either way the user replaces the cached one.
 */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'profile'],
    mutationFn: (profile: ProfileInput) => apiRequest('/api/auth/profile', { method: 'PUT', body: profile }),
    onSuccess: (result) =>
      queryClient.setQueryData(currentUserQueryKey, 'pendingEmail' in result ? result.user : result),
  });
}

/**
 * PUT /api/account/google-account (issue 28): the Google account Looker Studio reports are shared with (null: the
 * e-mail address). The signed-in user in the cache takes it.
 */
export function useSaveGoogleAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'google-account'],
    mutationFn: (body: { googleAccount: string | null }) =>
      apiRequest('/api/account/google-account', { method: 'PUT', body }),
    onSuccess: ({ googleAccount }) =>
      queryClient.setQueryData<User | null>(currentUserQueryKey, (user) => (user ? { ...user, googleAccount } : user)),
  });
}

/**
 * POST /api/auth/confirm-email-change (the link sent to the new address): the address changes and every session
 * ends, this browser's too: ask again who is signed in.
 */
export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'confirm-email-change'],
    mutationFn: (token: string) =>
      apiRequest('/api/auth/confirm-email-change', {
        method: 'POST',
        body: { token },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

/** POST /api/auth/request-password-reset (the /reset-password page): 202, the same answer for unknown addresses. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationKey: ['auth', 'request-password-reset'],
    mutationFn: (email: string) => apiRequest('/api/auth/request-password-reset', { method: 'POST', body: { email } }),
  });

/** POST /api/auth/password-reset-request (signed in, the account page): 202. */
export const useAccountPasswordReset = () =>
  useMutation({
    mutationKey: ['auth', 'password-reset-request'],
    mutationFn: (email: string) => apiRequest('/api/auth/password-reset-request', { method: 'POST', body: { email } }),
  });

/**
 * A POST that uses an e-mailed link up: the link's check leaves the cache (it said the link was valid), then `after`
 * runs.
 */
function useLinkMutation<Input, Data>(
  name: 'complete-registration' | 'reset-password',
  link: 'registration' | 'reset',
  send: (input: Input) => Promise<Data>,
  after?: (queryClient: QueryClient) => Promise<unknown>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', name],
    mutationFn: send,
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ['auth', `${link}-token`] });
      return after?.(queryClient);
    },
  });
}

/** POST /api/auth/complete-registration: sets the password of an invited user. The link is used up. */
export const useCompleteRegistration = () =>
  useLinkMutation('complete-registration', 'registration', (input: { token: string; password: string }) =>
    apiRequest('/api/auth/complete-registration', { method: 'POST', body: input }),
  );

/** POST /api/auth/reset-password: sets a new password with a reset link (ends every session of the user). */
export const useResetPassword = () =>
  useLinkMutation(
    'reset-password',
    'reset',
    (input: { token: string; newPassword: string }) =>
      apiRequest('/api/auth/reset-password', { method: 'POST', body: input }),
    // Every session of the user ended, this browser's too (if it was theirs): ask again who is signed in.
    (queryClient) => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  );
