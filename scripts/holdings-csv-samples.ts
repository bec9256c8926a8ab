/**
 * `npx node scripts/holdings-csv-samples.ts`: measures the holdings import on the brokers' sample files
 * (services/portfolio/holdings-csv-samples.ts) and writes the table of docs/holdings-csv.md "How well the
 * layouts are read" between its markers, with any line classified otherwise listed on the console.
 * services/portfolio/holdings-csv-samples.unit.spec.ts fails when the document and the measure differ.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { measureSamples, samplesTable } from '../services/portfolio/holdings-csv-samples.ts';

const DOC = path.join(import.meta.dirname, '..', 'docs', 'holdings-csv.md');
const BEGIN = '<!-- samples:begin (npx node scripts/holdings-csv-samples.ts writes this table) -->';
const END = '<!-- samples:end -->';
/** The measure's "today" (no sample has a date the parser checks). */
const TODAY = '2026-11-27';

function main(): void {
  const doc = readFileSync(DOC, 'utf8');
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${DOC} has no ${BEGIN} ... ${END} block`);
  writeFileSync(DOC, `${doc.slice(0, begin + BEGIN.length)}\n${samplesTable(TODAY)}\n${doc.slice(end)}`);
  const { samples, lines, right, share } = measureSamples(TODAY);
  for (const s of samples) for (const w of s.wrong) console.log(`${s.file}:${w.line}: expected ${w.expected}, read as ${w.actual}`);
  console.log(`${samples.length} files, ${right} of ${lines} lines classified right (${(share * 100).toFixed(1)} %)`);
}

if (import.meta.main) main();
