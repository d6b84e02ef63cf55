/**
 * The `shot` fixture's axe check itself: on a page with known faults it finds what AxeBuilder (the
 * library's own way to run axe) finds, in both themes, and blocks on the serious and critical ones.
 */
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';
import { axeBothThemes, blocking } from './harness/axe';

const FAULTY_PAGE = `<!doctype html>
<html lang="en" data-theme="dark">
  <head><title>faults</title></head>
  <body>
    <main>
      <h1>Faults</h1>
      <button></button>
      <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">
      <p style="color: #777; background: #888">low contrast</p>
      <input type="text">
    </main>
  </body>
</html>`;

test.describe('axe harness', () => {
  test('finds the violations AxeBuilder finds, in both themes, twice on the same page', async ({ page }) => {
    await page.setContent(FAULTY_PAGE);
    const reference = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const expected = reference.violations.map((v) => v.id).sort();
    expect(expected).toEqual(expect.arrayContaining(['button-name', 'color-contrast', 'image-alt', 'label']));

    for (let run = 0; run < 2; run += 1) {
      const findings = await axeBothThemes(page, `axe-harness-${run}`);
      for (const theme of ['dark', 'light']) {
        expect(
          findings
            .filter((f) => f.theme === theme)
            .map((f) => f.id)
            .sort(),
          `${theme} theme, run ${run + 1}`,
        ).toEqual(expected);
      }
      expect(blocking(findings).map((f) => f.id)).toEqual(expect.arrayContaining(['button-name', 'image-alt']));
    }
    // The theme is put back after the second theme's run.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  });
});
