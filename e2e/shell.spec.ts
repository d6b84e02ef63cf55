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
  test('exposes only the contract API: no Node, no ipcRenderer, and the CSP forbids eval', async ({ app }) => {
    const probe = await app.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      let evalResult: string;
      try {
        evalResult = String((0, eval)('1 + 1'));
      } catch (e) {
        evalResult = e instanceof Error ? e.name : 'blocked';
      }
      return {
        methods: Object.keys(w.desk as object).sort(),
        frozen: Object.isFrozen(w.desk),
        require: typeof w.require,
        process: typeof w.process,
        ipcRenderer: typeof w.ipcRenderer,
        evalResult,
      };
    });
    expect(probe.methods).toContain('listInstruments');
    expect(probe.methods).toContain('sendModification');
    expect(probe.frozen).toBe(true);
    expect(probe.require).toBe('undefined');
    expect(probe.process).toBe('undefined');
    expect(probe.ipcRenderer).toBe('undefined');
    expect(probe.evalResult).toBe('EvalError');
  });

  test('a malformed call from the page is refused by main with a clear error', async ({ app }) => {
    const result = await app.evaluate(() =>
      (window.desk.listInstruments as unknown as (r: unknown) => Promise<unknown>)({ category: 'OPTIONS' }),
    );
    expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(JSON.stringify(result)).toMatch(/Invalid request on instruments:list/);
  });
});
