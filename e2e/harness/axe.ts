/**
 * axe-core (WCAG 2.2 A/AA) on a page as it stands, in both themes: the theme attribute is flipped
 * for the second run and put back, so the app's own state is untouched. Serious and critical
 * violations fail the test; every run is also appended to a JSON-lines report (AXE_REPORT) so the
 * counts can be totalled.
 *
 * The same engine and rules as @axe-core/playwright's AxeBuilder().withTags(TAGS).analyze(), run the
 * way its legacy mode does, since the app has no frames: axe-core goes into the page once rather than
 * on every run, and a run reports violations only, in the page itself. AxeBuilder's default mode opens
 * and closes an extra page to merge per-frame results on every run: most of the suite's axe time.
 */
import { appendFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** axe-core as @axe-core/playwright pins it (its own dependency, so both stay the same version). */
const AXE_SOURCE: string = createRequire(require.resolve('@axe-core/playwright'))('axe-core').source;

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

interface AxeInPage {
  run(
    context: Document,
    options: { runOnly: { type: 'tag'; values: string[] }; resultTypes: string[] },
  ): Promise<{ violations: AxeViolation[] }>;
}

export interface AxeFinding {
  theme: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** Puts axe-core into the page unless it is there already (the app is one page: it stays). */
async function ensureAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  // A string is evaluated by the debugger protocol, which the page's CSP (no eval) does not govern.
  if (!present) await page.evaluate(AXE_SOURCE);
}

async function runOnce(page: Page): Promise<AxeFinding[]> {
  await ensureAxe(page);
  return page.evaluate(async (tags) => {
    const theme = document.documentElement.dataset.theme ?? 'dark';
    const { axe } = window as unknown as { axe: AxeInPage };
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      theme,
      id: v.id,
      impact: v.impact ?? 'unknown',
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  }, TAGS);
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
