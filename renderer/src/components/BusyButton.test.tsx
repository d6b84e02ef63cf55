// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
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
});
