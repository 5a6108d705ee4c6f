import { afterEach, describe, expect, it } from 'vitest';
import { writeSessionValue } from '../../shared/lib/session-state';
import { readStoredTabKeys, restoreTabsState } from './use-view-tabs';

afterEach(() => window.sessionStorage.clear());

describe('view tabs across a page load (a language switch reloads the page)', () => {
  it('starts with the pinned tabs alone when nothing was kept', () => {
    expect(restoreTabsState().tabs.map((tab) => tab.key)).toEqual(['/dashboard', '/application']);
  });

  it('brings back the tabs that were open, in their order, with their titles', () => {
    writeSessionValue('tabs', JSON.stringify(['/dashboard', '/application', '/finance', '/merchant/rate']));
    const { tabs } = restoreTabsState();
    expect(tabs.map((tab) => [tab.key, tab.titleCode, tab.isAffix])).toEqual([
      ['/dashboard', 'menu.dashboard', true],
      ['/application', 'menu.myApplications', true],
      ['/finance', 'menu.assetManagement', false],
      ['/merchant/rate', 'menu.paymentRates', false],
    ]);
  });

  it('leaves out what is no page (a redirect, an unknown path) and survives a broken value', () => {
    writeSessionValue('tabs', JSON.stringify(['/merchant', '/nowhere', 42, '/fundFlow']));
    expect(restoreTabsState().tabs.map((tab) => tab.key)).toEqual([
      '/dashboard',
      '/application',
      '/fundFlow',
    ]);
    writeSessionValue('tabs', '{not json');
    expect(readStoredTabKeys()).toEqual([]);
    expect(restoreTabsState().tabs).toHaveLength(2);
  });
});
