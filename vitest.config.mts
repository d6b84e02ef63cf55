import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'shared/**/*.test.ts',
      'electron/**/*.test.ts',
      'demo-exchange/**/*.test.ts',
      'renderer/**/*.test.{ts,tsx}',
      'bench/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    environment: 'node',
    // CSS imports are empty in tests, except this one: grid-layout.test.ts reads it (?raw).
    css: { include: [/\/renderer\/src\/instruments\/instruments\.css\?raw$/] },
    setupFiles: ['renderer/src/test-setup.ts'],
    testTimeout: 20000,
    hookTimeout: 20000,
  },
});
