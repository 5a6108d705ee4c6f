import type { ComponentType, ReactNode } from 'react';
import type { Plugin } from 'vite';

/**
 * antd's component styles as static CSS, for antd's zero-runtime mode (`theme.zeroRuntime`,
 * which src/app/providers.tsx turns on in production builds, the only builds this plugin runs in).
 *
 * By default antd writes each component's CSS in JavaScript when the component first renders
 * (CSS-in-JS). On the login page that was about 40 % of React's first render, all of it on the
 * main thread before the first paint, plus a <style> insertion per component. In zero-runtime
 * mode a component only adds its class names and its CSS must come from a stylesheet. antd ships
 * one with every component (antd/dist/antd.css, 75 KB Brotli, all render-blocking); this plugin
 * instead writes each component's CSS at build time, from antd's own style code, and attaches it
 * to the module that declares that component's styles, so each chunk's stylesheet holds the CSS
 * of the components in that chunk: the login page gets its dozen components, not seventy.
 *
 * - At build start every antd component is rendered once on the server (react-dom/server) into a
 *   cssinjs cache, as antd's @ant-design/static-style-extract does, without hashed class names
 *   (`hashed: false`, as the app renders). Design tokens stay CSS variables
 *   (`var(--ant-color-primary)`), which antd still writes at run time from the app's theme, so
 *   the CSS does not depend on the theme.
 * - The styles are grouped by component: the first part of their cache path (`Button`, `Input`,
 *   `Shared` for antd's reset of links and component roots).
 * - Each antd module that declares a component's style hooks (`genStyleHooks('Button', …)`) gets
 *   `import 'virtual:antd-style/Button.css'` (antd's style utilities get `Shared.css`), and its
 *   style functions are replaced by `() => []`: in zero-runtime mode a style hook returns before
 *   calling them, so the bundler drops that code (about 11 KB Brotli on the login page).
 *
 * A module that declares a component whose styles were not extracted fails the build: no
 * component ships without its CSS. The cascade keeps its order of old: antd put its run-time
 * <style> elements first in <head>, before the app's stylesheet; vite.config.ts moves the app's
 * stylesheet to the end of <body>, after any antd stylesheet a lazy chunk adds later.
 */
export const VIRTUAL_PREFIX = 'virtual:antd-style/';
const RESOLVED_PREFIX = `\0${VIRTUAL_PREFIX}`;
const STYLE_HOOK_MAKERS = new Set(['genStyleHooks', 'genComponentStyleHook', 'genSubStyleComponent']);
/** `genStyleHooks('Button', …)`, `genStyleHooks(['Input', 'Shared'], …)`, `genSubStyleComponent(['Tag', …` */
const STYLE_HOOK_CALL =
  /\bgen(?:StyleHooks|ComponentStyleHook|SubStyleComponent)\(\s*\[?\s*['"]([A-Za-z]+)['"]/g;
/** Where antd makes its style hooks: antd's reset (`Shared`) comes with it. */
const STYLE_UTILS_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/]theme[\\/]util[\\/]genStyleUtils\.js$/;
const ANTD_MODULE = /[\\/]node_modules[\\/]antd[\\/]es[\\/].+\.js$/;
/** Styles antd keeps writing at run time in zero-runtime mode: the icons' reset (useResetIconStyle). */
const RUNTIME_STYLES = new Set(['ant-design-icons']);
/** Exports that are not components to render: the provider itself and the Grid hooks holder. */
const NOT_RENDERED = new Set(['ConfigProvider', 'Grid']);

type AnyComponent = ComponentType<Record<string, unknown>> & Record<string, unknown>;

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The style groups an antd module declares (`Button` for button/style/index.js), if any. */
export function declaredStyleGroups(id: string, code: string): string[] {
  if (!ANTD_MODULE.test(id)) return [];
  const groups = new Set([...code.matchAll(STYLE_HOOK_CALL)].map((match) => match[1] ?? ''));
  if (STYLE_UTILS_MODULE.test(id)) groups.add('Shared');
  return [...groups];
}

/**
 * Replace the style function of each `genStyleHooks('Button', token => […], prepareToken)` call
 * (the second argument) by `() => []`. The component token defaults (the third argument) stay:
 * antd still writes the components' CSS variables from them.
 */
export function stripStyleFunctions(code: string, program: unknown): string {
  const ranges: [number, number][] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!value || typeof value !== 'object') return;
    const node = value as AstNode;
    if (node.type === 'CallExpression') {
      const callee = node.callee as AstNode & { name?: string };
      const [name, styleFn] = node.arguments as AstNode[];
      const isStyleHook =
        callee.type === 'Identifier' &&
        STYLE_HOOK_MAKERS.has(callee.name ?? '') &&
        (name?.type === 'Literal' || name?.type === 'ArrayExpression');
      if (isStyleHook && styleFn) {
        ranges.push([styleFn.start, styleFn.end]);
        return;
      }
    }
    for (const key of Object.keys(node)) if (key !== 'type') visit(node[key]);
  };
  visit(program);
  let stripped = code;
  for (const [start, end] of ranges.sort((a, b) => b[0] - a[0])) {
    stripped = `${stripped.slice(0, start)}() => []${stripped.slice(end)}`;
  }
  return stripped;
}

/** Render every antd component into one cssinjs cache and return each style group's CSS. */
export async function extractAntdStyles(): Promise<Map<string, string>> {
  const [antd, cssinjs, react, server] = await Promise.all([
    import('antd'),
    import('@ant-design/cssinjs'),
    import('react'),
    import('react-dom/server'),
  ]);
  const { createElement: h, Fragment } = react;
  const components = antd as unknown as Record<string, AnyComponent>;
  const C = (name: string) => components[name] as AnyComponent;
  const part = (name: string, member: string) => C(name)[member] as AnyComponent;
  const panel = (name: string) => part(name, '_InternalPanelDoNotUseOrYouWillBeFired');
  // Components whose styles register only with some content or props, or in parts rendered apart.
  const special: Record<string, () => ReactNode> = {
    Affix: () => h(C('Affix'), null, h('div')),
    Badge: () => h(Fragment, null, h(C('Badge')), h(part('Badge', 'Ribbon'))),
    Cascader: () => h(Fragment, null, h(C('Cascader')), h(part('Cascader', 'Panel'))),
    Dropdown: () => h(C('Dropdown'), { menu: { items: [] } }, h('div')),
    Form: () => h(C('Form'), null, h(part('Form', 'Item'), { label: 'x' }, h(C('Input')))),
    Input: () =>
      h(
        Fragment,
        null,
        h(C('Input')),
        ...['Search', 'TextArea', 'Password', 'OTP'].map((member) =>
          h(part('Input', member), { key: member }),
        ),
      ),
    Layout: () =>
      h(
        C('Layout'),
        null,
        ...['Header', 'Sider', 'Content', 'Footer'].map((member) =>
          h(part('Layout', member), { key: member }),
        ),
      ),
    Menu: () => h(C('Menu'), { items: [] }),
    Modal: () => h(Fragment, null, h(C('Modal')), h(panel('Modal')), h(panel('Modal'), { type: 'confirm' })),
    QRCode: () => h(C('QRCode'), { value: 'https://example.com' }),
    Space: () =>
      h(
        Fragment,
        null,
        h(C('Space')),
        h(part('Space', 'Compact'), null, h(C('Button')), h(C('Input'))),
        h(part('Space', 'Addon'), null, 'x'),
      ),
    Tag: () => h(Fragment, null, h(C('Tag'), { color: 'blue' }), h(C('Tag'), { color: 'success' })),
    Tree: () => h(C('Tree'), { treeData: [] }),
    message: () => h(panel('message')),
    notification: () => h(panel('notification')),
  };
  const names = Object.keys(components).filter(
    (name) => (/^[A-Z]/.test(name) || name in special) && !NOT_RENDERED.has(name),
  );

  const cache = cssinjs.createCache();
  const failures: string[] = [];
  for (const name of names) {
    try {
      server.renderToString(
        h(
          cssinjs.StyleProvider,
          { cache },
          h(C('ConfigProvider'), { theme: { hashed: false } }, special[name]?.() ?? h(C(name))),
        ),
      );
    } catch (error) {
      failures.push(`${name} (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  if (failures.length > 0) throw new Error(`antd static styles: could not render ${failures.join(', ')}`);

  // Style keys are `style%<hash>%<Component-Part>%<prefix>…`: group them by the component.
  const keysByGroup = new Map<string, string[]>();
  for (const key of cache.cache.keys()) {
    const path = key.split('%');
    if (path[0] !== 'style' || RUNTIME_STYLES.has(path[2] ?? '')) continue;
    const group = (path[2] ?? '').split('-')[0] ?? '';
    keysByGroup.set(group, [...(keysByGroup.get(group) ?? []), key]);
  }
  const cssByGroup = new Map<string, string>();
  for (const [group, keys] of keysByGroup) {
    // extractStyle writes out a cache's entries: hand it a view that holds this group's only.
    const view = Object.assign(Object.create(Object.getPrototypeOf(cache)), cache, {
      cache: new Map(keys.map((key) => [key, cache.cache.get(key)])),
      extracted: new Set<string>(),
    });
    const css = cssinjs
      .extractStyle(view, { plain: true, types: 'style' })
      // The map of cache paths cssinjs appends for hydrating server-rendered pages.
      .replace(/\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}$/, '');
    cssByGroup.set(group, css);
  }
  return cssByGroup;
}

export function antdStaticStyles(): Plugin {
  let styles: Promise<Map<string, string>> | undefined;
  const extracted = () => {
    styles ??= extractAntdStyles();
    return styles;
  };
  return {
    name: 'tollgate:antd-static-styles',
    apply: 'build',
    buildStart() {
      // Render while the bundler reads the sources; the first CSS load awaits it (and its error).
      extracted().catch(() => undefined);
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? `\0${id}` : null;
    },
    async load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const group = id.slice(RESOLVED_PREFIX.length).replace(/\.css$/, '');
      const css = (await extracted()).get(group);
      if (css === undefined) this.error(`antd static styles: none were extracted for ${group}`);
      return css;
    },
    transform(code, id) {
      const groups = declaredStyleGroups(id, code);
      if (groups.length === 0) return null;
      const imports = groups.map((group) => `import ${JSON.stringify(`${VIRTUAL_PREFIX}${group}.css`)};`);
      // No source map: production builds write none, and only antd's style functions move.
      return { code: `${stripStyleFunctions(code, this.parse(code))}\n${imports.join('\n')}\n`, map: null };
    },
  };
}
