// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DeskResult } from '../../../shared/contract';
import type { ProfileSummary, StorageStatus, VaultState } from '../../../shared/profiles';
import { ProfilesScreen } from './ProfilesScreen';
import { storageSummary } from './profiles/profile-words';

const RIGHT = 'right passphrase';

beforeAll(() => {
  // jsdom has no modal <dialog>: enough of one for the Modal component.
  const proto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
  proto.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(() => {
  cleanup();
  delete (window as unknown as { desk?: unknown }).desk;
});

function profile(over: Partial<ProfileSummary>): ProfileSummary {
  return {
    id: 'p',
    name: 'P',
    environment: 'demo-trading',
    baseUrl: 'https://api.bitget.com',
    locale: 'en-US',
    timeoutMs: 10000,
    apiKeyHint: null,
    hasSecret: false,
    hasPassphrase: false,
    storage: 'none',
    locked: false,
    builtin: false,
    active: false,
    ...over,
  };
}

/** A main process in miniature: the vault's state, and every call made to it. */
function fakeMain(start: {
  sealsWith: 'os' | 'passphrase';
  vault: VaultState;
  sealed?: number;
  /** More stored profiles, as listed. */
  more?: ProfileSummary[];
}) {
  let vault = start.vault;
  const calls: Array<[string, unknown]> = [];
  const stored: ProfileSummary[] = [
    profile({
      id: 'demo',
      name: 'Local demo',
      environment: 'local-demo',
      storage: 'builtin',
      builtin: true,
      active: true,
    }),
  ];
  for (let i = 1; i <= (start.sealed ?? 0); i++) {
    stored.push(
      profile({ id: `v${i}`, name: `Vaulted ${i}`, apiKeyHint: '…abcd', hasSecret: true, storage: 'passphrase' }),
    );
  }
  stored.push(...(start.more ?? []));
  const storage = (): StorageStatus => ({
    backend: start.sealsWith === 'os' ? 'keychain' : 'basic_text',
    strong: start.sealsWith === 'os',
    sealsWith: start.sealsWith,
    vault,
  });
  const list = () => stored.map((p) => ({ ...p, locked: p.storage === 'passphrase' && vault === 'locked' }));
  const ok = (data: unknown): DeskResult<unknown> => ({ ok: true, data });
  const refuse = (message: string): DeskResult<unknown> => ({
    ok: false,
    error: { kind: 'vault', message, mayHaveTakenEffect: false },
  });
  const handlers: Record<string, (r: Record<string, unknown>) => DeskResult<unknown>> = {
    listProfiles: () => ok({ profiles: list(), storage: storage() }),
    getAppStatus: () => ok({ version: '0', activeProfile: stored[0], clockSkewMs: null, storage: storage() }),
    unlockVault: (r) => {
      if (r.passphrase !== RIGHT) return refuse('Wrong vault passphrase. Nothing was changed; try again.');
      vault = 'unlocked';
      return ok(storage());
    },
    lockVault: () => {
      vault = 'locked';
      return ok(storage());
    },
    setupVault: () => {
      vault = 'unlocked';
      return ok(storage());
    },
    changeVaultPassphrase: (r) =>
      r.current === RIGHT ? ok(storage()) : refuse('Wrong vault passphrase. Nothing was changed; try again.'),
    createProfile: (r) => {
      if (start.sealsWith === 'passphrase' && r.apiKey && vault !== 'unlocked') return refuse('Unlock the vault first');
      const p = profile({
        id: 'new',
        name: String(r.name),
        storage: r.apiKey ? (start.sealsWith === 'os' ? 'os-encrypted' : 'passphrase') : 'none',
      });
      stored.push(p);
      return ok(p);
    },
    // The team store as main keeps it: an address, a display name, whether a password is stored.
    updateProfile: (r) => {
      const i = stored.findIndex((p) => p.id === r.id);
      const old = stored[i]!;
      const url = r.teamStoreUrl === undefined ? old.teamStore?.url : String(r.teamStoreUrl);
      const next: ProfileSummary = { ...old, name: String(r.name ?? old.name) };
      delete next.teamStore;
      if (url)
        next.teamStore = {
          url,
          displayName: String(r.teamDisplayName ?? old.teamStore?.displayName ?? 'os-user'),
          hasPassword: Boolean(r.teamStorePassword) || (old.teamStore?.hasPassword ?? false),
        };
      stored[i] = next;
      return ok(next);
    },
  };
  const desk = new Proxy(
    {},
    {
      get: (_, method: string) => async (request: Record<string, unknown>) => {
        calls.push([method, request]);
        // An answer that takes a moment, as scrypt does.
        await new Promise((r) => setTimeout(r, 5));
        return handlers[method]?.(request) ?? refuse(`not faked: ${method}`);
      },
    },
  );
  (window as unknown as { desk: unknown }).desk = desk;
  return { calls, methods: () => calls.map(([m]) => m) };
}

function mount() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProfilesScreen />
    </QueryClientProvider>,
  );
}

const vaultPanel = () => screen.findByRole('region', { name: 'Passphrase vault' });
const text = (el: Element | null) => el?.textContent ?? '';
const type = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('storage summary', () => {
  it('says where new secrets go', () => {
    const base = { backend: 'keychain', strong: true, sealsWith: 'os', vault: 'unset' } as const;
    expect(storageSummary(base)).toBe('Protected by the operating system (keychain)');
    expect(
      storageSummary({ ...base, backend: 'basic_text', strong: false, sealsWith: 'passphrase', vault: 'locked' }),
    ).toBe('Passphrase vault (the OS keyring here is weak: basic_text) · locked');
  });
});

describe('passphrase vault panel', () => {
  it('is not shown where the OS keyring takes the secrets and no profile is in the vault', async () => {
    fakeMain({ sealsWith: 'os', vault: 'unset' });
    mount();
    expect(text(await screen.findByRole('region', { name: 'Secret storage on this computer' }))).toContain(
      'Protected by the operating system (keychain)',
    );
    expect(screen.queryByRole('region', { name: 'Passphrase vault' })).toBeNull();
  });

  it('says when the passphrase will be chosen, before there is a vault', async () => {
    fakeMain({ sealsWith: 'passphrase', vault: 'unset' });
    mount();
    expect(text(await vaultPanel())).toContain(
      'Secrets you add will be sealed with a passphrase you choose when you add the first one.',
    );
    expect(text(screen.getByRole('region', { name: 'Secret storage on this computer' }))).toContain(
      'Passphrase vault (the OS keyring here is weak: basic_text) · no passphrase chosen yet',
    );
  });

  it('unlocks: a wrong passphrase is refused and selected for retyping, the right one opens the vault', async () => {
    const main = fakeMain({ sealsWith: 'passphrase', vault: 'locked', sealed: 2 });
    mount();
    const panel = await vaultPanel();
    expect(text(panel)).toContain('2 profiles have locked secrets. Unlock the vault once for this session.');
    const card = screen.getByRole('listitem', { name: 'Vaulted 1' });
    expect(within(card).getByText('Locked')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Test connection' })).not.toHaveProperty('disabled', true);

    const field = within(panel).getByLabelText('Vault passphrase') as HTMLInputElement;
    expect(field.type).toBe('password');
    field.focus();
    type(field, 'wrong one');
    fireEvent.submit(field.form!);
    const button = within(panel).getByRole('button', { name: 'Unlocking…' });
    expect(button.getAttribute('aria-busy')).toBe('true');

    const alert = await within(panel).findByRole('alert');
    expect(text(alert)).toContain('Wrong vault passphrase. Nothing was changed; try again.');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'wrong one'.length]);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);

    type(field, RIGHT);
    fireEvent.click(within(panel).getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(text(panel)).toContain('Unlocked for this session'));
    expect(text(document.activeElement)).toContain('Passphrase vault: Unlocked for this session.');
    expect(within(panel).queryByLabelText('Vault passphrase')).toBeNull();
    expect(main.calls.filter(([m]) => m === 'unlockVault').map(([, r]) => r)).toEqual([
      { passphrase: 'wrong one' },
      { passphrase: RIGHT },
    ]);
    // Everything is reloaded: the locked badges go.
    await waitFor(() => expect(within(card).queryByText('Locked')).toBeNull());
  });

  it('locks again, and changes the passphrase in a dialog that checks before sending', async () => {
    const main = fakeMain({ sealsWith: 'passphrase', vault: 'unlocked', sealed: 3 });
    mount();
    const panel = await vaultPanel();
    const change = within(panel).getByRole('button', { name: 'Change passphrase' });
    change.focus();
    fireEvent.click(change);
    const dialog = screen.getByRole('dialog', { name: 'Change the vault passphrase' });
    const current = within(dialog).getByLabelText('Current passphrase') as HTMLInputElement;
    const next = within(dialog).getByLabelText('New passphrase');
    const repeat = within(dialog).getByLabelText('Repeat new passphrase');

    type(current, 'not it');
    type(next, 'short');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save new passphrase' }));
    expect(within(dialog).getByText('At least 8 characters')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(next));
    type(next, 'a new passphrase');
    type(repeat, 'a new passphrasE');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save new passphrase' }));
    expect(within(dialog).getByText('The two new passphrases differ')).toBeTruthy();
    expect(main.methods()).not.toContain('changeVaultPassphrase');

    type(repeat, 'a new passphrase');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save new passphrase' }));
    expect(text(await within(dialog).findByRole('alert'))).toContain('Wrong vault passphrase');
    await waitFor(() => expect(document.activeElement).toBe(current));
    expect(current.selectionEnd).toBe('not it'.length);

    type(current, RIGHT);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save new passphrase' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(text(within(panel).getByRole('status'))).toContain(
      'Passphrase changed; the secrets of 3 profiles were re-sealed.',
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Change passphrase' })),
    );
    expect(main.calls.filter(([m]) => m === 'changeVaultPassphrase').map(([, r]) => r)).toEqual([
      { current: 'not it', next: 'a new passphrase' },
      { current: RIGHT, next: 'a new passphrase' },
    ]);

    // Escape / Cancel also puts focus back on the button.
    fireEvent.click(within(panel).getByRole('button', { name: 'Change passphrase' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Change passphrase' })),
    );

    fireEvent.click(within(panel).getByRole('button', { name: 'Lock now' }));
    await waitFor(() => expect(within(panel).getByLabelText('Vault passphrase')).toBeTruthy());
    expect(text(document.activeElement)).toContain('Passphrase vault: Locked.');
  });
});

describe('profile form with the passphrase vault', () => {
  const fillProfile = (dialog: HTMLElement) => {
    type(within(dialog).getByLabelText('Name'), 'Vaulted');
    type(within(dialog).getByLabelText('API key'), 'key');
    type(within(dialog).getByLabelText('Secret key'), 'secret');
    type(within(dialog).getByLabelText('API passphrase', { exact: true }), 'pass');
  };
  const openAdd = async () => {
    await screen.findByRole('region', { name: 'Secret storage on this computer' });
    fireEvent.click(screen.getByRole('button', { name: 'Add profile' }));
    return screen.getByRole('dialog', { name: 'Add a profile' });
  };

  it('asks for a first vault passphrase twice, sets the vault up, then adds the profile', async () => {
    const main = fakeMain({ sealsWith: 'passphrase', vault: 'unset' });
    mount();
    const dialog = await openAdd();
    type(within(dialog).getByLabelText('Name'), 'Vaulted');
    expect(within(dialog).queryByLabelText('Vault passphrase (protects stored secrets)')).toBeNull();
    fillProfile(dialog);
    const vaultField = within(dialog).getByLabelText('Vault passphrase (protects stored secrets)') as HTMLInputElement;
    const repeat = within(dialog).getByLabelText('Repeat vault passphrase');
    expect(vaultField.type).toBe('password');
    expect(vaultField.getAttribute('aria-describedby')).toBeTruthy();
    expect(text(dialog)).toContain('It cannot be recovered: if you forget it, enter the keys again.');

    type(vaultField, 'short');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add profile' }));
    expect(within(dialog).getByText('At least 8 characters')).toBeTruthy();
    expect(vaultField.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(vaultField));
    type(vaultField, 'long enough');
    type(repeat, 'long enougH');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add profile' }));
    expect(within(dialog).getByText('The two passphrases differ')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(repeat));
    expect(main.methods()).not.toContain('setupVault');

    type(repeat, 'long enough');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add profile' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = main.calls.filter(([m]) => m === 'setupVault' || m === 'createProfile');
    expect(sent).toEqual([
      ['setupVault', { passphrase: 'long enough' }],
      [
        'createProfile',
        {
          name: 'Vaulted',
          environment: 'demo-trading',
          apiKey: 'key',
          secretKey: 'secret',
          passphrase: 'pass',
          locale: 'en-US',
          timeoutMs: 10000,
        },
      ],
    ]);
    expect(text(await screen.findByRole('listitem', { name: 'Vaulted' }))).toContain('Passphrase vault');
  });

  it('asks to unlock a locked vault, and keeps the profile unsent when the passphrase is wrong', async () => {
    const main = fakeMain({ sealsWith: 'passphrase', vault: 'locked', sealed: 1 });
    mount();
    const dialog = await openAdd();
    fillProfile(dialog);
    expect(within(dialog).queryByLabelText('Repeat vault passphrase')).toBeNull();
    const vaultField = within(dialog).getByLabelText('Vault passphrase (protects stored secrets)') as HTMLInputElement;
    expect(text(dialog)).toContain('Unlocks the vault for this session');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add profile' }));
    expect(within(dialog).getByText('Enter the vault passphrase')).toBeTruthy();
    type(vaultField, 'wrong one');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add profile' }));
    expect(text(await within(dialog).findByRole('alert'))).toContain('Wrong vault passphrase');
    await waitFor(() => expect(document.activeElement).toBe(vaultField));
    expect(vaultField.selectionEnd).toBe('wrong one'.length);
    expect(main.methods()).not.toContain('createProfile');

    type(vaultField, RIGHT);
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add profile' }));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(main.methods().filter((m) => m === 'unlockVault' || m === 'createProfile')).toEqual([
      'unlockVault',
      'unlockVault',
      'createProfile',
    ]);
    // The vault panel follows: unlocked now.
    expect(text(await vaultPanel())).toContain('Unlocked for this session');
  });

  it('asks nothing more where the OS keyring seals the secrets', async () => {
    const main = fakeMain({ sealsWith: 'os', vault: 'unset' });
    mount();
    const dialog = await openAdd();
    fillProfile(dialog);
    expect(within(dialog).queryByLabelText('Vault passphrase (protects stored secrets)')).toBeNull();
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add profile' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(main.methods()).not.toContain('setupVault');
    expect(main.methods()).toContain('createProfile');
  });
});

describe('the team store of a profile', () => {
  const STORE = 'postgres://trader@db.example:5432/desk?sslmode=verify-full';
  const openEdit = async (name: string) => {
    const card = await screen.findByRole('listitem', { name });
    fireEvent.click(within(card).getByRole('button', { name: 'Edit' }));
    return screen.getByRole('dialog', { name: `Edit profile ${name}` });
  };

  it('is set in a Team store group of the edit form, and the card shows host and database only', async () => {
    const main = fakeMain({ sealsWith: 'os', vault: 'unset', more: [profile({ id: 'p', name: 'Desk' })] });
    mount();
    const dialog = await openEdit('Desk');
    const group = within(dialog).getByRole('group', { name: 'Team store' });
    const address = within(group).getByLabelText('Store address') as HTMLInputElement;
    const password = within(group).getByLabelText('Store password') as HTMLInputElement;
    const displayName = within(group).getByLabelText('Display name') as HTMLInputElement;
    expect(address.placeholder).toBe('postgres://host/db?sslmode=verify-full');
    expect(password.type).toBe('password');
    expect(password.placeholder).toBe('');
    expect(text(group)).toContain('Empty: your user name on this computer.');
    // The keyboard meets them in reading order: address, password (and its Show), display name.
    const show = within(group).getByRole('button', { name: 'Show password' });
    const order = [address, password, show, displayName];
    for (const [a, b] of order.slice(1).map((el, i) => [order[i]!, el] as const))
      expect(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(show);
    expect(password.type).toBe('text');
    expect(show.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(show);

    type(address, ` ${STORE} `);
    type(password, 'store pw');
    type(displayName, 'Alice');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const update = main.calls.find(([m]) => m === 'updateProfile')?.[1];
    expect(update).toMatchObject({
      id: 'p',
      teamStoreUrl: STORE,
      teamStorePassword: 'store pw',
      teamDisplayName: 'Alice',
    });

    const card = await screen.findByRole('listitem', { name: 'Desk' });
    await waitFor(() => expect(text(card)).toContain('Team store'));
    expect(text(card)).toContain('db.example:5432/desk · as Alice · password stored');
    expect(text(card)).not.toContain('trader');
    expect(text(card)).not.toContain('sslmode');
    expect(document.body.innerHTML).not.toContain('store pw');
  });

  it('keeps a stored password when left blank, and refuses a password in the address before sending', async () => {
    const main = fakeMain({
      sealsWith: 'os',
      vault: 'unset',
      more: [profile({ id: 't', name: 'Team', teamStore: { url: STORE, displayName: 'Alice', hasPassword: true } })],
    });
    mount();
    const dialog = await openEdit('Team');
    const address = within(dialog).getByLabelText('Store address') as HTMLInputElement;
    const password = within(dialog).getByLabelText('Store password') as HTMLInputElement;
    expect(address.value).toBe(STORE);
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('Unchanged');
    expect(text(password.closest('.field'))).toContain('Leave empty to keep the stored value.');
    expect((within(dialog).getByLabelText('Display name') as HTMLInputElement).value).toBe('Alice');

    type(address, 'postgres://trader:hunter2@db.example/desk');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(
      within(dialog).getByText(
        'Put the password in Store password, not in the address: an address is shown and saved in clear',
      ),
    ).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(address));
    expect(main.methods()).not.toContain('updateProfile');

    type(address, STORE);
    type(within(dialog).getByLabelText('Name'), 'Team 2');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const update = main.calls.find(([m]) => m === 'updateProfile')?.[1] as Record<string, unknown>;
    // Nothing of the store changed: nothing of it is sent, and the stored password stays.
    expect(Object.keys(update).filter((k) => k.startsWith('team'))).toEqual([]);
    expect(text(await screen.findByRole('listitem', { name: 'Team 2' }))).toContain('password stored');
  });

  it('says on the card why a store changed outside the app cannot be used', async () => {
    fakeMain({
      sealsWith: 'os',
      vault: 'unset',
      more: [
        profile({
          id: 't',
          name: 'Team',
          teamStore: {
            url: STORE,
            displayName: 'Alice',
            hasPassword: true,
            problem: 'The team store of "Team" was changed outside UTA Desk: …',
          },
        }),
      ],
    });
    mount();
    const card = await screen.findByRole('listitem', { name: 'Team' });
    expect(text(card)).toContain('Team store not usable. The team store of "Team" was changed outside UTA Desk');
  });
});
