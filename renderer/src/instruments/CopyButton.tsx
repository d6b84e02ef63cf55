import { useEffect, useRef, useState } from 'react';
import { copyText } from './clipboard';

type CopyState = 'idle' | 'copied' | 'failed';
const TEXT: Record<CopyState, string> = { idle: 'Copy', copied: 'Copied', failed: 'Copy failed' };

/**
 * A copy button that says plainly whether the copy worked (the clipboard may be refused). Compact,
 * it is an icon as small as a line of text (drawn by CSS, .copy-icon); its words stay for screen
 * readers, the icon turns into ✓ or ✕.
 */
export function CopyButton({
  text,
  label,
  children,
  className = 'button',
  disabled = false,
  compact = false,
}: {
  text: string;
  label: string;
  children?: string;
  className?: string;
  disabled?: boolean;
  compact?: boolean;
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
      className={`${className} copy-${state}${compact ? ' copy-icon' : ''}`}
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={() => void onClick()}
    >
      <span aria-live="polite" className={compact ? 'sr-only' : undefined}>
        {state === 'idle' ? (children ?? TEXT.idle) : TEXT[state]}
      </span>
    </button>
  );
}
