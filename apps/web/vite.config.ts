/// <reference types="vitest/config" />
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { antdStaticStyles } from './build-plugins/antd-static-styles.ts';
import { preloadStartApp, START_APP } from './build-plugins/preload-start-app.ts';
import { prerenderLogin } from './build-plugins/prerender-login.ts';

/**
 * The web app builds to apps/web/dist, which the server serves in production. In development
 * the API, its docs and the health check are proxied to the server (TOLLGATE_API_URL, by
 * default http://127.0.0.1:8080), so the app always talks to its own origin (cookies and
 * relative URLs behave as in production).
 */
const API_TARGET = process.env.TOLLGATE_API_URL?.trim() || 'http://127.0.0.1:8080';
const LOCALE_CHUNK = /\/src\/locales\/([a-z]{2}_[A-Z]{2})\/(index|dayjs)\.ts$/;
const MAIN = /[\\/]src[\\/]main\.tsx$/;
/** The charts' lazily loaded part, ECharts with it: `chart-<hash>.js`, which the weight bench reports apart. */
const CHART_VIEW = /[\\/]src[\\/]shared[\\/]charts[\\/]echarts-view\.tsx$/;

/**
 * Writes `<file>.br` and `<file>.gz` beside each script and stylesheet of the build, compressed
 * once at the highest levels, for a server that sends pre-compressed files (@fastify/static's
 * `preCompressed`): the JS a page loads then travels at about a third of its size. It runs
 * once the files are written and compresses what is on disk: earlier hooks still see Vite's
 * placeholders (`__VITE_PRELOAD__`), which Vite fills in its own last step.
 */
function precompressAssets(): Plugin {
  return {
    name: 'tollgate:precompress-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(fileName)) continue;
        const path = join(outDir, fileName);
        const data = readFileSync(path);
        if (data.length < 1024) continue; // not worth a second file
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

const TESTS = ['src/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'];
/** Test files that mock a module (vi.mock): each needs its own module registry. */
const ISOLATED_TESTS = [
  'src/shared/charts/lazy-chart.test.tsx',
  'src/features/finance/components/batch-withdrawal.test.tsx',
];

export default defineConfig({
  plugins: [react(), precompressAssets(), antdStaticStyles(), preloadStartApp(), prerenderLogin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // Every browser the app supports knows <link rel="modulepreload">; the polyfill would be one
    // more file before main.tsx runs.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The first load in few files, two of them large (HTTP/1.1 opens six connections to an
        // origin, and each file costs a round trip): main.tsx with what it imports (the language
        // helpers, read before anything else), React, then the app (start-app.tsx and everything
        // it imports, the login page included). Later pages share the app's chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'index', test: MAIN, priority: 2 },
            { name: 'app', test: START_APP, priority: 1 },
          ],
        },
        // Each language's bundle (src/locales/<language>/index.ts) and dayjs locale (dayjs.ts)
        // are chunks named after their language, so the weight bench and the e2e suite can tell
        // which languages a page loaded: locale-zh_CN-<hash>.js, locale-zh_CN-dayjs-<hash>.js.
        chunkFileNames: (chunk) => {
          if (CHART_VIEW.test(chunk.facadeModuleId ?? '')) return 'assets/chart-[hash].js';
          const [, language, part] = LOCALE_CHUNK.exec(chunk.facadeModuleId ?? '') ?? [];
          if (!language) return 'assets/[name]-[hash].js';
          return part === 'dayjs'
            ? `assets/locale-${language}-dayjs-[hash].js`
            : `assets/locale-${language}-[hash].js`;
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/front': API_TARGET,
      '/api-docs': API_TARGET,
      '/health': API_TARGET,
      '/uploads': API_TARGET,
    },
  },
  test: {
    environment: 'happy-dom',
    setupFiles: ['test/setup.ts'],
    css: false,
    // As the server's: a page test renders antd forms in happy-dom, which on a busy 2-core
    // machine takes seconds, not the default 5 s budget. A hung test still fails.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Two workers on two cores (the default leaves one core to the runner): half of a file's time
    // is importing antd and React and setting up happy-dom, which the other core can do meanwhile.
    maxWorkers: 2,
    // As the server's suite: the files of a worker share its loaded modules (antd, React, the
    // app) instead of importing them again each (about 40 s of a 75 s run). A file that replaces
    // a module (vi.mock) needs a module registry of its own: those run isolated.
    projects: [
      { extends: true, test: { name: 'isolated', include: ISOLATED_TESTS } },
      {
        extends: true,
        test: { name: 'shared', include: TESTS, exclude: ISOLATED_TESTS, isolate: false },
      },
    ],
  },
});
