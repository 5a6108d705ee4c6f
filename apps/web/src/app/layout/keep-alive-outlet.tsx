import { Activity, type ReactNode, useRef } from 'react';
import { useOutlet } from 'react-router';

/**
 * Keep-alive for the views behind the tabs: each visited view's element stays mounted inside
 * a hidden <Activity>, so its state (form input, filters) survives switching tabs. A view is
 * dropped once its tab is closed and it is no longer shown. Paths that are not views (404)
 * are rendered without caching.
 */
export interface KeepAliveOutletProps {
  activeKey: string;
  keepKeys: string[];
  isCacheable: boolean;
}

export function KeepAliveOutlet({ activeKey, keepKeys, isCacheable }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const cacheRef = useRef(new Map<string, ReactNode>());
  const cache = cacheRef.current;
  if (isCacheable) cache.set(activeKey, outlet);
  for (const key of [...cache.keys()]) {
    if (key !== activeKey && !keepKeys.includes(key)) cache.delete(key);
  }
  return (
    <>
      {[...cache.entries()].map(([key, element]) => (
        <Activity key={key} mode={isCacheable && key === activeKey ? 'visible' : 'hidden'}>
          <div className="app-view" data-view={key}>
            {element}
          </div>
        </Activity>
      ))}
      {isCacheable ? null : outlet}
    </>
  );
}
