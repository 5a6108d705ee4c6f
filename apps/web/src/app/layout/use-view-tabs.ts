import { useCallback, useEffect, useReducer } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type FlatRoute, findPageRoute, listAffixRoutes, normalizePath } from '../router/route-lookup';
import { createTabsState, findCloseTarget, tabsReducer, type ViewTab } from './tabs-reducer';

/** Binds the tabs reducer to the router: visiting a page route adds its tab; closing navigates. */
function toViewTab(entry: FlatRoute): ViewTab {
  return { key: entry.fullPath, titleCode: entry.route.titleCode, isAffix: Boolean(entry.route.affix) };
}

export function useViewTabs() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [state, dispatch] = useReducer(tabsReducer, undefined, () =>
    createTabsState(listAffixRoutes().map(toViewTab)),
  );
  const activeKey = normalizePath(pathname);
  const activeRoute = findPageRoute(activeKey);

  useEffect(() => {
    if (activeRoute) dispatch({ type: 'visit', tab: toViewTab(activeRoute) });
  }, [activeRoute]);

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
