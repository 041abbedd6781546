/**
 * Build-time rendering of the marketing pages (D25), run by the `prerender` plugin of vite.config.ts after the client
 * build: each page is rendered on a memory history, without data from the API (every request stays pending, as on
 * the client before its answers arrive), so the HTML matches the first client render that hydrates it.
 */

import { MARKETING_PATHS, type MarketingPath } from '@app/contracts/spa-routes';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createQueryClient } from './lib/query-client';
import { marketingSeo, OG_IMAGE } from './lib/seo';
import { createAppRouter } from './router';

export type { MarketingPath };
export { MARKETING_PATHS, marketingSeo, OG_IMAGE };

async function streamToString(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new Response(stream).text();
}

export async function render(path: MarketingPath): Promise<string> {
  // No API at build time: requests never settle, so queries stay in their loading state.
  globalThis.fetch = (() => new Promise<never>(() => {})) as unknown as typeof fetch;
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, history: createMemoryHistory({ initialEntries: [path] }) });
  await router.load();
  const app = (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>
  );
  // One piece: React would otherwise move a large Suspense boundary (the page) out of place, to be put back by a
  // script after the shell (progressive chunks), which a crawler and the first paint would not see in place.
  const { prelude } = await prerender(app, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  const html = await streamToString(prelude);
  if (html.includes('<template id="B:')) throw new Error(`${path} did not render in one piece`);
  return html;
}
