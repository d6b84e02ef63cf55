import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { appStatusQuery, Header } from './Header';
import { HostGone } from './HostGone';
import { startHeartbeat, useHostLink } from './host-link';
import { enterProfile, useProfileScope } from './profile-scope';
import { NavRail } from './NavRail';
import { useGlobalKeys } from './global-keys';
import { KeyboardHelp } from './keyboard-help';
import { useUi, type View } from './store';
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

/**
 * The screen's heading takes focus (ScreenHeader makes it focusable by script), the screen scrolled
 * to its top: a screen's key pressed on that screen goes to its start, not where the focus was.
 */
function focusScreenHeading(content: HTMLElement | null) {
  const h1 = content?.querySelector<HTMLElement>('h1');
  if (!content || !h1) return;
  for (let el: HTMLElement | null = h1.parentElement; el && content.contains(el); el = el.parentElement) {
    el.scrollTop = 0;
  }
  h1.focus({ preventScroll: true });
}

export function App() {
  const view = useUi((s) => s.view);
  const theme = useUi((s) => s.theme);
  const helpOpen = useUi((s) => s.helpOpen);
  const qc = useQueryClient();
  const link = useHostLink((s) => s.link);
  const hostLost = link !== 'up';
  /** The control that had focus before the host was lost: it gets it back when main answers again. */
  const focusBeforeLoss = useRef<HTMLElement | null>(null);
  const activeProfileId = useQuery(appStatusQuery).data?.activeProfile.id;
  const generation = useProfileScope((s) => s.generation);
  const content = useRef<HTMLElement>(null);
  /** Counts Ctrl+1…6 presses: each one asks for focus in the screen it shows, even the current one. */
  const [keySwitches, setKeySwitches] = useState(0);
  const shown = useRef({ view, keySwitches });

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);

  // Whatever changed the active profile (a switch, a deletion, another window), its data leaves with it.
  useEffect(() => {
    if (activeProfileId) enterProfile(qc, activeProfileId);
  }, [qc, activeProfileId]);

  // Main answering again after a loss: what the screens hold may be out of date.
  useEffect(() => startHeartbeat(() => void qc.invalidateQueries()), [qc]);

  useEffect(() => {
    const note = (e: FocusEvent) => {
      if (useHostLink.getState().link === 'up' && e.target instanceof HTMLElement) focusBeforeLoss.current = e.target;
    };
    document.addEventListener('focusin', note);
    return () => document.removeEventListener('focusin', note);
  }, []);
  useEffect(() => {
    if (hostLost) return;
    const before = focusBeforeLoss.current;
    const active = document.activeElement;
    if (before?.isConnected && (!active || active === document.body)) before.focus();
  }, [hostLost]);

  // The screens were mounted afresh for another profile: the control that had focus went with them.
  useEffect(() => {
    const active = document.activeElement;
    if (generation > 0 && (!active || active === document.body)) focusScreenHeading(content.current);
  }, [generation]);

  const countSwitch = useCallback(() => setKeySwitches((n) => n + 1), []);
  useGlobalKeys(content, countSwitch);

  // After a switch, focus must not be left on the page body (where the replaced screen's control
  // leaves it): from the keyboard it goes to the new screen, and it does whenever it was lost. A
  // screen that placed focus itself (the amend desk opened for a symbol) keeps it: its effects ran
  // first. The key of the screen already shown takes the focus to its top, wherever it was.
  useEffect(() => {
    const before = shown.current;
    shown.current = { view, keySwitches };
    if (before.view === view && before.keySwitches === keySwitches) return;
    const active = document.activeElement;
    const lost = !active || active === document.body;
    const placed = before.view !== view && !!active && !!content.current?.contains(active) && !active.matches('h1');
    if ((before.keySwitches !== keySwitches && !placed) || lost) focusScreenHeading(content.current);
  }, [view, keySwitches]);

  const Screen = SCREENS[view];
  // While main is gone every control is inert (no click, no focus, no key) and covered by the notice.
  return (
    <div className="app">
      <Header hostLost={hostLost} />
      <LogHealthBanner />
      <NavRail inert={hostLost} />
      <main className="content" id="content" ref={content} inert={hostLost}>
        <Screen key={generation} />
      </main>
      <ChangeAlerts inert={hostLost} />
      {helpOpen && !hostLost ? <KeyboardHelp /> : null}
      {hostLost ? <HostGone link={link} /> : null}
    </div>
  );
}
