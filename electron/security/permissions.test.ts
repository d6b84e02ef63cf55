import { describe, expect, it } from 'vitest';
import { allowPermission } from './permissions';

const TRUSTED = ['app://desk'];

describe('permissions of the app window', () => {
  it('allows notifications to the app’s own page only', () => {
    expect(allowPermission('notifications', 'app://desk/index.html', TRUSTED)).toBe(true);
    expect(allowPermission('notifications', 'app://desk', TRUSTED)).toBe(true);
    expect(allowPermission('notifications', 'https://evil.example/', TRUSTED)).toBe(false);
    expect(allowPermission('notifications', 'app://elsewhere/index.html', TRUSTED)).toBe(false);
    expect(allowPermission('notifications', undefined, TRUSTED)).toBe(false);
    expect(allowPermission('notifications', 'not a url', TRUSTED)).toBe(false);
  });

  it('refuses every other permission, even to the app', () => {
    for (const p of ['media', 'clipboard-read', 'geolocation', 'openExternal', 'fullscreen', 'pointerLock'])
      expect(allowPermission(p, 'app://desk/index.html', TRUSTED)).toBe(false);
  });

  it('the development server is trusted only when listed', () => {
    expect(allowPermission('notifications', 'http://localhost:5173/', TRUSTED)).toBe(false);
    expect(allowPermission('notifications', 'http://localhost:5173/', [...TRUSTED, 'http://localhost:5173'])).toBe(
      true,
    );
  });
});
