import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built by bench/frontend-bundle.ts from a temporary copy whose node_modules links to the repository's.
export default defineConfig({ plugins: [react()], build: { outDir: 'dist', emptyOutDir: true } });
