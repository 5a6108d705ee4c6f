import { ErrorCode, type OpsChain, type OpsChains, toDecimalString } from '@tollgate/contracts';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { type ChainAdapter, GAS_WALLET, HOT_WALLET } from '../../chains/chain-adapter';
import type { ChainRegistry } from '../../chains/chain-registry';
import type { Database } from '../../db/client';
import {
  chainAlerts,
  chainBlocks,
  chainCursors,
  chainSends,
  chainSendTxs,
  coins,
  withdrawals,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { shownWithdrawalStatus } from '../assets/withdrawal.repository';
import { sendWithdrawal } from '../assets/withdrawal-send';
import { unspentOf } from '../chain-sends/utxos.repository';
import type { OperatorSession } from './operator-session.service';
import { writeAudit } from './ops-audit';
import type { OpsWithdrawalDeps } from './ops-withdrawals.service';

/**
 * GET /front/ops/chains (issue 32): what an operator watches per chain. The node is asked for
 * its head and the wallets' balances, each with a time limit: a node that does not answer makes
 * the chain `degraded` (its orders keep waiting and expire as usual; the watcher catches up when
 * it is back), never the page fail. The rest comes from the database: the scan's cursor and
 * last block, the sends in flight with every transaction, the withdrawals waiting to be sent,
 * and the open alerts. A UTXO chain (Doge) has no gas wallet; its hot wallet also says how many
 * unspent outputs it holds (chain_utxos).
 */
const NODE_TIMEOUT_MS = 4000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

export async function listOpsChains(deps: { db: Database; chains: ChainRegistry }): Promise<OpsChains> {
  const chains: OpsChain[] = [];
  for (const status of deps.chains.statuses()) {
    const adapter = deps.chains.get(status.chainId);
    const base = {
      chainId: status.chainId,
      mode: deps.chains.mode,
      confirmations: status.confirmations,
    };
    if (!adapter) {
      chains.push({
        ...base,
        state: 'disabled',
        reasonCode: status.disabledBy ?? 'no_rpc_url',
        reason: null,
        headHeight: null,
        scannedHeight: null,
        lag: null,
        lastBlockTime: null,
        wallets: [],
        pendingSweeps: 0,
        sends: [],
        held: [],
        alerts: [],
      });
      continue;
    }
    chains.push(await describeChain(deps.db, adapter, base));
  }
  return { chains };
}

async function describeChain(
  db: Database,
  adapter: ChainAdapter,
  base: Pick<OpsChain, 'chainId' | 'mode' | 'confirmations'>,
): Promise<OpsChain> {
  const chainId = adapter.chainId;
  let headHeight: number | null = null;
  let reason: string | null = null;
  try {
    headHeight = await withTimeout(adapter.headHeight(), NODE_TIMEOUT_MS);
  } catch (error) {
    reason = (error as Error).message.slice(0, 300);
  }
  const [cursor] = await db
    .select({ scanned: chainCursors.scannedHeight })
    .from(chainCursors)
    .where(eq(chainCursors.chainId, chainId));
  const [lastBlock] = await db
    .select({ time: chainBlocks.time })
    .from(chainBlocks)
    .where(eq(chainBlocks.chainId, chainId))
    .orderBy(desc(chainBlocks.height))
    .limit(1);
  const scannedHeight = cursor?.scanned ?? null;
  // The last scanned block's time, kept by the scan; asked of the node when the scan kept none.
  let lastBlockTime = lastBlock?.time ?? null;
  if (!lastBlockTime && scannedHeight !== null && headHeight !== null) {
    lastBlockTime = await withTimeout(adapter.blockAt(scannedHeight), NODE_TIMEOUT_MS)
      .then((block) => block?.time ?? null)
      .catch(() => null);
  }

  const chainCoins = await db
    .select({ coinName: coins.coinName, isNative: coins.isNative })
    .from(coins)
    .where(eq(coins.chainId, chainId))
    .orderBy(desc(coins.isNative), asc(coins.coinName));
  const balanceOf = async (address: string, coinName: string) => {
    if (headHeight === null) return null;
    try {
      return toDecimalString(await withTimeout(adapter.balanceOf(address, coinName), NODE_TIMEOUT_MS));
    } catch {
      return null;
    }
  };
  const wallets: OpsChain['wallets'] = [];
  // A UTXO chain has no gas wallet: each sweep pays its own fee from the coins it moves.
  const roles =
    adapter.family === 'doge' || adapter.sender.kind === 'utxo'
      ? ([['hot', HOT_WALLET]] as const)
      : ([
          ['hot', HOT_WALLET],
          ['gas', GAS_WALLET],
        ] as const);
  for (const [role, key] of roles) {
    const address = adapter.deriveAddress(key.index, key.account);
    const held = role === 'hot' ? chainCoins : chainCoins.filter((coin) => coin.isNative);
    const balances = [];
    for (const coin of held)
      balances.push({ coinName: coin.coinName, amount: await balanceOf(address, coin.coinName) });
    // A UTXO chain's hot wallet: how many outputs it can spend (many small ones make sends dearer).
    const unspentOutputs =
      role === 'hot' && adapter.sender.kind === 'utxo' ? (await unspentOf(db, chainId, address)).count : null;
    wallets.push({ role, address, balances, unspentOutputs });
  }

  const open = await db
    .select()
    .from(chainSends)
    .where(and(eq(chainSends.chainId, chainId), inArray(chainSends.status, ['pending', 'mined'])))
    .orderBy(asc(chainSends.id));
  const txs =
    open.length === 0
      ? []
      : await db
          .select()
          .from(chainSendTxs)
          .where(
            inArray(
              chainSendTxs.sendId,
              open.map((send) => send.id),
            ),
          )
          .orderBy(asc(chainSendTxs.id));
  const held = await db
    .select({
      withdrawalNo: withdrawals.withdrawalNo,
      coinName: withdrawals.coinName,
      amount: withdrawals.amount,
      createdAt: withdrawals.createdAt,
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.chainId, chainId),
        eq(withdrawals.status, 'processing'),
        isNull(withdrawals.txHash),
        eq(withdrawals.test, adapter.mode === 'devnet'),
      ),
    )
    .orderBy(asc(withdrawals.id))
    .limit(100);
  const alerts = await db
    .select()
    .from(chainAlerts)
    .where(and(eq(chainAlerts.chainId, chainId), isNull(chainAlerts.resolvedAt)))
    .orderBy(desc(chainAlerts.updatedAt));

  return {
    ...base,
    state: headHeight === null ? 'degraded' : 'ok',
    reasonCode: headHeight === null ? 'node_down' : null,
    reason,
    headHeight,
    scannedHeight,
    lag: headHeight !== null && scannedHeight !== null ? Math.max(headHeight - scannedHeight, 0) : null,
    lastBlockTime: lastBlockTime ? lastBlockTime.toISOString() : null,
    wallets,
    pendingSweeps: open.filter((send) => send.kind === 'sweep' || send.kind === 'gas_topup').length,
    sends: open.map((send) => ({
      id: send.id,
      kind: send.kind,
      ref: send.ref,
      coinName: send.coinName,
      amount: toDecimalString(send.amount),
      toAddress: send.toAddress,
      status: send.status === 'mined' ? 'mined' : 'pending',
      nonce: send.nonce,
      createdAt: send.createdAt.toISOString(),
      txs: txs
        .filter((tx) => tx.sendId === send.id)
        .map((tx) => ({
          txHash: tx.txHash,
          fee: tx.fee as Record<string, string>,
          createdAt: tx.createdAt.toISOString(),
          broadcastAt: tx.broadcastAt ? tx.broadcastAt.toISOString() : null,
          mined: tx.txHash === send.minedTxHash,
        })),
    })),
    held: held.map((row) => ({
      withdrawalNo: row.withdrawalNo,
      coinName: row.coinName,
      amount: toDecimalString(row.amount),
      createdAt: row.createdAt.toISOString(),
    })),
    alerts: alerts.map((alert) => ({
      id: alert.id,
      kind: alert.kind,
      key: alert.key,
      detail: alert.detail,
      createdAt: alert.createdAt.toISOString(),
      updatedAt: alert.updatedAt.toISOString(),
    })),
  };
}

/**
 * POST /front/ops/chains/retry: a withdrawal held in processing (the hot wallet could not pay
 * it; it was never signed) is tried again now, once the operator has funded the wallet. The
 * audit row says who asked; the send itself goes through the one sending path, which holds it
 * again (with its alert) if the wallet is still short.
 */
export async function retryHeldOpsWithdrawal(
  deps: OpsWithdrawalDeps,
  operator: OperatorSession,
  withdrawalNo: string,
  ip: string,
): Promise<null> {
  const [row] = await deps.db
    .select({ id: withdrawals.id, status: withdrawals.status, txHash: withdrawals.txHash })
    .from(withdrawals)
    .where(eq(withdrawals.withdrawalNo, withdrawalNo));
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  if (row.status !== 'processing' || row.txHash !== null)
    throw new AppError(ErrorCode.WITHDRAWAL_NOT_HELD, {
      details: { status: shownWithdrawalStatus(row.status) },
    });
  await deps.db.transaction((tx) =>
    writeAudit(tx, {
      operator,
      action: 'chain_send_retry',
      target: `withdrawal:${withdrawalNo}`,
      before: { status: 'processing' },
      ip,
      at: deps.now(),
    }),
  );
  await sendWithdrawal(deps, row.id);
  return null;
}
