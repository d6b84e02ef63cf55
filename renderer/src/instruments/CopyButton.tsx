import { useEffect, useRef, useState } from 'react';
import { copyText } from './clipboard';

type CopyState = 'idle' | 'copied' | 'failed';
const TEXT: Record<CopyState, string> = { idle: 'Copy', copied: 'Copied', failed: 'Copy failed' };

/** A copy button that says plainly whether the copy worked (the clipboard may be refused). */
export function CopyButton({
  text,
  label,
  children,
  className = 'button',
  disabled = false,
}: {
  text: string;
  label: string;
  children?: string;
  className?: string;
  disabled?: boolean;
}) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    const ok = await copyText(text);
    setState(ok ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2000);
  };

  return (
    <button
      type="button"
      className={`${className} copy-${state}`}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => void onClick()}
    >
      <span aria-live="polite">{state === 'idle' ? (children ?? TEXT.idle) : TEXT[state]}</span>
    </button>
  );
}
