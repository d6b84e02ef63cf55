/**
 * The browser host's front door, in a real browser: a page without a session is told what to open,
 * a launch link works once, and a page of another origin cannot call the contract.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';

test.describe('browser host', () => {
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== 'renderer', 'the browser host serves the renderer project only');
  });

  test('a page without a session says to open the link the app printed, and gets no app', async ({ host, page }) => {
    await page.goto(host!.url);
    await expect(page.getByRole('heading', { name: 'UTA Desk', level: 1 })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText(
      'Open the link UTA Desk printed when it started: this page has no session yet.',
    );
    await expect(page.getByText('Press Enter in that terminal for a new one.')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Screens' })).toHaveCount(0);
    // Nor can the page call the contract on its own.
    const answer = await page.evaluate(async () => {
      const r = await fetch('/desk/app:status', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-uta-desk': '1' },
        body: '{}',
      });
      return { status: r.status, body: await r.json() };
    });
    expect(answer).toMatchObject({ status: 401, body: { ok: false, error: { kind: 'forbidden' } } });
    expect(answer.body.error.message).toMatch(/open the link UTA Desk printed/);
    await page.screenshot({ path: 'e2e/screenshots/renderer-host-no-session.png' });
  });

  test('a launch link works once: the code leaves the address bar, a second browser is refused', async ({
    host,
    page,
    browser,
  }) => {
    const link = host!.newLaunchUrl();
    await page.goto(link);
    await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
    expect(page.url()).not.toContain('launch=');
    // A reload keeps the session (the cookie), without the code.
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
    // A newer link pasted into the app's tab: still the app, and the code leaves the address bar.
    await page.goto(host!.newLaunchUrl());
    await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible();
    await expect.poll(() => page.url()).not.toContain('launch=');

    const other = await browser.newContext();
    const second = await other.newPage();
    await second.goto(link);
    await expect(second.getByRole('status')).toHaveText(
      'This link has already been used or is not from this start of UTA Desk. Open the newest link UTA Desk printed.',
    );
    await expect(second.getByRole('navigation', { name: 'Screens' })).toHaveCount(0);
    await second.screenshot({ path: 'e2e/screenshots/renderer-host-link-used.png' });
    // A new link (Enter in the terminal) lets that browser in.
    await second.goto(host!.newLaunchUrl());
    await expect(second.getByRole('navigation', { name: 'Screens' })).toBeVisible();
    await other.close();
  });

  test('a page of another origin cannot call the contract, even with the session in the browser', async ({
    app,
    host,
  }) => {
    // The app page is open in this browser context, so the session cookie exists here.
    const foreign = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>elsewhere</title>');
    });
    await new Promise<void>((ok) => foreign.listen(0, '127.0.0.1', ok));
    const port = (foreign.address() as AddressInfo).port;
    const page = await app.context().newPage();
    try {
      await page.goto(`http://localhost:${port}/`);
      const outcome = await page.evaluate(async (target) => {
        try {
          const r = await fetch(`${target}/desk/profiles:list`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-uta-desk': '1' },
            body: '{}',
            credentials: 'include',
          });
          return `answered ${r.status}`;
        } catch (e) {
          return `blocked: ${(e as Error).name}`;
        }
      }, host!.url);
      // The custom header needs a CORS preflight, which the host never grants.
      expect(outcome).toBe('blocked: TypeError');
    } finally {
      await page.close();
      foreign.closeAllConnections();
      await new Promise((ok) => foreign.close(ok));
    }
  });
});
