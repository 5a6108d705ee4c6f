import type { AssetEntry } from '@tollgate/contracts';
import { money } from '@tollgate/contracts/money';
import { useState } from 'react';

/** Below this worth in USDT (≈ USD) an asset is "small" (issue 8: less than 1 USD). */
export const SMALL_ASSET_USDT = '1';
const STORAGE_KEY = 'tollgate.hideSmallAssets';

export function isSmallAsset(asset: Pick<AssetEntry, 'usdtValue'>): boolean {
  return money(asset.usdtValue).lessThan(SMALL_ASSET_USDT);
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled (privacy mode): the choice then lasts until the page is left.
    return undefined;
  }
}

/** The "hide small assets" choice, remembered per browser. */
export function useHideSmallAssets(): [boolean, (hide: boolean) => void] {
  const [hide, setHide] = useState(() => storage()?.getItem(STORAGE_KEY) === '1');
  const update = (next: boolean) => {
    setHide(next);
    if (next) storage()?.setItem(STORAGE_KEY, '1');
    else storage()?.removeItem(STORAGE_KEY);
  };
  return [hide, update];
}
