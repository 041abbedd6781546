import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { prerenderPlugin } from './vite-prerender.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const api = 'http://localhost:3000';

export default defineConfig({
  root: here('.'),
  plugins: [
    // The router plugin must come before react() so route files are split before JSX is transformed.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Absolute paths: the build is started from the repository root as well as from frontend/.
      routesDirectory: here('./src/routes'),
      generatedRouteTree: here('./src/routeTree.gen.ts'),
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    // After the client build: the marketing pages as prerendered HTML (D25).
    prerenderPlugin({ root: here('.') }),
  ],
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
  },
});
