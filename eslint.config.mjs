import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'out-*/**',
      'test-results*/**',
      'dist/**',
      'node_modules/**',
      'e2e/screenshots/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // The grid benchmark page (bench/grid) runs in the browser too.
    files: ['renderer/**/*.{ts,tsx}', 'bench/grid/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // React 19's recommended set: purity, refs during render, setState in effects, and the rest.
    rules: reactHooks.configs['recommended-latest'].rules,
  },
  {
    // Plain CommonJS scripts (loaded both by npm start's ES modules and by the TypeScript e2e harness).
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Playwright fixtures must destructure their (possibly empty) dependencies.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // shared/ is imported by main, preload and renderer: it must stay free of Node, DOM and Electron.
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'electron', 'fs', 'path', 'crypto', 'react', 'react-dom'],
              message: 'shared/ is pure TypeScript',
            },
          ],
        },
      ],
    },
  },
  {
    // Only main.ts and preload.ts adapt Electron; everything else (and the demo exchange) runs in plain Node.
    files: ['electron/**/*.ts', 'demo-exchange/**/*.ts'],
    ignores: ['electron/main.ts', 'electron/preload.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'electron', message: 'Only main.ts and preload.ts import electron' }] },
      ],
    },
  },
);
