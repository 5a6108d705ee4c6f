import type { TitleKey } from '../router/route-table';

/**
 * The tab bar of visited views as a pure reducer (SPEC sections 2 and 4). Pinned (affix) tabs
 * are there from the start and never close. The active tab is the current path, so it is not
 * state here; closing the active tab asks the caller to go to the last remaining tab, or '/'.
 */
export interface ViewTab {
  key: string;
  titleCode: TitleKey;
  isAffix: boolean;
}

export interface TabsState {
  tabs: ViewTab[];
}

export type TabsAction = { type: 'visit'; tab: ViewTab } | { type: 'close'; key: string };

export const ROOT_PATH = '/';

export function createTabsState(pinned: ViewTab[]): TabsState {
  const tabs: ViewTab[] = [];
  for (const tab of pinned) if (!tabs.some((t) => t.key === tab.key)) tabs.push({ ...tab, isAffix: true });
  return { tabs };
}

export function tabsReducer(state: TabsState, action: TabsAction): TabsState {
  switch (action.type) {
    case 'visit': {
      if (state.tabs.some((tab) => tab.key === action.tab.key)) return state;
      return { tabs: [...state.tabs, action.tab] };
    }
    case 'close': {
      const tab = state.tabs.find((t) => t.key === action.key);
      if (!tab || tab.isAffix) return state;
      return { tabs: state.tabs.filter((t) => t.key !== action.key) };
    }
  }
}

/**
 * Where to go after closing `key` while `activeKey` is shown: nowhere (null) when another tab
 * is closed or the tab cannot close; else the last tab left, or the root if none is left.
 */
export function findCloseTarget(state: TabsState, key: string, activeKey: string): string | null {
  const next = tabsReducer(state, { type: 'close', key });
  if (next === state || key !== activeKey) return null;
  return next.tabs.at(-1)?.key ?? ROOT_PATH;
}
