import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstLoadCheck } from './vite-first-load.ts';
import { prerenderPlugin } from './vite-prerender.ts';
import { serverOnlyCheck } from './vite-server-only.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const api = 'http://localhost:3000';

export default defineConfig({
  root: here('.'),
  plugins: [
    // The router plugin must come before react() so route files are split before JSX is transformed.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // A route's loader (and pending component) go with its component into one chunk, loaded when the route is:
      // the route tree that every page loads then holds only paths, search validation, guards and titles.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
      // Absolute paths: the build is started from the repository root as well as from frontend/.
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    // Issue 30: the build fails if server-only code (token hashing, queues, domain events) reaches the browser.
    serverOnlyCheck(),
    // Issue 30: the build fails if valibot (form code) reaches the chunks every page loads.
    firstLoadCheck(),
    // After the client build: the marketing pages as prerendered HTML (D25).
    prerenderPlugin({ root: here('.') }),
  ],
  resolve: {
    // TanStack Form's devtools reporting, a no-op in the app (src/lib/no-devtools-events.ts): no devtools, no 4 kB.
    alias: [{ find: /^@tanstack\/devtools-event-client$/, replacement: here('./src/lib/no-devtools-events.ts') }],
  },
  server: {
    proxy: {
      '/api': api,
      '/healthz': api,
      '/readyz': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Every browser the site supports has modulepreload. A chunk imported lazily comes with the list of what it
    // imports, to fetch all at once, except when the importer is code every page loads (the entry and the `initial`
    // chunk below): those lists would weigh on every page, and what they load (route chunks, preloaded on intent by
    // the router or by the page's HTML; the idle-time parts) can take a second round trip.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file: string, deps: string[], { hostId }: { hostId: string; hostType: string }) =>
        /^assets\/(index|initial)-[\w-]+\.js$/.test(hostId) ? [] : deps,
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry loads up front in one chunk, rather than one chunk per module that a lazily loaded
            // chunk shares (Rolldown's default): fewer requests, better compression. The route tree (the route
            // files' eagerly loaded parts) and main.tsx stay in the entry itself.
            {
              name: 'initial',
              tags: ['$initial'],
              test: (id: string) =>
                /node_modules|\/src\/|^\0vite\//.test(id) &&
                !/\/src\/(routes\/|routeTree\.gen|router\.tsx|main\.tsx)/.test(id),
            },
            // What the marketing pages share (the cards, their content, the call to action) in one chunk rather than
            // one per module.
            {
              name: 'marketing',
              test: /\/src\/features\/marketing\/(data\/content|components\/(content-card|call-to-action-[a-z]+))\.tsx?$/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
});
