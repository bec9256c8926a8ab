/**
 * The boundary check of `npm test` (`npm run deps`): reads dependency-cruiser's JSON (rules of
 * .dependency-cruiser.cjs) from stdin, prints every rule it broke, and adds the one check
 * dependency-cruiser cannot express: no cycle between modules of production code.
 *
 * A module is a feature folder: `services/<m>`, `read-models/<m>`, `infra/<m>`, `domain/<m>`,
 * `web/src/features/<f>`, `web/src/<layer>`, or a top-level folder (`events`, `contracts`, `bench`).
 * Cycles are the strongly connected components of the module graph (Tarjan), tests left out.
 * Exit code 1 when anything is found.
 */

interface CruiseResult {
  modules: { source: string; dependencies: { resolved: string }[] }[];
  summary: { violations: { rule: { name: string; severity: string }; from: string; to: string }[] };
}

/** Test code, exempt as in .dependency-cruiser.cjs. */
const TEST = /\.spec\.tsx?$|^services\/testing\/|^web\/src\/testing\/|^web\/e2e\/|(^|\/|\.)fixtures\.tsx?$|(^|\/)projection-testing\.ts$|(^|\/)test-helpers\.ts$/;
const OURS = /^(events|domain|contracts|services|read-models|infra|bench|web)\//;

export function moduleOf(path: string): string {
  const parts = path.split('/');
  if (['services', 'read-models', 'infra', 'domain'].includes(parts[0]!) && parts.length > 2) return parts.slice(0, 2).join('/');
  if (parts[0] === 'web' && parts[2] === 'features' && parts.length > 4) return parts.slice(0, 4).join('/');
  if (parts[0] === 'web' && parts.length > 3) return parts.slice(0, 3).join('/');
  return parts[0]!;
}

/** The module graph of production code: module -> the modules it imports. */
export function moduleGraph(result: CruiseResult): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { source, dependencies } of result.modules) {
    if (!OURS.test(source) || TEST.test(source)) continue;
    const from = moduleOf(source);
    for (const { resolved } of dependencies) {
      if (!OURS.test(resolved) || TEST.test(resolved)) continue;
      const to = moduleOf(resolved);
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** Strongly connected components with more than one module (Tarjan). */
export function moduleCycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) cycles.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return cycles;
}

async function main() {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const result = JSON.parse(input) as CruiseResult;
  const errors = result.summary.violations.filter((v) => v.rule.severity === 'error');
  for (const v of errors) console.error(`error ${v.rule.name}: ${v.from} → ${v.to}`);
  const cycles = moduleCycles(moduleGraph(result));
  for (const c of cycles) console.error(`error module cycle: ${c.join(' ⇄ ')}`);
  if (errors.length || cycles.length) {
    console.error(`✘ ${errors.length} rule violations, ${cycles.length} module cycles`);
    process.exit(1);
  }
  console.log(`✔ no dependency violations and no module cycles (${result.modules.length} files)`);
}

if (import.meta.main) await main();
