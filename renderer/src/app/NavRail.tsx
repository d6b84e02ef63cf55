import { useUi, VIEWS, type View } from './store';

export const VIEW_LABELS: Record<View, string> = {
  instruments: 'Instruments',
  amend: 'Amend order',
  profiles: 'Profiles',
  activity: 'Activity',
};

const ICONS: Record<View, string> = { instruments: '▦', amend: '✎', profiles: '⚿', activity: '☰' };

export function NavRail() {
  const view = useUi((s) => s.view);
  const setView = useUi((s) => s.setView);
  return (
    <nav className="nav" aria-label="Screens">
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
              <span className="nav-icon" aria-hidden="true">
                {ICONS[v]}
              </span>
              <span>{VIEW_LABELS[v]}</span>
              <kbd aria-hidden="true">^{i + 1}</kbd>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
