import type { Plugin } from 'vite';

/**
 * Modules that only servers may run: the contracts' domain events, queues and secret tokens (and what the tokens hash
 * with, @oslojs), or the file that re-exports them. The SPA imports `@app/contracts`, which has none of them (ADR 048).
 */
export const SERVER_ONLY = /\/contracts\/src\/(server|events|queues|tokens)\.ts$|\/node_modules\/@oslojs\//;

/** The modules of a build's graph that are server-only, as paths from the repository's folders. */
const serverOnlyModules = (ids: Iterable<string>) =>
  [...ids]
    .filter((id) => SERVER_ONLY.test(id))
    .map((id) => id.replace(/^.*?\/(contracts|node_modules)\//, '$1/'))
    .sort();

/**
 * The build check of issue 30: a build of the SPA fails when a server-only module is in its graph, whether through a
 * direct import or another module's, and whether or not tree-shaking would drop its code (dependency-cruiser's
 * `browser-reaches-no-server-only-contract` rule says the same at lint time).
 */
export function serverOnlyCheck(): Plugin {
  return {
    name: 'lucid-server-only-check',
    buildEnd(error) {
      if (error) return;
      const found = serverOnlyModules(this.getModuleIds());
      if (found.length)
        this.error(
          `Server-only modules in the browser's bundle (import them from @app/contracts/server in server code only): ${found.join(', ')}`,
        );
    },
  };
}
