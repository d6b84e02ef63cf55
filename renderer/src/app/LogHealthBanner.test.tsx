// @vitest-environment jsdom
import { afterEach, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { installFakeDesk } from '../lib/fake-desk';
import { LogHealthBanner } from './LogHealthBanner';

afterEach(cleanup);

const FULL =
  'The activity log cannot be written — the disk holding /data/uta is full. Nothing is sent until it can be. Free space and try again.';

function show() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <LogHealthBanner />
    </QueryClientProvider>,
  );
}

it('says why nothing is sent while the activity log cannot be written, and goes once it can', async () => {
  let health: { writable: boolean; message: string | null; since: number | null } = {
    writable: false,
    message: FULL,
    since: 1,
  };
  installFakeDesk({ getActivityHealth: () => health });
  show();
  const banner = await screen.findByRole('alert');
  expect(banner.textContent).toBe(FULL);

  health = { writable: true, message: null, since: null };
  await waitFor(() => expect(screen.queryByRole('alert')).toBeNull(), { timeout: 4000 });
});

it('shows nothing while the log is writable', async () => {
  const desk = installFakeDesk({ getActivityHealth: () => ({ writable: true, message: null, since: null }) });
  show();
  await waitFor(() => expect(desk.count('getActivityHealth')).toBe(1));
  expect(screen.queryByRole('alert')).toBeNull();
});
