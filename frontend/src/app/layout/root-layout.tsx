import { Outlet, useMatches } from '@tanstack/react-router';
import { Suspense } from 'react';
import { APP_LAYOUT_ROUTE_IDS } from '../../components/layout/app-layout-context';
import { DocumentHead } from '../../components/layout/document-head';
import { ThemeProvider } from '../../components/theme/theme-provider';
import { LazyToaster } from '../../components/ui/lazy-toaster';
import { EnrolmentFirst } from '../../features/auth/components/enrolment-first';
import { lazyWhenIdle } from '../../lib/when-idle';
import { SiteHeader } from './site-header';

/**
 * The footer holds only links and text: its code comes at the visitor's first intent (pointer, touch, key, focus), and a prerendered page's footer works
 * as plain HTML until then.
 */
const SiteFooter = lazyWhenIdle(() => import('./site-footer').then((module) => module.SiteFooter));

/**
 * Every page: skip link, sticky header, main area, footer, and the toasts. The admin and portal pages bring their own
 * application layout (app-layout.tsx, from their layout routes) in place of the marketing header, main and footer.
 */
export function RootLayout() {
  const inApp = useMatches({ select: (matches) => matches.some((match) => APP_LAYOUT_ROUTE_IDS.has(match.routeId)) });
  return (
    <ThemeProvider>
      <DocumentHead />
      <EnrolmentFirst />
      <div className="flex min-h-dvh flex-col overflow-x-clip">
        {/* Clipped away, not moved off-screen: painted only under keyboard focus, never under an open dialog. */}
        <a
          href="#main"
          className="fixed top-3 left-3 z-50 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white shadow-lg [clip-path:inset(50%)] focus-visible:[clip-path:none]"
        >
          Skip to main content
        </a>
        {inApp ? (
          <Outlet />
        ) : (
          <>
            <SiteHeader />
            <main id="main" tabIndex={-1} className="flex-1 outline-none">
              <Outlet />
            </main>
            <Suspense fallback={null}>
              <SiteFooter />
            </Suspense>
          </>
        )}
      </div>
      <LazyToaster />
    </ThemeProvider>
  );
}
