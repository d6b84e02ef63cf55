// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useInstrumentBrowser } from './prefs';
import { SourceControls } from './SourceControls';

beforeEach(() => useInstrumentBrowser.setState({ exactSymbol: '' }));
afterEach(cleanup);

const box = () => screen.getByLabelText<HTMLInputElement>('Exact symbol');

describe('SourceControls', () => {
  it('keeps a draft while typing, and shows the fetched symbol once submitted', () => {
    render(<SourceControls />);
    fireEvent.change(box(), { target: { value: ' btcusdt ' } });
    expect(box().value).toBe(' btcusdt ');
    expect(useInstrumentBrowser.getState().exactSymbol).toBe('');
    fireEvent.submit(box().form!);
    expect(useInstrumentBrowser.getState().exactSymbol).toBe('BTCUSDT');
    expect(box().value).toBe('BTCUSDT');
    // Nothing new to fetch: Fetch says so and keeps the focus of whoever pressed it.
    const fetch = screen.getByRole<HTMLButtonElement>('button', { name: 'Fetch' });
    expect(fetch.getAttribute('aria-disabled')).toBe('true');
    expect(fetch.disabled).toBe(false);
  });

  it('follows the symbol when it changes elsewhere (the empty state’s button)', () => {
    render(<SourceControls />);
    fireEvent.change(box(), { target: { value: 'ETHUSDT' } });
    fireEvent.submit(box().form!);
    fireEvent.change(box(), { target: { value: 'SOL' } });
    act(() => useInstrumentBrowser.getState().setExactSymbol(''));
    expect(box().value).toBe('');
  });

  it('clears the symbol with its button', () => {
    render(<SourceControls />);
    fireEvent.change(box(), { target: { value: 'ETHUSDT' } });
    fireEvent.submit(box().form!);
    fireEvent.click(screen.getByRole('button', { name: 'Clear symbol' }));
    expect(useInstrumentBrowser.getState().exactSymbol).toBe('');
    expect(box().value).toBe('');
  });
});
