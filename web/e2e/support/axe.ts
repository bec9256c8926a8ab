import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR } from './screenshots.ts';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** Every violation axe found, one JSON line per screen, for reading after a run. */
export const AXE_REPORT = path.join(SCREENSHOT_DIR, 'axe-report.jsonl');

/**
 * Runs axe-core in the page (WCAG 2.x A/AA rules and best practices) and fails on serious or critical
 * violations. axe is evaluated through the DevTools protocol, which the page's CSP
 * (`script-src 'self'`) does not govern. Minor and moderate findings are written to AXE_REPORT.
 */
export async function expectNoSeriousA11yViolations(page: Page, screen: string): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.evaluate(`${axeSource}\n;void 0`);
  const violations = await page.evaluate(async () => {
    type AxeResult = {
      violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
    };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => `${n.target.map(String).join(' ')} :: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
    }));
  });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  appendFileSync(AXE_REPORT, `${JSON.stringify({ screen, url: page.url(), violations })}\n`);
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (serious.length > 0) {
    const detail = serious.map((v) => `- [${v.impact}] ${v.id}: ${v.help}\n    ${v.nodes.join('\n    ')}`).join('\n');
    throw new Error(`axe found ${serious.length} serious/critical violation(s) on ${screen}:\n${detail}`);
  }
  return violations;
}
