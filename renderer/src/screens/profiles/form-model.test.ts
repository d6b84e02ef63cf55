import { describe, expect, it } from 'vitest';
import type { ProfileSummary } from '../../../../shared/profiles';
import {
  changeErrorsFromDetails,
  changePassphraseProblems,
  emptyValues,
  fieldErrorsFromDetails,
  hasTypedSecrets,
  localProblems,
  newPassphraseProblem,
  toCreateInput,
  toUpdateInput,
  valuesFrom,
  vaultProblems,
  vaultStepFor,
} from './form-model';

const summary: ProfileSummary = {
  id: 'p1',
  name: 'Desk',
  environment: 'custom',
  baseUrl: 'http://127.0.0.1:9000',
  locale: 'zh-CN',
  timeoutMs: 5000,
  apiKeyHint: '…abcd',
  hasSecret: true,
  hasPassphrase: true,
  storage: 'weak-accepted',
  locked: false,
  builtin: false,
  active: true,
};

describe('profile form model', () => {
  it('starts an edit with the metadata and blank secrets', () => {
    expect(valuesFrom(summary)).toMatchObject({
      name: 'Desk',
      environment: 'custom',
      baseUrl: 'http://127.0.0.1:9000',
      apiKey: '',
      secretKey: '',
      passphrase: '',
      locale: 'zh-CN',
      timeoutMs: '5000',
      vaultPassphrase: '',
      vaultRepeat: '',
    });
    expect(valuesFrom(summary)).not.toHaveProperty('acceptWeakStorage');
  });

  it('leaves blank secrets out of an update (unchanged) and sends the metadata', () => {
    const v = { ...valuesFrom(summary), secretKey: ' new-secret ' };
    expect(toUpdateInput('p1', v)).toEqual({
      id: 'p1',
      name: 'Desk',
      environment: 'custom',
      baseUrl: 'http://127.0.0.1:9000',
      secretKey: 'new-secret',
      locale: 'zh-CN',
      timeoutMs: 5000,
    });
  });

  it('never sends the vault passphrase with the profile', () => {
    const v = {
      ...emptyValues(),
      name: 'Vaulted',
      apiKey: 'k',
      secretKey: 's',
      passphrase: 'p',
      vaultPassphrase: 'correct horse',
      vaultRepeat: 'correct horse',
    };
    const create = toCreateInput(v);
    expect(create).toEqual({
      name: 'Vaulted',
      environment: 'demo-trading',
      apiKey: 'k',
      secretKey: 's',
      passphrase: 'p',
      locale: 'en-US',
      timeoutMs: 10000,
    });
    expect(JSON.stringify(toUpdateInput('p1', v))).not.toContain('correct horse');
  });

  it('drops the base URL unless the environment is custom', () => {
    const input = toCreateInput({ ...emptyValues(), name: 'L', environment: 'live', baseUrl: 'https://x.example' });
    expect(input).not.toHaveProperty('baseUrl');
    expect(input.environment).toBe('live');
  });

  it('finds what is missing before sending', () => {
    expect(localProblems({ ...emptyValues(), environment: 'custom', timeoutMs: '12.5' }, 'create')).toEqual({
      name: 'Name is required',
      baseUrl: 'A custom profile needs a base URL',
      timeoutMs: 'Whole milliseconds between 1000 and 120000',
    });
    const half = localProblems({ ...emptyValues(), name: 'x', apiKey: 'k' }, 'create');
    expect(Object.keys(half)).toEqual(['secretKey', 'passphrase']);
    // With stored secrets, replacing one alone is fine.
    expect(localProblems({ ...valuesFrom(summary), secretKey: 's' }, 'edit', true)).toEqual({});
  });

  it("maps main's validation details onto fields", () => {
    expect(
      fieldErrorsFromDetails(['baseUrl: https required', 'secretKey: Too big', '(payload): x', 'nonsense']),
    ).toEqual({ baseUrl: 'https required', secretKey: 'Too big' });
  });
});

describe('vault fields in the profile form', () => {
  const typed = { ...emptyValues(), name: 'x', apiKey: 'k', secretKey: 's', passphrase: 'p' };
  const os = { sealsWith: 'os', vault: 'unset' } as const;

  it('asks for the vault only when secrets were typed and go to a vault that is not open', () => {
    expect(hasTypedSecrets(emptyValues())).toBe(false);
    expect(hasTypedSecrets({ ...emptyValues(), secretKey: ' s ' })).toBe(true);
    expect(hasTypedSecrets({ ...emptyValues(), secretKey: '   ' })).toBe(false);

    expect(vaultStepFor({ sealsWith: 'passphrase', vault: 'unset' }, typed)).toBe('setup');
    expect(vaultStepFor({ sealsWith: 'passphrase', vault: 'locked' }, typed)).toBe('unlock');
    expect(vaultStepFor({ sealsWith: 'passphrase', vault: 'unlocked' }, typed)).toBe('none');
    // The OS keyring takes new secrets, whatever state the vault is in.
    expect(vaultStepFor(os, typed)).toBe('none');
    expect(vaultStepFor({ sealsWith: 'os', vault: 'locked' }, typed)).toBe('none');
    // No secrets typed (a profile without credentials, or an edit keeping the stored ones): nothing to seal.
    expect(
      vaultStepFor(
        { sealsWith: 'passphrase', vault: 'unset' },
        { ...typed, apiKey: '', secretKey: '', passphrase: '' },
      ),
    ).toBe('none');
    expect(vaultStepFor({ sealsWith: 'passphrase', vault: 'locked' }, { ...emptyValues(), name: 'x' })).toBe('none');
    // One secret typed is enough to need the vault (an edit replacing one).
    expect(vaultStepFor({ sealsWith: 'passphrase', vault: 'locked' }, { ...emptyValues(), secretKey: 's' })).toBe(
      'unlock',
    );
  });

  it('checks a first vault passphrase: at least 8 characters, typed twice the same', () => {
    expect(vaultProblems('setup', typed)).toEqual({ vaultPassphrase: 'Choose a vault passphrase' });
    expect(vaultProblems('setup', { ...typed, vaultPassphrase: 'short', vaultRepeat: 'short' })).toEqual({
      vaultPassphrase: 'At least 8 characters',
    });
    expect(vaultProblems('setup', { ...typed, vaultPassphrase: 'long enough' })).toEqual({
      vaultRepeat: 'Type the passphrase again',
    });
    expect(vaultProblems('setup', { ...typed, vaultPassphrase: 'long enough', vaultRepeat: 'long enougH' })).toEqual({
      vaultRepeat: 'The two passphrases differ',
    });
    expect(vaultProblems('setup', { ...typed, vaultPassphrase: 'long enough', vaultRepeat: 'long enough' })).toEqual(
      {},
    );
    // Spaces count, and are not trimmed away.
    expect(vaultProblems('setup', { ...typed, vaultPassphrase: '    abc ', vaultRepeat: '    abc ' })).toEqual({});
    expect(
      vaultProblems('setup', { ...typed, vaultPassphrase: 'x'.repeat(1025), vaultRepeat: 'x'.repeat(1025) }),
    ).toEqual({
      vaultPassphrase: 'At most 1024 characters',
    });
  });

  it('only needs a non-empty passphrase to unlock, and nothing otherwise', () => {
    expect(vaultProblems('unlock', typed)).toEqual({ vaultPassphrase: 'Enter the vault passphrase' });
    // A passphrase shorter than today's minimum may have been chosen under another rule: main decides.
    expect(vaultProblems('unlock', { ...typed, vaultPassphrase: 'abc' })).toEqual({});
    expect(vaultProblems('none', typed)).toEqual({});
  });

  it('checks a change of passphrase before sending it', () => {
    expect(newPassphraseProblem('12345678')).toBeUndefined();
    expect(changePassphraseProblems({ current: '', next: '', repeat: '' })).toEqual({
      current: 'Enter the current passphrase',
      next: 'Choose a new passphrase',
    });
    expect(changePassphraseProblems({ current: 'old', next: 'short', repeat: 'short' })).toEqual({
      next: 'At least 8 characters',
    });
    expect(changePassphraseProblems({ current: 'old', next: 'new passphrase', repeat: '' })).toEqual({
      repeat: 'Type the new passphrase again',
    });
    expect(changePassphraseProblems({ current: 'old', next: 'new passphrase', repeat: 'new passphrasE' })).toEqual({
      repeat: 'The two new passphrases differ',
    });
    expect(changePassphraseProblems({ current: 'old', next: 'new passphrase', repeat: 'new passphrase' })).toEqual({});
  });

  it("maps main's validation details for a change onto its fields", () => {
    expect(changeErrorsFromDetails(['next: At least 8 characters', 'passphrase: x', 'nonsense'])).toEqual({
      next: 'At least 8 characters',
    });
    expect(changeErrorsFromDetails(undefined)).toEqual({});
  });

  it('keeps vault fields out of the profile fields that main validation details map onto', () => {
    // They are not part of the profile: a vault call's errors are shown on them by the form itself.
    expect(fieldErrorsFromDetails(['vaultPassphrase: x', 'vaultRepeat: y'])).toEqual({});
  });
});

describe('the team store in the profile form', () => {
  const STORE = 'postgres://trader@db.example/desk?sslmode=verify-full';
  const teamed: ProfileSummary = {
    ...summary,
    teamStore: { url: STORE, displayName: 'Alice', hasPassword: true },
  };
  const named = { ...emptyValues(), name: 'Team' };

  it('starts an edit with the address and display name, never a password', () => {
    expect(valuesFrom(teamed)).toMatchObject({ teamStoreUrl: STORE, teamStorePassword: '', teamDisplayName: 'Alice' });
    expect(valuesFrom(summary)).toMatchObject({ teamStoreUrl: '', teamStorePassword: '', teamDisplayName: '' });
  });

  it('adds a store only with an address, the password as typed, a blank name left to main', () => {
    expect(toCreateInput({ ...named, teamStoreUrl: ` ${STORE} `, teamStorePassword: ' pw ' })).toMatchObject({
      teamStoreUrl: STORE,
      teamStorePassword: ' pw ',
    });
    expect(toCreateInput({ ...named, teamStoreUrl: STORE })).not.toHaveProperty('teamDisplayName');
    expect(toCreateInput({ ...named, teamStoreUrl: STORE, teamDisplayName: ' Bob ' }).teamDisplayName).toBe('Bob');
    const none = toCreateInput({ ...named, teamDisplayName: 'Bob' });
    expect(Object.keys(none).filter((k) => k.startsWith('team'))).toEqual([]);
  });

  it('sends only what changed of the store: blank password unchanged, blank address removes it', () => {
    const team = (input: object) =>
      Object.fromEntries(Object.entries(input).filter(([k]) => k.startsWith('team') || k === 'id'));
    const v = valuesFrom(teamed);
    expect(team(toUpdateInput('p1', v, teamed.teamStore))).toEqual({ id: 'p1' });
    expect(team(toUpdateInput('p1', { ...v, teamStorePassword: 'new' }, teamed.teamStore))).toEqual({
      id: 'p1',
      teamStorePassword: 'new',
    });
    expect(
      team(
        toUpdateInput('p1', { ...v, teamStoreUrl: 'postgres://other/desk', teamDisplayName: 'Bo' }, teamed.teamStore),
      ),
    ).toEqual({ id: 'p1', teamStoreUrl: 'postgres://other/desk', teamDisplayName: 'Bo' });
    expect(team(toUpdateInput('p1', { ...v, teamStoreUrl: ' ' }, teamed.teamStore))).toEqual({
      id: 'p1',
      teamStoreUrl: '',
    });
    // A profile without a store: nothing of one is sent until an address is typed.
    expect(team(toUpdateInput('p1', valuesFrom(summary), undefined))).toEqual({ id: 'p1' });
    expect(team(toUpdateInput('p1', { ...valuesFrom(summary), teamStoreUrl: STORE }, undefined))).toEqual({
      id: 'p1',
      teamStoreUrl: STORE,
    });
  });

  it("refuses before sending with main's words", () => {
    expect(localProblems({ ...named, teamStoreUrl: 'postgres://trader:pw@db.example/desk' }, 'create')).toEqual({
      teamStoreUrl: 'Put the password in Store password, not in the address: an address is shown and saved in clear',
    });
    expect(localProblems({ ...named, teamStoreUrl: 'postgres://db.example/desk?host=x' }, 'create')).toEqual({
      teamStoreUrl: 'The address may not set "host": only sslmode, connect_timeout and application_name are taken',
    });
    expect(localProblems({ ...named, teamStorePassword: 'pw' }, 'create')).toEqual({
      teamStorePassword: 'A store password needs a store address',
    });
    expect(
      localProblems({ ...valuesFrom(teamed), teamStoreUrl: '', teamStorePassword: 'pw' }, 'edit', true, true),
    ).toEqual({
      teamStorePassword: 'The store is being removed, and its password with it: leave Store password empty',
    });
    // A new store's blank name is the OS user's; a stored one is not blanked.
    expect(localProblems({ ...named, teamStoreUrl: STORE }, 'create')).toEqual({});
    expect(localProblems({ ...valuesFrom(teamed), teamDisplayName: ' ' }, 'edit', true, true)).toEqual({
      teamDisplayName: 'Display name is 1 to 64 characters',
    });
  });

  it('needs the vault for a typed store password as for any secret', () => {
    const v = { ...named, teamStoreUrl: STORE, teamStorePassword: 'pw' };
    expect(hasTypedSecrets(v)).toBe(true);
    expect(vaultStepFor({ sealsWith: 'passphrase', vault: 'locked' }, v)).toBe('unlock');
  });

  it("maps main's team store details onto the fields", () => {
    expect(fieldErrorsFromDetails(['teamStoreUrl: a', 'teamStorePassword: b', 'teamDisplayName: c'])).toEqual({
      teamStoreUrl: 'a',
      teamStorePassword: 'b',
      teamDisplayName: 'c',
    });
  });
});
