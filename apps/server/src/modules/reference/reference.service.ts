import {
  type Chain,
  type Coin,
  DEFAULT_CURRENCY,
  type ExchangeRate,
  type FeeInfo,
  toDecimalString,
} from '@tollgate/contracts';
import type { Executor } from '../../db/client';
import { listChains, listCoins, listExchangeRates, listFeeRates } from './reference.repository';

/** Reference rows in their wire shapes; NUMERIC columns leave as plain decimal strings. */
export async function getChainList(db: Executor): Promise<Chain[]> {
  return listChains(db);
}

export async function getCoinList(db: Executor): Promise<Coin[]> {
  const rows = await listCoins(db);
  return rows.map(({ coin, chainName }) => ({
    coinId: coin.coinId,
    coinName: coin.coinName,
    coinUnit: coin.coinUnit,
    chainId: coin.chainId,
    chainName,
    isNative: coin.isNative,
    contractAddress: coin.contractAddress,
    decimals: coin.decimals,
    icon: coin.icon,
    minDepositAmount: toDecimalString(coin.minDepositAmount),
    minWithdrawalAmount: toDecimalString(coin.minWithdrawalAmount),
    maxWithdrawalAmount: toDecimalString(coin.maxWithdrawalAmount),
  }));
}

export async function getExchangeRateList(db: Executor): Promise<ExchangeRate[]> {
  const rows = await listExchangeRates(db);
  return rows.map((row) => ({
    coinName: row.coinName,
    quote: DEFAULT_CURRENCY,
    rate: toDecimalString(row.rate),
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** GET /front/merchant/fee-info: the rate table, the same for every merchant. */
export async function getFeeInfo(db: Executor): Promise<FeeInfo> {
  const rows = await listFeeRates(db);
  return {
    list: rows.map((row) => ({
      ...row,
      collectionRate: toDecimalString(row.collectionRate),
      payoutFee: toDecimalString(row.payoutFee),
    })),
  };
}
