// @vitest-environment jsdom
/** A profile change drops the previous profile's queries and stores at once; app-wide queries stay. */
import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChangeAlert } from '../../../shared/instrument-watch';
import { useAmend } from '../amend/amend-store';
import { useAlerts } from '../changes/alerts';
import { useInstrumentBrowser } from '../instruments/prefs';
import { PROFILES_KEY } from '../screens/profiles/query-keys';
import { APP_STATUS_KEY } from './Header';
import { enterProfile, useProfileScope } from './profile-scope';

const alert = (profileId: string): ChangeAlert => ({
  id: `a-${profileId}`,
  at: 1,
  category: 'SPOT',
  symbol: 'BTCUSDT',
  title: 't',
  body: 'b',
  profileId,
});

let qc: QueryClient;
beforeEach(() => {
  qc = new QueryClient();
  useProfileScope.setState({ profileId: null, generation: 0 });
  useAlerts.setState({ profileId: null, recent: [], toasts: [] });
});

describe('the profile the screens show', () => {
  it('the first profile seen only records it', () => {
    qc.setQueryData(['instruments', 'SPOT', ''], ['BTCUSDT']);
    enterProfile(qc, 'p1');
    expect(useProfileScope.getState()).toEqual({ profileId: 'p1', generation: 0 });
    expect(qc.getQueryData(['instruments', 'SPOT', ''])).toEqual(['BTCUSDT']);
  });

  it('another profile: its data, selections, drafts and alerts are gone at once, and the screens remount', () => {
    enterProfile(qc, 'p1');
    qc.setQueryData(['instruments', 'SPOT', ''], ['BTCUSDT']);
    qc.setQueryData(['open-orders', '', ''], [{ orderId: '1' }]);
    qc.setQueryData(APP_STATUS_KEY, { version: 'x' });
    qc.setQueryData(PROFILES_KEY, { profiles: [] });
    useAmend.getState().setDraft({ orderId: '1', qty: '2' });
    useInstrumentBrowser.getState().select('SPOT:BTCUSDT');
    useAlerts.getState().add(alert('p1'), false);

    enterProfile(qc, 'p2');
    expect(useProfileScope.getState()).toEqual({ profileId: 'p2', generation: 1 });
    expect(qc.getQueryData(['instruments', 'SPOT', ''])).toBeUndefined();
    expect(qc.getQueryData(['open-orders', '', ''])).toBeUndefined();
    expect(qc.getQueryData(APP_STATUS_KEY)).toEqual({ version: 'x' });
    expect(qc.getQueryData(PROFILES_KEY)).toEqual({ profiles: [] });
    expect(useAmend.getState().draft).toMatchObject({ orderId: '', qty: '' });
    expect(useInstrumentBrowser.getState().selectedKey).toBeNull();
    expect(useAlerts.getState()).toMatchObject({ profileId: 'p2', recent: [], toasts: [] });

    // The same profile again (the app status catching up with a switch) changes nothing.
    qc.setQueryData(['instruments', 'SPOT', ''], ['ETHUSDT']);
    enterProfile(qc, 'p2');
    expect(useProfileScope.getState().generation).toBe(1);
    expect(qc.getQueryData(['instruments', 'SPOT', ''])).toEqual(['ETHUSDT']);
  });
});
