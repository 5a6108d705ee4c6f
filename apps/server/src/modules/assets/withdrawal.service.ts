import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  formatExactMoney,
  money,
  toDecimalString,
  type WithdrawalBody,
  type WithdrawalObject,
} from '@tollgate/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { ChainAdapter } from '../../chains/chain-adapter';
import type { Database, Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { Clock } from '../../types';
import { acceptGoogleCode } from '../google/google.service';
import { requireGoogleBound } from '../google/google-guard';
import { InsufficientBalanceError, postFundRecords } from '../ledger/post-fund-record';
import { findMerchantById, type MerchantRow } from '../merchant/merchant.repository';
import { syncPayout } from './payout-sync';
import {
  availableOf,
  insertWithdrawals,
  moveWithdrawal,
  shownWithdrawalStatus,
  type WithdrawalRow,
} from './withdrawal.repository';
import {
  type CheckedWithdrawal,
  checkWithdrawal,
  loadAddressWhitelist,
  loadOwnAddresses,
} from './withdrawal-rules';
import { type SendDeps, sendWithdrawal } from './withdrawal-send';
import { ledgerRef, release } from './withdrawal-settle';

/**
 * Withdrawals (issue 8 "Withdrawal"), from acceptance to the end:
 * - accepted: in one transaction, the Google code is spent, the row is written pending_review,
 *   and amount + fee move from available to frozen (two fund records); when they do not fit,
 *   the transaction rolls back (the code is not spent) and 3201 says what is missing;
 * - worth at most the merchant's auto-approve threshold (USDT, 0 = never): processing at once;
 * - approved (operator or auto): processing, then sent from the hot wallet after the commit
 *   (withdrawal-send.ts: claimed processing → sending, stored, broadcast; held in processing
 *   while the hot wallet is short; the watcher sends any processing one left unsent);
 * - the chain's answer, with its confirmations (withdrawal-watch.ts, each watcher pass):
 *   confirmed → completed, the frozen total leaves through two records carrying the mined hash,
 *   the amount (status `completed`) and the fee (status `fee`); reverted → failed, and it
 *   returns to available through a reversing record (withdrawal-settle.ts);
 * - rejected (operator, while pending_review): it returns to available the same way.
 * Each change of status is one transaction with its fund records, from the expected status only,
 * so two hands on one withdrawal never both act.
 */
export interface WithdrawalDeps {
  db: Database;
  now: Clock;
  secrets: SecretBox;
  chains: { get(chainId: string): ChainAdapter | undefined; mode: 'devnet' | 'live' };
  log?: FastifyBaseLogger | undefined;
  /** Woken after a payout's callback event is committed. */
  jobs?: { wake(): void } | undefined;
}

export type { SendDeps } from './withdrawal-send';

const SHANGHAI_OFFSET_MS = 8 * 60 * 60_000;

export function newWithdrawalNo(now: Date): string {
  const day = new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  return `WD${day}${randomBytes(10).toString('hex').toUpperCase()}`;
}

/**
 * "2026-11-26T10:15:00+08:00": ISO 8601 with its offset, in the merchants' time zone, so that a
 * person reads the local time and a program parses it as it stands.
 */
export function formatShanghaiTime(at: Date): string {
  const iso = new Date(at.getTime() + SHANGHAI_OFFSET_MS).toISOString();
  return `${iso.slice(0, 19)}+08:00`;
}

/** 3202 while the merchant's withdrawals are paused (24 h after a password or Google change). */
export function requireWithdrawalsOpen(
  merchant: Pick<MerchantRow, 'withdrawalLockedUntil'>,
  now: Date,
): void {
  const until = merchant.withdrawalLockedUntil;
  if (until && until.getTime() > now.getTime()) {
    throw new AppError(ErrorCode.WITHDRAWAL_LOCKED, {
      details: { lockedUntil: until.toISOString() },
      messageParams: { time: formatShanghaiTime(until) },
    });
  }
}

export function toWithdrawalObject(row: WithdrawalRow): WithdrawalObject {
  return {
    withdrawalNo: row.withdrawalNo,
    coinName: row.coinName,
    chainId: row.chainId,
    address: row.address,
    amount: toDecimalString(row.amount),
    fee: toDecimalString(row.fee),
    total: toDecimalString(money(row.amount).plus(row.fee)),
    status: shownWithdrawalStatus(row.status),
    txHash: row.txHash,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

type Source = WithdrawalRow['source'];

type FreezeInput = {
  merchant: Pick<MerchantRow, 'id' | 'autoApproveUsdt'>;
  checked: Omit<CheckedWithdrawal, 'adapter'>;
  source: Source;
  /** A payout's order (the API's): its movements in the fund flow carry its type and number. */
  payout?: { id: number; orderNo: string } | null;
  batchId?: string | null;
  remark?: string;
  test: boolean;
  now: Date;
};

/** Worth at most the merchant's auto-approve threshold (USDT; 0 = everything is reviewed). */
export function isAutoApproved(
  merchant: Pick<MerchantRow, 'autoApproveUsdt'>,
  checked: Pick<CheckedWithdrawal, 'usdtValue'>,
): boolean {
  const threshold = money(merchant.autoApproveUsdt);
  return threshold.greaterThan(0) && money(checked.usdtValue).lessThanOrEqualTo(threshold);
}

/**
 * Freezes one checked withdrawal in the caller's transaction: the row, then available − total
 * and frozen + total. Throws InsufficientBalanceError (nothing written once rolled back).
 */
export async function freezeWithdrawal(tx: Executor, input: FreezeInput): Promise<WithdrawalRow> {
  const [row] = await freezeWithdrawals(tx, [input]);
  if (!row) throw new Error('withdrawal not frozen');
  return row;
}

/**
 * Many at once (a batch, a group of payouts), as freezeWithdrawal one by one in the given order
 * would: the rows in one INSERT, then every freeze through postFundRecords (one balance
 * statement per coin, not two per withdrawal). Answers the rows in the given order.
 */
export async function freezeWithdrawals(
  tx: Executor,
  inputs: readonly FreezeInput[],
): Promise<WithdrawalRow[]> {
  const values = inputs.map((input) => {
    const { merchant, checked, now } = input;
    const auto = isAutoApproved(merchant, checked);
    return {
      withdrawalNo: newWithdrawalNo(now),
      merchantId: merchant.id,
      source: input.source,
      orderId: input.payout?.id ?? null,
      batchId: input.batchId ?? null,
      coinName: checked.coinName,
      chainId: checked.chainId,
      address: checked.address,
      amount: checked.amount,
      fee: checked.fee,
      usdtValue: checked.usdtValue,
      status: auto ? ('processing' as const) : ('pending_review' as const),
      remark: input.remark ?? '',
      test: input.test,
      reviewedBy: auto ? 'auto' : null,
      reviewedAt: auto ? now : null,
      createdAt: now,
      updatedAt: now,
    };
  });
  const rows = await insertWithdrawals(tx, values);
  if (rows.length !== values.length) throw new Error('withdrawals not inserted');
  await postFundRecords(
    tx,
    rows.flatMap((row, i) => {
      const { checked, now, payout } = inputs[i] as FreezeInput;
      const record = {
        merchantId: row.merchantId,
        currency: checked.coinName,
        ...ledgerRef(row, payout?.orderNo),
        amount: checked.amount,
        fee: checked.fee,
        txHash: null,
        address: checked.address,
        network: checked.chainId,
        status: 'frozen',
        now,
      };
      return [
        { ...record, bucket: 'available' as const, change: `-${checked.total}` },
        { ...record, bucket: 'frozen' as const, change: checked.total },
      ];
    }),
  );
  return rows;
}

async function insufficient(db: Executor, merchantId: number, checked: { coinName: string; total: string }) {
  const available = toDecimalString(await availableOf(db, merchantId, checked.coinName));
  return new AppError(ErrorCode.INSUFFICIENT_BALANCE, {
    details: { needed: checked.total, available },
    messageParams: {
      needed: formatExactMoney(checked.total),
      available: formatExactMoney(available),
      coin: checked.coinName,
    },
  });
}

export async function requestWithdrawal(
  deps: WithdrawalDeps,
  merchantId: number,
  body: Omit<WithdrawalBody, 'googleCode'> & { googleCode: string },
): Promise<{ withdrawal: WithdrawalObject }> {
  const merchant = await findMerchantById(deps.db, merchantId);
  if (!merchant) throw new AppError(ErrorCode.UNAUTHORIZED);
  requireGoogleBound(merchant);
  requireWithdrawalsOpen(merchant, deps.now());
  const whitelist = await loadAddressWhitelist(deps.db, merchant);
  const own = await loadOwnAddresses(deps.db, deps.chains, [body]);
  const checked = await checkWithdrawal(deps.db, deps.chains, body, whitelist, own);
  let row: WithdrawalRow;
  try {
    row = await deps.db.transaction(async (tx) => {
      const now = deps.now();
      await acceptGoogleCode({ db: tx, secrets: deps.secrets }, merchant, body.googleCode, now);
      return freezeWithdrawal(tx, {
        merchant,
        checked,
        source: 'single',
        test: deps.chains.mode === 'devnet',
        now,
      });
    });
  } catch (error) {
    if (error instanceof InsufficientBalanceError) throw await insufficient(deps.db, merchantId, checked);
    throw error;
  }
  if (row.status === 'processing') row = (await sendWithdrawal(deps, row.id)) ?? row;
  return { withdrawal: toWithdrawalObject(row) };
}

/**
 * Runs in the transaction of a review, once the withdrawal has moved (the operator console
 * writes its audit row here, so the change and its record commit or roll back together).
 */
export type OnReviewed = (tx: Executor, row: WithdrawalRow, now: Date) => Promise<void>;

/** pending_review → processing (an operator's approval), then sent. Undefined when it was not pending. */
export async function approveWithdrawal(
  deps: SendDeps & { chains: { mode: 'devnet' | 'live' } },
  id: number,
  reviewer: string,
  options: { failOnChain?: boolean; onReviewed?: OnReviewed } = {},
): Promise<WithdrawalRow | undefined> {
  const moved = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const row = await moveWithdrawal(tx, id, 'pending_review', {
      status: 'processing',
      reviewedBy: reviewer,
      reviewedAt: now,
      updatedAt: now,
      failOnChain: options.failOnChain === true && deps.chains.mode === 'devnet',
    });
    if (row) {
      await syncPayout(tx, row, now);
      await options.onReviewed?.(tx, row, now);
    }
    return row;
  });
  if (!moved) return undefined;
  if (moved.orderId !== null) deps.jobs?.wake();
  return (await sendWithdrawal(deps, id)) ?? moved;
}

/** pending_review → rejected with the reviewer's reason; the total returns to available. */
export async function rejectWithdrawal(
  deps: Pick<WithdrawalDeps, 'db' | 'now' | 'jobs'>,
  id: number,
  reviewer: string,
  reason: string,
  options: { onReviewed?: OnReviewed } = {},
): Promise<WithdrawalRow | undefined> {
  const rejected = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const row = await moveWithdrawal(tx, id, 'pending_review', {
      status: 'rejected',
      reason,
      reviewedBy: reviewer,
      reviewedAt: now,
      finishedAt: now,
      updatedAt: now,
    });
    if (row) {
      await release(tx, row, now);
      await syncPayout(tx, row, now);
      await options.onReviewed?.(tx, row, now);
    }
    return row;
  });
  if (rejected?.orderId != null) deps.jobs?.wake();
  return rejected;
}
