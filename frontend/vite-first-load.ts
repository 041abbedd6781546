import type { Plugin } from 'vite';

/** What only forms need: the code of a page that shows no form must not wait for it (issue 30). */
const FORMS_ONLY = /\/node_modules\/valibot\//;

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  name?: string;
  isEntry?: boolean;
  moduleIds?: readonly string[];
  facadeModuleId?: string | null;
  imports?: readonly string[];
}

/**
 * The pages whose form is prerendered and whose form code comes only when the visitor reaches for the form
 * (lib/lazy-on-reach.tsx): nothing their route file's chunks import statically may hold it.
 */
const FORM_ON_REACH = ['src/routes/contact.tsx'];
/** The form library and the schemas' validation: what those pages leave for the visitor's reach. */
const FORM_LIBRARIES = /\/node_modules\/(valibot|@tanstack\/form-core|@tanstack\/react-form)\//;

/**
 * For each page of FORM_ON_REACH, the modules of the form library in its route file's chunks or what they import
 * statically (what the page loads with it), naming the chunk and the module; a page with no chunk is named too.
 */
export function formCodeOnReachPages(bundle: Record<string, ChunkLike>): string[] {
  const chunks = Object.values(bundle).filter((chunk) => chunk.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  return FORM_ON_REACH.flatMap((route) => {
    const own = chunks.filter((chunk) => chunk.facadeModuleId?.replace(/\\/g, '/').includes(`/${route}`));
    if (own.length === 0) return [`${route}: no chunk holds it`];
    const found: string[] = [];
    const seen = new Set<string>();
    const stack = own.map((chunk) => chunk.fileName);
    for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
      const chunk = byName.get(file);
      if (!chunk || seen.has(file)) continue;
      seen.add(file);
      for (const id of chunk.moduleIds ?? [])
        if (FORM_LIBRARIES.test(id)) found.push(`${route}: ${file} ← ${id.replace(/^.*?\/node_modules\//, '')}`);
      stack.push(...(chunk.imports ?? []));
    }
    return found;
  });
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
 * The build check of issue 30's first load: the SPA's build fails when valibot is in the code every page loads, or
 * when a page whose form comes on reach (FORM_ON_REACH) loads the form library with its own code. It
 * gets there when the route tree (route files' search checks, guards, titles) imports it, or imports a contracts
 * module with schemas: the URL checks are plain functions, and the lists they use are in contracts/src/url-choices.ts.
 */
export function firstLoadCheck(): Plugin {
  return {
    name: 'lucid-first-load-check',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = bundle as unknown as Record<string, ChunkLike>;
      const found = formsOnlyInFirstLoad(chunks);
      if (found.length)
        this.error(
          `Form code in what every page loads (check a URL without valibot; take lists from @app/contracts/url-choices): ${found.slice(0, 5).join(', ')}`,
        );
      const onReach = formCodeOnReachPages(chunks);
      if (onReach.length)
        this.error(
          `Form code loaded with a page whose form comes on reach (import the form through lazyOnReach): ${onReach.slice(0, 5).join(', ')}`,
        );
    },
  };
}
