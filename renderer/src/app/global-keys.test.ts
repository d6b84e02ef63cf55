// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isTextEntry } from './global-keys';

const input = (type?: string) => {
  const el = document.createElement('input');
  if (type !== undefined) el.setAttribute('type', type);
  return el;
};

describe('isTextEntry', () => {
  it('is typing in text fields, text areas and editable elements', () => {
    for (const t of [undefined, 'text', 'search', 'number', 'TEXT'])
      expect(isTextEntry(input(t)), String(t)).toBe(true);
    expect(isTextEntry(document.createElement('textarea'))).toBe(true);
  });

  it('is not typing on a menu, a checkbox or a button: "?" and "/" are the global keys there', () => {
    expect(isTextEntry(document.createElement('select'))).toBe(false);
    expect(isTextEntry(input('checkbox'))).toBe(false);
    expect(isTextEntry(document.createElement('button'))).toBe(false);
    expect(isTextEntry(null)).toBe(false);
  });
});
