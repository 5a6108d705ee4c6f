/** Query keys of reference data (coins, chains, exchange rates) and the chain mode. */
export const configKeys = {
  all: ['config'] as const,
  coinList: () => [...configKeys.all, 'coinList'] as const,
  chainList: () => [...configKeys.all, 'chainList'] as const,
  exchangeRateList: () => [...configKeys.all, 'exchangeRateList'] as const,
  runtimeConfig: () => [...configKeys.all, 'runtimeConfig'] as const,
};

/** Reference data changes rarely; one load per session is enough. */
export const CONFIG_STALE_TIME = 10 * 60_000;
