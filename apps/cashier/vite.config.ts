import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * The hosted cashier: its own small build (no antd, no back-office code), served by the server
 * at /pay/{orderNo} (apps/server/src/plugins/cashier-app.ts). Everything lives under /pay/, so
 * its files never collide with the back office's /assets. In development the calls go to the
 * server (TOLLGATE_API_URL, default http://127.0.0.1:8080).
 */
const API_TARGET = process.env.TOLLGATE_API_URL?.trim() || 'http://127.0.0.1:8080';

/** `<file>.br` and `<file>.gz` beside each script and stylesheet, for @fastify/static's preCompressed. */
function precompressAssets(): Plugin {
  return {
    name: 'tollgate:precompress-cashier-assets',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css)$/.test(fileName)) continue;
        const path = join(outDir, fileName);
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  base: '/pay/',
  plugins: [react(), precompressAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Inline nothing: the CSP allows scripts and styles from 'self' only, never data: URLs.
    assetsInlineLimit: 0,
  },
  server: {
    port: 5174,
    proxy: { '/front': API_TARGET },
  },
});
