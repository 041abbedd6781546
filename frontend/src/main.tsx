import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';
import './styles/app.css';

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
const html = document.documentElement;

const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>
);

// A marketing page prerendered for this very path (D25; index.html's inline script marks any other case): the app
// takes over the HTML in place, once the page's code is loaded (modulepreloaded by the page), without a flash.
if (container.hasChildNodes() && !html.hasAttribute('data-spa-shell')) {
  // As on the server: no extra Suspense boundary around the matches (TanStack Router's SSR mode).
  router.ssr = { manifest: undefined };
  await router.load();
  hydrateRoot(container, app, {
    onRecoverableError: (error) => console.error('Hydration of the prerendered page failed', error),
  });
} else {
  container.replaceChildren();
  html.removeAttribute('data-spa-shell');
  createRoot(container).render(app);
}
html.setAttribute('data-app-ready', '');
