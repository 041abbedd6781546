// The module graph's rule, run by `make lint` after dependency-cruiser.cjs (issue 27): no cycle between the folders of
// the server side (a backend module, a workers' folder, platform's, db's, the contracts'). A cycle of folders can hide
// from the file-level no-circular rule (a/x → b/y and b/z → a/w); it still means neither module can be understood,
// tested or moved without the other: what both need moves down, or to its owner. Tests and the test helpers reach
// across to set up their world, so they are left out of this graph (the file-level rule still checks them).
const base = require('./dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-module-cycles',
      severity: 'error',
      scope: 'folder',
      comment: 'No cycle between modules (folders): what both need moves down or to its owner (issue 27).',
      from: { path: '^(backend|workers|platform|db|contracts)/' },
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    exclude: { path: [base.options.exclude.path, '\\.test\\.tsx?$', '(^|/)testing/'] },
  },
};
