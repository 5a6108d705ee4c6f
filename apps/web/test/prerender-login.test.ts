import { describe, expect, it } from 'vitest';
import { assemblePrerenderedPage } from '../build-plugins/prerender-login';

/** The built index.html as Vite writes it (vite.config.ts, preload-start-app.ts). */
const TEMPLATE = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>Tollgate</title>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/app-b.js">
    <link rel="modulepreload" crossorigin href="/assets/react-c.js">
    <link rel="stylesheet" crossorigin href="/assets/app-d.css">
  </head>
  <body>
    <div id="root"></div>
    <link rel="stylesheet" crossorigin href="/assets/index-e.css">
  </body>
</html>
`;
const PAGE = {
  htmlLang: 'en',
  title: 'Log in - "Tollgate" & <co>',
  html: '<div class="login-page"><input id="email"/></div>',
  css: ':root{--ant-color-primary:#1668dc;}',
};

describe('assemblePrerenderedPage', () => {
  const html = assemblePrerenderedPage(TEMPLATE, PAGE);

  it('fills #root with the page, inert and without a box of its own, and the language and title', () => {
    expect(html).toContain(
      '<div id="root"><div inert data-prerendered style="display:contents"><div class="login-page"><input id="email"/></div></div></div>',
    );
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Log in - &quot;Tollgate&quot; &amp; &lt;co&gt;</title>');
    expect(html).toContain('<style data-prerendered>:root{--ant-color-primary:#1668dc;}</style>\n  </head>');
  });

  it("moves the app's stylesheet before #root (it holds back the paint of what follows), keeping it after the head's", () => {
    const body = html.split('</head>')[1] ?? '';
    expect(body.indexOf('/assets/index-e.css')).toBeGreaterThan(-1);
    expect(body.indexOf('/assets/index-e.css')).toBeLessThan(body.indexOf('<div id="root">'));
    expect(html.match(/index-e\.css/g)).toHaveLength(1);
    expect(html.indexOf('app-d.css')).toBeLessThan(html.indexOf('index-e.css'));
  });

  it('loads the app after the paint: no module preloads, the entry at low priority', () => {
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-a.js"></script>',
    );
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/app-d.css">');
  });

  it('refuses a template it cannot fill, and CSS that would close its style element', () => {
    expect(() => assemblePrerenderedPage(TEMPLATE.replace('<div id="root"></div>', ''), PAGE)).toThrow(
      /#root/,
    );
    expect(() => assemblePrerenderedPage(TEMPLATE, { ...PAGE, css: 'a{}</style><script>' })).toThrow(/style/);
  });
});
