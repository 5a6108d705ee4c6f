import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfChanged } from './build-if-changed.mjs';
import { decideBuild, describeDecision, readStamp, STAMP_FILE } from './build-stamp.mjs';

/** A repository in a temp directory, with a fake build that writes dist/main.js. */
let root: string;
const target = { name: 'web app', dist: 'web/dist', mainOutput: 'main.js', inputs: ['web/src', 'lock.json'] };
const write = (path: string, text: string) => {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), text);
};

let builds = 0;
let buildFails = false;
function fakeBuild() {
  builds += 1;
  if (buildFails) return 2;
  write('web/dist/main.js', `bundle ${builds}`);
  return 0;
}
const start = (always = false) => {
  const lines: string[] = [];
  const status = buildIfChanged({
    root,
    targets: [{ ...target, command: ['vite', 'build'] }],
    always,
    log: (line: string) => lines.push(line),
    run: fakeBuild,
  });
  return { status, lines };
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tollgate-stamp-'));
  builds = 0;
  buildFails = false;
  write('web/src/main.tsx', 'render()');
  write('web/src/pages/login.tsx', 'login()');
  write('lock.json', '{}');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start', () => {
  it('builds the first time, then skips until a source changes', () => {
    expect(start()).toEqual({ status: 0, lines: ['web app not built yet: building'] });
    expect(builds).toBe(1);

    const second = start();
    expect(second.lines).toHaveLength(1);
    expect(second.lines[0]).toMatch(
      /^web app up to date \(built \d{4}-\d\d-\d\d \d\d:\d\d\), skipping build$/,
    );
    expect(builds).toBe(1);

    write('web/src/pages/login.tsx', 'login(2)');
    expect(start().lines).toEqual(['web app sources changed since the last build: rebuilding']);
    expect(builds).toBe(2);
    expect(start().lines[0]).toMatch(/up to date/);
  });

  it('counts added files and lock file changes, not test files', () => {
    start();
    write('web/src/pages/login.test.tsx', 'it()');
    expect(start().lines[0]).toMatch(/up to date/);
    write('web/src/pages/new-page.tsx', 'page()');
    expect(start().lines[0]).toMatch(/sources changed/);
    write('lock.json', '{"v":2}');
    expect(start().lines[0]).toMatch(/sources changed/);
    expect(builds).toBe(3);
  });

  it('rebuilds when the output was replaced by another build since the stamp', () => {
    start();
    write('web/dist/main.js', 'built by hand, from who knows what');
    utimesSync(join(root, 'web/dist/main.js'), new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(start().lines).toEqual(['web app was rebuilt without a stamp since: rebuilding']);
    expect(builds).toBe(2);
  });

  it('leaves no stamp after a failed build, and reports its exit code', () => {
    start();
    write('web/src/main.tsx', 'render(broken');
    buildFails = true;
    expect(start().status).toBe(2);
    // The stamp still names the old sources: the next start tries again.
    buildFails = false;
    expect(start().lines).toEqual(['web app sources changed since the last build: rebuilding']);
    expect(builds).toBe(3);
  });

  it('--always builds regardless, quietly, and stamps the result', () => {
    start();
    expect(start(true)).toEqual({ status: 0, lines: [] });
    expect(builds).toBe(2);
    expect(readStamp(root, target)?.sources).toBe(decideBuild(root, target).hash);
    expect(start().lines[0]).toMatch(/up to date/);
  });
});

describe('the stamp', () => {
  it('is a dotfile in the output directory (the static server does not serve dotfiles)', () => {
    start();
    expect(STAMP_FILE.startsWith('.')).toBe(true);
    expect(readStamp(root, target)).toMatchObject({ sources: expect.stringMatching(/^[0-9a-f]{64}$/) });
  });

  it('is unreadable as a stamp when broken: the build runs', () => {
    start();
    write(`web/dist/${STAMP_FILE}`, 'not json');
    expect(describeDecision(target, decideBuild(root, target))).toBe('web app not built yet: building');
  });
});
