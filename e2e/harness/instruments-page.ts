/** The Instruments screen, as the specs drive it. */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';

/** The instruments grid (its name starts "Instruments"). */
export const grid = (app: Page) => app.getByRole('grid', { name: /^Instruments/ });

/** The grid's body rows (the second rowgroup; the first holds the header). */
export const bodyRows = (app: Page) => grid(app).getByRole('rowgroup').nth(1).getByRole('row');

/** The grid's column header with exactly this label. */
export const header = (app: Page, label: string) => grid(app).getByRole('columnheader', { name: label, exact: true });

/** Waits until the list says how many instruments it shows and the grid is no longer busy. */
export async function instrumentsLoaded(app: Page) {
  await expect(app.getByText(/^Showing [\d,]+ of [\d,]+ instruments$/)).toBeVisible();
  await expect(grid(app)).toHaveAttribute('aria-busy', 'false');
}
