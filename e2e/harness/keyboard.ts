/** Keyboard steps shared by the keyboard specs: Tab as an operator presses it, and what has the focus. */
import type { Locator, Page } from '@playwright/test';

const hasFocus = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** Presses `key` until the target has the focus; returns how many presses it took. */
export async function tabTo(app: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab', max = 80): Promise<number> {
  for (let i = 0; i <= max; i++) {
    if (await hasFocus(target)) return i;
    await app.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target.toString()} in ${max} presses`);
}

/** What has the focus, in words: its role or tag and its name. */
export function focusName(app: Page): Promise<string> {
  return app.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.getAttribute('role') ?? el.tagName.toLowerCase()} "${name}"`;
  });
}

/**
 * Whether the focused element is drawn whole and on top: its top, middle and bottom edge points are
 * the element itself (or inside it), not a sticky header, a send bar or a toast above it, and inside
 * the window.
 */
export function focusUncovered(app: Page): Promise<boolean> {
  return app.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return false;
    const r = el.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight || r.height === 0) return false;
    const x = r.left + r.width / 2;
    return [r.top + 1, r.top + r.height / 2, r.bottom - 1].every((y) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === el || el.contains(hit));
    });
  });
}

/** Presses `key` (ArrowDown) inside a list of one tab stop until the target has the focus. */
export async function arrowTo(app: Page, target: Locator, key = 'ArrowDown', max = 100): Promise<void> {
  for (let i = 0; i <= max; i++) {
    if (await hasFocus(target)) return;
    await app.keyboard.press(key);
  }
  throw new Error(`${key} never reached ${target.toString()} in ${max} presses`);
}
