import { test, expect } from './fixtures';

test.describe('app shell', () => {
  test('opens on the Local demo profile and lists the SPOT instruments main fetched from the demo exchange', async ({
    app,
    shot,
  }) => {
    await expect(app.getByRole('button', { name: /Active profile: Local demo, environment Local demo/ })).toBeVisible();
    await expect(app.getByText('BTCUSDT', { exact: true }).first()).toBeVisible();
    await expect(app.getByText('ETHUSDT', { exact: true }).first()).toBeVisible();
    await shot('instruments-slice');
  });

  test('navigates every screen with the nav rail and the keyboard', async ({ app, shot }) => {
    const nav = app.getByRole('navigation', { name: 'Screens' });
    for (const name of ['Amend order', 'Profiles', 'Activity', 'Instruments']) {
      await nav.getByRole('button', { name }).click();
      await expect(nav.getByRole('button', { name })).toHaveAttribute('aria-current', 'page');
      await shot(`screen-${name.toLowerCase().replace(/\s+/g, '-')}`);
    }
    await app.keyboard.press('Control+4');
    await expect(nav.getByRole('button', { name: 'Activity' })).toHaveAttribute('aria-current', 'page');
    await app.keyboard.press('Control+1');
    await expect(nav.getByRole('button', { name: 'Instruments' })).toHaveAttribute('aria-current', 'page');
  });

  test('switches between the dark and light themes and remembers the choice', async ({ app }) => {
    await expect(app.locator('html')).toHaveAttribute('data-theme', 'dark');
    await app.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect(app.locator('html')).toHaveAttribute('data-theme', 'light');
    await app.reload();
    await expect(app.locator('html')).toHaveAttribute('data-theme', 'light');
    await app.getByRole('button', { name: 'Switch to dark theme' }).click();
    await expect(app.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});

test.describe('renderer sandbox', () => {
  test('exposes only the contract API: no Node, no ipcRenderer', async ({ app }) => {
    const probe = await app.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return {
        methods: Object.keys(w.desk as object).sort(),
        frozen: Object.isFrozen(w.desk),
        require: typeof w.require,
        process: typeof w.process,
        ipcRenderer: typeof w.ipcRenderer,
      };
    });
    expect(probe.methods).toContain('listInstruments');
    expect(probe.methods).toContain('sendModification');
    expect(probe.frozen).toBe(true);
    expect(probe.require).toBe('undefined');
    expect(probe.process).toBe('undefined');
    expect(probe.ipcRenderer).toBe('undefined');
  });

  test('the CSP blocks inline scripts and string evaluation', async ({ app }) => {
    const outcome = await app.evaluate(
      () =>
        new Promise<{ violated: string[]; inlineRan: boolean; stringTimerRan: boolean }>((resolve) => {
          const w = window as unknown as Record<string, unknown>;
          const violated: string[] = [];
          document.addEventListener('securitypolicyviolation', (e) => violated.push(e.violatedDirective));
          const script = document.createElement('script');
          script.textContent = 'window.__inlineRan = true';
          document.body.append(script);
          (setTimeout as unknown as (code: string, ms: number) => void)('window.__stringTimerRan = true', 0);
          setTimeout(
            () => resolve({ violated, inlineRan: w.__inlineRan === true, stringTimerRan: w.__stringTimerRan === true }),
            300,
          );
        }),
    );
    expect(outcome.inlineRan).toBe(false);
    expect(outcome.stringTimerRan).toBe(false);
    expect(outcome.violated.some((d) => d.startsWith('script-src'))).toBe(true);
  });

  test('loads and uses every screen without a single CSP violation', async ({ host, page }) => {
    test.skip(!host, 'the browser host serves the renderer project only');
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.sourceFile}`));
    });
    await page.goto(host!.newLaunchUrl());
    const nav = page.getByRole('navigation', { name: 'Screens' });
    for (const screen of ['Amend order', 'Profiles', 'Activity', 'Instruments']) {
      await nav.getByRole('button', { name: screen }).click();
      await expect(
        page.getByRole('heading', { name: screen === 'Amend order' ? /Amend/ : screen, level: 1 }),
      ).toBeVisible();
    }
    await expect(page.getByRole('grid')).toHaveAttribute('aria-busy', 'false');
    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([]);
  });

  test('a malformed call from the page is refused by main with a clear error', async ({ app }) => {
    const result = await app.evaluate(() =>
      (window.desk.listInstruments as unknown as (r: unknown) => Promise<unknown>)({ category: 'OPTIONS' }),
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(JSON.stringify(result)).toMatch(/Invalid request on instruments:list/);
  });
});
