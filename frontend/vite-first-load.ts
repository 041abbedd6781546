import type { Plugin } from 'vite';

/** What only forms need: the code of a page that shows no form must not wait for it (issue 30). */
const FORMS_ONLY = /\/node_modules\/valibot\//;

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  name?: string;
  isEntry?: boolean;
  moduleIds?: readonly string[];
}

/** The modules of the chunks every page loads (the entry, with the route tree, and `initial`) that are forms-only. */
export function formsOnlyInFirstLoad(bundle: Record<string, ChunkLike>): string[] {
  return Object.values(bundle)
    .filter((chunk) => chunk.type === 'chunk' && (chunk.isEntry || chunk.name === 'initial'))
    .flatMap((chunk) =>
      (chunk.moduleIds ?? [])
        .filter((id) => FORMS_ONLY.test(id))
        .map((id) => `${chunk.fileName} ← ${id.replace(/^.*?\/node_modules\//, '')}`),
    );
}

/**
 * The build check of issue 30's first load: the SPA's build fails when valibot is in the code every page loads. It
 * gets there when the route tree (route files' search checks, guards, titles) imports it, or imports a contracts
 * module with schemas: the URL checks are plain functions, and the lists they use are in contracts/src/url-choices.ts.
 */
export function firstLoadCheck(): Plugin {
  return {
    name: 'lucid-first-load-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const found = formsOnlyInFirstLoad(bundle as unknown as Record<string, ChunkLike>);
      if (found.length)
        this.error(
          `Form code in what every page loads (check a URL without valibot; take lists from @app/contracts/url-choices): ${found.slice(0, 5).join(', ')}`,
        );
    },
  };
}
