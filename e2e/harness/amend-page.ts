/** The Amend order screen, as the specs drive it. */
import type { Page } from '@playwright/test';
import { expect } from '../fixtures';
import { nav } from './app-shell';

/** A form control by its exact label (the amend form's Client order ID, Price, Quantity, …). */
export const field = (app: Page, name: string) => app.getByLabel(name, { exact: true });

/** The region that shows the order the form loaded. */
export const loaded = (app: Page) => app.getByRole('region', { name: 'Loaded order' });

/** Opens the Amend order screen from the Screens navigation and waits for its heading. */
export async function openAmend(app: Page) {
  await nav(app, 'Amend order');
  await expect(app.getByRole('heading', { name: 'Amend order' })).toBeVisible();
}
