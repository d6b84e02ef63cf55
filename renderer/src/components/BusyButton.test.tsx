// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { BusyButton } from './BusyButton';

afterEach(cleanup);

describe('BusyButton', () => {
  it('does nothing while busy or unavailable, says so, and stays focusable', () => {
    const onClick = vi.fn();
    const view = render(
      <BusyButton busy onClick={onClick}>
        Refresh
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Refresh' });
    button.focus();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(button);

    view.rerender(
      <BusyButton unavailable onClick={onClick}>
        Refresh
      </BusyButton>,
    );
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(button.getAttribute('aria-disabled')).toBe('true');

    view.rerender(<BusyButton onClick={onClick}>Refresh</BusyButton>);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(button.getAttribute('aria-disabled')).toBeNull();
  });

  it('as a form’s submit button, submits nothing while it is inert', () => {
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault());
    const form = (unavailable: boolean) => (
      <form onSubmit={onSubmit}>
        <input aria-label="Symbol" />
        <BusyButton type="submit" unavailable={unavailable}>
          Fetch
        </BusyButton>
      </form>
    );
    const view = render(form(true));
    fireEvent.click(screen.getByRole('button', { name: 'Fetch' }));
    expect(onSubmit).not.toHaveBeenCalled();
    view.rerender(form(false));
    fireEvent.click(screen.getByRole('button', { name: 'Fetch' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('hands the focus it had to where its caller says when it goes, and takes no focus it did not have', async () => {
    const List = ({ more, onGone }: { more: boolean; onGone?: () => HTMLElement | null }) => (
      <div>
        <button type="button">Last row</button>
        {more ? <BusyButton focusWhenGone={onGone}>Load more</BusyButton> : null}
      </div>
    );
    const toLast = () => screen.getByRole('button', { name: 'Last row' });
    const view = render(<List more onGone={toLast} />);
    screen.getByRole('button', { name: 'Load more' }).focus();
    view.rerender(<List more={false} onGone={toLast} />);
    await act(async () => {});
    expect(document.activeElement).toBe(toLast());

    // Gone while the focus was elsewhere: nothing moves.
    const other = document.body.appendChild(document.createElement('input'));
    view.rerender(<List more onGone={toLast} />);
    other.focus();
    view.rerender(<List more={false} onGone={toLast} />);
    await act(async () => {});
    expect(document.activeElement).toBe(other);
    other.remove();
  });
});
