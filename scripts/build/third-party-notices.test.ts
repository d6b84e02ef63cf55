import { describe, expect, it } from 'vitest';
import { noticesText, packageDirOf } from './third-party-notices';

describe('third-party notices', () => {
  it("finds the package folder of a bundled module, scoped and nested ones too, on Windows' paths as well", () => {
    expect(packageDirOf('/p/node_modules/zod/v4/core/core.js')).toBe('/p/node_modules/zod');
    expect(packageDirOf('/p/node_modules/@tanstack/react-table/build/lib/index.mjs')).toBe(
      '/p/node_modules/@tanstack/react-table',
    );
    expect(packageDirOf('/p/node_modules/a/node_modules/b/index.js?commonjs-es-import')).toBe(
      '/p/node_modules/a/node_modules/b',
    );
    expect(packageDirOf('C:\\p\\node_modules\\ws\\lib\\websocket.js')).toBe('C:/p/node_modules/ws');
    expect(packageDirOf('\0/p/node_modules/react/index.js')).toBe('/p/node_modules/react');
    expect(packageDirOf('/p/electron/main.ts')).toBeUndefined();
  });

  it('names each package with its version and licence, then its licence text', () => {
    const text = noticesText([{ name: 'zod', version: '4.6.7', license: 'MIT', text: 'MIT License\nCopyright' }]);
    expect(text).toMatch(/^UTA Desk includes the following third-party software/);
    expect(text).toContain('zod 4.6.7 (MIT)\n');
    expect(text).toContain('MIT License\nCopyright');
  });
});
