import { HeadContent, Outlet } from '@tanstack/react-router';
import { ThemeProvider } from '../theme/theme-provider';
import { Toaster } from '../ui/toast';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Every page: skip link, sticky header, main area, footer, and the toasts. */
export function RootLayout() {
  return (
    <ThemeProvider>
      <HeadContent />
      <div className="flex min-h-dvh flex-col overflow-x-clip">
        <a
          href="#main"
          className="fixed top-3 left-3 z-50 -translate-y-24 rounded-md bg-blue-700 px-4 py-2 font-semibold text-white shadow-lg transition-transform focus:translate-y-0"
        >
          Skip to main content
        </a>
        <SiteHeader />
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <Outlet />
        </main>
        <SiteFooter />
      </div>
      <Toaster />
    </ThemeProvider>
  );
}
