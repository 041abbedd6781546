import type { ChangePasswordInput, TwoFactorCodeInput } from '@app/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getQueryFn } from '../../../lib/api';
import { currentUserQueryKey } from './auth.queries';

/** Issue 17: the account page's two-factor sign-in, sessions and password change. */
const keys = {
  twoFactor: ['auth', 'two-factor'] as const,
  sessions: ['auth', 'sessions'] as const,
};

/** GET /api/auth/two-factor: on or off, recovery codes left, whether an administrator must set it up. */
export const twoFactorQueryOptions = () =>
  queryOptions({ queryKey: keys.twoFactor, queryFn: getQueryFn('/api/auth/two-factor') });

/** GET /api/auth/sessions: where the person is signed in, this browser first. */
export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: keys.sessions, queryFn: getQueryFn('/api/auth/sessions') });

/** After two-factor sign-in changes, the state and the current user (its `twoFactor`, the admin guard's) are asked again. */
function useTwoFactorMutation<Input, Data>(name: string, send: (input: Input) => Promise<Data>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'two-factor', name],
    mutationFn: send,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.twoFactor });
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

/** POST /api/auth/two-factor/setup: a new key as a QR code and as text (shown this once). */
export const useStartTwoFactorSetup = () =>
  useMutation({
    mutationKey: ['auth', 'two-factor', 'setup'],
    mutationFn: () => apiRequest('/api/auth/two-factor/setup', { method: 'POST' }),
  });

/** POST /api/auth/two-factor/enable: the first code turns it on; answers ten recovery codes. */
export const useEnableTwoFactor = () =>
  useTwoFactorMutation('enable', (input: TwoFactorCodeInput) =>
    apiRequest('/api/auth/two-factor/enable', { method: 'POST', body: input }),
  );

/** POST /api/auth/two-factor/disable: needs a current code or a recovery code. */
export const useDisableTwoFactor = () =>
  useTwoFactorMutation('disable', (input: TwoFactorCodeInput) =>
    apiRequest('/api/auth/two-factor/disable', { method: 'POST', body: input }),
  );

/** POST /api/auth/two-factor/recovery-codes: ten new codes; needs a current code of the app. */
export const useRegenerateRecoveryCodes = () =>
  useTwoFactorMutation('recovery-codes', (input: TwoFactorCodeInput) =>
    apiRequest('/api/auth/two-factor/recovery-codes', { method: 'POST', body: input }),
  );

/** DELETE /api/auth/sessions/{id} and POST /api/auth/sessions/end-others; the list is asked again after. */
export function useEndSessions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: keys.sessions });
  const endOne = useMutation({
    mutationKey: ['auth', 'sessions', 'end'],
    mutationFn: (id: string) => apiRequest(`/api/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
  const endOthers = useMutation({
    mutationKey: ['auth', 'sessions', 'end-others'],
    mutationFn: () => apiRequest('/api/auth/sessions/end-others', { method: 'POST' }),
    onSettled: refresh,
  });
  return { endOne, endOthers };
}

/** POST /api/auth/change-password: every other session ends (the list is asked again). */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'change-password'],
    mutationFn: (input: ChangePasswordInput) =>
      apiRequest('/api/auth/change-password', { method: 'POST', body: input }),
    // The sessions list lost the others; the user's `passwordChangedAt` moved.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: keys.sessions });
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

/** GET /api/account/personal-data: everything stored about the person, the same JSON an administrator gets. */
export const useDownloadMyData = () =>
  useMutation({
    mutationKey: ['account', 'personal-data'],
    mutationFn: () => apiRequest('/api/account/personal-data'),
  });
