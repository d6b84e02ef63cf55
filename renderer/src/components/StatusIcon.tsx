/**
 * Inline SVG (24×24 grid, stroked in the current colour) so the icons never depend on the fonts a
 * machine has. Each shape differs, so a status can be told without its colour.
 */
export type IconName = 'info' | 'progress' | 'check' | 'warning' | 'question' | 'cross' | 'ban';

const PATHS: Record<IconName, string> = {
  info: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v6M12 7.5v.5',
  progress: 'M12 3a9 9 0 1 0 9 9',
  check: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM7.5 12.5l3 3 6-6.5',
  warning: 'M12 3.5 2.5 20h19zM12 10v4.5M12 17.2v.3',
  question: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM9.6 9.3a2.5 2.5 0 1 1 3.4 2.3c-.7.3-1 .8-1 1.6v.3M12 16.8v.4',
  cross: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM8.8 8.8l6.4 6.4M15.2 8.8l-6.4 6.4',
  ban: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM5.6 5.6l12.8 12.8',
};

/** A status icon with its text alternative (role img): colour is never the only signal. */
export function StatusIcon({ icon, label, className }: { icon: IconName; label: string; className?: string }) {
  return (
    <svg
      className={`status-icon icon-${icon}${className ? ` ${className}` : ''}`}
      viewBox="0 0 24 24"
      width="16"
      height="16"
      role="img"
      aria-label={label}
      focusable="false"
    >
      <path
        d={PATHS[icon]}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
