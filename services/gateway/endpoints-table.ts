import type { Handled } from '../http/endpoints.ts';

/**
 * The endpoint table of `npm run wd -- endpoints` and of docs/architecture.md ("Endpoints", between its
 * markers, checked by endpoints-table.int.spec.ts): every endpoint the app handles, from its definition
 * (contracts/) and the module whose api.ts handles it.
 */

export interface EndpointRow {
  route: string;
  access: string;
  module: string;
  reads: string;
  waitsFor: string;
  summary: string;
}

export function endpointRows(handled: readonly Handled[]): EndpointRow[] {
  return handled.map(({ endpoint: e, module }) => ({
    route: `${e.method.toUpperCase()} ${e.path}`,
    access: e.access,
    module: module ?? '?',
    reads: (e.reads ?? []).join(', '),
    waitsFor: e.waitsFor === undefined ? '' : e.waitsFor === 'all' ? 'all' : e.waitsFor.join(', '),
    summary: e.summary,
  }));
}

export const TABLE_BEGIN = '<!-- endpoints:begin (npm run wd -- endpoints --markdown) -->';
export const TABLE_END = '<!-- endpoints:end -->';

/** The Markdown table (one row per endpoint, in mounting order). */
export function endpointsMarkdown(rows: readonly EndpointRow[]): string {
  const cell = (text: string) => text.replace(/\|/g, '\\|');
  return [
    '| endpoint | access | module (`services/<module>/api.ts`) | reads | waits for |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| \`${r.route}\` | ${r.access} | ${r.module} | ${cell(r.reads) || '—'} | ${cell(r.waitsFor) || '—'} |`),
  ].join('\n');
}

/** Plain text for a terminal: aligned columns. */
export function endpointsText(rows: readonly EndpointRow[]): string {
  const columns: (keyof EndpointRow)[] = ['route', 'access', 'module', 'reads', 'waitsFor'];
  const header: EndpointRow = { route: 'ENDPOINT', access: 'ACCESS', module: 'MODULE', reads: 'READS', waitsFor: 'WAITS FOR', summary: '' };
  const all = [header, ...rows];
  const width = Object.fromEntries(columns.map((c) => [c, Math.max(...all.map((r) => r[c].length))])) as Record<keyof EndpointRow, number>;
  return all.map((r) => columns.map((c) => (r[c] || '-').padEnd(width[c])).join('  ').trimEnd()).join('\n');
}
