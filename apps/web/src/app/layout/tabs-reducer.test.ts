import { describe, expect, it } from 'vitest';
import { createTabsState, findCloseTarget, type TabsState, tabsReducer, type ViewTab } from './tabs-reducer';

const makeTab = (overrides: Partial<ViewTab> = {}): ViewTab => ({
  key: '/fundFlow',
  titleCode: 'menu.fundFlow',
  isAffix: false,
  ...overrides,
});
const dashboard = makeTab({ key: '/dashboard', titleCode: 'menu.dashboard', isAffix: true });
const applications = makeTab({ key: '/application', titleCode: 'menu.myApplications', isAffix: true });
const pinnedState = (): TabsState => createTabsState([dashboard, applications]);

describe('tabs reducer', () => {
  it('starts with the pinned tabs, once each, marked affix', () => {
    const state = createTabsState([dashboard, applications, { ...dashboard, isAffix: false }]);
    expect(state.tabs.map((t) => t.key)).toEqual(['/dashboard', '/application']);
    expect(state.tabs.every((t) => t.isAffix)).toBe(true);
  });

  it('adds a visited view once, in visiting order', () => {
    let state = tabsReducer(pinnedState(), { type: 'visit', tab: makeTab() });
    state = tabsReducer(state, {
      type: 'visit',
      tab: makeTab({ key: '/finance', titleCode: 'menu.assetManagement' }),
    });
    const again = tabsReducer(state, { type: 'visit', tab: makeTab() });
    expect(again).toBe(state);
    expect(state.tabs.map((t) => t.key)).toEqual(['/dashboard', '/application', '/fundFlow', '/finance']);
  });

  it('never closes a pinned tab', () => {
    const state = pinnedState();
    expect(tabsReducer(state, { type: 'close', key: '/dashboard' })).toBe(state);
    expect(findCloseTarget(state, '/dashboard', '/dashboard')).toBeNull();
  });

  it('closes a tab and ignores unknown keys', () => {
    const state = tabsReducer(pinnedState(), { type: 'visit', tab: makeTab() });
    expect(tabsReducer(state, { type: 'close', key: '/fundFlow' }).tabs.map((t) => t.key)).toEqual([
      '/dashboard',
      '/application',
    ]);
    expect(tabsReducer(state, { type: 'close', key: '/nowhere' })).toBe(state);
  });

  it('closing the active tab goes to the last remaining tab', () => {
    let state = tabsReducer(pinnedState(), { type: 'visit', tab: makeTab() });
    state = tabsReducer(state, {
      type: 'visit',
      tab: makeTab({ key: '/finance', titleCode: 'menu.assetManagement' }),
    });
    expect(findCloseTarget(state, '/fundFlow', '/fundFlow')).toBe('/finance');
    expect(findCloseTarget(state, '/finance', '/finance')).toBe('/fundFlow');
  });

  it('closing an inactive tab stays where it is', () => {
    const state = tabsReducer(pinnedState(), { type: 'visit', tab: makeTab() });
    expect(findCloseTarget(state, '/fundFlow', '/dashboard')).toBeNull();
  });

  it('goes to the root when no tab remains', () => {
    const state = tabsReducer(createTabsState([]), { type: 'visit', tab: makeTab() });
    expect(findCloseTarget(state, '/fundFlow', '/fundFlow')).toBe('/');
  });
});
