import { describe, expect, it } from 'vitest';
import { validationDetails } from './contract';
import { profileInputSchema, profileSummarySchema, profileUpdateSchema } from './profiles';

const base = { name: 'Desk A', environment: 'live' } as const;

/** The refusal's lines as main sends them ("field: words"). */
function refusal(schema: typeof profileInputSchema | typeof profileUpdateSchema, input: unknown): string[] {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected a refusal');
  return validationDetails(r.error);
}

describe('a profile names its team store', () => {
  it('takes an address, a password and a display name, the address trimmed', () => {
    const r = profileInputSchema.parse({
      ...base,
      teamStoreUrl: '  postgres://trader@db.example/desk?sslmode=verify-full ',
      teamStorePassword: ' pass with spaces ',
      teamDisplayName: ' Alice ',
    });
    expect(r).toMatchObject({
      teamStoreUrl: 'postgres://trader@db.example/desk?sslmode=verify-full',
      // A password is taken as typed: spaces are part of it.
      teamStorePassword: ' pass with spaces ',
      teamDisplayName: 'Alice',
    });
  });

  it('is optional: a profile without a store is as before', () => {
    const r = profileInputSchema.parse(base);
    expect(r).not.toHaveProperty('teamStoreUrl');
    expect(profileInputSchema.parse({ ...base, teamStoreUrl: '' })).toMatchObject({ teamStoreUrl: '' });
  });

  it('refuses each bad address in words, on the address field', () => {
    expect(refusal(profileInputSchema, { ...base, teamStoreUrl: 'postgres://trader:hunter2@db.example/desk' })).toEqual(
      ['teamStoreUrl: Put the password in Store password, not in the address: an address is shown and saved in clear'],
    );
    expect(refusal(profileInputSchema, { ...base, teamStoreUrl: 'https://db.example/desk' })[0]).toMatch(
      /^teamStoreUrl: Only postgres:\/\/ or postgresql:\/\/ addresses/,
    );
    expect(refusal(profileUpdateSchema, { id: 'p', teamStoreUrl: 'postgres://db.example/desk?user=x' })).toEqual([
      'teamStoreUrl: The address may not set "user": only sslmode, connect_timeout and application_name are taken',
    ]);
    expect(refusal(profileInputSchema, { ...base, teamStoreUrl: `postgres://h/${'d'.repeat(2050)}` })).toEqual([
      'teamStoreUrl: At most 2048 characters',
    ]);
  });

  it('refuses a password or a display name without an address', () => {
    expect(refusal(profileInputSchema, { ...base, teamStorePassword: 'pw', teamDisplayName: 'Alice' })).toEqual([
      'teamStorePassword: A store password needs a store address',
      'teamDisplayName: A display name is for the team store: give its address too',
    ]);
    expect(refusal(profileInputSchema, { ...base, teamStoreUrl: ' ', teamStorePassword: 'pw' })).toEqual([
      'teamStorePassword: A store password needs a store address',
    ]);
  });

  it('refuses a display name that is empty, too long or broken over lines', () => {
    const url = 'postgres://db.example/desk';
    expect(refusal(profileInputSchema, { ...base, teamStoreUrl: url, teamDisplayName: '  ' })).toEqual([
      'teamDisplayName: Display name is 1 to 64 characters',
    ]);
    expect(refusal(profileInputSchema, { ...base, teamStoreUrl: url, teamDisplayName: 'x'.repeat(65) })).toEqual([
      'teamDisplayName: Display name is 1 to 64 characters',
    ]);
    expect(refusal(profileInputSchema, { ...base, teamStoreUrl: url, teamDisplayName: 'Al\nice' })).toEqual([
      'teamDisplayName: Must not contain control characters (line breaks, tabs)',
    ]);
    expect(profileInputSchema.parse({ ...base, teamStoreUrl: url, teamDisplayName: 'x'.repeat(64) })).toBeTruthy();
  });

  it('refuses a password of spaces only, with control characters or too long', () => {
    const url = 'postgres://db.example/desk';
    expect(refusal(profileInputSchema, { ...base, teamStoreUrl: url, teamStorePassword: '   ' })).toEqual([
      'teamStorePassword: Only spaces: type the password, or leave the field empty',
    ]);
    expect(refusal(profileInputSchema, { ...base, teamStoreUrl: url, teamStorePassword: 'a\tb' })).toEqual([
      'teamStorePassword: Must not contain control characters (line breaks, tabs)',
    ]);
    expect(refusal(profileInputSchema, { ...base, teamStoreUrl: url, teamStorePassword: 'p'.repeat(1025) })).toEqual([
      'teamStorePassword: At most 1024 characters',
    ]);
  });

  it('on an update: blank password is unchanged, an empty address removes the store and nothing more may come with it', () => {
    expect(profileUpdateSchema.parse({ id: 'p', teamStorePassword: '' })).toEqual({ id: 'p', teamStorePassword: '' });
    expect(profileUpdateSchema.parse({ id: 'p', teamStoreUrl: '', teamStorePassword: '' })).toEqual({
      id: 'p',
      teamStoreUrl: '',
      teamStorePassword: '',
    });
    expect(refusal(profileUpdateSchema, { id: 'p', teamStoreUrl: '', teamStorePassword: 'pw' })).toEqual([
      'teamStorePassword: The store is being removed, and its password with it: leave Store password empty',
    ]);
    expect(refusal(profileUpdateSchema, { id: 'p', teamStoreUrl: '', teamDisplayName: 'Alice' })).toEqual([
      'teamDisplayName: A display name is for the team store: give its address too',
    ]);
    // The address may be left out: the store stays, its password or name may change.
    expect(profileUpdateSchema.parse({ id: 'p', teamStorePassword: 'new', teamDisplayName: 'Bob' })).toBeTruthy();
  });

  it("a summary's team store has no room for a password", () => {
    const summary = {
      id: 'p',
      name: 'P',
      environment: 'live',
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
      teamStore: { url: 'postgres://db.example/desk', displayName: 'Alice', hasPassword: true, password: 'x' },
    };
    expect(profileSummarySchema.parse(summary).teamStore).toEqual({
      url: 'postgres://db.example/desk',
      displayName: 'Alice',
      hasPassword: true,
    });
  });
});
