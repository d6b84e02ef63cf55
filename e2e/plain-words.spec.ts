/**
 * What the amend desk says: a rule checked on this computer is not passed off as the exchange's
 * answer, and a rejection says each of its sentences once.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { field, openAmend } from './harness/amend-page';

const status = (app: Page) => app.getByRole('status', { name: 'Amend progress' });

/** How many times `words` occur in the element's visible text. */
async function occurrences(locator: ReturnType<Page['locator']>, words: string): Promise<number> {
  const text = (await locator.innerText()).toLowerCase();
  return text.split(words.toLowerCase()).length - 1;
}

test.describe('plain words on the amend desk', () => {
  test("a rule the desk checks itself is labelled as checked locally, not as the exchange's answer", async ({
    app,
  }) => {
    await openAmend(app);
    await field(app, 'Client order ID').fill('demo-btc-open');
    await field(app, 'Price').fill('abc');
    const issue = app
      .getByRole('form', { name: 'Modification' })
      .getByRole('listitem')
      .filter({ hasText: 'Price must be a positive decimal number' });
    await expect(issue).toContainText('checked locally (the exchange would answer 40017)');
    await expect(issue).not.toContainText('· code 40017');
  });

  test('a rejection by the exchange says each sentence once', async ({ app }) => {
    await openAmend(app);
    await field(app, 'Client order ID').fill('demo-offline-open');
    await field(app, 'Price').fill('0.95');
    await app.getByRole('button', { name: 'Review' }).click();
    await app.getByRole('button', { name: 'Send modification' }).click();
    await expect(status(app)).toContainText(
      'Rejected: This trading pair is closed for maintenance (code 25102). Nothing was changed.',
    );
    const outcome = app.getByRole('region', { name: 'Outcome' });
    await expect(outcome).toContainText('code 25102');
    expect(await occurrences(status(app), 'closed for maintenance')).toBe(1);
    expect(await occurrences(outcome, 'closed for maintenance')).toBe(1);
    expect(await occurrences(outcome, 'Nothing was changed')).toBe(1);
  });
});
