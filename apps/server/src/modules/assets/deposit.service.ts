import {
  type DepositAddress,
  type DepositBody,
  ErrorCode,
  type TestDepositBody,
  type TestDepositResult,
  toDecimalString,
} from '@tollgate/contracts';
import type { ChainAdapter } from '../../chains/chain-adapter';
import type { DevnetControl } from '../../chains/chain-registry';
import type { Database } from '../../db/client';
import { AppError, fieldError } from '../../lib/app-error';
import { findChainCoin, findDepositAddress, insertDepositAddress } from './deposit.repository';

/**
 * The merchant's own deposit address on a chain (issue 8 "Deposit"): derived from the HD seed at
 * m/44'/coin'/1'/0/<merchant id> (account 1; order addresses are on account 0), stored once per
 * merchant and chain, so it is the same on every request and every node. EVM chains share one
 * derivation, so a merchant's Ethereum, BNB Chain and Polygon addresses are the same string,
 * as in any wallet; each chain's transfers are watched on that chain only. Rules, in order:
 * 1. the chain is enabled on this server (3002 otherwise: in live mode with no node, none is);
 * 2. the chain carries the coin (1001 on coinName).
 */
export interface DepositDeps {
  db: Database;
  chains: { get(chainId: string): ChainAdapter | undefined };
}

export const DEPOSIT_ACCOUNT = 1;

type DepositInput = Pick<DepositBody, 'coinName' | 'chainId'>;

/** The field a refusal names: the asset page's coinName, the merchant API's currency. */
export interface DepositFieldNames {
  coin: string;
}

async function resolve(
  deps: DepositDeps,
  input: DepositInput,
  fields: DepositFieldNames = { coin: 'coinName' },
) {
  const adapter = deps.chains.get(input.chainId);
  if (!adapter) throw new AppError(ErrorCode.CURRENCY_NOT_SUPPORTED);
  const coin = await findChainCoin(deps.db, input.chainId, input.coinName);
  if (!coin) throw fieldError(fields.coin, 'validation.asset.coinNotOnChain');
  return { adapter, coin };
}

async function addressOf(deps: DepositDeps, adapter: ChainAdapter, merchantId: number): Promise<string> {
  const existing = await findDepositAddress(deps.db, merchantId, adapter.chainId);
  if (existing) return existing.address;
  const address = adapter.deriveAddress(merchantId, DEPOSIT_ACCOUNT);
  await insertDepositAddress(deps.db, {
    merchantId,
    chainId: adapter.chainId,
    address,
    account: DEPOSIT_ACCOUNT,
    addressIndex: merchantId,
  });
  // Whatever won a race, the stored row is the address (it is the same derivation either way).
  const stored = await findDepositAddress(deps.db, merchantId, adapter.chainId);
  if (!stored) throw new Error('deposit address not stored');
  return stored.address;
}

export async function getDepositAddress(
  deps: DepositDeps,
  merchantId: number,
  input: DepositInput,
): Promise<DepositAddress> {
  const { adapter, coin } = await resolve(deps, input);
  return {
    address: await addressOf(deps, adapter, merchantId),
    chainId: adapter.chainId,
    coinName: coin.coinName,
    minDepositAmount: toDecimalString(coin.minDepositAmount),
    confirmations: adapter.confirmations,
  };
}

/**
 * Devnet only: a simulated wallet sends `amount` to the merchant's deposit address. The next
 * devnet block includes it and the watcher sees it like any transfer: credited after the
 * confirmations, or recorded below the minimum. Nothing here touches a balance.
 */
export async function simulateDeposit(
  deps: DepositDeps & { devnet: Pick<DevnetControl, 'transfer'> },
  merchantId: number,
  input: TestDepositBody,
  fields?: DepositFieldNames,
): Promise<TestDepositResult> {
  const { adapter, coin } = await resolve(deps, input, fields);
  const address = await addressOf(deps, adapter, merchantId);
  const amount = toDecimalString(input.amount);
  if ((amount.split('.')[1]?.length ?? 0) > coin.decimals) {
    throw fieldError('amount', 'validation.collection.amountDecimals');
  }
  const { txHash } = await deps.devnet.transfer({
    chainId: adapter.chainId,
    toAddress: address,
    coinName: coin.coinName,
    amount,
  });
  return { txHash, address, chainId: adapter.chainId, coinName: coin.coinName, amount };
}
