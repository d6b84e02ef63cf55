import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { CONTENT_SECURITY_POLICY } from './electron/security/csp';
import { thirdPartyNotices } from './scripts/build/third-party-notices';

/**
 * The built index.html carries the app's CSP as a meta tag too (main also sends it as a header).
 * Only at build time: the dev server's React refresh preamble is an inline script.
 */
function cspMeta(): Plugin {
  const policy = CONTENT_SECURITY_POLICY.split('; ')
    .filter((d) => !d.startsWith('frame-ancestors')) // ignored (with a warning) in a meta tag
    .join('; ');
  return {
    name: 'uta-desk-csp-meta',
    apply: 'build',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' },
    ],
  };
}

/** The renderer's libraries, one chunk per family; what is left is the app's own code. */
const VENDOR_CHUNKS = [
  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  { name: 'tanstack', test: /node_modules[\\/]@tanstack[\\/]/ },
  { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
  { name: 'vendor', test: /node_modules[\\/]/ },
];

/** Where the build goes; a second checkout of the work (a parallel e2e run) may point it elsewhere. */
const OUT = process.env.UTA_DESK_OUT ?? 'out';

export default defineConfig({
  main: {
    plugins: [thirdPartyNotices()],
    // Electron's main and the `uta-desk` command (CLI, browser host, Local demo's exchange), with their
    // libraries inside: what an operator installs runs with no node_modules and no devDependency.
    build: {
      externalizeDeps: false,
      outDir: `${OUT}/main`,
      rolldownOptions: {
        input: { main: resolve(__dirname, 'electron/main.ts'), cli: resolve(__dirname, 'electron/cli/uta-desk.ts') },
        // ws's optional native speed-ups: it runs without them (and requires them in a try).
        external: ['electron', 'bufferutil', 'utf-8-validate'],
      },
    },
  },
  preload: {
    plugins: [thirdPartyNotices()],
    // A sandboxed preload cannot require node_modules: bundle everything but 'electron' into one CJS file.
    build: {
      externalizeDeps: false,
      outDir: `${OUT}/preload`,
      rolldownOptions: {
        input: { preload: resolve(__dirname, 'electron/preload.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [react(), cspMeta(), thirdPartyNotices()],
    build: {
      minify: true,
      outDir: `${OUT}/renderer`,
      rolldownOptions: {
        input: {
          index: resolve(__dirname, 'renderer/index.html'),
          // The browser host's page before a session, and its preload (window.desk over HTTP) at a
          // fixed name the host inserts into index.html; Electron never loads either.
          launch: resolve(__dirname, 'renderer/web-host/launch.html'),
          'desk-over-http': resolve(__dirname, 'renderer/web-host/desk-over-http.ts'),
        },
        output: {
          entryFileNames: (chunk) =>
            chunk.name === 'desk-over-http' ? 'web-host/desk-over-http.js' : 'assets/[name]-[hash].js',
          // The libraries in chunks of their own, each under the 500 kB warning and cached across app changes.
          codeSplitting: { groups: VENDOR_CHUNKS },
        },
      },
    },
  },
});
