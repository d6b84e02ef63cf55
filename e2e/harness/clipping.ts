/**
 * Text that an operator cannot read whole: cut by its own box ("Durati"), by a scrolling or
 * clipping ancestor ("ymbol" after a sideways scroll), or covered by something drawn over it (a
 * sticky header or column). `expectWhole` checks every element a locator matches, where it is now
 * (scroll it first if it should be in view); an input is checked for its placeholder when empty.
 * An element hidden on purpose (visibility: hidden) is not read, and passes.
 */
import { expect, type Locator } from '@playwright/test';

/**
 * Why each element the locator matches is not readable whole (empty: all are). `axis: 'x'` checks
 * sideways only: rows scrolled out of a table's height are not cut text.
 */
export function clippedTexts(locator: Locator, axis: 'x' | 'both' = 'both'): Promise<string[]> {
  return locator.evaluateAll((elements, axis) => {
    const vertical = axis === 'both';
    const out: string[] = [];
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
        typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''
      }`;
    const round = (n: number) => Math.round(n * 10) / 10;
    for (const el of elements as HTMLElement[]) {
      const what = `${name(el)} "${(el.textContent ?? '').trim().slice(0, 60)}"`;
      // Hidden on purpose (visibility: hidden): not read, so not cut.
      if (getComputedStyle(el).visibility === 'hidden') continue;
      if (el.getClientRects().length === 0) {
        out.push(`${what}: not drawn`);
        continue;
      }
      // The placeholder of an empty input: as wide as its text in the input's font.
      if (el instanceof HTMLInputElement) {
        if (el.value !== '' || !el.placeholder) continue;
        const cs = getComputedStyle(el);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
        const text = ctx.measureText(el.placeholder).width;
        const room = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
        if (text > room + 0.5)
          out.push(`input "${el.placeholder}": placeholder ${round(text)} px wide in ${round(room)} px`);
        continue;
      }
      // Its own box: content wider (or taller) than the box that shows it.
      if (el.scrollWidth > el.clientWidth + 1)
        out.push(`${what}: ${el.scrollWidth} px of content in ${el.clientWidth} px`);
      // The text as drawn, inside every ancestor that clips or scrolls.
      const range = document.createRange();
      range.selectNodeContents(el);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length === 0) continue;
      const box = {
        left: Math.min(...rects.map((r) => r.left)),
        right: Math.max(...rects.map((r) => r.right)),
        top: Math.min(...rects.map((r) => r.top)),
        bottom: Math.max(...rects.map((r) => r.bottom)),
      };
      // What of it can be seen: the part inside every ancestor that clips or scrolls.
      const seen = { ...box };
      let cutBy: string | undefined;
      for (let a = el.parentElement; a; a = a.parentElement) {
        const cs = getComputedStyle(a);
        if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
        const r = a.getBoundingClientRect();
        const left = r.left + a.clientLeft;
        const top = r.top + a.clientTop;
        const inside =
          box.left >= left - 0.5 &&
          box.right <= left + a.clientWidth + 0.5 &&
          (!vertical || (box.top >= top - 0.5 && box.bottom <= top + a.clientHeight + 0.5));
        if (!inside && !cutBy)
          cutBy = `${name(a)} ${round(left)}–${round(left + a.clientWidth)} × ${round(top)}–${round(top + a.clientHeight)}`;
        seen.left = Math.max(seen.left, left);
        seen.right = Math.min(seen.right, left + a.clientWidth);
        seen.top = Math.max(seen.top, top);
        seen.bottom = Math.min(seen.bottom, top + a.clientHeight);
        // A modal dialog is drawn in the top layer: what holds it in the page clips nothing of it.
        if (a.matches('dialog:modal, :popover-open')) break;
      }
      if (cutBy)
        out.push(
          `${what}: text ${round(box.left)}–${round(box.right)} × ${round(box.top)}–${round(box.bottom)} outside ${cutBy}`,
        );
      // Nothing drawn over the part that can be seen (a sticky header, a sticky column).
      if (seen.right - seen.left < 2 || seen.bottom - seen.top < 2) continue;
      const y = (seen.top + seen.bottom) / 2;
      const x = (seen.left + seen.right) / 2;
      for (const [px, py] of [
        [seen.left + 1, y],
        [seen.right - 1, y],
        [x, seen.top + 1],
        [x, seen.bottom - 1],
      ] as const) {
        if (px < 0 || py < 0 || px > innerWidth || py > innerHeight) continue;
        const hit = document.elementFromPoint(px, py);
        if (hit && hit !== el && !el.contains(hit)) {
          out.push(`${what}: covered at (${round(px)}, ${round(py)}) by ${name(hit)}`);
          break;
        }
      }
    }
    return out;
  }, axis);
}

/** Every element the locator matches shows its text whole (polled: layout may still be settling). */
export async function expectWhole(locator: Locator, where: string, axis: 'x' | 'both' = 'both') {
  await expect(locator.first()).toBeVisible();
  await expect.poll(() => clippedTexts(locator, axis), { message: `text cut: ${where}` }).toEqual([]);
}
