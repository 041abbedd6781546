// ES module resolve hook registered by typescript-5.mjs: dependency-cruiser's `import('typescript')` gets the
// TypeScript 5 of tools/lint instead of the root's TypeScript 7.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const fromThisWorkspace = createRequire(import.meta.url);

export async function resolve(specifier, context, nextResolve) {
  const fromDependencyCruiser = context.parentURL?.includes('/node_modules/dependency-cruiser/') ?? false;
  if (fromDependencyCruiser && (specifier === 'typescript' || specifier.startsWith('typescript/'))) {
    return { url: pathToFileURL(fromThisWorkspace.resolve(specifier)).href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}
