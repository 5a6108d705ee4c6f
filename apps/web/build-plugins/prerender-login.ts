import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import type { PrerenderedPage } from '../src/prerender/login-prerender';

/**
 * The login page's HTML, rendered at build time, one file per language:
 * `<outDir>/prerender/login-<language>.html`. The server sends it for /login to a browser that
 * holds no session (apps/server/src/plugins/web-app.ts), in the language its `lang` cookie names.
 *
 * Why: a visitor's first page is the login page, and with an empty #root nothing shows until the
 * app's scripts are downloaded, compiled and rendered (on a mid-range phone on 4G, about 2.5 s in
 * Lighthouse's model). With the page in the HTML it shows once the HTML and stylesheets are in.
 * The app then renders the same page over it (main.tsx): React's first commit replaces #root's
 * content, and until then the copy is `inert` (nothing in it takes a click or the focus), so
 * nothing typed into it can be lost.
 *
 * After the client build, src/prerender/login-prerender.tsx is built for Node (everything
 * bundled, production mode: antd in zero-runtime mode, as in the app) into a temporary
 * directory, run once per language, and each result is written into a copy of the built
 * index.html (assemblePrerenderedPage), with .br and .gz copies like the other files.
 */
export const PRERENDER_DIR = 'prerender';
const ENTRY = 'src/prerender/login-prerender.tsx';

export function prerenderLogin(): Plugin {
  let root = '';
  let outDir = '';
  let isSsrBuild = false;
  return {
    name: 'tollgate:prerender-login',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      isSsrBuild = Boolean(config.build.ssr);
    },
    async closeBundle(error) {
      if (isSsrBuild || error) return;
      const ssrDir = mkdtempSync(join(tmpdir(), 'tollgate-prerender-'));
      try {
        await build({
          configFile: false,
          root,
          mode: 'production',
          logLevel: 'warn',
          plugins: [react()],
          ssr: { noExternal: true },
          build: { ssr: ENTRY, outDir: ssrDir, emptyOutDir: true, minify: false, copyPublicDir: false },
        });
        // The languages come from the built module too: vite.config.ts cannot import the
        // contracts package's TypeScript sources itself.
        const { LANGUAGES, renderLoginPage } = (await import(
          pathToFileURL(join(ssrDir, 'login-prerender.js')).href
        )) as typeof import('../src/prerender/login-prerender');
        const template = readFileSync(join(outDir, 'index.html'), 'utf8');
        mkdirSync(join(outDir, PRERENDER_DIR), { recursive: true });
        for (const language of LANGUAGES) {
          const html = assemblePrerenderedPage(template, await renderLoginPage(language));
          const path = join(outDir, PRERENDER_DIR, `login-${language}.html`);
          writeFileSync(path, html);
          writeFileSync(
            `${path}.br`,
            brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(`${path}.gz`, gzipSync(html, { level: 9 }));
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}

const ROOT = '<div id="root"></div>';
const BODY_STYLESHEET = /<link rel="stylesheet"[^>]*>/g;
const MODULE_PRELOAD = /\n?[ \t]*<link rel="modulepreload"[^>]*>/g;

/**
 * The built index.html with the page in it: its language and title, antd's design tokens (which
 * antd otherwise writes at run time) in the head, and the page's markup in #root, wrapped in an
 * inert box that makes no box of its own (`display: contents`, so the layout is the page's). The
 * app's stylesheet, which index.html puts after #root (so it comes after any antd stylesheet a
 * lazy chunk adds to the head later), moves just before #root: a stylesheet in the body holds
 * back the painting of what follows it, so the page never shows unstyled, and it stays after
 * the head's.
 */
export function assemblePrerenderedPage(template: string, page: PrerenderedPage): string {
  const [head, body] = template.split('</head>');
  if (!head || body === undefined || !body.includes(ROOT) || !/<html lang="[^"]*">/.test(head)) {
    throw new Error('prerender: index.html has no <html lang>, </head> or empty #root to fill');
  }
  if (page.css.includes('</')) throw new Error('prerender: the page CSS would close its <style>');
  const stylesheets = body.match(BODY_STYLESHEET) ?? [];
  const bodyWithoutStylesheets = body.replace(BODY_STYLESHEET, '').replace(/\n\s*\n/g, '\n');
  const filledHead = head
    .replace(/<html lang="[^"]*">/, `<html lang="${escapeHtml(page.htmlLang)}">`)
    .replace(MODULE_PRELOAD, '')
    .replace('<script type="module" ', '<script type="module" fetchpriority="low" ')
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`);
  const filledRoot = `${stylesheets.join('\n    ')}\n    <div id="root"><div inert data-prerendered style="display:contents">${page.html}</div></div>`;
  return `${filledHead}  <style data-prerendered>${page.css}</style>\n  </head>${bodyWithoutStylesheets.replace(ROOT, filledRoot)}`;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
