import type { TestDepositApiBody, TestDepositApiResult } from '@tollgate/contracts';
import type { DevnetControl } from '../../chains/chain-registry';
import { type DepositDeps, simulateDeposit } from '../assets/deposit.service';
import type { ApiClient } from './api-auth';

/**
 * Devnet only: the merchant API's way to a funded test balance. The asset page's simulated
 * deposit (deposit.service.ts) under the API's names: a devnet transfer to the merchant's own
 * deposit address, which the watcher credits after the confirmations like any deposit. Its
 * refusals name the API's fields (currency, network, amount).
 */
export async function depositOnDevnet(
  deps: DepositDeps & { devnet: Pick<DevnetControl, 'transfer'> },
  client: ApiClient,
  input: TestDepositApiBody,
): Promise<TestDepositApiResult> {
  const made = await simulateDeposit(
    deps,
    client.merchantId,
    { coinName: input.currency, chainId: input.network, amount: input.amount },
    { coin: 'currency' },
  );
  return {
    currency: made.coinName,
    network: made.chainId,
    toAddress: made.address,
    amount: made.amount,
    txHash: made.txHash,
  };
}
