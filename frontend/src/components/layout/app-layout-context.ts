import { createContext, useContext } from 'react';

/** True inside the application layout (admin and portal pages): pages there use the window's full width. */
export const AppLayoutContext = createContext(false);

export const useInAppLayout = () => useContext(AppLayoutContext);

/**
 * The routes whose pages sit in the application layout (components/layout/app-layout.tsx) instead of the marketing
 * header and footer: /admin, /account, /client/dashboard and /client/dashboard/{id}.
 */
export const APP_LAYOUT_ROUTE_IDS: ReadonlySet<string> = new Set([
  '/_admin',
  '/_authenticated',
  '/client/dashboard',
  '/admin_/queues',
]);
