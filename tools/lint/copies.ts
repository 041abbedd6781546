// `make lint` and CI: the copy-paste detector (jscpd 5.3.2, tools/lint/jscpd.json) over every TypeScript source and
// test of the repository, and a committed ceiling on the clones it finds (tools/lint/copies.json, issue 27), so the
// tree cannot drift back to copying: a new copy fails until what it repeats is shared. Extra paths given on the
// command line are scanned with the tree (the lint tests plant a copy that way). Lower the ceiling when clones go.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const FOLDERS = [
  'contracts',
  'db',
  'platform',
  'backend',
  'workers',
  'frontend/src',
  'testing',
  'e2e',
  'scripts',
  'bench',
];
const here = new URL('./', import.meta.url).pathname;
const { maxClones } = JSON.parse(readFileSync(join(here, 'copies.json'), 'utf8')) as { maxClones: number };

interface Side {
  name: string;
  start: number;
  end: number;
}
interface Report {
  duplicates: { firstFile: Side; secondFile: Side; lines: number }[];
  statistics: { total: { clones: number; duplicatedLines: number; lines: number } };
}

const folders = FOLDERS.filter((folder) => existsSync(folder));
const jscpdBin = createRequire(here).resolve('jscpd/run-jscpd.js');
const output = mkdtempSync(join(tmpdir(), 'jscpd-'));
try {
  const jscpd = Bun.spawnSync({
    cmd: [
      process.execPath,
      jscpdBin,
      '--config',
      join(here, 'jscpd.json'),
      '--output',
      output,
      '--no-tips',
      '--absolute',
      ...folders,
      ...process.argv.slice(2),
    ],
    stdout: 'pipe',
    stderr: 'pipe',
  });
  if (jscpd.exitCode !== 0) {
    console.error(`jscpd failed (${jscpd.exitCode}):\n${jscpd.stdout}${jscpd.stderr}`);
    process.exit(2);
  }
  const report = JSON.parse(readFileSync(join(output, 'jscpd-report.json'), 'utf8')) as Report;
  const { clones, duplicatedLines, lines } = report.statistics.total;
  const where = (side: Side) => `${relative(process.cwd(), side.name)}:${side.start}-${side.end}`;
  const summary = `${clones} copied blocks of code (at most ${maxClones}, tools/lint/copies.json), ${duplicatedLines} of ${lines} lines`;
  if (clones > maxClones) {
    const list = report.duplicates
      .map((clone) => `  ${where(clone.firstFile)} ~ ${where(clone.secondFile)} (${clone.lines} lines)`)
      .sort()
      .join('\n');
    console.error(
      `${summary}: share what a new copy repeats instead of copying it (a helper, a shared module or a test fixture). ` +
        `Every copy jscpd finds:\n${list}`,
    );
    process.exit(1);
  }
  console.log(summary);
} finally {
  rmSync(output, { recursive: true, force: true });
}
