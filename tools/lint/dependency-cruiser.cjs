// dependency-cruiser rules, run by `make lint` (decision 028). Paths are from the repository root. Tests may reach
// across boundaries to set up their world (sign a user in, invite one), so the boundary rules skip `*.test.ts(x)`;
// the cycle rule does not.
const TESTS = '\\.test\\.tsx?$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycles, type-only imports included (issue 13).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'plugins-import-no-module',
      severity: 'error',
      comment: 'Plugins depend on repositories or functions passed in, never on modules (decision 024).',
      from: { path: '^backend/src/plugins/', pathNot: TESTS },
      to: { path: '^backend/src/modules/' },
    },
    {
      name: 'nothing-imports-the-composition-root',
      severity: 'error',
      comment: 'app.ts and server.ts build the app; no module, plugin or helper imports them.',
      from: { path: '^backend/src/(modules|plugins|lib|events|resilience)/', pathNot: TESTS },
      to: { path: '^backend/src/(app|server|cli)\\.ts$' },
    },
    {
      name: 'no-other-module-service',
      severity: 'error',
      comment: "A module never reaches into another module's service: shared behaviour moves down (decision 024).",
      from: { path: '^backend/src/modules/([^/]+)/', pathNot: TESTS },
      to: { path: '^backend/src/modules/([^/]+)/[^/]+\\.service\\.ts$', pathNot: '^backend/src/modules/$1/' },
    },
    {
      name: 'features-do-not-import-each-other',
      severity: 'error',
      comment: 'bulletproof-react: features share through components/ and lib/.',
      from: { path: '^frontend/src/features/([^/]+)/', pathNot: TESTS },
      to: { path: '^frontend/src/features/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'browser-imports-no-server-code',
      severity: 'error',
      comment: 'The SPA and the shared contracts run in the browser: no server workspace in their imports.',
      from: { path: '^(frontend|contracts)/' },
      to: { path: '^(backend|workers|db|platform|scripts)/' },
    },
    {
      name: 'api-and-workers-apart',
      severity: 'error',
      comment: 'The API and the workers share through contracts/, platform/ and db/, never by importing each other.',
      from: { path: '^(backend|workers)/', pathNot: TESTS },
      to: { path: '^(backend|workers)/', pathNot: '^$1/' },
    },
    {
      name: 'platform-imports-no-app',
      severity: 'error',
      comment: 'platform/ is the layer under the API and the workers, so it imports neither.',
      from: { path: '^platform/' },
      to: { path: '^(backend|workers|frontend)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-[^/]+)/|routeTree\\.gen\\.ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
    combinedDependencies: true,
  },
};
