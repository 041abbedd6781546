import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';

/** What the server sends compressed (backend/src/plugins/spa.ts); source maps are left to it. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|txt|xml|webmanifest)$/;
const MIN_SIZE = 1024;

/**
 * Writes `<file>.br` (Brotli, best quality) and `<file>.gz` (gzip, level 9) beside every text file of the build, so
 * the server sends the smallest bodies without compressing anything itself. Returns how many files it compressed.
 */
export function precompress(dir: string): number {
  let count = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      count += precompress(path);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name) || statSync(path).size < MIN_SIZE) continue;
    const raw = readFileSync(path);
    writeFileSync(`${path}.br`, brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
    count++;
  }
  return count;
}
