import { useSyncExternalStore } from 'react';

/**
 * Whether the window is phone-wide (below antd's `md` breakpoint, 768 px). Read from the
 * media query synchronously, so a phone's first paint is already the phone layout (the sider
 * does not flash open and then close).
 */
export const PHONE_QUERY = '(max-width: 767.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

export function useIsPhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE_QUERY).matches,
    () => false,
  );
}
