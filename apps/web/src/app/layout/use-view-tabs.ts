import { useCallback, useEffect, useReducer } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { readSessionValue, writeSessionValue } from '../../shared/lib/session-state';
import { type FlatRoute, findPageRoute, listAffixRoutes, normalizePath } from '../router/route-lookup';
import { createTabsState, findCloseTarget, type TabsState, tabsReducer, type ViewTab } from './tabs-reducer';

/** Binds the tabs reducer to the router: visiting a page route adds its tab; closing navigates. */
function toViewTab(entry: FlatRoute): ViewTab {
  return { key: entry.fullPath, titleCode: entry.route.titleCode, isAffix: Boolean(entry.route.affix) };
}

/**
 * The open tabs are kept for the browser tab's session: switching language reloads the page,
 * and the tabs come back in their order (pinned ones first, paths no longer routes left out).
 */
const TABS_KEY = 'tabs';

export function readStoredTabKeys(): string[] {
  try {
    const keys: unknown = JSON.parse(readSessionValue(TABS_KEY) ?? '[]');
    return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : [];
  } catch {
    return [];
  }
}

export function restoreTabsState(): TabsState {
  let state = createTabsState(listAffixRoutes().map(toViewTab));
  for (const key of readStoredTabKeys()) {
    const entry = findPageRoute(key);
    if (entry) state = tabsReducer(state, { type: 'visit', tab: toViewTab(entry) });
  }
  return state;
}

export function useViewTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(tabsReducer, undefined, restoreTabsState);
  const activeKey = normalizePath(pathname);
  const activeRoute = findPageRoute(activeKey);

  useEffect(() => {
    if (activeRoute) dispatch({ type: 'visit', tab: toViewTab(activeRoute) });
  }, [activeRoute]);

  useEffect(() => {
    writeSessionValue(TABS_KEY, JSON.stringify(state.tabs.map((tab) => tab.key)));
  }, [state.tabs]);

  const closeTab = useCallback(
    (key: string) => {
      const target = findCloseTarget(state, key, activeKey);
      dispatch({ type: 'close', key });
      if (target) void navigate(target);
    },
    [state, activeKey, navigate],
  );

  return { tabs: state.tabs, activeKey, activeRoute, closeTab };
}
