// dependency-cruiser rules, run by `make lint` (decision 028). Paths are from the repository root. Tests may reach
// across boundaries to set up their world (sign a user in, invite one), so the boundary rules skip `*.test.ts(x)`;
// the cycle rule does not.
const TESTS = '\\.test\\.tsx?$';
const MODULE_INDEX = '^backend/src/modules/[^/]+/index\\.ts$';

/** A rule `make lint` fails on: `from` (the importing files) may not import `to`. */
const forbid = (name, comment, from, to) => ({ name, severity: 'error', comment, from, to });

/**
 * The folders `group` matches under `parent` keep apart: a file in one imports nothing (or nothing matching `target`)
 * from another (tests excepted).
 */
const apart = (name, comment, parent, group, target = '') =>
  forbid(
    name,
    comment,
    { path: `^${parent}${group}/`, pathNot: TESTS },
    { path: `^${parent}${group}/${target}`, pathNot: `^${parent}$1/` },
  );

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    forbid('no-circular', 'No import cycles, type-only imports included (issue 13).', {}, { circular: true }),
    forbid(
      'plugins-import-no-module',
      'Plugins depend on repositories or functions passed in, never on modules (decision 024).',
      { path: '^backend/src/plugins/', pathNot: TESTS },
      { path: '^backend/src/modules/' },
    ),
    forbid(
      'nothing-imports-the-composition-root',
      'app.ts and server.ts build the app; no module, plugin or helper imports them.',
      { path: '^backend/src/(modules|plugins|lib|events|resilience)/', pathNot: TESTS },
      { path: '^backend/src/(app|server|cli|create-deps)\\.ts$' },
    ),
    forbid(
      'modules-meet-through-their-index',
      "A backend module's one public face is its index.ts: another module reaches nothing else of it (issue 27; " +
        'decision 024: shared behaviour moves down).',
      { path: '^backend/src/modules/([^/]+)/', pathNot: TESTS },
      { path: '^backend/src/modules/[^/]+/', pathNot: ['^backend/src/modules/$1/', MODULE_INDEX] },
    ),
    forbid(
      'the-app-uses-modules-through-their-index',
      'The composition root (app, server, cli, deps) takes what a module offers from its index.ts too.',
      { path: '^backend/src/', pathNot: [TESTS, '^backend/src/modules/'] },
      { path: '^backend/src/modules/[^/]+/', pathNot: MODULE_INDEX },
    ),
    apart(
      'features-do-not-import-each-other',
      'bulletproof-react: features share through components/ and lib/.',
      'frontend/src/features/',
      '([^/]+)',
    ),
    forbid(
      'shared-layers-reach-no-feature',
      'bulletproof-react: components/ and lib/ sit under the features and reach none, directly or through any chain of ' +
        're-exports or imports (issue 27); what assembles features lives in app/ or routes/.',
      { path: '^frontend/src/(components|lib)/', pathNot: TESTS },
      { path: '^frontend/src/features/', reachable: true },
    ),
    forbid(
      'browser-imports-no-server-code',
      'The SPA and the shared contracts run in the browser: no server workspace in their imports.',
      { path: '^(frontend|contracts)/' },
      { path: '^(backend|workers|db|platform|scripts)/' },
    ),
    forbid(
      'browser-reaches-no-server-only-contract',
      'The SPA imports `@app/contracts` (schemas, messages, site facts); domain events, queues and secret tokens ' +
        '(their hashing with @oslojs) are for servers, through `@app/contracts/server` (ADR 048). Directly or ' +
        "through another module: the SPA's build refuses them too (frontend/vite-server-only.ts).",
      { path: '^frontend/src/', pathNot: TESTS },
      {
        path: ['^contracts/src/(server|events|queues|tokens)\\.ts$', '(^|/)node_modules/@oslojs/', '^@oslojs/'],
        reachable: true,
      },
    ),
    apart(
      'api-and-workers-apart',
      'The API and the workers share through contracts/, platform/ and db/, never by importing each other.',
      '',
      '(backend|workers)',
    ),
    forbid(
      'only-repositories-touch-tables',
      'Only repositories query tables (decision 024): the query builder and the table definitions are imported, other ' +
        'than as types, by *.repository.ts, workers/src/repositories/, db/ (schema, seed, shared queries) and the ' +
        "outbox's one writer, platform/src/outbox.ts.",
      {
        path: '^(backend|workers|platform)/',
        pathNot: [
          TESTS,
          '\\.repository\\.ts$',
          '^workers/src/repositories/',
          '^platform/src/outbox\\.ts$',
          '/testing/',
        ],
      },
      {
        path: ['(^|/)node_modules/drizzle-orm/', '^drizzle-orm(/|$)', '^db/src/(schema|queries)/'],
        dependencyTypesNot: ['type-only'],
      },
    ),
    forbid(
      'platform-imports-no-app',
      'platform/ is the layer under the API and the workers, so it imports neither.',
      { path: '^platform/' },
      { path: '^(backend|workers|frontend)/' },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-[^/]+)/|routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    combinedDependencies: true,
  },
};
