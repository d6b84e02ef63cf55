/**
 * axe-core (WCAG 2.2 A/AA) on a page as it stands, in both themes: the theme attribute is flipped
 * for the second run and put back, so the app's own state is untouched. Serious and critical
 * violations fail the test; every run is also appended to a JSON-lines report (AXE_REPORT) so the
 * counts can be totalled.
 */
import { appendFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export interface AxeFinding {
  theme: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

async function runOnce(page: Page): Promise<AxeFinding[]> {
  const theme = await page.evaluate(() => document.documentElement.dataset.theme ?? 'dark');
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map((v) => ({
    theme,
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
}

/** Every violation in both themes; `state` names where the page is, for the report. */
export async function axeBothThemes(page: Page, state: string): Promise<AxeFinding[]> {
  const first = await runOnce(page);
  const original = await page.evaluate(() => document.documentElement.dataset.theme ?? 'dark');
  await page.evaluate(
    (t) => {
      document.documentElement.dataset.theme = t;
    },
    original === 'dark' ? 'light' : 'dark',
  );
  let second: AxeFinding[];
  try {
    second = await runOnce(page);
  } finally {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, original);
  }
  const findings = [...first, ...second];
  if (process.env.AXE_REPORT)
    await appendFile(process.env.AXE_REPORT, `${JSON.stringify({ state, findings })}\n`).catch(() => undefined);
  return findings;
}

export function blocking(findings: readonly AxeFinding[]): AxeFinding[] {
  return findings.filter((f) => BLOCKING.has(f.impact));
}
