/**
 * `npm run size`: the gzipped size of the JavaScript the landing page loads before it can render —
 * the entry script and every module it preloads, read from the built web/dist/index.html. Fails
 * (exit 1) above the budget. Run `npm run build` first. Lazily loaded chunks (other routes, the
 * footer, the chart) are not counted; they are listed for information.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 165;
const dist = path.resolve(import.meta.dirname, '..', 'dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');

const initial = new Set<string>();
for (const m of html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) initial.add(m[1]!);
for (const m of html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) initial.add(m[1]!);
if (initial.size === 0) {
  console.error('No entry script found in web/dist/index.html: run `npm run build` first.');
  process.exit(2);
}

const gz = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
const kb = (bytes: number) => (bytes / 1000).toFixed(1);

let total = 0;
console.log('Initial JavaScript of the landing page (gzip -9):');
for (const src of initial) {
  const file = path.join(dist, src.replace(/^\//, ''));
  const size = gz(file);
  total += size;
  console.log(`  ${src.padEnd(48)} ${kb(readFileSync(file).length).padStart(8)} kB raw ${kb(size).padStart(7)} kB gzip`);
}
console.log(`  ${'total'.padEnd(48)} ${''.padStart(15)} ${kb(total).padStart(7)} kB gzip (budget ${BUDGET_KB} kB)`);

const lazy = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !initial.has(`/assets/${f}`))
  .map((f) => ({ f, size: gz(path.join(dist, 'assets', f)) }))
  .sort((a, b) => b.size - a.size);
console.log('Loaded later (lazy chunks):');
for (const { f, size } of lazy) console.log(`  /assets/${f.padEnd(40)} ${kb(size).padStart(7)} kB gzip`);

if (total > BUDGET_KB * 1000) {
  console.error(`Over budget: ${kb(total)} kB > ${BUDGET_KB} kB`);
  process.exit(1);
}
