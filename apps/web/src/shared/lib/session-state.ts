import { useCallback, useState } from 'react';

/**
 * View state that outlives a page load of the same browser tab (switching language reloads the
 * page): kept in sessionStorage, so it ends with the tab and with the session (logout clears
 * sessionStorage). Storage can be off (privacy mode): the state then lives in memory only.
 */
const PREFIX = 'view:';

export function readSessionValue(key: string): string | null {
  try {
    return window.sessionStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

export function writeSessionValue(key: string, value: string) {
  try {
    window.sessionStorage.setItem(PREFIX + key, value);
  } catch {
    // Not kept: the state is still right for this page load.
  }
}

/** A choice among `options` (a page's open tab), restored after a reload of the browser tab. */
export function useSessionChoice<T extends string>(
  key: string,
  options: readonly T[],
  initial: T,
): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(() => {
    const stored = readSessionValue(key);
    return options.find((option) => option === stored) ?? initial;
  });
  const choose = useCallback(
    (next: T) => {
      setValue(next);
      writeSessionValue(key, next);
    },
    [key],
  );
  return [value, choose];
}
