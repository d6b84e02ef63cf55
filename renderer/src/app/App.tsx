import { useEffect } from 'react';
import { Header } from './Header';
import { NavRail } from './NavRail';
import { useUi, VIEWS, type View } from './store';
import { InstrumentsScreen } from '../screens/InstrumentsScreen';
import { AmendScreen } from '../screens/AmendScreen';
import { ProfilesScreen } from '../screens/ProfilesScreen';
import { ActivityScreen } from '../screens/ActivityScreen';

const SCREENS: Record<View, () => React.JSX.Element> = {
  instruments: InstrumentsScreen,
  amend: AmendScreen,
  profiles: ProfilesScreen,
  activity: ActivityScreen,
};

export function App() {
  const view = useUi((s) => s.view);
  const theme = useUi((s) => s.theme);
  const setView = useUi((s) => s.setView);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  // Ctrl/Cmd+1…4 switch screens from anywhere, including inside inputs.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return;
      const index = Number(e.key) - 1;
      const target = VIEWS[index];
      if (target) {
        e.preventDefault();
        setView(target);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setView]);

  const Screen = SCREENS[view];
  return (
    <div className="app">
      <Header />
      <NavRail />
      <main className="content" id="content">
        <Screen />
      </main>
    </div>
  );
}
