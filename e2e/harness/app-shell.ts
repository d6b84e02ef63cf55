/** The app shell, as the specs drive it: the Screens navigation. */
import type { Page } from '@playwright/test';

/** Clicks the screen `name` in the Screens navigation (no wait: callers check the screen they expect). */
export const nav = (app: Page, name: string) =>
  app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name }).click();
