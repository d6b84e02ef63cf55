import { useUi, VIEWS, type View } from './store';

export const VIEW_LABELS: Record<View, string> = {
  instruments: 'Instruments',
  amend: 'Amend order',
  profiles: 'Profiles',
  activity: 'Activity',
  'amend-many': 'Amend many',
  changes: 'Changes',
};

/** Inline SVG paths (24×24 grid) so the icons never depend on the fonts a machine has. */
const ICON_PATHS: Record<View, string> = {
  instruments: 'M3 4h18v4H3zM3 10h18v4H3zM3 16h18v4H3z',
  amend: 'M4 17.5V20h2.5L17 9.5 14.5 7zM19.7 6.8a1 1 0 0 0 0-1.4l-1.1-1.1a1 1 0 0 0-1.4 0l-1.2 1.2 2.5 2.5z',
  profiles: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm0 2c-4 0-8 2-8 5v1h16v-1c0-3-4-5-8-5z',
  activity: 'M3 12h4l3-7 4 14 3-7h4',
  // Three order lines, the last one being edited.
  'amend-many': 'M3 5h12M3 10h12M3 15h6M12 19.5V21h1.5L21 13.5 19.5 12z',
  // A clock with its hands: what changed over time.
  changes: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3 2',
};

function NavIcon({ view }: { view: View }) {
  const stroke = view === 'activity' || view === 'amend-many' || view === 'changes';
  return (
    <svg className="nav-icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d={ICON_PATHS[view]}
        fill={stroke ? 'none' : 'currentColor'}
        stroke={stroke ? 'currentColor' : 'none'}
        strokeWidth={stroke ? 2 : 0}
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

export function NavRail({ inert = false }: { inert?: boolean }) {
  const view = useUi((s) => s.view);
  const setView = useUi((s) => s.setView);
  return (
    <nav className="nav" aria-label="Screens" inert={inert}>
      <ul>
        {VIEWS.map((v, i) => (
          <li key={v}>
            <button
              type="button"
              className="nav-item"
              aria-current={view === v ? 'page' : undefined}
              onClick={() => setView(v)}
              title={`${VIEW_LABELS[v]} (Ctrl+${i + 1})`}
            >
              <NavIcon view={v} />
              <span>{VIEW_LABELS[v]}</span>
              <kbd aria-hidden="true">^{i + 1}</kbd>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
