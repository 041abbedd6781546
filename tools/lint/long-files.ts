// `make lint`: no source file in a workspace's src/ runs over 250 lines unless a comment in its first five lines says
// why, as `// Long file: <reason>` (issue 13, decision 028). Tests and generated files are left out: a test file grows
// with the behaviour it proves, and routeTree.gen.ts is written by the router plugin.
const MAX_LINES = 250;
const REASON = /^\s*(\/\/|\/\*+|\*)\s*Long file:\s*\S.{10,}/;

const offenders: string[] = [];
for await (const path of new Bun.Glob('*/src/**/*.{ts,tsx}').scan({ cwd: process.cwd() })) {
  if (/\.test\.tsx?$|\.gen\.ts$/.test(path) || path.startsWith('node_modules/')) continue;
  const lines = (await Bun.file(path).text()).split('\n');
  const count = lines.at(-1) === '' ? lines.length - 1 : lines.length;
  if (count > MAX_LINES && !lines.slice(0, 5).some((line) => REASON.test(line))) offenders.push(`${path} (${count})`);
}

if (offenders.length > 0) {
  console.error(
    `Over ${MAX_LINES} lines without a reason at the top: shorten them, or say why on one of the first five lines ` +
      `as "// Long file: <reason>".\n  ${offenders.sort().join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`No source file over ${MAX_LINES} lines without a reason.`);
