import type { IndexHtmlTransformContext, IndexHtmlTransformHook } from 'vite';
import { describe, expect, it } from 'vitest';
import { preloadStartApp } from '../build-plugins/preload-start-app';

/** index.html as Vite has written it by the time the plugin runs (the entry's tags in <head>). */
const HTML = `<!doctype html>
<html>
  <head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-a.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], css: string[] = []) => ({
  type: 'chunk' as const,
  fileName,
  moduleIds,
  imports,
  viteMetadata: { importedCss: new Set(css), importedAssets: new Set<string>() },
});

function run(bundle: Record<string, unknown>) {
  const hook = preloadStartApp().transformIndexHtml as { handler: IndexHtmlTransformHook };
  const context = { bundle } as unknown as IndexHtmlTransformContext;
  return hook.handler.call(undefined as never, HTML, context) as unknown as {
    html: string;
    tags: { attrs: { rel: string; href: string } }[];
  };
}

describe('preloadStartApp (build-plugins/preload-start-app.ts)', () => {
  const bundle = {
    'assets/index-a.js': chunk('assets/index-a.js', ['/w/src/main.tsx']),
    'assets/app-b.js': chunk(
      'assets/app-b.js',
      ['/w/src/app/start-app.tsx', '/w/src/app/providers.tsx'],
      ['assets/react-c.js', 'assets/index-a.js'],
      ['assets/app-b.css'],
    ),
    'assets/react-c.js': chunk('assets/react-c.js', ['/w/node_modules/react/index.js']),
    'assets/lazy-d.js': chunk(
      'assets/lazy-d.js',
      ['/w/src/features/x.tsx'],
      ['assets/app-b.js'],
      ['assets/lazy-d.css'],
    ),
    'assets/app-b.css': { type: 'asset', fileName: 'assets/app-b.css' },
  };

  it("preloads the app's chunk, the chunks it imports and their stylesheets, not lazy ones", () => {
    const { tags } = run(bundle);
    expect(tags.map((tag) => `${tag.attrs.rel} ${tag.attrs.href}`)).toEqual([
      'modulepreload /assets/app-b.js',
      'modulepreload /assets/react-c.js',
      'stylesheet /assets/app-b.css',
    ]);
  });

  it("moves the entry's stylesheet to the end of <body>", () => {
    const { html } = run(bundle);
    expect(html).not.toMatch(/<link rel="stylesheet"[^>]*>\s*<\/head>/);
    expect(html).toMatch(
      /<div id="root"><\/div>\s*<link rel="stylesheet" crossorigin href="\/assets\/index-a.css">\s*<\/body>/,
    );
    expect(html.match(/index-a\.css/g)).toHaveLength(1);
  });

  it('fails the build without a chunk holding start-app.tsx', () => {
    expect(() => run({ 'assets/index-a.js': bundle['assets/index-a.js'] })).toThrow(/start-app/);
  });
});
