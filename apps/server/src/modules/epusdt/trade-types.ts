/**
 * BEpusdt's `trade_type` names and the (coinName, chainId) of our reference data each one means.
 * usdt.trc20 is the default, as in BEpusdt. Names are matched exactly (lower case, as BEpusdt).
 */
export const EPUSDT_TRADE_TYPES = {
  'usdt.trc20': { currency: 'USDT', network: 'TRON' },
  'usdt.erc20': { currency: 'USDT', network: 'ETH' },
  'usdt.bep20': { currency: 'USDT', network: 'BSC' },
  'usdt.polygon': { currency: 'USDT', network: 'POLYGON' },
  'usdc.erc20': { currency: 'USDC', network: 'ETH' },
  'usdc.bep20': { currency: 'USDC', network: 'BSC' },
  'usdc.polygon': { currency: 'USDC', network: 'POLYGON' },
  'tron.trx': { currency: 'TRX', network: 'TRON' },
  'ethereum.eth': { currency: 'ETH', network: 'ETH' },
  'bsc.bnb': { currency: 'BNB', network: 'BSC' },
} as const satisfies Record<string, { currency: string; network: string }>;

export type EpusdtTradeType = keyof typeof EPUSDT_TRADE_TYPES;
export const DEFAULT_TRADE_TYPE: EpusdtTradeType = 'usdt.trc20';
export const TRADE_TYPE_NAMES = Object.keys(EPUSDT_TRADE_TYPES) as EpusdtTradeType[];

export function isTradeType(name: string): name is EpusdtTradeType {
  return Object.hasOwn(EPUSDT_TRADE_TYPES, name);
}
