import { describe, expect, it } from 'vitest';
import type { ProfileSummary } from '../../../../shared/profiles';
import {
  emptyValues,
  fieldErrorsFromDetails,
  localProblems,
  toCreateInput,
  toUpdateInput,
  valuesFrom,
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
      acceptWeakStorage: true,
    });
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
      acceptWeakStorage: true,
    });
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
