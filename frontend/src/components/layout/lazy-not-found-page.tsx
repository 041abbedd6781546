import { lazyRouteComponent } from '@tanstack/react-router';

/** The 404 page (spec section 2), loaded when a path turns out to be unknown: no other page needs its code. */
export const NotFoundPage = lazyRouteComponent(() => import('./not-found-page'), 'NotFoundPage');
