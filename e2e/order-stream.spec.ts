/**
 * The private order stream as the operator meets it: the header says whether outcomes arrive as
 * pushes, an amend's outcome says it was pushed and confirmed, and a stream that drops is shown and
 * comes back on its own.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { field } from './harness/amend-page';

const streamChip = (app: Page) => app.getByRole('status', { name: /^Order stream/ });

test.describe('the order stream', () => {
  test('the header shows it live; an outcome is pushed and confirmed; a drop is shown and heals', async ({
    app,
    demo,
    shot,
  }) => {
    await expect(streamChip(app)).toHaveText('Stream live', { timeout: 10_000 });
    await expect(streamChip(app)).toHaveAccessibleName(/connected: amend results show as soon as the exchange decides/);

    await app.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Amend order' }).click();
    await field(app, 'Client order ID').fill('demo-btc-open');
    await app.getByRole('button', { name: 'Load order' }).click();
    await field(app, 'Price').fill('60010.0');
    await app.getByRole('button', { name: 'Review' }).click();
    await app.getByRole('button', { name: 'Send modification' }).click();
    const outcome = app.getByRole('region', { name: 'Outcome' });
    await expect(app.getByRole('status', { name: 'Amend progress' })).toContainText('Applied: price 60000.0 → 60010.0');
    await expect(outcome).toContainText('Pushed by the order stream');
    await expect(outcome).toContainText('Confirmed by Get Order Details');
    await shot('order-stream-applied');

    // The exchange drops every stream connection: the chip says so until the stream is back.
    demo.control.dropStreamConnections();
    await expect(streamChip(app)).toHaveText(/Stream (reconnecting…|live)/);
    await expect(streamChip(app)).toHaveText('Stream live', { timeout: 10_000 });
  });
});
