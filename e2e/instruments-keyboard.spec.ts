/**
 * The instrument browser by keyboard alone (issue "Polish for people", keyboard-only audit): the
 * column chooser as a dialog, the header row as one tab stop, the detail panel, jumps between
 * column groups, and statuses in words.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { bodyRows, grid, header, instrumentsLoaded } from './harness/instruments-page';

const focused = (app: Page) => app.locator(':focus');
const statusFilter = (app: Page) => app.getByLabel('Status', { exact: true });

const focusInside = (container: Locator) => container.evaluate((el) => el.contains(document.activeElement));

/** What has the focus, in words: its role or tag and its name. */
const focusName = (app: Page) =>
  app.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return 'nothing';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()} "${name}"`;
  });

/** The cells of a column in the rendered rows (columns are virtualized). */
async function columnCells(app: Page, label: string): Promise<Locator> {
  const index = await header(app, label).getAttribute('aria-colindex');
  return bodyRows(app).locator(`[role="gridcell"][aria-colindex="${index}"]`);
}

/** The header's label is drawn where it can be seen: in the grid's view and under no other element. */
async function expectHeaderInView(app: Page, label: string) {
  const seen = await header(app, label).evaluate((th) => {
    const g = th.closest<HTMLElement>('[role="grid"]')!.getBoundingClientRect();
    const l = (th.querySelector('button') ?? th).getBoundingClientRect();
    const x = l.left + l.width / 2;
    const y = l.top + l.height / 2;
    return {
      inView: l.left >= g.left - 1 && l.right <= g.right + 1,
      onTop: th.contains(document.elementFromPoint(x, y)),
    };
  });
  expect(seen, `${label} header in view and uncovered`).toEqual({ inView: true, onTop: true });
}

test.describe('instrument browser by keyboard', () => {
  test('the column chooser is a dialog: filter box, few tab stops, focus kept inside, Escape returns', async ({
    app,
    shot,
  }) => {
    await instrumentsLoaded(app);
    const columnsButton = app.getByRole('button', { name: /^Columns/ });
    await columnsButton.focus();
    await app.keyboard.press('Enter');
    const dialog = app.getByRole('dialog', { name: 'Columns' });
    await expect(dialog).toBeVisible();
    await expect.poll(() => focusInside(dialog)).toBe(true);
    const filter = dialog.getByRole('textbox', { name: 'Filter columns' });
    await expect(filter).toBeFocused();

    // Tab and Shift+Tab cycle inside the dialog, through a handful of stops (not one per column).
    const first = await focusName(app);
    const stops = [first];
    for (let i = 0; i < 150; i++) {
      await app.keyboard.press('Tab');
      expect(await focusInside(dialog), `Tab ${i + 1} (after ${stops.at(-1)}) stays in the dialog`).toBe(true);
      const now = await focusName(app);
      if (now === first) break;
      stops.push(now);
    }
    expect(stops.length, `tab stops: ${stops.join(', ')}`).toBeLessThanOrEqual(6);
    for (let i = 0; i < stops.length + 2; i++) {
      await app.keyboard.press('Shift+Tab');
      expect(await focusInside(dialog), `Shift+Tab ${i + 1} stays in the dialog`).toBe(true);
    }

    // Every target is at least 24 × 24 px (WCAG 2.2 target size).
    const small = await dialog.evaluate((d) =>
      [...d.querySelectorAll<HTMLElement>('button, input, select, [role="checkbox"], [tabindex]')]
        .map((el) => ({ el, box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.width < 24 || box.height < 24))
        .map(({ el, box }) => `${el.getAttribute('aria-label') ?? el.textContent} ${box.width}×${box.height}`),
    );
    expect(small).toEqual([]);
    await shot('instruments-columns-dialog');

    // The filter box narrows the list by name.
    await filter.focus();
    await filter.fill('fee');
    const boxes = dialog.getByRole('checkbox');
    await expect(boxes).toHaveText(['Maker fee', 'Taker fee', 'Fee markup']);

    // One tab stop for the list: Tab lands on it, arrows move inside it, Space shows or hides.
    await app.keyboard.press('Tab');
    await expect(boxes.nth(0)).toBeFocused();
    await app.keyboard.press('ArrowDown');
    await expect(boxes.nth(1)).toBeFocused();
    await expect(boxes.nth(1)).toBeChecked();
    await app.keyboard.press('Space');
    await expect(boxes.nth(1)).not.toBeChecked();
    await expect(header(app, 'Taker fee')).toHaveCount(0);
    await app.keyboard.press('Space');
    await expect(header(app, 'Taker fee')).toHaveCount(1);
    // Alt+arrows reorder within the group, and the focus stays on the column moved.
    await app.keyboard.press('ArrowUp');
    await app.keyboard.press('Alt+ArrowDown');
    await expect(boxes).toHaveText(['Taker fee', 'Maker fee', 'Fee markup']);
    await expect(boxes.nth(1)).toBeFocused();
    const maker = Number(await header(app, 'Maker fee').getAttribute('aria-colindex'));
    expect(Number(await header(app, 'Taker fee').getAttribute('aria-colindex'))).toBe(maker - 1);

    // Escape closes it, from the list or the filter box, and the focus returns to the Columns button.
    await app.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(columnsButton).toBeFocused();
    await app.keyboard.press('Enter');
    await expect(filter).toBeFocused();
    await expect(filter).toHaveValue('');
    await app.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(columnsButton).toBeFocused();
  });

  test('the header row is one tab stop: arrow keys move between the headers, Enter sorts', async ({ app }) => {
    await instrumentsLoaded(app);
    await grid(app).focus();
    await app.keyboard.press('Tab');
    await expect(focused(app)).toHaveAccessibleName('Symbol');
    await app.keyboard.press('ArrowRight');
    await expect(focused(app)).toHaveAccessibleName('Base');
    await app.keyboard.press('Enter');
    await expect(header(app, 'Base')).toHaveAttribute('aria-sort', 'ascending');

    // End: the last column, scrolled into view.
    await app.keyboard.press('End');
    await expect(focused(app)).toHaveAccessibleName('Delivery');
    await expectHeaderInView(app, 'Delivery');
    await app.keyboard.press('ArrowLeft');
    await expect(focused(app)).toHaveAccessibleName('Maintenance');
    await expectHeaderInView(app, 'Maintenance');

    // A single Tab leaves the header row; coming back lands on the header last used.
    await app.keyboard.press('Tab');
    expect(await focusInside(grid(app))).toBe(false);
    await app.keyboard.press('Shift+Tab');
    await expect(focused(app)).toHaveAccessibleName('Maintenance');
    await app.keyboard.press('Home');
    await expect(focused(app)).toHaveAccessibleName('Symbol');
    await expectHeaderInView(app, 'Symbol');

    // Arrow down returns to the rows.
    await app.keyboard.press('ArrowDown');
    await expect(grid(app)).toBeFocused();
    await app.keyboard.press('ArrowDown');
    await expect(bodyRows(app).first()).toHaveAttribute('aria-selected', 'true');
  });

  test('the detail panel is a few tabs away, and Escape inside it closes it and returns to the row', async ({
    app,
  }) => {
    await instrumentsLoaded(app);
    await grid(app).focus();
    await app.keyboard.press('ArrowDown');
    await app.keyboard.press('ArrowDown');
    const rowId = await grid(app).getAttribute('aria-activedescendant');
    expect(rowId).toBeTruthy();
    const selected = app.locator(`[id="${rowId}"]`);
    const symbol = (await selected.getByRole('gridcell').first().innerText()).split('\n')[0]!;
    await app.keyboard.press('Enter');
    const panel = app.getByRole('complementary', { name: `Details of ${symbol}` });
    await expect(panel).toBeVisible();

    // From the grid to the panel: the header row, then the panel.
    let tabs = 0;
    while (!(await focusInside(panel)) && tabs < 40) {
      await app.keyboard.press('Tab');
      tabs++;
    }
    expect(tabs).toBeLessThanOrEqual(3);

    // Escape from deep inside the panel (a copy button in the field table).
    await panel.getByRole('button', { name: 'Copy the raw symbol', exact: true }).focus();
    await app.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(grid(app)).toBeFocused();
    await expect(grid(app)).toHaveAttribute('aria-activedescendant', rowId!);
    await expect(selected).toHaveAttribute('aria-selected', 'true');

    // The Details button opens the panel with the focus in it; Escape returns to the row.
    const details = app.getByRole('button', { name: 'Details', exact: true });
    await details.focus();
    await app.keyboard.press('Enter');
    await expect(panel).toBeVisible();
    await expect.poll(() => focusInside(panel)).toBe(true);
    await app.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(grid(app)).toBeFocused();
    await expect(grid(app)).toHaveAttribute('aria-activedescendant', rowId!);
  });

  test('Ctrl+arrow keys jump between column groups, scrolling the grid to them', async ({ app }) => {
    await instrumentsLoaded(app);
    await grid(app).focus();
    // The first column of each group, left to right (default columns).
    const starts = ['Status', 'Min order qty', 'Maker fee', 'Min leverage', 'Price precision', 'Buy limit ratio'];
    for (const label of [...starts, 'Launch']) {
      await app.keyboard.press('Control+ArrowRight');
      await expect(focused(app)).toHaveAccessibleName(label);
      await expectHeaderInView(app, label);
      const cells = await columnCells(app, label);
      await expect.poll(() => cells.count()).toBeGreaterThan(5);
    }
    await app.keyboard.press('Control+ArrowLeft');
    await expect(focused(app)).toHaveAccessibleName('Buy limit ratio');
    await expectHeaderInView(app, 'Buy limit ratio');
    // From inside a group, Ctrl+Left goes to the start of that group.
    await app.keyboard.press('ArrowRight');
    await app.keyboard.press('Control+ArrowLeft');
    await expect(focused(app)).toHaveAccessibleName('Buy limit ratio');
    for (const label of [...starts.slice(0, -1)].reverse()) {
      await app.keyboard.press('Control+ArrowLeft');
      await expect(focused(app)).toHaveAccessibleName(label);
      await expectHeaderInView(app, label);
    }
    await app.keyboard.press('Control+ArrowLeft');
    await expect(focused(app)).toHaveAccessibleName('Symbol');
    expect(await grid(app).evaluate((g) => g.scrollLeft)).toBe(0);
  });

  test('statuses read as words; the exchange code and the meaning are reachable by keyboard', async ({ app, shot }) => {
    await instrumentsLoaded(app);
    await expect(statusFilter(app).locator('option[value="restrictedAPI"]')).toHaveText('API restricted (1)');
    await expect(statusFilter(app).locator('option[value="limit_close"]')).toHaveText('Limit close (1)');
    await statusFilter(app).selectOption('not-online');
    const words = await (await columnCells(app, 'Status')).allInnerTexts();
    expect(new Set(words)).toEqual(new Set(['Limit open', 'Limit close', 'API restricted', 'Listed', 'Offline']));

    await statusFilter(app).selectOption('restrictedAPI');
    const cell = (await columnCells(app, 'Status')).first();
    await expect(cell).toHaveText('API restricted');
    await expect(cell).toHaveAccessibleDescription(/trading through the API is restricted.*restrictedAPI/i);

    // By keyboard: select the row, open the details.
    await grid(app).focus();
    await app.keyboard.press('ArrowDown');
    await app.keyboard.press('Enter');
    const panel = app.getByRole('complementary', { name: /^Details of / });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('heading', { level: 2 }).locator('..')).toContainText('API restricted');
    await expect(panel).toContainText(/trading through the API is restricted/i);
    const statusRow = panel.getByRole('row', { name: /^Status/ });
    await expect(statusRow).toContainText('API restricted');
    await expect(statusRow).toContainText('restrictedAPI');
    await shot('instruments-status-words');
  });
});
