import type { ReactNode } from 'react';

export function ScreenHeader({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <div className="screen-header">
      <div>
        {/* Focusable by script only: a screen switch from the keyboard moves focus here. */}
        <h1 tabIndex={-1}>{title}</h1>
        {subtitle ? <p className="muted">{subtitle}</p> : null}
      </div>
      <div className="screen-actions">{children}</div>
    </div>
  );
}
