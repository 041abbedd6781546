// Loaded with `node --import` before dependency-cruiser (see the Makefile's lint target and decision 028).
// dependency-cruiser reads TypeScript through the `typescript` package's JavaScript API (>= 2 and < 7); the repository's
// `tsc` is TypeScript 7, which has no such API. This workspace installs TypeScript 5 in tools/lint/node_modules, but
// dependency-cruiser is hoisted to the root node_modules, where `typescript` is 7. These two hooks send dependency-
// cruiser's `require('typescript...')` and `import('typescript')` to this workspace's TypeScript 5; nothing else is
// redirected.
import Module, { createRequire, register } from 'node:module';

const fromThisWorkspace = createRequire(import.meta.url);
// Without a TypeScript it can use, dependency-cruiser does not fail: it skips every .ts file and finds nothing.
const { version } = fromThisWorkspace('typescript/package.json');
if (!/^[2-6]\./.test(version))
  throw new Error(`tools/lint needs TypeScript 2-6 for dependency-cruiser, found ${version}`);
const isTypescript = (specifier) => specifier === 'typescript' || specifier.startsWith('typescript/');
const isDependencyCruiser = (path) => path?.includes('/node_modules/dependency-cruiser/') ?? false;

const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function resolveTypescript5(request, parent, ...rest) {
  if (isTypescript(request) && isDependencyCruiser(parent?.filename)) return fromThisWorkspace.resolve(request);
  return resolveFilename.call(this, request, parent, ...rest);
};

register('./typescript-5-hooks.mjs', import.meta.url);
