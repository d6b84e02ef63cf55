import type { DeskFixtures } from '../fixtures';

/** The shot in the dark theme, then in the light one (axe checks both each time). */
export async function shotBoth(app: DeskFixtures['app'], shot: DeskFixtures['shot'], name: string): Promise<void> {
  await shot(name);
  await app.evaluate(() => (document.documentElement.dataset.theme = 'light'));
  await shot(`${name}-light`);
  await app.evaluate(() => (document.documentElement.dataset.theme = 'dark'));
}
