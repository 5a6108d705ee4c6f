import type { HtmlTagDescriptor, Plugin } from 'vite';

export const START_APP = /[\\/]src[\\/]app[\\/]start-app\.tsx$/;

/**
 * main.tsx imports the app (src/app/start-app.tsx) dynamically, beside the language bundle, so
 * that the bundle is asked for at once instead of after the whole app. For the app's files not
 * to wait for main.tsx to run either, index.html preloads them as Vite does the entry's own: the
 * app's chunks and their stylesheets.
 *
 * It also moves the entry's stylesheet (src/app/styles.css) to the end of <body>. antd used to
 * put its run-time <style> elements first in <head>, so the app's rules won at equal
 * specificity; its stylesheets now come with the chunks (build-plugins/antd-static-styles.ts),
 * and those of a lazy chunk are added to <head> later: after a <head> link to the app's
 * stylesheet, but never after one at the end of <body>.
 */
export function preloadStartApp(): Plugin {
  return {
    name: 'tollgate:preload-start-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const chunks = new Map(
          Object.values(ctx.bundle ?? {}).flatMap((c) =>
            c.type === 'chunk' ? [[c.fileName, c] as const] : [],
          ),
        );
        const start = [...chunks.values()].find((c) => c.moduleIds.some((id) => START_APP.test(id)));
        if (!start) throw new Error('the build has no chunk holding src/app/start-app.tsx');
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
        };
        visit(start.fileName);
        const isLinked = (file: string) => html.includes(`"/${file}"`);
        const link = (rel: string, file: string): HtmlTagDescriptor => ({
          tag: 'link',
          attrs: { rel, crossorigin: true, href: `/${file}` },
          injectTo: 'head',
        });
        const styles = [...files].flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]);
        const tags = [
          ...[...files].filter((file) => !isLinked(file)).map((file) => link('modulepreload', file)),
          ...styles.filter((file) => !isLinked(file)).map((file) => link('stylesheet', file)),
        ];
        // By now the entry's stylesheet is linked in <head>, and it is the only one.
        const own = html.match(/\n\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        if (own.length !== 1)
          throw new Error(`index.html links ${own.length} stylesheets, expected the entry's`);
        const moved = html.replace(own[0] ?? '', '').replace('</body>', `  ${own[0]?.trim()}\n  </body>`);
        return { html: moved, tags };
      },
    },
  };
}
