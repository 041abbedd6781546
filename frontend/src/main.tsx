import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './lib/query-client';
import { loadIdleCodeNow } from './lib/when-idle';
import { createAppRouter } from './router';
import './styles/app.css';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const html = document.documentElement;

/**
 * Marks <html> once the app has rendered or hydrated the page (its first commit): tests and tools wait for it. A
 * wrapper, not a sibling, so the tree (and every `useId`) is the one the page was prerendered with.
 */
function AppReady({ children }: { children: ReactNode }) {
  useEffect(() => html.setAttribute('data-app-ready', ''), []);
  return children;
}

const app = (
  <StrictMode>
    <AppReady>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AppReady>
  </StrictMode>
);

// A marketing page prerendered for this very path (D25; index.html's inline script marks any other case): the app
// takes over the HTML in place, once the page's code is loaded (modulepreloaded by the page), without a flash. A page
// the API rendered (data-server-page: case studies, legal pages, ADR 037) is no React tree: the app renders over it,
// and React replaces it at its first commit, so the content stays on screen until then.
if (html.hasAttribute('data-server-page')) {
  // React replaces the server's HTML, footer included: the code of what it shows is wanted now.
  loadIdleCodeNow();
  const root = createRoot(container);
  startTransition(() => root.render(app));
} else if (container.hasChildNodes() && !html.hasAttribute('data-spa-shell')) {
  // As on the server: no extra Suspense boundary around the matches (TanStack Router's SSR mode).
  router.ssr = { manifest: undefined };
  await router.load();
  // In a transition, React hydrates in slices and lets the browser in between (a click, a paint) rather than in one
  // long task; the page is already on screen meanwhile.
  startTransition(() => {
    hydrateRoot(container, app, {
      onRecoverableError: (error) => console.error('Hydration of the prerendered page failed', error),
    });
  });
} else {
  // Rendered here, with no HTML to keep meanwhile: the footer's and the menus' code is wanted now.
  loadIdleCodeNow();
  container.replaceChildren();
  html.removeAttribute('data-spa-shell');
  const root = createRoot(container);
  startTransition(() => root.render(app));
}
