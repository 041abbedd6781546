import { Navigate, useRouterState } from '@tanstack/react-router';
import { useCurrentUser } from '../api/auth.queries';
import { ENROL_PATH, mustEnrolFirst } from '../utils/after-sign-in';

/**
 * On every page: an administrator who must set up two-factor sign-in is sent to do that before anything else (issue
 * 26), also on the public pages, whose routes do not wait for the current user (the signed-in areas' guards send them
 * before their page loads; this catches the first page of a visit, once the current user is known).
 */
export function EnrolmentFirst() {
  const { user } = useCurrentUser();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return mustEnrolFirst(user, pathname) ? <Navigate to={ENROL_PATH} replace /> : null;
}
