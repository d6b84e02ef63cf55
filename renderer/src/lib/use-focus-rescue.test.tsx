// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useCallback, useRef, useState } from 'react';
import { useFocusRescue } from './use-focus-rescue';

function Bar({ enabled }: { enabled: boolean }) {
  const bar = useRef<HTMLDivElement>(null);
  const home = useRef<HTMLButtonElement>(null);
  const [rescues, setRescues] = useState(0);
  const rescue = useCallback(() => {
    setRescues((n) => n + 1);
    home.current?.focus();
  }, []);
  useFocusRescue(bar, rescue);
  return (
    <>
      <div ref={bar}>
        <button disabled={!enabled}>Act</button>
      </div>
      <button ref={home}>Home</button>
      <output aria-label="Rescues">{rescues}</output>
    </>
  );
}

afterEach(cleanup);
const act_ = () => screen.getByRole('button', { name: 'Act' });
const rescues = () => screen.getByLabelText('Rescues').textContent;

describe('useFocusRescue', () => {
  it('moves the focus when Chromium blurs a control that went disabled to the page', async () => {
    render(<Bar enabled />);
    act_().focus();
    // What Chromium does as `disabled` is written: the focus goes to the page and the control, now
    // disabled, sends focusout. (jsdom keeps the focus on a disabled control, and will not blur one.)
    await act(async () => {
      const button = act_();
      button.blur();
      button.setAttribute('disabled', '');
      button.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: null }));
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Home' }));
    expect(rescues()).toBe('1');
  });

  it('moves the focus off a disabled control an engine left it on', () => {
    const view = render(<Bar enabled />);
    act_().focus();
    view.rerender(<Bar enabled={false} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Home' }));
  });

  it('takes nothing from the operator: focus going to another control, or an enabled one blurred', async () => {
    const view = render(<Bar enabled />);
    const home = screen.getByRole('button', { name: 'Home' });
    const other = document.body.appendChild(document.createElement('input'));
    act_().focus();
    // The operator clicks elsewhere on the page: an enabled control blurs to the body.
    await act(async () => act_().blur());
    expect(document.activeElement).toBe(document.body);
    // Disabled while the focus is elsewhere.
    other.focus();
    view.rerender(<Bar enabled={false} />);
    await act(async () => {});
    expect(document.activeElement).toBe(other);
    expect(home).not.toBe(document.activeElement);
    expect(rescues()).toBe('0');
    other.remove();
  });
});
