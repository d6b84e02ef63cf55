import { userInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { callSource, osUserName } from './source-tag';

describe('the source main records', () => {
  it('is the core’s host unless a host says it carries the call for another, with the OS user', () => {
    expect(callSource({ host: 'browser' })).toEqual({ host: 'browser', user: userInfo().username });
    expect(callSource({ host: 'browser' }, { host: 'cli' })).toEqual({ host: 'cli', user: osUserName() });
    expect(callSource({ host: 'desktop', osUser: 'alice' })).toEqual({ host: 'desktop', user: 'alice' });
  });

  it('bounds the user name, and shows no control character of it', () => {
    const { user } = callSource({ host: 'desktop', osUser: `${'a'.repeat(100)}` });
    expect(Array.from(user)).toHaveLength(64);
    expect(callSource({ host: 'desktop', osUser: 'bo\nb' }).user).toBe('bo?b');
  });
});
