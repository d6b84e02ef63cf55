import { useEffect, useRef, useState } from 'react';
import { Header } from './Header';
import { NavRail } from './NavRail';
import { useUi, VIEWS, type View } from './store';
import { InstrumentsScreen } from '../screens/InstrumentsScreen';
import { AmendScreen } from '../screens/AmendScreen';
import { ProfilesScreen } from '../screens/ProfilesScreen';
import { ActivityScreen } from '../screens/ActivityScreen';
import { AmendManyScreen } from '../screens/AmendManyScreen';
import { ChangesScreen } from '../screens/ChangesScreen';
import { ChangeAlerts } from './ChangeAlerts';
import { LogHealthBanner } from './LogHealthBanner';

const SCREENS: Record<View, () => React.JSX.Element> = {
  instruments: InstrumentsScreen,
  amend: AmendScreen,
  profiles: ProfilesScreen,
  activity: ActivityScreen,
  'amend-many': AmendManyScreen,
  changes: ChangesScreen,
};

/** The new screen's heading takes focus (ScreenHeader makes it focusable by script). */
function focusScreenHeading(content: HTMLElement | null) {
  content?.querySelector<HTMLElement>('h1')?.focus();
}

export function App() {
  const view = useUi((s) => s.view);
  const theme = useUi((s) => s.theme);
  const setView = useUi((s) => s.setView);
  const content = useRef<HTMLElement>(null);
  /** Counts Ctrl+1…6 presses: each one asks for focus in the screen it shows, even the current one. */
  const [keySwitches, setKeySwitches] = useState(0);
  const shown = useRef({ view, keySwitches });

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  // Ctrl/Cmd+1…6 switch screens from anywhere, including inside inputs.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      const index = Number(e.key) - 1;
      const target = VIEWS[index];
      if (target) {
        e.preventDefault();
        setView(target);
        setKeySwitches((n) => n + 1);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setView]);

  // After a switch, focus must not be left on the page body (where the replaced screen's control
  // leaves it): from the keyboard it goes to the new screen, and it does whenever it was lost. A
  // screen that placed focus itself (the amend desk opened for a symbol) keeps it: its effects ran first.
  useEffect(() => {
    const before = shown.current;
    shown.current = { view, keySwitches };
    if (before.view === view && before.keySwitches === keySwitches) return;
    const active = document.activeElement;
    const lost = !active || active === document.body;
    const placed = !!active && !!content.current?.contains(active) && !active.matches('h1');
    if ((before.keySwitches !== keySwitches && !placed) || lost) focusScreenHeading(content.current);
  }, [view, keySwitches]);

  const Screen = SCREENS[view];
  return (
    <div className="app">
      <Header />
      <LogHealthBanner />
      <NavRail />
      <main className="content" id="content" ref={content}>
        <Screen />
      </main>
      <ChangeAlerts />
    </div>
  );
}
