// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { rowStep, useRovingRows } from './roving-rows';

describe('rowStep', () => {
  it('moves by one, by a page, to either end, and starts at the first row', () => {
    expect(rowStep('ArrowDown', 3, 9, 4)).toBe(4);
    expect(rowStep('ArrowDown', 9, 9, 4)).toBe(9);
    expect(rowStep('ArrowUp', 0, 9, 4)).toBe(0);
    expect(rowStep('ArrowUp', -1, 9, 4)).toBe(0);
    expect(rowStep('ArrowDown', -1, 9, 4)).toBe(0);
    expect(rowStep('PageDown', 7, 9, 4)).toBe(9);
    expect(rowStep('PageUp', 2, 9, 4)).toBe(0);
    expect(rowStep('Home', 5, 9, 4)).toBe(0);
    expect(rowStep('End', 5, 9, 4)).toBe(9);
    expect(rowStep('Enter', 5, 9, 4)).toBeUndefined();
  });
});

function Rows({ names }: { names: string[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const roving = useRovingRows({ keys: names, scroller });
  return (
    <div ref={scroller}>
      <table>
        <tbody onKeyDown={roving.onKeyDown} onFocus={roving.onFocus}>
          {names.map((n, i) => (
            <tr key={n}>
              <td>
                <button type="button" data-row-index={i} tabIndex={roving.tabIndexOf(i)}>
                  Pick {n}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

afterEach(cleanup);
const button = (n: string) => screen.getByRole('button', { name: `Pick ${n}` });
const stops = () => screen.getAllByRole('button').filter((b) => b.tabIndex === 0);

describe('useRovingRows', () => {
  it('keeps one tab stop, moves it with the keys and follows its row through a refresh', () => {
    const { rerender } = render(<Rows names={['a', 'b', 'c']} />);
    expect(stops()).toEqual([button('a')]);
    button('a').focus();
    fireEvent.keyDown(button('a'), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(button('b'));
    expect(stops()).toEqual([button('b')]);
    fireEvent.keyDown(button('b'), { key: 'End' });
    expect(document.activeElement).toBe(button('c'));
    // A refresh adds a row above: the stop stays on the same order.
    rerender(<Rows names={['z', 'a', 'b', 'c']} />);
    expect(stops()).toEqual([button('c')]);
    // Its row gone, the first row takes the stop.
    rerender(<Rows names={['z', 'a']} />);
    expect(stops()).toEqual([button('z')]);
  });

  it('leaves Enter and modified arrows to others', () => {
    render(<Rows names={['a', 'b']} />);
    button('a').focus();
    fireEvent.keyDown(button('a'), { key: 'Enter' });
    fireEvent.keyDown(button('a'), { key: 'ArrowDown', ctrlKey: true });
    expect(document.activeElement).toBe(button('a'));
  });
});
