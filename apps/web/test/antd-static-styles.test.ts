import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseAst } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  antdStaticStyles,
  declaredStyleGroups,
  extractAntdStyles,
  stripStyleFunctions,
  VIRTUAL_PREFIX,
} from '../build-plugins/antd-static-styles';

/** antd's ES modules, as the production build reads them. */
const ANTD_ES = join(dirname(createRequire(import.meta.url).resolve('antd/package.json')), 'es');

function antdModules(dir = ANTD_ES): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return antdModules(path);
    return entry.name.endsWith('.js') ? [path] : [];
  });
}

let styles: Map<string, string>;
beforeAll(async () => {
  styles = await extractAntdStyles();
});

describe('antd static styles (build-plugins/antd-static-styles.ts)', () => {
  it('finds the style groups an antd module declares, and none outside antd', () => {
    const read = (path: string) => readFileSync(join(ANTD_ES, path), 'utf8');
    expect(
      declaredStyleGroups(join(ANTD_ES, 'button/style/index.js'), read('button/style/index.js')),
    ).toEqual(['Button']);
    expect(declaredStyleGroups(join(ANTD_ES, 'input/style/otp.js'), read('input/style/otp.js'))).toEqual([
      'Input',
    ]);
    expect(
      declaredStyleGroups(join(ANTD_ES, 'theme/util/genStyleUtils.js'), read('theme/util/genStyleUtils.js')),
    ).toContain('Shared');
    expect(declaredStyleGroups(join(ANTD_ES, 'button/Button.js'), read('button/Button.js'))).toEqual([]);
    expect(declaredStyleGroups('/app/src/x.js', "genStyleHooks('Button', () => [])")).toEqual([]);
  });

  it('extracts CSS for every style group any antd module declares', () => {
    const declared = new Set(
      antdModules().flatMap((path) => declaredStyleGroups(path, readFileSync(path, 'utf8'))),
    );
    expect(declared.size).toBeGreaterThan(60);
    const missing = [...declared].filter((group) => !styles.get(group));
    expect(missing).toEqual([]);
  });

  it('writes unhashed rules on the design tokens as CSS variables', () => {
    const button = styles.get('Button') ?? '';
    expect(button).toMatch(/\.ant-btn\{/);
    expect(button).toContain('var(--ant-color-primary)');
    expect(button).not.toContain(':where(.css-');
    expect(button).not.toContain('data-ant-cssinjs-cache-path');
    // The icons' reset stays at run time; antd's own reset of links is the Shared group.
    expect(styles.has('ant-design-icons')).toBe(false);
    expect(styles.get('Shared')).toMatch(/(^|\})a\{color:var\(--ant-color-link\)/);
    // Each group holds its own component's rules only.
    expect(styles.get('Input')).not.toContain('.ant-btn{');
  });

  it('includes the parts that register only with some content or props', () => {
    const parts: [string, string][] = [
      ['Tag', '.ant-tag-blue'],
      ['Tag', '.ant-tag-success'],
      ['Input', '.ant-input-textarea'],
      ['Input', '.ant-otp'],
      ['Button', '.ant-btn-compact'],
      ['Space', '.ant-space-compact'],
      ['Form', '.ant-form-item-explain'],
      ['Modal', '.ant-modal-confirm'],
      ['Badge', '.ant-ribbon'],
      ['Layout', '.ant-layout-sider'],
      ['Message', '.ant-message'],
    ];
    for (const [group, selector] of parts)
      expect(styles.get(group), `${group} ${selector}`).toContain(selector);
  });

  it('replaces the style functions of style hooks, and keeps the token defaults', () => {
    const code = [
      "import { genStyleHooks } from '../../theme/internal';",
      'const genStyle = token => [{ [token.componentCls]: { color: token.colorText } }];',
      'export const prepare = token => ({ paddingBlock: token.padding });',
      "export default genStyleHooks('Button', token => [genStyle(token)], prepare, { unitless: {} });",
      "export const useSub = genStyleHooks(['Input', 'Shared'], genStyle, prepare);",
      "other('Button', token => [genStyle(token)]);",
    ].join('\n');
    const stripped = stripStyleFunctions(code, parseAst(code));
    expect(stripped).toContain("genStyleHooks('Button', () => [], prepare, { unitless: {} })");
    expect(stripped).toContain("genStyleHooks(['Input', 'Shared'], () => [], prepare)");
    expect(stripped).toContain("other('Button', token => [genStyle(token)])");
  });

  it('has each declaring antd module import its groups, and serves their CSS', async () => {
    const plugin = antdStaticStyles();
    const transform = plugin.transform as (code: string, id: string) => { code: string } | null;
    const load = plugin.load as (id: string) => Promise<string | null>;
    const resolveId = plugin.resolveId as (id: string) => string | null;
    const context = {
      parse: (code: string) => parseAst(code),
      error: (message: string) => {
        throw new Error(message);
      },
    };
    const id = join(ANTD_ES, 'button/style/index.js');
    const result = transform.call(context, readFileSync(id, 'utf8'), id);
    expect(result?.code).toContain(`import "${VIRTUAL_PREFIX}Button.css";`);
    expect(transform.call(context, "genStyleHooks('Button', () => [])", '/app/src/x.js')).toBeNull();

    const resolved = resolveId.call(context, `${VIRTUAL_PREFIX}Button.css`);
    expect(resolved).toBe(`\0${VIRTUAL_PREFIX}Button.css`);
    expect(await load.call(context, resolved ?? '')).toBe(styles.get('Button'));
    await expect(load.call(context, `\0${VIRTUAL_PREFIX}NoSuchComponent.css`)).rejects.toThrow(
      /NoSuchComponent/,
    );
  });
});
